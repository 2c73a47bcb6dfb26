// Where the time-sequence plot's lines run, so a stall's label can be set where they do not: along
// the plot's top, as a rule, but a bulk transfer's data climbs to the top right corner, and a
// label there had been crossed out by the data, ACK and cwnd lines drawn over it ("216 of 1,420
// rwnd stalls", the last seconds of a 2.4 MB page over LTE).
import type { StepPoint, TspSeries } from './tspSeries';

/** The plot's lines in arrays searched by time, made once per connection's series. */
export interface LineIndex {
  /** The step lines (ACK, window, cwnd): each one's times and values. */
  steps: Array<{ times: Float64Array; values: Float64Array }>;
  /** The segments' send times, in order, and each one's sequence range. */
  segTimes: Float64Array;
  segLow: Float64Array;
  segHigh: Float64Array;
}

/** One number of each item, in a typed array (filled by a loop: Float64Array.from with a mapping
 * function walks an iterator, and took a long run's knob change 30 ms). */
function column<T>(items: readonly T[], f: (item: T) => number): Float64Array {
  const out = new Float64Array(items.length);
  for (let i = 0; i < items.length; i++) out[i] = f(items[i]);
  return out;
}

export function lineIndex(series: TspSeries): LineIndex {
  const step = (points: StepPoint[]) => ({
    times: column(points, (p) => p.timeNs),
    values: column(points, (p) => p.value),
  });
  // A segment leaves the interface after those queued before it, so they come in time order; sort
  // in case a series ever does not.
  const segs = [...series.segments].sort((a, b) => a.timeNs - b.timeNs);
  return {
    steps: [step(series.acks), step(series.window), step(series.cwnd)],
    segTimes: column(segs, (s) => s.timeNs),
    segLow: column(segs, (s) => s.seq),
    segHigh: column(segs, (s) => s.end),
  };
}

/** The first index whose time is after `t` (or, `inclusive`, at or after it). */
function after(times: Float64Array, t: number, inclusive = false): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (times[mid] < t || (!inclusive && times[mid] === t)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Pixels between the times sampled across a label: a step line's riser between two samples is
 * caught by the values either side of it. */
const SAMPLE_PX = 6;
/** Points (a line's steps, segments) weighed in one sample's interval at most, spread over it: a
 * long run's label spans thousands, and the placement runs at every frame of playback. */
const POINTS_PER_SAMPLE = 32;
/** The lines' half-width, about, and a pixel's clearance. */
const LINE_PAD_PX = 2;

/**
 * Whether any line drawn by `untilNs` (the playhead: the lines are cut there) crosses the box
 * [boxTop, boxBottom] in pixels between times fromNs and toNs. `y` maps a sequence number to its
 * pixel; `pxPerNs` samples the span about every SAMPLE_PX.
 */
export function linesCross(
  index: LineIndex,
  fromNs: number,
  toNs: number,
  untilNs: number,
  pxPerNs: number,
  y: (seq: number) => number,
  boxTop: number,
  boxBottom: number,
): boolean {
  const end = Math.min(toNs, untilNs);
  if (!(end > fromNs)) return false;
  const crosses = (low: number, high: number) =>
    y(high) - LINE_PAD_PX <= boxBottom && y(low) + LINE_PAD_PX >= boxTop;
  const samples = Math.max(1, Math.ceil(((end - fromNs) * pxPerNs) / SAMPLE_PX));
  const dt = (end - fromNs) / samples;
  for (let k = 0; k < samples; k++) {
    const t0 = fromNs + k * dt;
    const t1 = k === samples - 1 ? end : t0 + dt;
    for (const { times, values } of index.steps) {
      // From the value held at t0 through those taken up to t1, each step's riser to the next
      // weighed (spread over them, as the segments are).
      const first = Math.max(0, after(times, t0) - 1);
      const last = after(times, t1);
      const stride = Math.max(1, Math.ceil((last - first) / POINTS_PER_SAMPLE));
      for (let i = first; i < last; i += stride) {
        const [a, b] = [values[i], values[Math.min(i + stride, last - 1)]];
        if (crosses(Math.min(a, b), Math.max(a, b))) return true;
      }
    }
    const first = after(index.segTimes, t0, true);
    const last = after(index.segTimes, t1);
    const stride = Math.max(1, Math.ceil((last - first) / POINTS_PER_SAMPLE));
    for (let i = first; i < last; i += stride) if (crosses(index.segLow[i], index.segHigh[i])) return true;
  }
  return false;
}
