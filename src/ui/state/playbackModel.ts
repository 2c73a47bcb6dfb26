// Pure playback arithmetic: where the cursor goes on a frame, on a step, in a folded gap.
import type { Trace } from '../../engine/trace';
import type { SPEEDS } from '../../scenario/codec';
import { formatDuration } from '../../views/format';
import type { Gap } from '../../views/timeScale';

/** A folded idle gap is crossed in this much wall-clock time, whatever the speed. */
const FOLDED_GAP_MS = 250;
/** The default pace plays the whole run (its folded gaps aside) in this many seconds. */
export const FIT_SECONDS = 15;
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

/** Seconds of the run played per second on screen. Folded gaps are crossed apart, so they do not count. */
export function speedFor(mode: SpeedMode, endNs: number, gaps: Gap[] | null): number {
  if (mode === 'real') return 1;
  const foldedNs = (gaps ?? []).reduce((sum, g) => sum + g.endNs - g.startNs, 0);
  const fit = Math.max(1, endNs - foldedNs) / 1e9 / FIT_SECONDS;
  return mode === 'slow' ? Math.min(fit / SLOW_FACTOR, SLOWEST_SLOW) : fit;
}

/** What a second on screen means at this speed, in words. */
export function speedMeaning(speed: number): string {
  return `1 s on screen = ${formatDuration(speed * 1e9)} of the run`;
}

/** Moments worth stopping at: every send, arrival and stall edge, sorted and unique. */
export function eventTimes(traces: Trace[]): number[] {
  const times = new Set<number>([0]);
  for (const t of traces) {
    for (const p of t.packets) {
      times.add(p.sendNs);
      if (p.arriveNs !== null) times.add(p.arriveNs);
    }
    for (const s of t.stalls) {
      times.add(s.startNs);
      times.add(s.endNs);
    }
  }
  return [...times].sort((a, b) => a - b);
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

/** The cursor after `elapsedMs` of wall-clock time at `speed`, hurrying through folded gaps. */
export function advance(cursorNs: number, elapsedMs: number, speed: number, gaps: Gap[] | null): number {
  let rateNsPerMs = speed * 1e6;
  const gap = gaps?.find((g) => cursorNs >= g.startNs && cursorNs < g.endNs);
  if (gap) rateNsPerMs = Math.max(rateNsPerMs, (gap.endNs - gap.startNs) / FOLDED_GAP_MS);
  return cursorNs + elapsedMs * rateNsPerMs;
}
