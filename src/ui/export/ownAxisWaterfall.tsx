// A comparison's two waterfalls share one time axis on the page, so they read across. A picture
// of one side alone goes on a slide by itself, so it is drawn anew on its own run's axis, as a
// ladder's picture is (ownAxisLadder.tsx): B's 29 ms run had been a sliver under A's 590 ms ticks.
// It keeps the page's width.
import { loadPageNames } from '../../engine/loadPages';
import type { SideRun } from '../../worker/protocol';
import { loadGaps } from '../../views/foldedTimeAxis';
import { runEndNs, shouldFoldByDefault } from '../../views/timeScale';
import { Waterfall } from '../../views/Waterfall';
import { loadHeadings, waterfallLines } from '../../views/waterfallGroups';
import { labelColumns } from '../../views/waterfallLabels';
import { waterfallRows } from '../../views/waterfallPhases';
import { drawnApart } from './ownAxisLadder';

/** `write` given the waterfall of `run` on its own axis, `page` (its side on the page) giving the width. */
export function withOwnAxisWaterfall<T>(
  page: SVGSVGElement,
  run: SideRun,
  side: 'a' | 'b',
  { fold, cursorNs }: { fold: boolean; cursorNs: number },
  write: (svg: SVGSVGElement) => T,
): T {
  const width = Number(page.getAttribute('width'));
  const endNs = runEndNs(run.trace);
  const rows = waterfallRows(run.trace);
  const lines = waterfallLines(run.trace, rows);
  // Folded where the page folds and the run alone would fold: a gap of 4% of B's own run is no
  // gap worth folding, though it was on A's axis.
  const between = loadGaps([run.trace], endNs);
  const gaps = fold && shouldFoldByDefault(between, endNs) ? between : [];
  return drawnApart(
    <Waterfall
      rows={rows}
      lines={lines}
      columns={labelColumns(rows, width, loadHeadings(lines))}
      endNs={endNs}
      gaps={gaps}
      runEndNs={endNs}
      loads={run.trace.loads}
      loadPages={loadPageNames(run.trace)}
      cursorNs={Math.min(cursorNs, endNs)}
      width={width}
      side={side}
    />,
    'svg.waterfall-svg',
    write,
  );
}
