// The stalls a view draws: those begun by the cursor and inside the visible range. A long run can
// hold a hundred thousand tiny stalls; past MAX_BANDS, stalls of the same connection, side and
// cause that touch on screen are merged into one band, so the DOM stays small. A wait the trace
// records more than once (a client thinking before each of the 42 requests it learned at once, all
// over the same 4 ms) is one band: stacked, its translucent bands had drawn a deeper colour than
// the same cause beside it, under a label written 42 times over.
import type { StallRecord } from '../engine/trace';
import { formatDuration } from './format';

export const MAX_BANDS = 400;

export interface StallBand extends StallRecord {
  /** How many stalls this band stands for (1 unless merged). */
  count: number;
  /** A merged band's: how many stalls of its connection, side and cause the run has in all (what
   * the headline counts), of which the band stands for `count`. */
  total?: number;
}

const bandKey = (s: StallRecord) => `${s.conn}:${s.side}:${s.cause}`;
const waitKey = (s: StallRecord) => `${bandKey(s)}:${s.startNs}:${s.endNs}`;

/** The stalls with each wait once (the first record of each connection, side, cause and interval):
 * what the views draw and the callout counts. */
export function eachWaitOnce(stalls: StallRecord[]): StallRecord[] {
  const seen = new Set<string>();
  return stalls.filter((s) => {
    const key = waitKey(s);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The stalls whose label the ladder draws: of waits of one connection, side and cause that overlap
 * in time and last as long (a server thinking about two HTTP/3 streams at once), the first; the
 * others' bands lie under its label and keep their tooltips. Each had been labelled, so "server
 * think 2 ms" was written twice, one under the other, beside one band.
 */
export function labelledStalls(stalls: StallRecord[]): StallRecord[] {
  const last = new Map<string, StallRecord>();
  return stalls.filter((s) => {
    const key = bandKey(s) + (s.endNs - s.startNs);
    const before = last.get(key);
    if (before && s.startNs < before.endNs && before.startNs < s.endNs) return false;
    last.set(key, s);
    return true;
  });
}

export function stallBands(
  stalls: StallRecord[],
  cursorNs: number,
  fromNs: number,
  toNs: number,
  /** Time covered by one pixel: merged bands are those closer than a pixel. */
  nsPerPx: number,
): StallBand[] {
  return bandsAt(prepareStalls(stalls, fromNs, toNs), cursorNs, nsPerPx);
}

/** What stallBands needs of a view's stalls whatever the playback time: found once per view, so a
 * frame of playback does not sort and key thousands of stalls again. */
export interface PreparedStalls {
  /** The stalls inside the visible range, in the trace's order... */
  inRange: StallRecord[];
  /** ...and by their start, with their band keys and their starts. */
  sorted: StallRecord[];
  keys: string[];
  starts: number[];
  /** Each band key's stalls in the whole run. */
  totals: Map<string, number>;
}

export function prepareStalls(stalls: StallRecord[], fromNs: number, toNs: number): PreparedStalls {
  const inRange = stalls.filter((s) => s.endNs >= fromNs && s.startNs <= toNs);
  const sorted = [...inRange].sort((a, b) => a.startNs - b.startNs);
  const totals = new Map<string, number>();
  for (const s of stalls) totals.set(bandKey(s), (totals.get(bandKey(s)) ?? 0) + 1);
  return { inRange, sorted, keys: sorted.map(bandKey), starts: sorted.map((s) => s.startNs), totals };
}

/** The bands with the playback time at `cursorNs`: the stalls begun by then. */
export function bandsAt(prepared: PreparedStalls, cursorNs: number, nsPerPx: number): StallBand[] {
  const { sorted, keys, starts, totals } = prepared;
  // The stalls begun by the cursor are the first `begun` by their start.
  let lo = 0;
  let hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid] <= cursorNs) lo = mid + 1;
    else hi = mid;
  }
  const begun = lo;
  if (begun <= MAX_BANDS)
    return eachWaitOnce(prepared.inRange.filter((s) => s.startNs <= cursorNs)).map((s) => ({
      ...s,
      count: 1,
    }));
  const open = new Map<string, StallBand>();
  const last = new Map<string, StallRecord>();
  const bands: StallBand[] = [];
  for (let i = 0; i < begun; i++) {
    const s = sorted[i];
    const key = keys[i];
    const before = last.get(key);
    if (before && before.startNs === s.startNs && before.endNs === s.endNs) continue; // the same wait again
    last.set(key, s);
    const band = open.get(key);
    if (band && s.startNs - band.endNs <= nsPerPx) {
      band.endNs = Math.max(band.endNs, s.endNs);
      band.count++;
    } else {
      const fresh = { ...s, count: 1, total: totals.get(key) };
      bands.push(fresh);
      open.set(key, fresh);
    }
  }
  return bands;
}

type BandCounts = { startNs: number; endNs: number; count?: number; total?: number };

const counted = (n: number) => n.toLocaleString('en-US');

/** A merged band's stalls out of the run's of its kind, where the band is not all of them. */
function ofTotal(s: BandCounts): string {
  return s.total !== undefined && s.total > s.count! ? ` of ${counted(s.total)}` : '';
}

/**
 * What a band's label gives after its cause: its length, or for a band standing for many stalls
 * how many there were (its length from first to last would read as one wait, while data was
 * leaving between them), out of how many the run has ("94 of 661 stalls": "94" alone, on the one
 * band wide enough for a label, read as the total while the headline counted 661).
 */
export function bandAmount(s: BandCounts): string {
  return (s.count ?? 1) > 1
    ? `${counted(s.count!)}${ofTotal(s)} stalls`
    : formatDuration(s.endNs - s.startNs);
}

/** A band's label on one line: its cause and length ("HOL 185 ms"), or how many stalls of the cause
 * it stands for ("2 RTO stalls", as the callout counts them: "RTO 2 waits" had read tersely). */
export function bandLabel(s: BandCounts, cause: string): string {
  return (s.count ?? 1) > 1
    ? `${counted(s.count!)}${ofTotal(s)} ${cause} stalls`
    : `${cause} ${bandAmount(s)}`;
}

/** A band's tooltip: the side, how long (or how many stalls, over how long, of how many), and why. */
export function bandTitle(s: BandCounts, side: string, words: string): string {
  const span = formatDuration(s.endNs - s.startNs);
  if ((s.count ?? 1) === 1) return `${side} stalled ${span}: ${words}`;
  const all = s.total !== undefined && s.total > s.count! ? `; ${counted(s.total)} such stalls in all` : '';
  return `${side} stalled ${counted(s.count!)} times in ${span} (drawn as one band${all}): ${words}`;
}
