// The simulation's state when it is worth a word: a run taking long (with Cancel), a cancelled
// run, or an engine error. Silent otherwise.
import type { SimulationState } from './state/useSimulation';

export function SimStatus({ sim }: { sim: SimulationState }) {
  let body = null;
  if (sim.slow) {
    body = (
      <>
        <span className="spinner" aria-hidden="true" /> Simulating…{' '}
        <button type="button" className="secondary small" onClick={sim.cancel}>
          Cancel
        </button>
      </>
    );
  } else if (sim.cancelled) {
    body = <>Cancelled. The views show the previous run; change a knob to simulate again.</>;
  } else if (sim.error) {
    body = <>The simulation failed: {sim.error}. The views show the previous run.</>;
  }
  return (
    <div
      className={`sim-status${body ? ' sim-status--shown' : ''}`}
      role="status"
      data-sim-status={sim.slow ? 'busy' : sim.cancelled ? 'cancelled' : sim.error ? 'error' : 'idle'}
    >
      {body}
    </div>
  );
}
