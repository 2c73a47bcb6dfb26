// A zoomed time-sequence plot's sequence axis fits the data sent in the window, not the whole run.
import { describe, expect, it } from 'vitest';
import { zoomedRange, type SegmentBar, type StepPoint, type TspSeries } from '../src/views/tspSeries';

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
