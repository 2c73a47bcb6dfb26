// A comparison's two ladders share one time axis on the page, so they read across. A picture of
// one side alone goes on a slide by itself: there the shared axis left B's 29 ms run a sliver over
// a blank "run end" band ticked with A's times (192, 390, 589 ms). So a side's picture is drawn
// anew on its own run's axis, at the page ladder's size, and serialised. Its idle gaps fold where
// the page folds and the run alone would fold them: B's 2 ms server think, idle for 3% of its own
// run, is no gap worth folding on A's 590 ms axis, and the picture keeps it at its true length.
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import type { SideRun } from '../../worker/protocol';
import { Ladder } from '../../views/Ladder';
import { LADDER_MARGIN } from '../../views/ladderLayout';
import { idleGaps, runEndNs, shouldFoldByDefault, timeScale } from '../../views/timeScale';
import { RUN_TOP_PAD_PX } from '../panels/LadderPanel';
import type { LabelStyle } from '../state/configModel';

export interface LadderLook {
  fold: boolean;
  labelStyle: LabelStyle;
}

/**
 * `write` given the ladder of `run` drawn on its own axis, with `page` (the same side's ladder on
 * the page) giving the size and the playhead, which stops at the run's end. The drawing is
 * mounted out of sight for as long as `write` takes, so the page's styles apply to it.
 */
export function withOwnAxisLadder<T>(
  page: SVGSVGElement,
  run: SideRun,
  side: 'a' | 'b',
  look: LadderLook,
  write: (svg: SVGSVGElement) => T,
): T {
  const width = Number(page.getAttribute('width'));
  const height = Number(page.getAttribute('height'));
  const endNs = runEndNs(run.trace);
  const idle = idleGaps([run.trace], endNs);
  const gaps = look.fold && shouldFoldByDefault(idle, endNs) ? idle : [];
  const y = timeScale(endNs, [LADDER_MARGIN.top + RUN_TOP_PAD_PX, height - LADDER_MARGIN.bottom], gaps);
  const pageCursor = Number(page.querySelector('[data-playhead]')?.getAttribute('data-t-ns') ?? endNs);
  return drawnApart(
    <Ladder
      trace={run.trace}
      path={run.path}
      side={side}
      y={y}
      width={width}
      height={height}
      cursorNs={Math.min(pageCursor, endNs)}
      gaps={gaps}
      onInspect={() => {}}
      labelStyle={look.labelStyle}
    />,
    'svg.ladder-svg',
    write,
  );
}

/**
 * `write` given the <svg> (`selector`) that `drawing` renders, mounted out of sight for as long as
 * `write` takes, so the page's styles apply to it.
 */
export function drawnApart<T>(drawing: ReactNode, selector: string, write: (svg: SVGSVGElement) => T): T {
  const host = document.body.appendChild(document.createElement('div'));
  host.setAttribute('aria-hidden', 'true');
  host.style.cssText = 'position:fixed;left:-100000px;top:0;pointer-events:none';
  const root = createRoot(host);
  try {
    flushSync(() => root.render(drawing));
    const svg = host.querySelector<SVGSVGElement>(selector);
    if (!svg) throw new Error('the picture could not be drawn');
    return write(svg);
  } finally {
    root.unmount();
    host.remove();
  }
}
