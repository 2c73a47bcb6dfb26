// A time axis with the idle time between page loads folded out. A run of several page loads
// (Kruse's loop: five loads over three minutes) spends most of its time idle between them; drawn
// to scale, each load was a sliver of a 180 s axis. With the ladder's "Fold idle gaps" on, the
// waterfall and the time-sequence plot (with its strips) fold the same gaps: each keeps a narrow
// band with its length written under it, and the time around them gets the width, ticked stretch by
// stretch. Only gaps no object spans fold: a stall inside a load stays its true length.
import { foldLabel } from './foldLabels';
import { formatTick } from './format';
import { scaleLinear, type LinearScale } from './piecewiseScale';
import type { Trace } from '../engine/trace';
import { idleGaps, timeScale, type Gap } from './timeScale';
import { waterfallRows, type WaterfallRow } from './waterfallPhases';

/** A folded gap's band: this share of the axis, within these bounds (a phone keeps its width for the loads). */
const GAP_SHARE = 0.03;
const GAP_PX = [8, 24] as const;
/** About one tick this many pixels apart. */
const TICK_SPACING_PX = 110;
/** An 11 px label's character, generously (labels are placed before they are drawn). */
const CHAR_PX = 6.5;
/** Space kept between two labels ("⋯ 52 s" beside "90 s" read as one label at 6 px). */
const LABEL_GAP_PX = 10;

export interface TimeTick {
  ns: number;
  x: number;
  text: string;
  /** Centred on its tick, or ending there when centred it would run past the figure's right edge. */
  anchor: 'middle' | 'end';
}

/** A tick's label at `x` in a figure `widthPx` wide. */
export function timeTick(ns: number, x: number, text: string, widthPx: number): TimeTick {
  return { ns, x, text, anchor: span(x, text)[1] > widthPx ? 'end' : 'middle' };
}

export interface AxisFold {
  gap: Gap;
  x0: number;
  x1: number;
  /** Under the band: its length, or nothing when the fold lies after this run. */
  text: string;
  title: string;
}

export interface FoldedTimeAxis {
  x: LinearScale;
  ticks: TimeTick[];
  folds: AxisFold[];
}

/** What folds when folding is on: the runs' idle gaps during which no object of any run is open. */
export function loadGaps(traces: Trace[], endNs: number): Gap[] {
  return gapsBetweenRows(
    idleGaps(traces, endNs),
    traces.flatMap((t) => waterfallRows(t)),
  );
}

/** The gaps during which no row is open (from its request being due to its last byte, or its loss): between loads. */
export function gapsBetweenRows(
  gaps: Gap[],
  rows: Array<Pick<WaterfallRow, 'startNs' | 'endNs'> & Partial<Pick<WaterfallRow, 'lostNs'>>>,
): Gap[] {
  return gaps.filter(
    (g) =>
      !rows.some((r) => {
        const end = r.endNs ?? r.lostNs ?? null;
        return r.startNs < g.endNs && (end === null || end > g.startNs);
      }),
  );
}

/**
 * Time -> x over [left, right] of a figure `widthPx` wide, with `gaps` folded (none: to scale);
 * `runEndNs` is when this side's run ended (a fold after it has no length to give).
 */
export function foldedTimeAxis(
  endNs: number,
  [left, right]: [number, number],
  widthPx: number,
  gaps: Gap[],
  runEndNs = endNs,
): FoldedTimeAxis {
  const gapPx = Math.max(GAP_PX[0], Math.min(GAP_PX[1], (right - left) * GAP_SHARE));
  const x = timeScale(endNs, [left, right], gaps, gapPx);
  const folds: AxisFold[] = gaps.map((gap) => {
    const label = foldLabel(gap, runEndNs, []);
    return { gap, x0: x(gap.startNs), x1: x(gap.endNs), text: label.text, title: label.title };
  });
  // 0 s first: however narrow the first load, the axis says where time starts.
  const candidates =
    gaps.length === 0
      ? x.ticks(Math.max(2, Math.floor(widthPx / TICK_SPACING_PX)))
      : segments(Math.max(1, endNs), gaps).flatMap(([a, b], i) => {
          const n = Math.floor((x(b) - x(a)) / TICK_SPACING_PX);
          const values = n < 1 ? (i === 0 && a === 0 ? [0] : []) : scaleLinear().domain([a, b]).ticks(n);
          return values.filter((t) => t >= a && t <= b);
        });
  // The folds' lengths first: they say what the bands are. A label that would touch one already
  // placed goes (a fold's length stays in its tooltip).
  const taken: Array<[number, number]> = [];
  const place = (at: number, text: string) => {
    const [l, r] = span(at, text);
    if (taken.some(([tl, tr]) => l < tr + LABEL_GAP_PX && r > tl - LABEL_GAP_PX)) return false;
    taken.push([l, r]);
    return true;
  };
  for (const f of folds) if (f.text !== '' && !place((f.x0 + f.x1) / 2, f.text)) f.text = '';
  const ticks: TimeTick[] = candidates
    .map((ns) => timeTick(ns, x(ns), formatTick(ns, endNs), widthPx))
    .filter((t) => place(t.x, t.text));
  return { x, ticks, folds };
}

/** The stretches of [0, endNs] outside the folded gaps. */
function segments(endNs: number, gaps: Gap[]): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let t = 0;
  for (const g of [...gaps].sort((p, q) => p.startNs - q.startNs)) {
    if (g.startNs > t) out.push([t, g.startNs]);
    t = Math.max(t, g.endNs);
  }
  if (endNs > t) out.push([t, endNs]);
  return out;
}

/** The horizontal extent of a label centred at `x`. */
function span(x: number, text: string): [number, number] {
  const half = (text.length * CHAR_PX) / 2;
  return [x - half, x + half];
}
