// A time axis with the idle time between page loads folded out. A run of several page loads
// (Kruse's loop: five loads over three minutes) spends most of its time idle between them; drawn
// to scale, each load was a sliver of a 180 s axis. With the ladder's "Fold idle gaps" on, the
// waterfall and the time-sequence plot (with its strips) fold the same gaps: each keeps a narrow
// band with its length written under it, and the time around them gets the width, ticked stretch by
// stretch. Only gaps no object spans fold: a stall inside a load stays its true length.
import { tickStep } from 'd3';
import { foldLabel } from './foldLabels';
import { formatTick } from './format';
import type { LinearScale } from './piecewiseScale';
import type { Trace } from '../engine/trace';
import { idleGaps, stretchTicks, timeScale, type Gap } from './timeScale';
import { exchangeSpans, type ExchangeSpan } from './exchangeSpans';

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
  /** Where the length is written: centred under the band, or from one of its edges to make room for a tick. */
  anchor: 'start' | 'middle' | 'end';
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
    traces.flatMap((t) => exchangeSpans(t)),
  );
}

/** The gaps during which no row is open (from its request being due to its last byte, or its loss): between loads. */
export function gapsBetweenRows(
  gaps: Gap[],
  rows: Array<Pick<ExchangeSpan, 'startNs' | 'endNs'> & Partial<Pick<ExchangeSpan, 'lostNs'>>>,
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
    return {
      gap,
      x0: x(gap.startNs),
      x1: x(gap.endNs),
      text: label.text,
      title: label.title,
      anchor: 'middle',
    };
  });
  const count = Math.max(2, Math.floor(widthPx / TICK_SPACING_PX));
  const stretches =
    gaps.length === 0
      ? [{ a: 0, b: endNs, ticks: x.ticks(count), options: [], stepNs: tickStep(0, endNs, count) }]
      : stretchTicks(x, [0, Math.max(1, endNs)], gaps, TICK_SPACING_PX);
  // Labels placed so far; a fold's length may still move along its band.
  const placed: Placed[] = [];
  const touching = (extent: Extent) => placed.filter((p) => overlaps(extent, [p.l, p.r]));
  const place = ([l, r]: Extent, fold?: AxisFold) => {
    if (touching([l, r]).length > 0) return false;
    placed.push({ l, r, fold });
    return true;
  };
  // The folds' lengths first: they say what the bands are. A label that would touch one already
  // placed goes (a fold's length stays in its tooltip).
  for (const f of folds) if (f.text !== '' && !place(foldSpan(f), f)) f.text = '';
  // Each to its stretch's step: a short load between two folds, ticked every 5 ms, reads "12.005 s".
  const tick = (ns: number) =>
    timeTick(
      ns,
      x(ns),
      formatTick(ns, endNs, 0, stretches.find((s) => ns >= s.a && ns <= s.b)?.stepNs),
      widthPx,
    );
  /** Places a label, moving the folds' lengths it would touch to an end of their bands if that clears it. */
  const placeMovingFolds = (extent: Extent): boolean => {
    const hit = touching(extent);
    if (hit.some((p) => !p.fold)) return false;
    const kept: Extent[] = [...placed.filter((p) => !hit.includes(p)).map((p): Extent => [p.l, p.r]), extent];
    const moves: Array<{ p: Placed; anchor: AxisFold['anchor']; at: Extent }> = [];
    for (const p of hit) {
      const to = (['end', 'start'] as const)
        .map((anchor) => ({ p, anchor, at: foldSpan({ ...p.fold!, anchor }) }))
        .find(({ at }) => !kept.some((k) => overlaps(at, k)));
      if (!to) return false;
      kept.push(to.at);
      moves.push(to);
    }
    for (const { p, anchor, at } of moves) [p.fold!.anchor, p.l, p.r] = [anchor, ...at];
    placed.push({ l: extent[0], r: extent[1] });
    return true;
  };
  // Then a tick in every stretch, so each load however narrow says when it ran: the first of its
  // round times that fits; else the first that touches only folds' lengths, which go. A stretch
  // narrower than a fold's band (a connection's FIN on its own between two folds) is no load: its
  // tick goes only where there is room, with the rest.
  const own = stretches
    .filter((s) => x(s.b) - x(s.a) >= gapPx)
    .flatMap((s) => {
      const options = s.options.map(tick);
      const fits = options.find((t) => placeMovingFolds(tickSpan(t)));
      if (fits) return [fits];
      const forced = options.find((t) => touching(tickSpan(t)).every((p) => p.fold));
      if (!forced) return [];
      const hit = touching(tickSpan(forced));
      for (const p of hit) p.fold!.text = '';
      placed.splice(0, placed.length, ...placed.filter((p) => !hit.includes(p)));
      place(tickSpan(forced));
      return [forced];
    });
  const others = stretches
    .flatMap((s) => s.ticks)
    .filter((ns) => !own.some((t) => t.ns === ns))
    .map(tick)
    .filter((t) => place(tickSpan(t)));
  const ticks = [...own, ...others].sort((p, q) => p.ns - q.ns);
  return { x, ticks, folds };
}

type Extent = [number, number];

/** A label's extent on the axis, and the fold it writes the length of. */
interface Placed {
  l: number;
  r: number;
  fold?: AxisFold;
}

/** Whether two extents come within a label gap of each other. */
function overlaps([l, r]: Extent, [ol, or]: Extent): boolean {
  return l < or + LABEL_GAP_PX && r > ol - LABEL_GAP_PX;
}

/** The horizontal extent of a fold's length, as it is anchored. */
function foldSpan(f: Pick<AxisFold, 'x0' | 'x1' | 'text' | 'anchor'>): Extent {
  const w = f.text.length * CHAR_PX;
  if (f.anchor === 'end') return [f.x1 - w, f.x1];
  if (f.anchor === 'start') return [f.x0, f.x0 + w];
  return span((f.x0 + f.x1) / 2, f.text);
}

/** The horizontal extent of a tick's label, as it is anchored. */
function tickSpan(t: TimeTick): [number, number] {
  return t.anchor === 'end' ? [t.x - t.text.length * CHAR_PX, t.x] : span(t.x, t.text);
}

/** The horizontal extent of a label centred at `x`. */
function span(x: number, text: string): [number, number] {
  const half = (text.length * CHAR_PX) / 2;
  return [x - half, x + half];
}
