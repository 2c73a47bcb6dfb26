// A comparison's two time-sequence plots share one time axis on the page, so they read across. A
// picture of one side alone goes on a slide by itself, so it is drawn anew on its own run's axis,
// as the ladder's and the waterfall's are (ownAxisLadder.tsx): B's 17 ms run (Nagle off) had been
// a sliver at the left of A's 190 ms ticks. Its cwnd and RTT strips follow the same axis. It keeps
// the page plot's size, connection and stream; the sequence axis was already the side's own.
import { CongestionChart } from '../../views/CongestionChart';
import { loadGaps } from '../../views/foldedTimeAxis';
import { runEndNs, shouldFoldByDefault } from '../../views/timeScale';
import { streamsOf } from '../../views/streams';
import { TimeSequencePlot } from '../../views/TimeSequencePlot';
import type { SideRun } from '../../worker/protocol';
import { drawnApart } from './ownAxisLadder';

export interface TspLook {
  fold: boolean;
  cursorNs: number;
  conn: number;
  stream: number | null;
}

/**
 * `write` given the time-sequence plot of `run` on its own axis and its strips (null when it has
 * none), `page` (its side on the page) giving the size.
 */
export function withOwnAxisTsp<T>(
  page: SVGSVGElement,
  run: SideRun,
  side: 'a' | 'b',
  { fold, cursorNs, conn, stream }: TspLook,
  write: (plot: SVGSVGElement, strips: SVGSVGElement | null) => T,
): T {
  const width = Number(page.getAttribute('width'));
  const height = Number(page.getAttribute('height'));
  const endNs = Math.max(1, runEndNs(run.trace));
  // Folded where the page folds and the run alone would fold, as the waterfall's picture is.
  const between = loadGaps([run.trace], endNs);
  const folds = fold && shouldFoldByDefault(between, endNs) ? between : [];
  const cursor = Math.min(cursorNs, endNs);
  const domain: [number, number] = [0, endNs];
  return drawnApart(
    <div>
      <TimeSequencePlot
        trace={run.trace}
        conn={conn}
        stream={streamsOf(run.trace, conn).some((c) => c.stream === stream) ? stream : null}
        side={side}
        cursorNs={cursor}
        domain={domain}
        width={width}
        height={height}
        onBrush={() => {}}
        folds={folds}
      />
      <CongestionChart
        trace={run.trace}
        conn={conn}
        cursorNs={cursor}
        domain={domain}
        width={width}
        folds={folds}
      />
    </div>,
    'svg.tsp-svg',
    (plot) => write(plot, plot.parentElement?.querySelector<SVGSVGElement>('svg.cc-chart') ?? null),
  );
}
