// "Where did the time go": a run's elapsed time split by stall cause, the rest being time spent
// moving data. With several connections stalls overlap in time, so the parts are then shares of
// connection-time rather than of wall-clock time.
import { elapsedNs, stallTotals } from '../engine/metrics';
import type { StallCause, Trace } from '../engine/trace';

export interface BreakdownPart {
  cause: StallCause | 'transfer';
  ns: number;
}

export interface Breakdown {
  elapsedNs: number;
  /** Length of the bar: elapsed time, or the stall sum when overlapping stalls exceed it. */
  totalNs: number;
  parts: BreakdownPart[];
  overlapping: boolean;
}

export function breakdown(trace: Trace): Breakdown {
  const elapsed = elapsedNs(trace);
  const totals = stallTotals(trace);
  const stalls = (Object.entries(totals) as Array<[StallCause, number]>)
    .filter(([, ns]) => ns > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([cause, ns]) => ({ cause, ns }));
  const stalled = stalls.reduce((sum, p) => sum + p.ns, 0);
  const transfer = Math.max(0, elapsed - stalled);
  return {
    elapsedNs: elapsed,
    totalNs: Math.max(elapsed, stalled),
    parts: [...stalls, ...(transfer > 0 ? [{ cause: 'transfer' as const, ns: transfer }] : [])],
    overlapping: stalled > elapsed,
  };
}

/** Black or white, whichever reads better on a fill colour given as #rrggbb. */
export function textOn(fill: string): string {
  const n = parseInt(fill.slice(1), 16);
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const lum =
    0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
  return lum > 0.22 ? '#000000' : '#ffffff';
}
