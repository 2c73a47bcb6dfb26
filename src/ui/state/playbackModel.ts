// Pure playback arithmetic: where the cursor goes on a frame, on a step, in a folded gap.
import type { Trace } from '../../engine/trace';
import type { SPEEDS } from '../../scenario/codec';
import { formatDuration } from '../../views/format';
import type { Gap } from '../../views/timeScale';

/** The default pace plays the whole run, its folded gaps included, in this many seconds. */
export const FIT_SECONDS = 15;
/**
 * A folded idle gap (a stall, a think time, the pause between loads) takes this long on screen,
 * whatever the speed (or less, where the speed crosses it sooner): long enough to be seen as a
 * wait, where the 116 ms delayed-ACK stall of the default page had passed in a quarter second
 * while its first 5 ms took three.
 */
const FOLDED_GAP_S = 2;
/** Together the folded gaps take at most this share of the fitted run; the rest still moves. */
const FOLDED_SHARE = 0.4;
/** Slow motion is this many times slower than the fitted pace, and never faster than 0.1×. */
const SLOW_FACTOR = 5;
const SLOWEST_SLOW = 0.1;

/** How fast to play: fitted to the run, slow motion, or real time (a link's `speed=`). */
export type SpeedMode = (typeof SPEEDS)[number];
export const SPEED_MODES: Array<{ mode: SpeedMode; label: string }> = [
  { mode: 'fit', label: `Whole run in ${FIT_SECONDS} s` },
  { mode: 'slow', label: 'Slow motion' },
  { mode: 'real', label: 'Real time' },
];

/** Seconds on screen a folded gap takes at most: FOLDED_GAP_S, less where many share FOLDED_SHARE. */
function foldedGapSeconds(gaps: Gap[]): number {
  return gaps.length === 0 ? 0 : Math.min(FOLDED_GAP_S, (FIT_SECONDS * FOLDED_SHARE) / gaps.length);
}

/** The folded gaps that take foldedGapSeconds at `speed`: the others pass sooner at the speed itself. */
function waitedGaps(speed: number, gaps: Gap[] | null): Gap[] {
  const waitS = foldedGapSeconds(gaps ?? []);
  return (gaps ?? []).filter((g) => (g.endNs - g.startNs) / 1e9 / speed > waitS);
}

/**
 * Seconds of the run played per second on screen, outside the folded gaps it waits through. The
 * fitted pace gives those gaps their time first and the rest of the run what is left of 15 s.
 */
export function speedFor(mode: SpeedMode, endNs: number, gaps: Gap[] | null): number {
  if (mode === 'real') return 1;
  const waitS = foldedGapSeconds(gaps ?? []);
  // Which gaps to wait through depends on the pace, which depends on them: start with all, and
  // let a gap the pace would cross sooner play at the pace (each drop only slows the pace).
  let waited = gaps ?? [];
  let fit = 0;
  for (;;) {
    const waitedNs = waited.reduce((sum, g) => sum + g.endNs - g.startNs, 0);
    fit = Math.max(1, endNs - waitedNs) / 1e9 / (FIT_SECONDS - waited.length * waitS);
    const still = waited.filter((g) => (g.endNs - g.startNs) / 1e9 / fit > waitS);
    if (still.length === waited.length) break;
    waited = still;
  }
  return mode === 'slow' ? Math.min(fit / SLOW_FACTOR, SLOWEST_SLOW) : fit;
}

/** What a second on screen means at this speed, and how long the folded gaps waited through take. */
export function speedMeaning(speed: number, gaps: Gap[] | null = null): string {
  const rate = `1 s on screen = ${formatDuration(speed * 1e9)} of the run`;
  const waited = waitedGaps(speed, gaps).length;
  const all = gaps?.length ?? 0;
  if (waited === 0) return rate;
  const wait = formatDuration(foldedGapSeconds(gaps ?? []) * 1e9);
  if (all === 1) return `${rate}; the folded gap takes ${wait}`;
  const which = waited === all ? `the ${all} folded gaps` : `${waited} of the ${all} folded gaps`;
  return `${rate}; ${which} ${waited === 1 ? 'takes' : 'take'} ${wait}${waited === 1 ? '' : ' each'}`;
}

/** Moments worth stopping at: every send, arrival and stall edge, sorted and unique. */
export function eventTimes(traces: Trace[]): number[] {
  // In a typed array, sorted by value without a comparator, then the repeats dropped: a long run's
  // 40,000 times had taken a set and a comparing sort longer than the frame.
  // A dropped packet's arrival reads 0, a time already there.
  const all = [0];
  for (const t of traces) {
    for (const p of t.packets) all.push(p.sendNs, p.arriveNs ?? 0);
    for (const s of t.stalls) all.push(s.startNs, s.endNs);
  }
  const sorted = new Float64Array(all).sort();
  return Array.from(sorted.filter((t, i) => t !== sorted[i - 1]));
}

export function nextEvent(times: number[], cursorNs: number, endNs: number): number {
  for (const t of times) if (t > cursorNs) return Math.min(t, endNs);
  return endNs;
}

export function previousEvent(times: number[], cursorNs: number): number {
  let found = 0;
  for (const t of times) {
    if (t >= cursorNs) break;
    found = t;
  }
  return found;
}

/**
 * The cursor after `elapsedMs` of wall-clock time at `speed`, waiting through each folded gap for
 * foldedGapSeconds at most. A frame that crosses a gap's edge plays each side at its own pace: at
 * the gap's pace past its end, a frame had skipped the few ms of packets that follow a stall.
 */
export function advance(cursorNs: number, elapsedMs: number, speed: number, gaps: Gap[] | null): number {
  const liveNsPerMs = speed * 1e6;
  const waitMs = foldedGapSeconds(gaps ?? []) * 1000;
  let t = cursorNs;
  let left = elapsedMs;
  while (left > 0) {
    const gap = gaps?.find((g) => t >= g.startNs && t < g.endNs);
    const rate = gap ? Math.max(liveNsPerMs, (gap.endNs - gap.startNs) / waitMs) : liveNsPerMs;
    const edge = gap
      ? gap.endNs
      : Math.min(Infinity, ...(gaps ?? []).map((g) => g.startNs).filter((s) => s > t));
    const toEdgeMs = (edge - t) / rate;
    if (toEdgeMs >= left) return t + left * rate;
    t = edge;
    left -= toEdgeMs;
  }
  return t;
}
