// A link's view keys checked against the run it opens: a zoom, connection or stream the
// run does not have (a typo, or a link written for another scenario) had been passed over without
// a word, the view falling back and the key staying in the link. Checked once, when the link opens:
// after a knob change the views fall back on their own and the keys wait for the run to have them.
import { quote } from '../../scenario/codec';
import type { Trace } from '../../engine/trace';
import { formatDuration } from '../../views/format';
import { connectionIds } from '../../views/ladderLayout';
import { streamsOf } from '../../views/streams';
import { tspView, zoomWindow } from './configModel';

export interface LinkMisfit {
  /** One line a reader can act on per key. */
  problems: string[];
  /** The view keys to leave out of the link the page writes back. */
  keys: string[];
}

/**
 * What in `view` the run (its traces, ending at `endNs`) cannot show. A playhead (`cursorNs`, the
 * link's `t`) past the end shows the end, said in a line: `t=600` on a 523 ms run had read
 * "523 ms / 523 ms" with no word, and stayed in the link.
 */
export function linkMisfits(
  view: Record<string, string>,
  traces: Trace[],
  endNs: number,
  cursorNs: number | null = null,
): LinkMisfit {
  const problems: string[] = [];
  const keys: string[] = [];
  const misfit = (key: string, why: string) => {
    problems.push(`${key}=${quote(view[key])}: ${why}`);
    keys.push(key);
  };
  const end = formatDuration(endNs);
  // The page writes `t` to the microsecond, rounded: its own link at the very end reads back within 1 µs.
  if (cursorNs !== null && cursorNs > Math.ceil(endNs / 1e3) * 1e3) {
    problems.push(`t=${Math.round(cursorNs / 1e3) / 1e3}: past the run's end (${end}); showing the end`);
    keys.push('t');
  }
  for (const key of ['zoom', 'tspzoom'] as const) {
    const window = zoomWindow(view[key]);
    if (window && window.startNs >= endNs) misfit(key, `the run ends at ${end}; showing the whole run`);
  }
  const tsp = tspView(view);
  const conns = [...new Set(traces.flatMap(connectionIds))];
  if (view.tspconn !== undefined && !conns.includes(tsp.conn)) {
    const count = conns.length === 1 ? 'one connection' : `${conns.length} connections`;
    misfit('tspconn', `the run has ${count}; plotting connection 1`);
  } else if (view.tspstream !== undefined) {
    const streams = traces.flatMap((t) => streamsOf(t, tsp.conn).map((s) => s.stream));
    if (!streams.includes(tsp.stream!))
      misfit(
        'tspstream',
        streams.length === 0
          ? `connection ${tsp.conn + 1} carries no HTTP/2 streams; plotting the whole connection`
          : `connection ${tsp.conn + 1} has no stream ${tsp.stream}; plotting the whole connection`,
      );
  }
  return { problems, keys };
}
