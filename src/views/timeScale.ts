// The vertical time scale of the ladder: simulated nanoseconds -> pixels, optionally with idle
// gaps folded. A folded scale is a piecewise-linear scale whose domain has a breakpoint at each
// end of every folded gap, so zoom (rescaleY) and invert keep working unchanged.
import { tickStep } from 'd3';
import { scaleLinear, type LinearScale } from './piecewiseScale';
import type { Trace } from '../engine/trace';

export interface Gap {
  startNs: number;
  endNs: number;
}

/** The latest moment anything happens in a run: the last arrival, send or event. */
export function runEndNs(trace: Trace): number {
  let end = trace.endNs;
  for (const p of trace.packets) end = Math.max(end, p.arriveNs ?? p.sendNs);
  for (const s of trace.stalls) end = Math.max(end, s.endNs);
  return end;
}

/** Each trace's own busy intervals, merged once per trace: the playhead and the panels each ask. */
const busyOf = new WeakMap<Trace, Gap[]>();

function busyOfTrace(trace: Trace): Gap[] {
  let busy = busyOf.get(trace);
  if (!busy)
    busyOf.set(
      trace,
      (busy = merge(trace.packets.map((p) => ({ startNs: p.sendNs, endNs: p.arriveNs ?? p.sendNs })))),
    );
  return busy;
}

/** Merged intervals during which some packet of any of the traces was on the wire. */
export function busyIntervals(traces: Trace[]): Gap[] {
  return merge(traces.flatMap(busyOfTrace));
}

/** The spans' union as disjoint intervals, in order (new objects: the spans are left as they are). */
function merge(spans: Gap[]): Gap[] {
  spans.sort((a, b) => a.startNs - b.startNs);
  const merged: Gap[] = [];
  for (const s of spans) {
    const last = merged[merged.length - 1];
    if (last && s.startNs <= last.endNs) last.endNs = Math.max(last.endNs, s.endNs);
    else merged.push({ ...s });
  }
  return merged;
}

/** Idle gaps (nothing on the wire) longer than `minFraction` of the run: the ones worth folding. */
export function idleGaps(traces: Trace[], endNs: number, minFraction = 0.03): Gap[] {
  const busy = busyIntervals(traces);
  const minNs = endNs * minFraction;
  const gaps: Gap[] = [];
  let cursor = 0;
  for (const b of busy) {
    if (b.startNs - cursor > minNs) gaps.push({ startNs: cursor, endNs: b.startNs });
    cursor = Math.max(cursor, b.endNs);
  }
  if (endNs - cursor > minNs) gaps.push({ startNs: cursor, endNs });
  return gaps;
}

/**
 * Time -> pixels over [0, endNs] onto [top, bottom]. Each folded gap gets `gapPx` pixels (less
 * when there are many); the rest of the time shares the remaining pixels in proportion.
 */
export function timeScale(
  endNs: number,
  [top, bottom]: [number, number],
  gaps: Gap[] = [],
  gapPx = 22,
): LinearScale {
  const span = Math.max(1, endNs);
  const usable = gaps.filter((g) => g.endNs > g.startNs && g.startNs >= 0 && g.endNs <= span);
  if (usable.length === 0) return scaleLinear().domain([0, span]).range([top, bottom]);
  const height = bottom - top;
  const perGap = Math.min(gapPx, (height * 0.4) / usable.length);
  const foldedNs = usable.reduce((sum, g) => sum + g.endNs - g.startNs, 0);
  const liveNs = Math.max(1, span - foldedNs);
  const pxPerNs = (height - perGap * usable.length) / liveNs;
  const domain: number[] = [0];
  const range: number[] = [top];
  let y = top;
  let t = 0;
  for (const g of usable) {
    if (g.startNs > t) {
      y += (g.startNs - t) * pxPerNs;
      domain.push(g.startNs);
      range.push(y);
    }
    y += perGap;
    domain.push(g.endNs);
    range.push(y);
    t = g.endNs;
  }
  if (span > t) {
    domain.push(span);
    range.push(bottom);
  }
  return scaleLinear().domain(domain).range(range);
}

/** The ticks of one stretch of a folded axis, between two folded gaps (or an end). */
export interface StretchTicks {
  /** The stretch's time. */
  a: number;
  b: number;
  ticks: number[];
  /**
   * Where the stretch's one tick may go when labels crowd, best first: 0 where time starts; else
   * its ticks, then rounder to finer times, each nearest the middle first. `ticks` has the first.
   */
  options: number[];
  /** The finest step between round times these were taken at: labels written to it are exact. */
  stepNs: number;
}

/**
 * Tick times over [lo, hi] of a (possibly folded) scale, stretch by stretch: about one per
 * `spacingPx` where time runs, none inside a folded gap, and at least one in every stretch, however
 * narrow, so a short page load between two folds still says when it ran.
 */
export function stretchTicks(
  scale: LinearScale,
  [lo, hi]: [number, number],
  gaps: Gap[],
  spacingPx: number,
): StretchTicks[] {
  return stretches(lo, hi, gaps).map(([a, b]) => {
    const round = (count: number) =>
      scaleLinear()
        .domain([a, b])
        .ticks(count)
        .filter((t) => t >= a && t <= b)
        .sort((p, q) => Math.abs(p - (a + b) / 2) - Math.abs(q - (a + b) / 2));
    const n = Math.floor(Math.abs(scale(b) - scale(a)) / spacingPx + 1e-9);
    const ticks = n >= 1 ? round(n).sort((p, q) => p - q) : [];
    // Asked for 2, d3 steps at most 0.71 of the stretch: a round time falls inside it.
    const options = a === 0 ? [0] : [...new Set([...round(n), ...round(2), ...round(5), ...round(10), a])];
    const stepNs = tickStep(a, b, Math.max(n, 10));
    return { a, b, ticks: ticks.length > 0 ? ticks : options.slice(0, 1), options, stepNs };
  });
}

/** The stretches of [lo, hi] outside the folded gaps. */
function stretches(lo: number, hi: number, gaps: Gap[]): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let t = lo;
  for (const g of [...gaps].sort((p, q) => p.startNs - q.startNs)) {
    if (g.startNs > t) out.push([t, Math.min(g.startNs, hi)]);
    t = Math.max(t, g.endNs);
    if (t >= hi) break;
  }
  if (hi > t) out.push([t, hi]);
  return out;
}

/** Folding pays when the gaps worth folding are at least this share of the run. */
const FOLD_BY_DEFAULT_SHARE = 0.3;

/** Whether the ladder should open folded: the idle gaps would leave most of the axis empty. */
export function shouldFoldByDefault(gaps: Gap[], endNs: number): boolean {
  const idle = gaps.reduce((sum, g) => sum + g.endNs - g.startNs, 0);
  return endNs > 0 && idle / endNs >= FOLD_BY_DEFAULT_SHARE;
}
