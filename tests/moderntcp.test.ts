// TCP since 1997, mechanism by mechanism: NewReno's partial ACKs, SACK's scoreboard, CUBIC's
// curve, BBR's model and pacing, Linux's receiver and IW10 — each pinned by the segments that go
// out in answer to what comes in, or by figures of a whole run.
import { describe, expect, it } from 'vitest';
import type { TcpParams } from '../src/engine/params';
import type { AckSample } from '../src/engine/tcp/congestion';
import { Bbr } from '../src/engine/tcp/bbr';
import { CUBIC_BETA, Cubic, cubicK, cubicWindow } from '../src/engine/tcp/cubic';
import { computeMetrics } from '../src/engine/metrics';
import { FLAG } from '../src/engine/trace';
import { MSS, TcpHarness } from './support/tcpHarness';
import { dataSegments, run } from './support/trace';

const seg = (k: number) => 1 + k * MSS; // the first byte of the k-th data segment

/** Open with or without SACK-permitted on our SYN-ACK. */
function opened(params: Partial<TcpParams>, sackPermitted = false): TcpHarness {
  const h = new TcpHarness({ nagle: false, ...params });
  h.tcp.connect();
  h.expectSegment({ seq: 0, flags: FLAG.SYN });
  h.sendSegment({ seq: 0, ack: 1, flags: FLAG.SYN | FLAG.ACK, win: 60_000, mssOption: MSS, sackPermitted });
  h.expectSegment({ ack: 1, flags: FLAG.ACK, len: 0 });
  return h;
}

const retransmitted = (h: TcpHarness) =>
  h
    .takeAll()
    .filter((s) => s.reason === 'retransmit' || s.reason === 'fast-retransmit')
    .map((s) => s.seq);

describe('NewReno (RFC 6582)', () => {
  /** Ten segments out, the 2nd and 4th lost: the peer ACKs the first, then duplicates for the rest. */
  function twoLosses(cc: 'reno' | 'newreno'): TcpHarness {
    const h = opened({ congestionControl: cc, initialWindow: '10' });
    h.write(10 * MSS);
    expect(h.takeData()).toHaveLength(10);
    h.sendAck(seg(1));
    h.takeAll();
    for (let i = 0; i < 7; i++) h.sendAck(seg(1)); // segments 2, 4..9 (and the new one) arrived
    expect(retransmitted(h)).toEqual([seg(1)]); // fast retransmit on the third duplicate
    h.sendAck(seg(3)); // the retransmission filled the first hole: a partial ACK
    return h;
  }

  it('a partial ACK retransmits the next hole at once', () => {
    const h = twoLosses('newreno');
    expect(retransmitted(h)).toEqual([seg(3)]);
  });

  it('names the wait a partial ACK ends "recovery": without SACK the next hole is found a round trip later', () => {
    const h = opened({ congestionControl: 'newreno', initialWindow: '10' }).labelStalls();
    h.write(20 * MSS); // more than the window: the rest waits
    expect(h.takeData()).toHaveLength(10);
    // As above, a round trip later: segments 1 and 3 are lost; the fast retransmission of 1 at 100 ms.
    h.advanceMs(100).sendAck(seg(1));
    for (let i = 0; i < 7; i++) h.sendAck(seg(1));
    expect(retransmitted(h)).toEqual([seg(1)]);
    // Its ACK at 200 ms is partial: only now does the sender learn of segment 3 and send it.
    h.advanceMs(100).sendAck(seg(3));
    expect(retransmitted(h)).toEqual([seg(3)]);
    // The window was full meanwhile; that round trip was the repair's, which SACK (reporting both
    // holes at 100 ms) would not have waited: "recovery", not "cwnd", whose advice is a larger
    // initial window.
    const stalls = h.trace.stalls.map((s) => [s.cause, s.startNs / 1e6, s.endNs / 1e6]);
    expect(stalls).toEqual([
      ['cwnd', 0, 100],
      ['recovery', 100, 200],
    ]);
  });

  it('Reno leaves recovery on the partial ACK and waits for the timeout', () => {
    const h = twoLosses('reno');
    expect(retransmitted(h)).toEqual([]);
    h.advanceMs(1500);
    const rto = h.takeAll().filter((s) => s.reason === 'retransmit');
    expect(rto[0]?.seq).toBe(seg(3));
    expect(h.trace.timers.some((t) => t.timer === 'rto')).toBe(true);
  });

  it('over a lossy path NewReno needs fewer timeouts than Reno', () => {
    const q = 'objects=1000000&bw=10000000&rtt=100&loss=3&iw=10&window=1000000';
    const rtos = (cc: string) =>
      [1, 2, 3]
        .map((seed) => run(`${q}&cc=${cc}&seed=${seed}`).timers.filter((t) => t.timer === 'rto').length)
        .reduce((a, b) => a + b);
    expect(rtos('newreno')).toBeLessThan(rtos('reno'));
  });
});

describe('SACK (RFC 2018, RFC 6675)', () => {
  it('both SYNs carry SACK-permitted; a receiver reports out-of-order data, newest block first', () => {
    const h = new TcpHarness({ sack: true });
    h.tcp.connect();
    const syn = h.expectSegment({ seq: 0, flags: FLAG.SYN });
    expect(syn.sackPermitted).toBe(true);
    h.sendSegment({ seq: 0, ack: 1, flags: FLAG.SYN | FLAG.ACK, mssOption: MSS, sackPermitted: true });
    h.expectSegment({ ack: 1 });
    h.sendSegment({ seq: seg(1), len: MSS });
    expect(h.expectSegment({ ack: 1 }).sackBlocks).toEqual([[seg(1), seg(2)]]);
    h.sendSegment({ seq: seg(3), len: MSS });
    expect(h.expectSegment({ ack: 1 }).sackBlocks).toEqual([
      [seg(3), seg(4)],
      [seg(1), seg(2)],
    ]);
  });

  it('without the peer agreeing, no blocks are sent', () => {
    const h = opened({ sack: true }, false);
    h.sendSegment({ seq: seg(1), len: MSS });
    expect(h.expectSegment({ ack: 1 }).sackBlocks).toBeUndefined();
  });

  it('the sender retransmits only the holes, all within the first round of recovery', () => {
    const h = opened({ sack: true, initialWindow: '10' }, true);
    h.write(10 * MSS);
    expect(h.takeData()).toHaveLength(10);
    h.sendAck(seg(1)); // segment 0 arrived; 1, 3 and 5 are lost
    h.takeAll();
    const arrived = [2, 4, 6, 7, 8, 9];
    const blocks: Array<[number, number]> = [];
    for (const k of arrived) {
      const last = blocks.find((b) => b[1] === seg(k));
      if (last) last[1] = seg(k + 1);
      else blocks.push([seg(k), seg(k + 1)]);
      h.sendSegment({ ack: seg(1), reason: 'ack-now', sackBlocks: [...blocks].reverse() });
    }
    expect(retransmitted(h).sort((a, b) => a - b)).toEqual([seg(1), seg(3), seg(5)]);
  });

  it('sends nothing more once data for a closed socket has reset the connection mid-recovery', () => {
    for (const rack of [false, true]) {
      const h = opened({ sack: true, rack, initialWindow: '10' }, true);
      h.write(10 * MSS);
      h.tcp.close(); // data arriving now is answered with an RST (Nielsen 4.2)
      h.takeAll();
      // Segment 1 is lost: three SACKs start recovery and its fast retransmission.
      for (const k of [3, 4, 5])
        h.sendSegment({ ack: seg(1), sackBlocks: [[seg(2), seg(k)]], reason: 'ack-now' });
      expect(retransmitted(h)).toEqual([seg(1)]);
      // The peer's data arrives with SACKs that make segment 5 a hole: the RST, and nothing after it
      // (SACK recovery had gone on sending on the closed socket, and the retransmission it sent set
      // the timer going again: twelve backed-off timeouts followed, and a second RST 511 s later).
      const blocks: Array<[number, number]> = [
        [seg(6), seg(9)],
        [seg(2), seg(5)],
      ];
      h.sendSegment({ seq: 1, len: 100, ack: seg(1), sackBlocks: blocks, reason: 'data' });
      expect(h.takeAll().map((s) => s.reason)).toEqual(['rst']);
      expect(h.tcp.state).toBe('CLOSED');
      h.advanceMs(1_000_000);
      h.expectNothing();
    }
  });

  it('with SACK off the same losses take a round trip each', () => {
    const h = opened({ congestionControl: 'newreno', initialWindow: '10' });
    h.write(10 * MSS);
    h.takeData();
    h.sendAck(seg(1));
    for (let i = 0; i < 6; i++) h.sendAck(seg(1));
    expect(retransmitted(h)).toEqual([seg(1)]);
  });
});

describe('CUBIC (RFC 9438)', () => {
  it('after a loss the window follows W(t) = C (t - K)^3 + W_max', () => {
    const mss = 1000;
    const rttNs = 100e6;
    const cubic = new Cubic('10', false);
    cubic.onEstablished(mss);
    cubic.cwnd = 100 * mss;
    cubic.ssthresh = 50 * mss;
    const sample = (nowNs: number, ack: number): AckSample => ({
      nowNs,
      ack,
      ackedBytes: mss,
      highSent: ack + cubic.cwnd,
      flight: cubic.cwnd,
      pipe: cubic.cwnd,
      rttNs,
      deliveryRate: 0,
      delivered: ack,
      priorDelivered: ack,
      appLimited: false,
      cwndLimited: true,
    });
    expect(cubic.onDuplicateAck(3, 100 * mss, mss, 1, 1_000_000)).toBe(true);
    expect(cubic.ssthresh).toBe(100 * CUBIC_BETA * mss);
    cubic.onNewAck(mss, { ...sample(0, 1_000_000), flight: 70 * mss });
    expect(cubic.cwnd).toBe(70 * mss);
    const k = cubicK(100, 70);
    expect(k).toBeCloseTo(Math.cbrt((100 * 0.3) / 0.4), 6);
    // One RTT at a time, an ACK per segment in flight.
    let now = 1e6;
    let ack = 1_000_000;
    const at: Record<number, number> = {};
    while (now < 8e9) {
      const acks = Math.floor(cubic.cwnd / mss);
      for (let i = 0; i < acks; i++) cubic.onNewAck(mss, sample(now + (i * rttNs) / acks, (ack += mss)));
      now += rttNs;
      at[Math.round(now / 1e8)] = cubic.cwnd / mss;
    }
    // cwnd aims at W one RTT ahead (RFC 9438 4.4): within 4% of W(t + RTT).
    for (const t of [1, 2, 3, k, 6, 7]) {
      const expected = cubicWindow(t + rttNs / 1e9, 100, k);
      const got = at[Math.round(t * 10)];
      expect(Math.abs(got - expected) / expected, `t=${t}s: cwnd ${got} vs W ${expected}`).toBeLessThan(0.04);
    }
    expect(at[Math.round(k * 10)]).toBeLessThan(102); // flat near W_max: concave, then convex
  });
});

describe('BBR (draft-cardwell-iccrg-bbr-congestion-control-00)', () => {
  const q = 'objects=6000000&bw=10000000&rtt=40&queue=400&iw=10&window=4000000&sack=1';

  function steady(cc: string) {
    const trace = run(`${q}&cc=${cc}`);
    const end = trace.packets.at(-1)!.sendNs;
    const late = trace.samples!.filter((s) => s.side === 'server' && s.atNs > end / 2 && s.atNs < end * 0.9);
    return { trace, late };
  }

  it('paces at about the bottleneck rate and keeps the RTT near its floor', () => {
    const { late } = steady('bbr');
    const bottleneck = 10e6 / 8;
    const rates = late.map((s) => s.pacingRate!).sort((a, b) => a - b);
    const median = rates[Math.floor(rates.length / 2)];
    expect(median / bottleneck).toBeGreaterThan(0.8);
    expect(median / bottleneck).toBeLessThan(1.3);
    const srtt = late.map((s) => s.srttNs!).sort((a, b) => a - b);
    expect(srtt[Math.floor(srtt.length / 2)] / 40e6).toBeLessThan(1.5);
  });

  it('keeps inflight near the BDP where CUBIC fills the deep buffer', () => {
    const bdp = (10e6 / 8) * 0.04;
    const cwnd = (cc: string) => {
      const c = steady(cc)
        .late.map((s) => s.cwnd)
        .sort((a, b) => a - b);
      return c[Math.floor(c.length / 2)];
    };
    expect(cwnd('bbr') / bdp).toBeLessThan(2.6); // cwnd_gain 2 x BDP, plus the ACK allowance
    expect(cwnd('cubic') / bdp).toBeGreaterThan(4);
  });

  it('records its probe phases as trace events', () => {
    const { trace } = steady('bbr');
    const phases = trace.events
      .filter((e) => e.kind === 'cc-phase' && e.side === 'server')
      .map((e) => e.note);
    expect(phases.slice(0, 3)).toEqual(['bbr-startup', 'bbr-drain', 'bbr-probe-bw']);
  });
});

describe('BBR without SACK: duplicate ACKs count as delivered when they come (Linux tcp_add_reno_sack)', () => {
  // 1 MB over a 1 Mb/s path at 0.5% loss. Counted all at once when its hole was filled, one ACK
  // had delivered 64 KB: a rate sample four times the link's, then a burst the queue dropped.
  const trace = run('objects=1000000&flush=none&link=wan&window=1048576&cc=bbr&sack=0&loss=0.5&seed=1');
  const link = 1e6 / 8;
  const server = trace.samples!.filter((s) => s.side === 'server' && s.pacingRate! > 0);
  const drainNs = trace.events.find(
    (e) => e.kind === 'cc-phase' && e.note === 'bbr-drain' && e.side === 'server',
  )!.atNs;

  it('after Startup it never paces above ProbeBW gain 1.25 times the link rate', () => {
    const after = server.filter((s) => s.atNs > drainNs).map((s) => s.pacingRate!);
    expect(after.length).toBeGreaterThan(100);
    expect(Math.max(...after) / link).toBeLessThan(1.25 * 1.05);
  });

  it('the router queue drops a few segments, not a burst, and no timeout is needed', () => {
    const queueDrops = trace.packets.filter((p) => p.reason.includes('dropped: queue')).length;
    expect(queueDrops).toBeLessThan(30);
    expect(trace.stalls.filter((s) => s.cause === 'rto')).toHaveLength(0);
  });
});

describe('BBR gives back the window a loss recovery cut (draft -00 4.2.3.4)', () => {
  const mss = 1000;
  const rttNs = 100e6;

  /** Startup for four round trips, an ACK per segment, the delivery rate growing with the window. */
  function grown() {
    const bbr = new Bbr('10', true);
    bbr.onEstablished(mss);
    let ack = 1;
    let nowNs = 0;
    // Each ACK's newest segment left when `sentAt` bytes had been delivered: the round it began.
    const sample = (ackedBytes: number, rate: number, sentAt: number, flight: number): AckSample => ({
      nowNs,
      ack,
      ackedBytes,
      highSent: ack + flight,
      flight,
      pipe: flight,
      rttNs,
      deliveryRate: rate,
      delivered: ack - 1,
      priorDelivered: sentAt,
      appLimited: false,
      cwndLimited: true,
    });
    let roundStart = 0;
    for (let round = 0; round < 4; round++) {
      const acks = bbr.cwnd / mss;
      const rate = (bbr.cwnd * 1e9) / rttNs;
      const sentAt = roundStart;
      roundStart = ack - 1 + mss;
      for (let i = 0; i < acks; i++) {
        nowNs += rttNs / acks;
        ack += mss;
        bbr.onNewAck(mss, sample(mss, rate, sentAt, bbr.cwnd));
      }
    }
    expect(bbr.phase).toBe('bbr-startup');
    /** The peer ACKs `bytes` more, `after` ns on, of data sent after all that was ACKed before. */
    const ackMore = (bytes: number, after: number, flight: number) => {
      nowNs += after;
      const sentAt = ack - 1;
      ack += bytes;
      return sample(bytes, (bytes * 1e9) / after, sentAt, flight);
    };
    return { bbr, ack: () => ack, ackMore };
  }

  it('after a timeout in Startup: one segment while repairing, the whole window once repaired', () => {
    const { bbr, ack, ackMore } = grown();
    const before = bbr.cwnd;
    expect(before).toBe(160 * mss); // 10 segments doubled four times
    // A tail loss: the last segment of the response was all in flight, and the timer fired.
    bbr.onTimeout(before, mss, ack() + mss);
    expect(bbr.cwnd).toBe(mss);
    bbr.onNewAck(mss, ackMore(mss, 1e9, 0)); // its retransmission is ACKed: nothing is missing
    expect(bbr.cwnd).toBeGreaterThanOrEqual(before); // 4 segments (the floor) before the fix
  });

  it('after a timeout, ACKs below the data outstanding at the timeout do not end the repair', () => {
    const { bbr, ack, ackMore } = grown();
    const before = bbr.cwnd;
    bbr.onTimeout(before, mss, ack() + 3 * mss);
    bbr.onNewAck(mss, ackMore(mss, 1e9, 2 * mss));
    expect(bbr.cwnd).toBeLessThan(before / 10); // still repairing: growing from one segment
    bbr.onNewAck(mss, ackMore(2 * mss, rttNs, 0));
    expect(bbr.cwnd).toBeGreaterThanOrEqual(before);
  });

  it('after fast recovery the window saved on entering it comes back', () => {
    const { bbr, ack, ackMore } = grown();
    const before = bbr.cwnd;
    expect(bbr.onDuplicateAck(3, before, mss, ack(), ack() + 2 * mss)).toBe(true);
    // The full ACK leaves little in flight (the response's tail): RFC 6582 would deflate to it.
    bbr.onNewAck(mss, ackMore(2 * mss, rttNs, 0));
    expect(bbr.inRecovery).toBe(false);
    expect(bbr.cwnd).toBeGreaterThanOrEqual(before); // flight + 1 segment, 2, before the fix
  });
});

describe('BBR on a shallow buffer (preset cardwell-bufferbloat, queue=30)', () => {
  // Startup overshoots the 30-packet queue; a retransmission lost in the recovery waits for the
  // timeout. Drain (pacing gain 0.35) had waited for everything unacknowledged, SACKed data
  // included, to fall under one BDP: it stayed 1.7 s, the bandwidth filter falling round by round
  // to 31 KB/s (the link: 2.5 MB/s), and the 10 MB took 8.69 s where CUBIC takes 4.30 s.
  const q = 'link=deepbuffer&objects=10000000&window=8000000&iw=10&sack=1&delack=linux&queue=30';

  it('takes less than 1.4 times as long as CUBIC', () => {
    const bbr = computeMetrics(run(`${q}&cc=bbr`)).elapsed_s;
    const cubic = computeMetrics(run(`${q}&cc=cubic`)).elapsed_s;
    expect(cubic).toBeCloseTo(4.3, 1);
    expect(bbr / cubic).toBeLessThan(1.4); // 5.73 / 4.30; 2.02 before
  });

  it('leaves Drain within a round trip of the timeout', () => {
    const trace = run(`${q}&cc=bbr`);
    const rto = trace.stalls.find((s) => s.cause === 'rto' && s.conn === 0)!;
    const probeBw = trace.events.find((e) => e.kind === 'cc-phase' && e.note === 'bbr-probe-bw')!;
    expect((probeBw.atNs - rto.endNs) / 1e6).toBeLessThan(50); // 809 ms before
  });
});

describe('BBR without SACK on a long fat path', () => {
  // Startup overshoots a one-BDP buffer: 711 segments of one flight are dropped, and without SACK
  // NewReno repairs one hole per round trip. The repair must neither be held up by the client's
  // delayed ACKs nor leave an RTO inflated by it (a 141 s sample had made it 64 s, and the client
  // gave up on the stalled transfer and began again, five times over: 1016 s).
  const q = 'cc=bbr&objects=20000000&link=longfat&window=4000000';

  it('repairs its Startup losses in one connection, about a round trip per hole', () => {
    const trace = run(q);
    const m = computeMetrics(trace);
    expect(m.connections).toBe(1);
    // 711 segments of Startup's flight are lost, and a timeout ends their repair (80.7 s). Before
    // the duplicate ACKs counted as delivered (Linux's tcp_add_reno_sack), the hole's ACK had
    // delivered the whole flight at once, the rate sample overstated the link, and the window
    // overflowed the buffer once more: 109 more drops, repaired the same way (86 s).
    const dropped = trace.packets.filter((p) => p.dir === 's2c' && p.drop);
    expect(dropped.filter((p) => p.sendNs < 5e9)).toHaveLength(711);
    expect(dropped).toHaveLength(711);
    expect(m.retransmits).toBe(711);
    expect(m.elapsed_s).toBeGreaterThan(711 * 0.1); // about a round trip (over 100 ms) per hole
    expect(m.elapsed_s).toBeLessThan(90);
    const rtoMaxNs = Math.max(...trace.samples!.filter((s) => s.side === 'server').map((s) => s.rtoNs));
    expect(rtoMaxNs).toBe(2e9); // the 1 s floor, doubled once by the timeout after the repair (64 s before)
    const delayedAckNs = trace.stalls
      .filter((s) => s.cause === 'delayed-ack')
      .reduce((sum, s) => sum + s.endNs - s.startNs, 0);
    expect(delayedAckNs).toBeLessThan(0.5e9); // 529 s before
  });
});

describe("Linux's receiver (delack=linux)", () => {
  it('quick-ACK mode ACKs each of the first segments at once, then a lone segment waits 40 ms', () => {
    const h = opened({ delack: 'linux', bufferBytes: 8 * MSS }); // quick-ACK budget: 8000 / 2000 = 4
    for (let k = 0; k < 4; k++) {
      h.sendSegment({ seq: seg(k), len: MSS });
      h.expectSegment({ ack: seg(k + 1), reason: 'ack-now' });
      h.advanceMs(100);
    }
    h.sendSegment({ seq: seg(4), len: MSS });
    h.expectNothing();
    h.advanceMs(40);
    const ack = h.expectSegment({ ack: seg(5), reason: 'ack-delayed' });
    expect(ack.atNs).toBe(440e6 + h.openedAtNs);
  });

  it('after quick-ACK mode, every second full segment is ACKed at once', () => {
    const h = opened({ delack: 'linux', bufferBytes: 4 * MSS }); // budget: 2
    h.sendSegment({ seq: seg(0), len: MSS }).sendSegment({ seq: seg(1), len: MSS });
    expect(h.takeAll()).toHaveLength(2);
    h.sendSegment({ seq: seg(2), len: MSS });
    h.expectNothing();
    h.sendSegment({ seq: seg(3), len: MSS });
    h.expectSegment({ ack: seg(4), reason: 'ack-now' });
  });
});

describe('IW10 (RFC 6928)', () => {
  it('the first flight is ten segments', () => {
    const h = opened({ initialWindow: '10' });
    h.write(30 * MSS);
    expect(h.takeData()).toHaveLength(10);
  });

  it('a whole run: the server answers with ten segments before the first ACK', () => {
    const trace = run('objects=40000&iw=10&rtt=100&bw=100000000&link=ethernet100');
    const data = dataSegments(trace, 's2c');
    const firstAck = trace.packets.find(
      (p) => p.dir === 'c2s' && p.ack > 1 + 1 && p.sendNs > data[0].sendNs,
    )!;
    expect(data.filter((p) => p.sendNs < firstAck.arriveNs!)).toHaveLength(10);
  });
});

describe('metrics: rtt_ms and retransmits', () => {
  it('RTT samples sit at the path round trip on an idle path and grow with a queue', () => {
    const idle = computeMetrics(run('objects=20000&link=ethernet100&rtt=100&iw=10'));
    expect(idle.rtt_ms!.min).toBeGreaterThanOrEqual(100);
    expect(idle.rtt_ms!.min).toBeLessThan(101);
    expect(idle.retransmits).toBe(0);
    const bloated = computeMetrics(
      run('objects=3000000&bw=10000000&rtt=40&queue=400&window=4000000&cc=cubic'),
    );
    expect(bloated.rtt_ms!.p95).toBeGreaterThan(3 * bloated.rtt_ms!.min);
  });

  it('counts the retransmissions a lossy path causes', () => {
    const m = computeMetrics(run('objects=1000000&bw=10000000&rtt=100&loss=3&iw=10&window=1000000&seed=2'));
    expect(m.retransmits).toBeGreaterThan(10);
  });
});
