// The time-sequence plot of a QUIC connection: QUIC acknowledges packet numbers in ranges, not a
// byte offset. For one stream the ACK line is the end of its bytes acknowledged without a gap, and
// a loss holds it at the lost bytes until their new packet is acknowledged; for the whole
// connection (resent data goes out as new bytes) it is the bytes acknowledged so far.
import { describe, expect, it } from 'vitest';
import type { Trace } from '../src/engine/trace';
import { quicTspSeries } from '../src/views/quicSeries';
import { streamsOf } from '../src/views/streams';
import type { TspSeries } from '../src/views/tspSeries';
import { run } from './support/trace';

const PAGE = 'rtt=50&bw=10000000&nagle=0&iw=10&page=custom&objects=5000,30000,800,12000&http=3&cert=2000';

/** Bytes of stream `id` the server sent, once each. */
function streamBytes(trace: Trace, id: number): number {
  let end = 0;
  for (const p of trace.packets)
    if (p.dir === 's2c')
      for (const q of p.quic?.packets ?? [])
        for (const [sid, off, len] of q.streams ?? []) if (sid === id) end = Math.max(end, off + len);
  return end;
}

const last = (s: TspSeries) => s.acks[s.acks.length - 1].value;

/** Sent early enough to be acknowledged before the client closed: received more than
 * max_ack_delay (25 ms) before its last packet (half the 50 ms RTT to arrive, and a margin). */
function ackDue(trace: Trace, atNs: number): boolean {
  const closeNs = Math.max(...trace.packets.filter((p) => p.dir === 'c2s').map((p) => p.sendNs));
  return atNs < closeNs - 60e6;
}
/** The end of the bytes delivered early enough to be acknowledged. */
function dueAck(trace: Trace, s: TspSeries): number {
  return Math.max(0, ...s.segments.filter((g) => !g.dropped && ackDue(trace, g.timeNs)).map((g) => g.end));
}

function expectRising(s: TspSeries): void {
  for (let i = 1; i < s.acks.length; i++) {
    expect(s.acks[i].value).toBeGreaterThan(s.acks[i - 1].value);
    expect(s.acks[i].timeNs).toBeGreaterThanOrEqual(s.acks[i - 1].timeNs);
  }
}

describe('QUIC time-sequence plot', () => {
  it('the whole connection: every data byte is drawn, and the ACK line climbs to the last of them', () => {
    const trace = run(PAGE);
    const s = quicTspSeries(trace, 0, null);
    const dataBytes = trace.packets.filter((p) => p.dir === 's2c').reduce((sum, p) => sum + p.len, 0);
    expect(s.segments.reduce((sum, g) => sum + g.end - g.seq, 0)).toBe(dataBytes);
    expect(s.segments.every((g) => !g.retransmit && !g.dropped)).toBe(true);
    expectRising(s);
    expect(last(s)).toBeGreaterThanOrEqual(dueAck(trace, s));
    expect(last(s)).toBeLessThanOrEqual(s.maxSeq);
    expect(s.cwnd.length).toBeGreaterThan(0);
    // an ACK never covers bytes that had not yet left
    for (const a of s.acks) {
      const sentBy = Math.max(0, ...s.segments.filter((g) => g.timeNs <= a.timeNs).map((g) => g.end));
      expect(a.value).toBeLessThanOrEqual(sentBy);
    }
  });

  it('the whole connection under loss: resent packets are marked, and the ACK line climbs past the losses', () => {
    let checked = 0;
    let early = 0;
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const trace = run(`${PAGE}&loss=3&seed=${seed}`);
      const s = quicTspSeries(trace, 0, null);
      const firstLost = s.segments.find((g) => g.dropped);
      if (!firstLost) continue;
      expect(s.segments.some((g) => g.retransmit)).toBe(true);
      expectRising(s);
      // the bytes delivered in time to be acknowledged, less the few whose ACKs were all lost
      const due = s.segments
        .filter((g) => !g.dropped && ackDue(trace, g.timeNs))
        .reduce((sum, g) => sum + g.end - g.seq, 0);
      expect(last(s)).toBeGreaterThanOrEqual(0.9 * due);
      checked++;
      // a loss early in the run: the line goes on past it (it does not wait at the hole)
      if (firstLost.end < 0.8 * due) {
        expect(last(s)).toBeGreaterThan(firstLost.end);
        early++;
      }
    }
    expect(checked).toBeGreaterThan(2);
    expect(early).toBeGreaterThan(0);
  });

  it("one stream: its own bytes, 0 to the response's length, acknowledged to the end", () => {
    const trace = run(PAGE);
    const streams = streamsOf(trace, 0).map((x) => x.stream);
    expect(streams).toEqual([0, 4, 8, 12]);
    const bodies = [5000, 30000, 800, 12000];
    streams.forEach((id, i) => {
      const s = quicTspSeries(trace, 0, id);
      expect(Math.min(...s.segments.map((g) => g.seq))).toBe(0);
      expect(s.maxSeq).toBe(streamBytes(trace, id));
      // the body, with its HEADERS (QPACK) and DATA frames' headers
      expect(s.maxSeq).toBeGreaterThan(bodies[i]);
      expect(s.maxSeq).toBeLessThan(bodies[i] + 300);
      expectRising(s);
      expect(last(s)).toBeGreaterThanOrEqual(dueAck(trace, s));
    });
  });

  it('a lost packet holds its stream’s ACK line at the hole until the bytes, resent, are acknowledged', () => {
    const lossy = [1, 2, 3, 4, 5, 6, 7, 8].map((seed) => run(`${PAGE}&loss=3&seed=${seed}`));
    let held = 0;
    let passed = 0;
    for (const trace of lossy)
      for (const { stream } of streamsOf(trace, 0)) {
        const s = quicTspSeries(trace, 0, stream);
        const lost = s.segments.find((g) => g.dropped);
        if (!lost) continue;
        const resent = s.segments.find(
          (g) => g.retransmit && !g.dropped && g.seq <= lost.seq && g.end > lost.seq,
        );
        expect(resent).toBeDefined();
        // until the resent bytes can have been acknowledged, the line stays at or below the hole
        for (const a of s.acks) if (a.timeNs <= resent!.timeNs) expect(a.value).toBeLessThanOrEqual(lost.seq);
        held++;
        // resent in time to be acknowledged before the client closed (a tail resent later is not)
        if (ackDue(trace, resent!.timeNs)) {
          expect(last(s)).toBeGreaterThan(lost.seq);
          passed++;
        }
      }
    expect(held).toBeGreaterThan(3);
    expect(passed).toBeGreaterThan(1);
  });

  it('with a flow-control window chosen, the dashed line is how far the limits let the server send: the bars reach it and never pass it', () => {
    const query = 'http=3&link=lte&objects=400000,30000&h3window=32768';
    const trace = run(query);
    // The line's value when a bar left: the last point at or before it.
    const lineAt = (s: TspSeries, t: number) => s.window.filter((w) => w.timeNs <= t).at(-1)?.value;
    for (const stream of [null, 0]) {
      const s = quicTspSeries(trace, 0, stream);
      expect(s.windowIsFlowControl).toBe(true);
      expect(s.window.length).toBeGreaterThan(10);
      let touched = 0;
      for (const g of s.segments) {
        const limit = lineAt(s, g.timeNs);
        expect(limit, `${stream} at ${g.timeNs}`).toBeDefined();
        expect(g.end, `${stream} at ${g.timeNs}`).toBeLessThanOrEqual(limit!);
        if (g.end === limit) touched++;
      }
      // Held by flow control about once a round trip: the bars meet the line again and again.
      expect(touched).toBeGreaterThan(10);
    }
    // A browser's window is not modelled: no line, as before.
    const free = quicTspSeries(run('http=3&link=lte&objects=400000,30000'), 0, null);
    expect(free.window).toEqual([]);
    expect(free.windowIsFlowControl).toBeUndefined();
  });
});
