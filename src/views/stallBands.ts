// The stalls a view draws: those begun by the cursor and inside the visible range. A long run can
// hold a hundred thousand tiny stalls; past MAX_BANDS, stalls of the same connection, side and
// cause that touch on screen are merged into one band, so the DOM stays small.
import type { StallRecord } from '../engine/trace';
import { formatDuration } from './format';

export const MAX_BANDS = 400;

export interface StallBand extends StallRecord {
  /** How many stalls this band stands for (1 unless merged). */
  count: number;
}

export function stallBands(
  stalls: StallRecord[],
  cursorNs: number,
  fromNs: number,
  toNs: number,
  /** Time covered by one pixel: merged bands are those closer than a pixel. */
  nsPerPx: number,
): StallBand[] {
  const shown = stalls.filter((s) => s.startNs <= cursorNs && s.endNs >= fromNs && s.startNs <= toNs);
  if (shown.length <= MAX_BANDS) return shown.map((s) => ({ ...s, count: 1 }));
  const open = new Map<string, StallBand>();
  const bands: StallBand[] = [];
  for (const s of [...shown].sort((a, b) => a.startNs - b.startNs)) {
    const key = `${s.conn}:${s.side}:${s.cause}`;
    const band = open.get(key);
    if (band && s.startNs - band.endNs <= nsPerPx) {
      band.endNs = Math.max(band.endNs, s.endNs);
      band.count++;
    } else {
      const fresh = { ...s, count: 1 };
      bands.push(fresh);
      open.set(key, fresh);
    }
  }
  return bands;
}

/**
 * What a band's label gives after its cause: its length, or for a band standing for many stalls
 * how many there were (its length from first to last would read as one wait, while data was
 * leaving between them).
 */
export function bandAmount(s: { startNs: number; endNs: number; count?: number }): string {
  return (s.count ?? 1) > 1
    ? `${s.count!.toLocaleString('en-US')} waits`
    : formatDuration(s.endNs - s.startNs);
}

/** A band's tooltip: the side, how long (or how many stalls, over how long), and why. */
export function bandTitle(
  s: { startNs: number; endNs: number; count?: number },
  side: string,
  words: string,
): string {
  const span = formatDuration(s.endNs - s.startNs);
  return (s.count ?? 1) > 1
    ? `${side} stalled ${s.count!.toLocaleString('en-US')} times in ${span} (drawn as one band): ${words}`
    : `${side} stalled ${span}: ${words}`;
}
