// How far the sweep has got (n of N points), with Cancel while it runs and Run again after
// (a second run starts on warm workers: the time shown is then the simulation's own).
import type { SweepRun } from './useSweepRun';

export function SweepProgress({ run }: { run: SweepRun }) {
  const total = run.points.length;
  return (
    <div
      className="sweep-progress"
      data-sweep-status={run.status}
      data-sweep-ms={run.elapsedMs === null ? undefined : Math.round(run.elapsedMs)}
    >
      <progress max={total} value={run.finished} aria-label="Sweep progress" />
      <span role="status">
        {run.status === 'done'
          ? `All ${total} points simulated in ${((run.elapsedMs ?? 0) / 1000).toFixed(1)} s (${run.workers} worker${run.workers === 1 ? '' : 's'}).`
          : run.status === 'cancelled'
            ? `Cancelled at ${run.finished} of ${total} points.`
            : `Simulating ${run.finished} of ${total} points…`}
      </span>
      {run.status === 'running' ? (
        <button type="button" className="secondary small" onClick={run.cancel}>
          Cancel sweep
        </button>
      ) : (
        <button type="button" className="secondary small" onClick={run.restart}>
          Run again
        </button>
      )}
    </div>
  );
}
