// The simulation's state when it is worth a word: a run taking long (how far it has got, with
// Cancel), a cancelled run, a run too long to simulate, a failed worker, or an engine error.
// Silent otherwise.
import type { SimulationState } from './state/useSimulation';
import { formatDuration } from '../views/format';

export function SimStatus({ sim }: { sim: SimulationState }) {
  // What the views show meanwhile: the run before this one, or (a link that fails on its first
  // run) nothing, and the words must not promise a run that is not there.
  const shown = sim.runs !== null;
  let body = null;
  if (sim.slow) {
    body = (
      <>
        <span className="spinner" aria-hidden="true" /> Simulating…{' '}
        {/* Before the progress: after it, the button moved as the figures grew, away from the pointer. */}
        <button type="button" className="secondary small" onClick={sim.cancel}>
          Cancel
        </button>{' '}
        {sim.progress && (
          <span data-sim-progress={sim.progress.packets}>
            {sim.progress.side > 0 ? 'side B: ' : ''}
            {formatDuration(sim.progress.simulatedNs)} of the run,{' '}
            {sim.progress.packets.toLocaleString('en-US')} packets so far.
          </span>
        )}
      </>
    );
  } else if (sim.cancelled) {
    body = shown ? (
      <>Cancelled. The views show the previous run; change a knob to simulate again.</>
    ) : (
      <>Cancelled. Change a knob to simulate again.</>
    );
  } else if (sim.error && sim.fault === 'event-cap') {
    body = (
      <>
        This run is too long to show: {sim.error}{' '}
        {shown
          ? 'The views show the previous run (a run cut off at the cap would end mid-transfer, so none of it is drawn).'
          : 'None of it is drawn: a run cut off at the cap would end mid-transfer.'}
      </>
    );
  } else if (sim.error && sim.fault === 'worker') {
    body = (
      <>
        The simulation worker stopped ({sim.error}).{' '}
        {shown
          ? 'The views show the previous run; the next change starts a fresh worker.'
          : 'The next change starts a fresh worker.'}
      </>
    );
  } else if (sim.error) {
    body = (
      <>
        The simulation failed: {sim.error}.{shown ? ' The views show the previous run.' : ''}
      </>
    );
  }
  return (
    <div
      className={`sim-status${body ? ' sim-status--shown' : ''}`}
      role="status"
      data-sim-status={sim.slow ? 'busy' : sim.cancelled ? 'cancelled' : sim.error ? 'error' : 'idle'}
      data-sim-fault={sim.fault ?? undefined}
    >
      {body}
    </div>
  );
}
