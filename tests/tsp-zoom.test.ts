// A zoomed time-sequence plot's sequence axis fits the data sent in the window, not the whole run;
// the whole plot's fits the data and the lines close above it, not a window far above.
import { describe, expect, it } from 'vitest';
import { runQuery } from '../src/scenario';
import { connectionSeries } from '../src/views/streamSeries';
import { byteAxisBetween } from '../src/views/axisTicks';
import {
  packetsBetween,
  runsAbove,
  seriesTop,
  zoomedRange,
  type SegmentBar,
  type StepPoint,
  type TspSeries,
} from '../src/views/tspSeries';
import { zoomedWindow } from '../src/views/tspTimeAxis';

const MS = 1e6;

function segment(atMs: number, seq: number, len = 1000): SegmentBar {
  return { index: 0, timeNs: atMs * MS, seq, end: seq + len, retransmit: false, dropped: false };
}

const steps = (...points: Array<[number, number]>): StepPoint[] =>
  points.map(([atMs, value]) => ({ timeNs: atMs * MS, value }));

/** A steady transfer: a segment every ms from 0 to 99 ms, each ACKed 10 ms later, a window far above. */
function transfer(cwnd: StepPoint[]): TspSeries {
  const segments = Array.from({ length: 100 }, (_, i) => segment(i, 1 + i * 1000));
  const acks = steps(...segments.map((s): [number, number] => [s.timeNs / MS + 10, s.end]));
  return {
    segments,
    acks,
    window: steps(...acks.map((a): [number, number] => [a.timeNs / MS, a.value + 10_000_000])),
    cwnd,
    sacks: [],
    maxSeq: 100_001,
  };
}

describe('a zoomed sequence axis', () => {
  it('spans the segments sent and the ACK line in the window, with a small margin', () => {
    const [low, high] = zoomedRange(transfer([]), 40 * MS, 50 * MS)!;
    // Segments 40..50 reach 40_001..51_001; the ACK line holds 31_001 (segment 30's end) at 40 ms.
    expect(low).toBeLessThan(31_001);
    expect(high).toBeGreaterThan(51_001);
    expect(high - low).toBeLessThan((51_001 - 31_001) * 1.1);
  });

  it('keeps a cwnd line close above the data in view, and lets one far above run off the top', () => {
    const near = zoomedRange(transfer(steps([0, 60_000])), 40 * MS, 50 * MS)!;
    expect(near[1]).toBeGreaterThan(60_000);
    const far = zoomedRange(transfer(steps([0, 500_000])), 40 * MS, 50 * MS)!;
    expect(far[1]).toBeLessThan(60_000);
    // The advertised window, 10 MB above, is never what the axis fits.
    expect(far[1]).toBeLessThan(1_000_000);
  });

  it('has nothing to fit before the connection sent or heard anything', () => {
    const series = transfer([]);
    series.segments = series.segments.map((s) => ({ ...s, timeNs: s.timeNs + 1000 * MS }));
    series.acks = series.acks.map((a) => ({ ...a, timeNs: a.timeNs + 1000 * MS }));
    expect(zoomedRange(series, 0, 500 * MS)).toBeNull();
  });
});

describe("the whole plot's sequence axis", () => {
  it('Wang et al. over HTTP/2: fits the 140 KB of data and the cwnd line, not the 1 MB window', () => {
    const series = connectionSeries(runQuery('preset=wang-spdy').trace!, 0, null);
    const data = Math.max(...series.segments.map((s) => s.end));
    const windowTop = Math.max(...series.window.map((p) => p.value));
    expect(windowTop).toBeGreaterThan(5 * data);
    const top = seriesTop(series);
    expect(top).toBeGreaterThanOrEqual(data);
    expect(top).toBeLessThan(2 * data); // the data fills at least half the plot
    expect(top).toBe(Math.max(...series.cwnd.map((p) => p.value))); // ACK + cwnd, close above
    // The window runs above the plot from start to end: the legend says so.
    expect(runsAbove(series.window, top * 1.04, 0, Infinity)).toBe(true);
    expect(runsAbove(series.cwnd, top * 1.04, 0, Infinity)).toBe(false);
  });

  it('keeps a window that limits the sender in view (an 8 KB window over a WAN caps the transfer)', () => {
    const series = connectionSeries(
      runQuery('link=wan&objects=200000&flush=none&window=8192').trace!,
      0,
      null,
    );
    const windowTop = Math.max(...series.window.map((p) => p.value));
    expect(seriesTop(series)).toBeGreaterThanOrEqual(windowTop);
    expect(runsAbove(series.window, seriesTop(series) * 1.04, 0, Infinity)).toBe(false);
  });
});

describe("the plot's Zoom in and Zoom out buttons", () => {
  const END = 731 * MS;
  const whole: [number, number] = [0, END];

  it('at the end of the run, where the playhead opens, zoom in to the last half, not the last quarter', () => {
    expect(zoomedWindow(whole, END, END, 2)).toEqual([END / 2, END]);
  });

  it('and zoom out from there gives the whole run back', () => {
    const inOnce = zoomedWindow(whole, END, END, 2)!;
    expect(zoomedWindow(inOnce, END, END, 0.5)).toBeNull();
    const inTwice = zoomedWindow(inOnce, END, END, 2)!;
    expect(inTwice).toEqual([(3 * END) / 4, END]);
    expect(zoomedWindow(inTwice, END, END, 0.5)).toEqual(inOnce);
  });

  it('centre the window on a playhead in the middle, and keep it inside the run near the start', () => {
    expect(zoomedWindow(whole, 300 * MS, END, 2)).toEqual([300 * MS - END / 4, 300 * MS + END / 4]);
    expect(zoomedWindow(whole, 10 * MS, END, 2)).toEqual([0, END / 2]);
  });
});

describe('a zoomed window holding none of the series’ packets', () => {
  it('has no range of its own to fit (a flat ACK line held from before): the whole axis is kept', () => {
    // The transfer's last ACK arrives at 109 ms; from 200 ms on only its value is held.
    expect(zoomedRange(transfer([]), 200 * MS, 300 * MS)).toBeNull();
    expect(packetsBetween(transfer([]), 200 * MS, 300 * MS)).toBe(0);
    expect(packetsBetween(transfer([]), 105 * MS, 300 * MS)).toBe(5);
  });

  it('never spans less than 100 bytes: a lone FIN had had ticks a byte apart', () => {
    const series = transfer([]);
    series.segments = [segment(5, 6209, 1)];
    series.acks = steps([1, 6209]);
    const [low, high] = zoomedRange(series, 0, 10 * MS)!;
    expect(high - low).toBeGreaterThanOrEqual(100);
    expect(low).toBeLessThanOrEqual(6209);
    expect(high).toBeGreaterThanOrEqual(6210);
    const axis = byteAxisBetween(low, high, 6);
    expect(axis.ticks[1].value - axis.ticks[0].value).toBeGreaterThanOrEqual(10);
  });

  it('an HTTP/3 stream long finished, in a window at the run’s end: no 1-byte axis', () => {
    const series = connectionSeries(runQuery('v=1&link=lte&page=almanac24&http=3').trace!, 0, 8);
    const [from, to] = [1098.6 * MS, 1464.8 * MS];
    expect(series.segments.length).toBeGreaterThan(0);
    expect(packetsBetween(series, from, to)).toBe(0);
    expect(zoomedRange(series, from, to)).toBeNull();
  });
});

describe('zooming while following a stream', () => {
  const END = 1464.8 * MS;
  const whole: [number, number] = [0, END];
  const stream: [number, number] = [200 * MS, 350 * MS];
  const overlaps = (w: [number, number] | null, s: [number, number]) =>
    w !== null && w[0] < s[1] && w[1] > s[0];

  it('with the playhead at the run’s end, long after the stream, zooms in about the stream', () => {
    const once = zoomedWindow(whole, END, END, 2, stream)!;
    expect(overlaps(once, stream)).toBe(true);
    const twice = zoomedWindow(once, END, END, 2, stream)!;
    expect(twice[1] - twice[0]).toBeCloseTo(END / 4, -3);
    // The stream's whole span lies in the window (centred on its middle, 275 ms).
    expect(twice[0]).toBeLessThanOrEqual(stream[0]);
    expect(twice[1]).toBeGreaterThanOrEqual(stream[1]);
    // A playhead within the stream's span is where it zooms, as without one.
    const later: [number, number] = [900 * MS, 1100 * MS];
    expect(zoomedWindow(whole, 1000 * MS, END, 2, later)).toEqual([1000 * MS - END / 4, 1000 * MS + END / 4]);
  });

  it('from a window without the stream (a link’s), zooms in to one about its middle', () => {
    const w = zoomedWindow([1098.6 * MS, END], END, END, 2, stream)!;
    expect((w[0] + w[1]) / 2).toBeCloseTo(275 * MS, -3);
  });
});
