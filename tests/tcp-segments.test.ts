// One TCP endpoint driven segment by segment: the send rule, delayed ACKs, Reno and the
// retransmission timeout, each pinned by what goes out in answer to what comes in.
import { describe, expect, it } from 'vitest';
import { FLAG } from '../src/engine/trace';
import { MSS, TcpHarness } from './support/tcpHarness';

describe('send rule', () => {
  it('Nagle holds a short segment while earlier data is unacknowledged', () => {
    const h = new TcpHarness({ initialWindow: '10' }).open();
    h.write(100);
    h.expectSegment({ seq: 1, len: 100, reason: 'data' });
    h.write(100);
    h.expectNothing();
    h.sendAck(101);
    h.expectSegment({ seq: 101, len: 100, reason: 'data' });
  });

  it('without Nagle the short segment goes at once', () => {
    const h = new TcpHarness({ initialWindow: '10', nagle: false }).open();
    h.write(100).write(100);
    expect(h.takeData()).toEqual(['1:101', '101:201']);
  });

  it('a full segment goes even with data unacknowledged; the short tail waits', () => {
    const h = new TcpHarness({ initialWindow: '10' }).open();
    h.write(100);
    h.expectSegment({ seq: 1, len: 100 });
    h.write(MSS + 50);
    expect(h.takeData()).toEqual([`101:${101 + MSS}`]);
  });
});

describe('delayed ACK', () => {
  it('fixed: one segment is acknowledged when the timer runs out', () => {
    const h = new TcpHarness({ delack: 'fixed' }).open();
    h.sendSegment({ seq: 1, len: 100 });
    h.expectNothing();
    h.advanceMs(199);
    h.expectNothing();
    h.advanceMs(1);
    const ack = h.expectSegment({ ack: 101, len: 0, reason: 'ack-delayed' });
    expect(ack.atNs).toBe(200e6);
  });

  it('bsd: the ACK leaves at the next tick of the host clock, not 200 ms after the data', () => {
    const h = new TcpHarness({ delack: 'bsd', delackPhaseNs: 50e6 }).open(); // ticks at 50, 250, ...
    h.sendSegment({ seq: 1, len: 100 });
    h.advanceMs(60);
    h.expectSegment({ ack: 101, reason: 'ack-delayed' });
  });

  it('two full segments are acknowledged at once', () => {
    const h = new TcpHarness({ delack: 'fixed' }).open();
    h.sendSegment({ seq: 1, len: MSS });
    h.expectNothing();
    h.sendSegment({ seq: 1 + MSS, len: MSS });
    h.expectSegment({ ack: 1 + 2 * MSS, reason: 'ack-now' });
  });

  it('a segment that fills part of a gap is acknowledged at once (RFC 5681 4.2), not held for the timer', () => {
    const h = new TcpHarness({ delack: 'fixed' }).open();
    h.sendSegment({ seq: 1 + 2 * MSS, len: MSS }); // two segments lost before it
    h.expectSegment({ ack: 1, reason: 'ack-now' });
    h.sendSegment({ seq: 1, len: MSS }); // the first hole's repair: the second is still open
    const ack = h.expectSegment({ ack: 1 + MSS, len: 0, reason: 'ack-now' });
    expect(ack.atNs).toBe(0);
    h.sendSegment({ seq: 1 + MSS, len: MSS }); // the gap closes: everything held is acknowledged
    h.expectSegment({ ack: 1 + 3 * MSS, reason: 'ack-now' });
    // In order again, nothing held: one segment waits for the timer as before.
    h.sendSegment({ seq: 1 + 3 * MSS, len: 100 });
    h.expectNothing();
    h.advanceMs(200);
    h.expectSegment({ ack: 1 + 3 * MSS + 100, reason: 'ack-delayed' });
  });

  it('off: every segment is acknowledged at once', () => {
    const h = new TcpHarness({ delack: 'off' }).open();
    h.sendSegment({ seq: 1, len: 100 });
    h.expectSegment({ ack: 101, reason: 'ack-now' });
  });
});

describe('Reno', () => {
  it('slow start: each ACK of a segment releases two', () => {
    const h = new TcpHarness({ initialWindow: '1', nagle: false }).open();
    h.write(20 * MSS);
    expect(h.takeData()).toEqual([`1:${1 + MSS}`]);
    h.sendAck(1 + MSS);
    expect(h.takeData()).toHaveLength(2);
    h.sendAck(1 + 2 * MSS);
    expect(h.takeData()).toHaveLength(2);
    expect(h.tcp.cc.cwnd).toBe(3 * MSS);
  });

  it('the ACK of the SYN opens the window by one segment with iw=2 (BSD)', () => {
    const h = new TcpHarness({ initialWindow: '2' }).open();
    h.write(10 * MSS);
    expect(h.takeData()).toHaveLength(2);
  });

  it('three duplicate ACKs retransmit the first unacknowledged segment, then recover', () => {
    const h = new TcpHarness({ initialWindow: '10', nagle: false }).open();
    h.write(12 * MSS);
    expect(h.takeData()).toHaveLength(10);
    h.sendAck(1 + MSS).takeData(); // segment 2 is lost: the rest bring duplicates
    const cwnd = h.tcp.cc.cwnd;
    h.sendAck(1 + MSS).sendAck(1 + MSS);
    h.expectNothing();
    h.sendAck(1 + MSS);
    h.expectSegment({ seq: 1 + MSS, len: MSS, reason: 'fast-retransmit' });
    const ssthresh = h.tcp.cc.ssthresh;
    expect(ssthresh).toBe(Math.floor(cwnd / 2 / MSS) * MSS);
    expect(h.tcp.cc.cwnd).toBe(ssthresh + 3 * MSS);
    // The hole filled: deflate to ssthresh, and then, as 4.4BSD opens the window on every ACK of
    // new data (tcp_input.c: `if (cw > snd_ssthresh)` linear, else a full segment), one more.
    h.sendAck(1 + 10 * MSS);
    expect(h.tcp.cc.cwnd).toBe(ssthresh + MSS);
    // Above ssthresh the window grows by MSS * MSS / cwnd per ACK.
    h.sendAck(1 + 11 * MSS);
    expect(h.tcp.cc.cwnd).toBe(ssthresh + MSS + Math.floor((MSS * MSS) / (ssthresh + MSS)));
  });

  it('slow start runs up to ssthresh and one segment past it, as in 4.4BSD', () => {
    // After a timeout ssthresh is half the window; slow start doubles up to it, and the ACK that
    // finds cwnd equal to ssthresh still adds a whole segment (cw > snd_ssthresh is false).
    const h = new TcpHarness({ initialWindow: '4k', nagle: false }).open();
    h.write(40 * MSS);
    expect(h.takeData()).toHaveLength(4);
    h.advanceMs(1000); // the timeout at the 1 s floor: ssthresh = half of 4 segments, cwnd = 1
    expect(h.takeData()).toEqual([`1:${1 + MSS}`]);
    expect(h.tcp.cc.ssthresh).toBe(2 * MSS);
    h.sendAck(1 + MSS); // cwnd 1 < ssthresh 2: a full segment
    expect(h.tcp.cc.cwnd).toBe(2 * MSS);
    h.sendAck(1 + 2 * MSS); // cwnd == ssthresh: still a full segment
    expect(h.tcp.cc.cwnd).toBe(3 * MSS);
    h.sendAck(1 + 3 * MSS); // now above: linear
    expect(h.tcp.cc.cwnd).toBe(3 * MSS + Math.floor((MSS * MSS) / (3 * MSS)));
  });

  it('records what was sent when, and which segments were retransmitted, for a controller that reads them', () => {
    const h = new TcpHarness({ initialWindow: '10', nagle: false, congestionControl: 'newreno' }).open();
    h.write(4 * MSS);
    h.sendAck(1 + MSS);
    h.sendAck(1 + MSS)
      .sendAck(1 + MSS)
      .sendAck(1 + MSS);
    const flight = h.tcp.snd.inFlight.map((r) => [r.seq, r.retransmitted]);
    expect(flight).toEqual([
      [1 + MSS, true],
      [1 + 2 * MSS, false],
      [1 + 3 * MSS, false],
    ]);
  });

  it('keeps no send records when nothing reads them (Reno without SACK)', () => {
    const h = new TcpHarness({ initialWindow: '10', nagle: false }).open();
    h.write(4 * MSS);
    expect(h.takeData()).toHaveLength(4);
    expect(h.tcp.snd.inFlight).toEqual([]);
  });
});

describe('retransmission timeout', () => {
  it('fires after the initial RTO, cuts cwnd to one segment, and backs off', () => {
    const h = new TcpHarness({ initialWindow: '4k', nagle: false, initialRtoNs: 3000e6 }).open();
    h.write(3 * MSS);
    expect(h.takeData()).toHaveLength(3);
    // The SYN's round trip took no time: the estimate sits at the floor, 1 s.
    h.advanceMs(999);
    h.expectNothing();
    h.advanceMs(1);
    h.expectSegment({ seq: 1, len: MSS, reason: 'retransmit', flags: FLAG.ACK });
    expect(h.tcp.cc.cwnd).toBe(MSS);
    expect(h.tcp.cc.ssthresh).toBe(2 * MSS);
    h.advanceMs(1999);
    h.expectNothing();
    h.advanceMs(1);
    h.expectSegment({ seq: 1, len: MSS, reason: 'retransmit' });
    expect(h.trace.timers.filter((t) => t.timer === 'rto').map((t) => t.backoff)).toEqual([1, 2]);
  });

  it("a reset after a reply is late cuts short a wait for the timer: that wait is the timeout's", () => {
    // One round trip of 10 ms measured: a reply is late after srtt + 4 rttvar (11.25 ms here).
    const lostSegmentThenReset = (resetAfterMs: number) => {
      const h = new TcpHarness({ nagle: false, minRtoNs: 10_000e6 }).labelStalls();
      h.open();
      h.write(MSS);
      h.takeData();
      h.advanceMs(10);
      h.sendAck(1 + MSS);
      h.write(MSS); // lost: no ACK will come, and the 10 s timer is far off
      h.takeData();
      const sentNs = h.sim.now;
      h.advanceMs(resetAfterMs);
      h.sendSegment({ seq: 1, flags: FLAG.RST, reason: 'rst' });
      return h.rtoWaits(sentNs);
    };
    expect(lostSegmentThenReset(500)).toEqual([[0, 500e6]]);
    // A reset within the round trip answers the segment itself (a stale connection): no timer was awaited.
    expect(lostSegmentThenReset(5)).toEqual([]);
  });

  it('a reset late after what we last sent cuts short a wait for the timer, though an ACK came since', () => {
    // One round trip of 10 ms measured (a reply is late after 11.25 ms), then four segments, the
    // second lost: 5 ms later the first is acknowledged and two duplicate ACKs follow (too few to
    // retransmit), and nothing more can come; the 10 s timer is far off. The peer resets.
    const secondLostThenReset = (resetAfterMs: number) => {
      const h = new TcpHarness({ nagle: false, initialWindow: '10', minRtoNs: 10_000e6 }).labelStalls();
      h.open();
      h.write(MSS);
      h.advanceMs(10);
      h.sendAck(1 + MSS);
      h.write(4 * MSS);
      expect(h.takeData()).toHaveLength(5);
      const sentNs = h.sim.now;
      h.advanceMs(5);
      h.sendAck(1 + 2 * MSS)
        .sendAck(1 + 2 * MSS)
        .sendAck(1 + 2 * MSS);
      h.advanceMs(resetAfterMs);
      h.sendSegment({ seq: 1, flags: FLAG.RST, reason: 'rst' });
      return h.rtoWaits(sentNs);
    };
    // 8 ms after the last ACK, 13 ms after the data left: late by the data's clock.
    expect(secondLostThenReset(8)).toEqual([[5e6, 13e6]]);
    // 3 ms after the last ACK, 8 ms after the data left: a reply could still come.
    expect(secondLostThenReset(3)).toEqual([]);
  });

  it("the peer's data moves the connection on, but not data it sent before: a wait for the timer runs from new data", () => {
    // A lost segment; the peer's request arrives 100 ms later (new data: the connection moved),
    // and again at 300 ms (sent again: its answer was lost, so it moves nothing). The timer, set
    // when the segment left, fires at 1 s: its wait ran from the new data, not from the copy.
    const h = new TcpHarness({ nagle: false }).labelStalls();
    h.open();
    h.write(MSS);
    h.takeData();
    const sentNs = h.sim.now;
    h.advanceMs(100);
    h.sendSegment({ seq: 1, len: 100, ack: 1 });
    h.advanceMs(200);
    h.sendSegment({ seq: 1, len: 100, ack: 1 });
    h.advanceMs(800);
    expect(h.takeAll().map((s) => [s.atNs / 1e6, s.reason])).toEqual([
      [300, 'ack-delayed'],
      [300, 'ack-now'],
      [1000, 'retransmit'],
    ]);
    expect(h.rtoWaits(sentNs)).toEqual([[100e6, 1000e6]]);
  });

  it("a connection given up after its last retransmission: its last, longest wait is the timeout's too", () => {
    const h = new TcpHarness({ nagle: false, maxRetransmits: 2 }).labelStalls();
    h.open();
    h.write(MSS); // never acknowledged
    h.advanceMs(10_000);
    // Sent at 0, again at 1 s and 3 s (the timer doubling), given up at 7 s with an RST.
    const sent = h.takeAll().map((s) => [s.atNs / 1e6, s.reason]);
    expect(sent).toEqual([
      [0, 'data'],
      [1000, 'retransmit'],
      [3000, 'retransmit'],
      [7000, 'rst'],
    ]);
    expect(h.rtoWaits()).toEqual([
      [0, 1000e6],
      [1000e6, 3000e6],
      [3000e6, 7000e6],
    ]);
  });

  it("a fast retransmission long after the connection last moved ends a wait for the timer: that wait is the timeout's", () => {
    // One round trip of 10 ms measured (a reply is late after 11.25 ms), then four segments, the
    // first lost: the third duplicate ACK comes at once, or 900 ms later (its ACK delayed by a
    // loss, or the peer answering a FIN sent behind the data), the 1 s timer still set.
    const fastRetransmitAfter = (thirdAfterMs: number) => {
      const h = new TcpHarness({ nagle: false, initialWindow: '10' }).labelStalls();
      h.open();
      h.write(MSS);
      h.advanceMs(10);
      h.sendAck(1 + MSS);
      h.write(4 * MSS);
      expect(h.takeData()).toHaveLength(5);
      const sentNs = h.sim.now;
      h.advanceMs(5);
      h.sendAck(1 + MSS).sendAck(1 + MSS);
      h.advanceMs(thirdAfterMs);
      h.sendAck(1 + MSS);
      h.expectSegment({ seq: 1 + MSS, reason: 'fast-retransmit' });
      h.advanceMs(1);
      return h.rtoWaits(sentNs);
    };
    expect(fastRetransmitAfter(900)).toEqual([[0, 905e6]]);
    expect(fastRetransmitAfter(0)).toEqual([]);
  });

  it("Linux's stacks time an ACK that covers a retransmission by the segment that moved it (its echoed timestamp), not the segment timed", () => {
    // Segments 2 and 5 of ten are lost. A segment sent at the fast retransmit is timed; its ACK
    // comes only after two repairs, 200 ms later. Linux takes no sample from its send time
    // (tcp_clean_rtx_queue: FLAG_RETRANS_DATA_ACKED) but one from the timestamp echoed, that of
    // the retransmission that filled the receiver's left edge: 100 ms.
    const h = new TcpHarness({ initialWindow: '10', nagle: false, congestionControl: 'newreno' }).open();
    h.write(10 * MSS);
    h.takeData();
    h.advanceMs(100);
    h.sendAck(1 + MSS); // a sample of 100 ms
    const rtt = (srtt: number, sample: number) => srtt + (sample - srtt) / 8; // RFC 6298 2.3
    const srtt = rtt(0, 100e6); // the handshake's sample was 0 ms
    expect(h.tcp.rtt.srttNs).toBe(srtt);
    for (let i = 0; i < 3; i++) h.sendAck(1 + MSS);
    h.expectSegment({ seq: 1 + MSS, reason: 'fast-retransmit' });
    h.write(MSS);
    for (let i = 0; i < 3; i++) h.sendAck(1 + MSS); // inflation lets a new segment out: timed
    expect(h.takeData()).toEqual([`${1 + 10 * MSS}:${1 + 11 * MSS}`]);
    h.advanceMs(100);
    h.sendAck(1 + 4 * MSS); // the first repair arrived: a partial ACK, and segment 5 goes again
    h.expectSegment({ seq: 1 + 4 * MSS, reason: 'fast-retransmit' });
    expect(h.tcp.rtt.srttNs).toBe(srtt); // one sample per segment timed, as before
    h.advanceMs(100);
    h.sendAck(1 + 11 * MSS); // covers the timed segment, sent 200 ms ago, and the second repair
    expect(h.tcp.rtt.srttNs).toBe(rtt(srtt, 100e6));
  });

  it('a retransmitted segment gives no RTT sample (Karn)', () => {
    const h = new TcpHarness({ nagle: false }).open();
    const srtt = h.tcp.rtt.srttNs;
    h.write(MSS);
    h.takeData();
    h.advanceMs(1000);
    h.takeData();
    h.advanceMs(500);
    h.sendAck(1 + MSS);
    expect(h.tcp.rtt.srttNs).toBe(srtt);
  });
});
