// The time-sequence plot's ACK, window and cwnd lines are drawn on the outside of the data's ink:
// no segment's bar, as drawn (its least height, its end ticks), reaches into the ACK line's stroke
// below it or the window's and cwnd's above it. On a long run the four are a pixel or two apart.
import { describe, expect, it } from 'vitest';
import { scaleLinear } from 'd3';
import { ackLinePx, dataInk, limitLinePx } from '../src/views/tspRibbon';
import { tspSeries, type StepPoint } from '../src/views/tspSeries';
import { run } from './support/trace';

const LINE_PX = 1.2;

/** A step line's value at `ns` (its last point by then), or null before its first. */
function at(points: ReadonlyArray<readonly [number, number]>, ns: number): number | null {
  let value: number | null = null;
  for (const [t, v] of points) {
    if (t > ns) break;
    value = v;
  }
  return value;
}

/** How far into each line's stroke the data's drawn bars reach, at most, in pixels (0: none). */
function overlaps(query: string, heightPx: number, tickStrokePx: number, minBarPx: number) {
  const series = tspSeries(run(query), 0);
  const y = scaleLinear().domain([0, series.maxSeq]).range([heightPx, 0]);
  const longest = Math.max(...series.segments.map((s) => s.end - s.seq));
  const ink = dataInk(tickStrokePx, minBarPx, y(0) - y(longest));
  const ack = ackLinePx(series.acks, y, ink, LINE_PX);
  const limits = [series.window, series.cwnd].map((line: StepPoint[]) => limitLinePx(line, y, ink, LINE_PX));
  let below = 0;
  let above = 0;
  let checked = 0;
  for (const s of series.segments.filter((s) => !s.retransmit)) {
    const bottomInk = y(s.seq) + tickStrokePx / 2;
    const topInk = Math.min(y(s.end), y(s.seq) - minBarPx) - tickStrokePx / 2;
    const ackAt = at(ack, s.timeNs);
    if (ackAt !== null) below = Math.max(below, bottomInk - (ackAt - LINE_PX / 2));
    for (const line of limits) {
      const lineAt = at(line, s.timeNs);
      if (lineAt !== null) above = Math.max(above, lineAt + LINE_PX / 2 - topInk);
    }
    checked++;
  }
  return { below, above, checked, cwndAboveAckPx: medianGapPx(series, y) };
}

/** How far above the ACK line the cwnd line's value is, in the middle of the run, in pixels. */
function medianGapPx(series: ReturnType<typeof tspSeries>, y: (v: number) => number): number {
  const gaps = series.cwnd.map((p) => {
    const ack = at(
      series.acks.map((a) => [a.timeNs, a.value] as const),
      p.timeNs,
    );
    return ack === null ? Infinity : y(ack) - y(p.value);
  });
  return gaps.sort((a, b) => a - b)[gaps.length >> 1];
}

describe("the time-sequence plot's lines beside its data", () => {
  it("keep off a bulk transfer's bars, where cwnd is under a pixel above the ACK line", () => {
    // 5 MB over the WAN at 1% loss on a 230 px plot, drawn dense (bare bars, 2 px at least).
    const { below, above, checked, cwndAboveAckPx } = overlaps(
      'objects=5000000&flush=none&link=wan&loss=1',
      230,
      0,
      2,
    );
    expect(checked).toBeGreaterThan(3000);
    expect(cwndAboveAckPx).toBeLessThan(1);
    // Drawn on their values, each line's stroke lay over the bars (half its width and more).
    expect(below).toBeLessThanOrEqual(1e-9);
    expect(above).toBeLessThanOrEqual(1e-9);
  });

  it("keep off a small run's ticked bars, and move by no more than a tick and their width", () => {
    // Heidemann's odd final segment: ten segments on a 230 px plot, bars with 1.6 px end ticks.
    const { below, above, checked } = overlaps('preset=heidemann-odd-final', 230, 1.6, 1);
    expect(checked).toBe(10);
    expect(below).toBeLessThanOrEqual(1e-9);
    expect(above).toBeLessThanOrEqual(1e-9);
    const series = tspSeries(run('preset=heidemann-odd-final'), 0);
    const y = scaleLinear().domain([0, series.maxSeq]).range([230, 0]);
    const ink = dataInk(1.6, 1, y(0) - y(1460));
    expect(ink).toEqual({ belowPx: 0.8, abovePx: 0.8 });
    const [first] = ackLinePx(series.acks, y, ink, LINE_PX);
    expect(first[1] - y(series.acks[0].value)).toBeCloseTo(0.8 + LINE_PX / 2, 9);
  });
});
