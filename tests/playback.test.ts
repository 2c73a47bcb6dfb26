// Playback with idle gaps folded: a stall is waited through on screen, not flashed past; the
// whole run still plays in the 15 s the speed menu promises; and the words beside the menu add up
// to that promise.
import { describe, expect, it } from 'vitest';
import { runQuery } from '../src/scenario';
import { advance, speedFor, speedMeaning, type SpeedMode } from '../src/ui/state/playbackModel';
import { idleGaps, runEndNs, type Gap } from '../src/views/timeScale';

const FRAME_MS = 1000 / 60;

/** Play [0, endNs] frame by frame at 60 frames a second: seconds on screen, in all and inside [from, to). */
function play(mode: SpeedMode, endNs: number, gaps: Gap[], from = 0, to = 0) {
  const speed = speedFor(mode, endNs, gaps);
  let t = 0;
  let frames = 0;
  let inside = 0;
  while (t < endNs) {
    const next = advance(t, FRAME_MS, speed, gaps);
    // The share of this frame spent inside [from, to), the cursor moving evenly over it.
    const overlap = Math.max(0, Math.min(next, to) - Math.max(t, from));
    if (next > t) inside += overlap / (next - t);
    t = next;
    frames++;
  }
  return { seconds: (frames * FRAME_MS) / 1000, insideS: (inside * FRAME_MS) / 1000, speed };
}

const seconds = (amount: string, unit: string) => Number(amount) / (unit === 'ms' ? 1000 : 1);

describe('playback with idle gaps folded', () => {
  // The default page: 523 ms, of which three folded gaps (the 116 ms delayed-ACK stall and two
  // Nagle stalls of about 190 ms) are 500 ms; the rest is 23 ms of handshake, requests and data.
  const { trace } = runQuery('');
  const endNs = runEndNs(trace);
  const gaps = idleGaps([trace], endNs);
  const stall = trace.stalls.find((s) => s.cause === 'delayed-ack')!;

  it('waits through the delayed-ACK stall and still plays the whole run in 15 s', () => {
    expect(gaps).toHaveLength(3);
    const { seconds: total, insideS } = play('fit', endNs, gaps, stall.startNs, stall.endNs);
    expect(total).toBeGreaterThan(14.7);
    expect(total).toBeLessThan(15.3);
    // The stall the callout names takes a visible wait (it had passed in half a second, while the
    // first 5 ms of the run took three).
    expect(insideS).toBeGreaterThanOrEqual(2);
    expect(insideS / total).toBeGreaterThan(0.12);
  });

  it('says a rate that, with the folded gaps it names, adds up to the time the run plays in', () => {
    const { seconds: total, speed } = play('fit', endNs, gaps);
    const words = speedMeaning(speed, gaps);
    const said = words.match(
      /^1 s on screen = ([\d.]+)\s(ms|s) of the run; the (\d+) folded gaps take ([\d.]+)\s(ms|s) each$/,
    );
    expect(said, words).not.toBeNull();
    const [, rate, rateUnit, count, gapTime, gapUnit] = said!;
    expect(Number(count)).toBe(gaps.length);
    const foldedNs = gaps.reduce((sum, g) => sum + g.endNs - g.startNs, 0);
    const claimed =
      (endNs - foldedNs) / 1e9 / seconds(rate, rateUnit) + Number(count) * seconds(gapTime, gapUnit);
    expect(Math.abs(claimed - total) / total).toBeLessThan(0.03);
  });

  it('keeps the 15 s when a run has many folded gaps, and says when a gap is short enough to play at the rate', () => {
    // 20 gaps of 40 ms, each after 10 ms of traffic: a second in all.
    const many: Gap[] = Array.from({ length: 20 }, (_, i) => ({
      startNs: (i * 50 + 10) * 1e6,
      endNs: (i + 1) * 50 * 1e6,
    }));
    const { seconds: total } = play('fit', 1e9, many);
    expect(total).toBeGreaterThan(14.7);
    expect(total).toBeLessThan(15.3);
    // In real time the default page's gaps (under 200 ms each) pass at the real rate: no hurry to name.
    expect(speedMeaning(speedFor('real', endNs, gaps), gaps)).toBe('1 s on screen = 1\u00a0s of the run');
  });

  it("plays a frame that crosses the end of a gap at the gap's pace to its end, then at the rate", () => {
    // 100 ms folded between 1 ms of traffic at each end: the gap takes 2 s, so 50 µs a ms.
    const gap: Gap = { startNs: 1e6, endNs: 101e6 };
    const speed = speedFor('fit', 102e6, [gap]);
    const gapNsPerMs = (gap.endNs - gap.startNs) / 2000;
    // From 1 ms before the gap's end, a frame 10 ms longer than the rest of the gap takes.
    const after = advance(gap.endNs - 1e6, 1e6 / gapNsPerMs + 10, speed, [gap]);
    // Past the gap by 10 ms at the rate, not at the gap's pace (which skipped the run's last packets).
    expect(after - gap.endNs).toBeCloseTo(10 * speed * 1e6, 0);
  });
});
