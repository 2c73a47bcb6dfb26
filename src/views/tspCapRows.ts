// The rows of the time-sequence plot's stall caps. Each stall band has a cap along the plot's top in
// its cause's colour; where stalls of two causes overlap in time, one cap in one row had covered
// the other, and a cause that stalled the run was missing from the caps (HTTP/2 at 2% loss: the
// flow-control wait over the RTO). As a textbook figure stacks overlapping intervals, each stall
// takes the lowest row no stall of another cause holds over its span; stalls of one cause share a
// row (their caps are one colour). A run without such overlaps keeps its one row.
import type { StallCause, StallRecord } from '../engine/trace';

/** At most this many rows: a stall finding them all taken goes in the last. */
export const MAX_CAP_ROWS = 3;

export interface CapRows {
  /** How many rows the caps use (1 without overlaps). */
  rows: number;
  /** The row of a band, by its cause and its (first) stall's start. */
  rowOf: (band: { cause: StallCause; startNs: number }) => number;
}

const capKey = (cause: StallCause, startNs: number) => `${cause}:${startNs}`;

/**
 * The row of each stall, `sorted` by start (a view's stalls, once per window, not per frame of
 * playback). Overlap is judged on the stalls themselves, not on merged bands: a long run's cwnd
 * stalls, merged where they are closer than a pixel, hold delayed-ACK waits in their gaps, which
 * overlap none of them and, drawn after the band, show over it in its row.
 */
export function capRows(sorted: readonly StallRecord[]): CapRows {
  // Each row's stalls of each cause: the latest end of any of them.
  const ends: Array<Map<StallCause, number>> = [];
  const rowOf = new Map<string, number>();
  let rows = 1;
  for (const s of sorted) {
    const key = capKey(s.cause, s.startNs);
    // A wait of no length overlaps nothing (its cap, a pixel wide, goes in the first row); the same
    // start of the same cause has the same overlaps.
    if (s.endNs <= s.startNs || rowOf.has(key)) continue;
    const free = (row: Map<StallCause, number>) =>
      [...row].every(([cause, endNs]) => cause === s.cause || endNs <= s.startNs);
    let row = ends.findIndex(free);
    if (row < 0) row = Math.min(ends.length, MAX_CAP_ROWS - 1);
    if (row === ends.length) ends.push(new Map());
    const taken = ends[row];
    taken.set(s.cause, Math.max(taken.get(s.cause) ?? -Infinity, s.endNs));
    rowOf.set(key, row);
    rows = Math.max(rows, row + 1);
  }
  return { rows, rowOf: (band) => rowOf.get(capKey(band.cause, band.startNs)) ?? 0 };
}
