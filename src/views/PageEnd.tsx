// A single load's page time beside the run's end: apart from RunEnd.tsx, which the first page load
// carries for the callout, so that only the panels below the plot, loaded later, carry this.
import { formatDuration } from './format';

/** Whether the page time and the run's end print differently, so that the note has something to say. */
export const pageEndsBeforeRun = (pageNs: number, endNs: number) =>
  formatDuration(pageNs) !== formatDuration(endNs);

/**
 * A single load's note: its page time ends with the page's last byte, the playback clock's run
 * once its connections close, and over a long path the two stood apart unexplained ("the page took
 * 2.34 s" beside "2.62 s run" on HTTP/3 over the geostationary link). Null when they read alike.
 */
export function PageEndBeforeRunEnd({
  pageNs,
  endNs,
  side,
}: {
  pageNs: number;
  endNs: number;
  /** In a comparison, whose run this is. */
  side?: 'a' | 'b';
}) {
  if (!pageEndsBeforeRun(pageNs, endNs)) return null;
  const end = formatDuration(endNs);
  return (
    <span data-page-end-note={side ?? 'a'}>
      {side ? `${side.toUpperCase()}: the` : 'The'} page took {formatDuration(pageNs)}, to its last byte; the
      run ends at <span data-run-end-ns={endNs}>{end}</span> as the connections close.{' '}
    </span>
  );
}
