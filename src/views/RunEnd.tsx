// After "all 3 loads took 2.82 s": the run goes on while the connections close, and the playback
// clock gives its end ("2.95 s run"). Said beside the loads' time wherever that is shown, so the
// two figures read as the two things they measure, not as one that contradicts the other.
import { formatDuration } from './format';

export function RunEndAfterLoads({ loadsNs, endNs }: { loadsNs: number; endNs: number }) {
  const end = formatDuration(endNs);
  if (end === formatDuration(loadsNs)) return null;
  return (
    <>
      , and the run ends at <span data-run-end-ns={endNs}>{end}</span> as the connections close
    </>
  );
}
