// After "all 3 loads took 2.82 s": the run goes on while the connections close, and the playback
// clock gives its end ("2.95 s run"). Said beside the loads' time wherever that is shown, so the
// two figures read as the two things they measure, not as one that contradicts the other.
import { formatDuration } from './format';

/** The clause in words (a picture's too); '' when, as written, the run ends with the loads. */
export function runEndAfterLoads(loadsNs: number, endNs: number): string {
  const end = formatDuration(endNs);
  return end === formatDuration(loadsNs) ? '' : `, and the run ends at ${end} as the connections close`;
}

export function RunEndAfterLoads({ loadsNs, endNs }: { loadsNs: number; endNs: number }) {
  const end = formatDuration(endNs);
  const [before, after] = runEndAfterLoads(loadsNs, endNs).split(end);
  if (after === undefined) return null;
  return (
    <>
      {before}
      <span data-run-end-ns={endNs}>{end}</span>
      {after}
    </>
  );
}
