// Pure playback arithmetic: where the cursor goes on a frame, on a step, in a folded gap.
import type { Trace } from '../../engine/trace';
import type { Gap } from '../../views/timeScale';

export const SPEEDS = [0.01, 0.1, 0.25, 0.5, 1, 2, 5, 10, 100] as const;
/** A folded idle gap is crossed in this much wall-clock time, whatever the speed. */
const FOLDED_GAP_MS = 250;

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

export function speedLabel(speed: number): string {
  return `${speed}×`;
}
