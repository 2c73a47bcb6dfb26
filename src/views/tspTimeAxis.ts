// The time axis the time-sequence plot and the congestion strips under it share: the same plot
// area left and right and the same ticks, so a moment sits at the same x in every chart and a
// student can read times straight down from one chart to the next. Unzoomed, with folding on, the
// idle time between page loads is folded out of both alike (foldedTimeAxis).
import { tickStep } from 'd3';
import { foldedTimeAxis, timeTick, type FoldedTimeAxis } from './foldedTimeAxis';
import { formatTick } from './format';
import { scaleLinear } from './piecewiseScale';
import type { Gap } from './timeScale';

/** Room left of the plot area for the y tick labels, and right of it for the last tick label. */
export const TIME_AXIS_INSET = { left: 62, right: 14 } as const;

/** About one tick this many pixels apart, so the labels never touch. */
const TICK_SPACING_PX = 110;

/**
 * Time (ns) -> x over the plot area of a chart `width` pixels wide, with its ticks: over the time
 * window [fromNs, toNs], or over the whole run with `gaps` folded out (a window starting at 0).
 */
export function tspTimeAxis(
  [fromNs, toNs]: [number, number],
  width: number,
  gaps: Gap[] = [],
): FoldedTimeAxis {
  const range: [number, number] = [TIME_AXIS_INSET.left, width - TIME_AXIS_INSET.right];
  if (gaps.length > 0 && fromNs === 0) return foldedTimeAxis(toNs, range, width, gaps);
  const x = scaleLinear().domain([fromNs, toNs]).range(range);
  const count = Math.max(2, Math.floor(width / TICK_SPACING_PX));
  const stepNs = tickStep(fromNs, toNs, count);
  const ticks = x
    .ticks(count)
    .map((ns) => timeTick(ns, x(ns), formatTick(ns, toNs - fromNs, toNs, stepNs), width));
  return { x, ticks, folds: [] };
}

/**
 * The time window the plot's Zoom in (factor 2) and Zoom out (factor 0.5) buttons go to from
 * `shown`: `factor` times narrower, centred on the playhead where the run allows, slid back inside
 * [0, endNs] where the playhead is near either end (at the run's end, where it opens, a half-window
 * cut off there had zoomed in four times over and left Zoom out going nowhere). Null: the whole run.
 * Following one stream (or one of several connections), `focus` is its span: the window centres on
 * the playhead only where that is in the span (and shown), else on the span's middle, or of its
 * part shown. Centred on the playhead at the run's end, a stream long finished had zoomed to a
 * window without one of its packets.
 */
export function zoomedWindow(
  shown: [number, number],
  cursorNs: number,
  endNs: number,
  factor: number,
  focus: [number, number] | null = null,
): [number, number] | null {
  const span = (shown[1] - shown[0]) / factor;
  if (span >= endNs) return null;
  const centre = focus
    ? focusCentre(shown, cursorNs, focus)
    : Math.min(Math.max(cursorNs, shown[0]), shown[1]);
  const start = Math.min(Math.max(0, centre - span / 2), endNs - span);
  return [start, start + span];
}

/** Where a window following `focus` zooms about: the playhead within both it and `shown`, else
 * the middle of their overlap, else (none of the focus shown) the focus's middle. */
function focusCentre(shown: [number, number], cursorNs: number, focus: [number, number]): number {
  const [from, to] = [Math.max(shown[0], focus[0]), Math.min(shown[1], focus[1])];
  if (from > to) return (focus[0] + focus[1]) / 2;
  return cursorNs >= from && cursorNs <= to ? cursorNs : (from + to) / 2;
}
