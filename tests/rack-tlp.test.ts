// RACK-TLP (RFC 8985), one endpoint driven by hand: a lost tail is probed after 2 SRTT instead of
// waiting for the RTO (TLP, RFC 8985 7), and a segment is lost by time once a later one is SACKed
// (RACK, RFC 8985 6), with fewer than three duplicate ACKs. The handshake takes 100 ms, so SRTT is
// 100 ms, min_RTT 100 ms and the RTO its 1 s floor; data leaves at 100 ms.
import { describe, expect, it } from 'vitest';
import type { TcpParams } from '../src/engine/params';
import { FLAG, type PacketRecord } from '../src/engine/trace';
import { MSS, TcpHarness } from './support/tcpHarness';
import { dataSegments, run } from './support/trace';

const ms = (x: number) => x * 1e6;
const seg = (n: number) => 1 + n * MSS; // where segment n (from 0) starts

/** Opened with SACK on both ends over a 100 ms round trip; `rack` as given. */
function opened(rack: boolean, params: Partial<TcpParams> = {}): TcpHarness {
  const h = new TcpHarness({ sack: true, rack, initialWindow: '10', nagle: false, ...params });
  h.tcp.connect();
  h.expectSegment({ flags: FLAG.SYN });
  h.advanceMs(100);
  h.sendSegment({
    seq: 0,
    ack: 1,
    flags: FLAG.SYN | FLAG.ACK,
    win: 60_000,
    mssOption: MSS,
    sackPermitted: true,
  });
  h.expectSegment({ ack: 1, flags: FLAG.ACK, len: 0 });
  return h;
}

/** Four segments out at 100 ms; the first two ACKed at 200 ms; the last two lost. */
function tailLost(rack: boolean): TcpHarness {
  const h = opened(rack);
  h.write(4 * MSS);
  expect(h.takeData()).toEqual([
    `${seg(0)}:${seg(1)}`,
    `${seg(1)}:${seg(2)}`,
    `${seg(2)}:${seg(3)}`,
    `${seg(3)}:${seg(4)}`,
  ]);
  h.advanceMs(100).sendAck(seg(2));
  h.expectNothing();
  return h;
}

describe('TLP: a lost tail', () => {
  it('without RACK-TLP, waits for the RTO: the tail goes again 1 s after the last ACK', () => {
    const h = tailLost(false);
    h.advanceMs(999);
    h.expectNothing();
    h.advanceMs(1);
    const resent = h.expectSegment({ seq: seg(2), len: MSS, reason: 'retransmit' });
    expect(resent.atNs).toBe(ms(1200));
  });

  it('with RACK-TLP, probes with the last segment at 2 SRTT (200 ms after the ACK), and RACK repairs the rest', () => {
    const h = tailLost(true).labelStalls();
    h.advanceMs(199);
    h.expectNothing();
    h.advanceMs(1);
    // RFC 8985 7.3: nothing new to send, so the highest segment sent goes again, at 400 ms.
    const probe = h.expectSegment({ seq: seg(3), len: MSS, reason: 'tlp' });
    expect(probe.atNs).toBe(ms(400));
    h.expectNothing();
    // The probe's SACK, a round trip later: segment 2 left 400 ms ago, more than RACK.rtt (100 ms)
    // + reo_wnd (min_RTT / 4 = 25 ms): lost by time (RFC 8985 6.2), resent at once.
    h.advanceMs(100).sendSegment({ ack: seg(2), sackBlocks: [[seg(3), seg(4)]], reason: 'ack-now' });
    const repair = h.expectSegment({ seq: seg(2), len: MSS, reason: 'fast-retransmit' });
    expect(repair.atNs).toBe(ms(500));
    h.advanceMs(100).sendAck(seg(4));
    expect(h.tcp.snd.idle).toBe(true);
    // Everything acknowledged at 600 ms, against the RTO's resend alone at 1,200 ms; the wait before
    // the probe (from the last ACK at 200 ms) is named for it.
    expect(h.trace.stalls.filter((s) => s.cause === 'tail-probe').map((s) => [s.startNs, s.endNs])).toEqual([
      [ms(200), ms(400)],
    ]);
    expect(h.rtoWaits()).toEqual([]);
  });

  it('adds the delayed-ACK allowance when one segment is in flight (RFC 8985 7.2): 2 SRTT + 200 ms', () => {
    const h = opened(true);
    h.write(3 * MSS);
    h.takeData();
    h.advanceMs(100).sendAck(seg(2)); // the third segment, alone in flight, is lost
    h.advanceMs(399);
    h.expectNothing();
    h.advanceMs(1);
    expect(h.expectSegment({ seq: seg(2), len: MSS, reason: 'tlp' }).atNs).toBe(ms(600));
  });

  it('sends new data as the probe when the window has room for it, ignoring cwnd', () => {
    const h = opened(true, { initialWindow: '1' });
    h.write(3 * MSS);
    expect(h.takeData()).toEqual([`${seg(0)}:${seg(1)}`]); // cwnd: one segment, and it is lost
    h.advanceMs(400); // one segment in flight: PTO = 2 SRTT + 200 ms
    expect(h.expectSegment({ seq: seg(1), len: MSS, reason: 'tlp-new' }).atNs).toBe(ms(500));
    // At most one probe outstanding, and the RTO re-armed from the probe (RFC 8985 7.3): 1 s later.
    h.advanceMs(999);
    h.expectNothing();
    h.advanceMs(1);
    expect(h.expectSegment({ seq: seg(0), reason: 'retransmit' }).atNs).toBe(ms(1500));
  });

  it('reduces the window once when the probe itself repaired the loss (RFC 8985 7.4)', () => {
    const h = opened(true);
    h.write(3 * MSS);
    h.takeData();
    h.advanceMs(100).sendAck(seg(2));
    h.advanceMs(400);
    h.expectSegment({ seq: seg(2), reason: 'tlp' });
    const cwnd = h.tcp.cc.cwnd;
    h.advanceMs(100).sendAck(seg(3)); // the probe's ACK, a round trip after it: the original was lost
    expect(h.tcp.cc.ssthresh).toBe(Math.floor(Math.min(cwnd, 60_000) / 2 / MSS) * MSS);
    expect(h.tcp.cc.cwnd).toBe(h.tcp.cc.ssthresh);
    expect(h.tcp.cc.inRecovery).toBe(false);
  });

  it('does not reduce the window when the ACK comes sooner than a round trip after the probe: the original arrived', () => {
    const h = opened(true);
    h.write(3 * MSS);
    h.takeData();
    h.advanceMs(100).sendAck(seg(2));
    h.advanceMs(400);
    h.expectSegment({ seq: seg(2), reason: 'tlp' });
    const cwnd = h.tcp.cc.cwnd;
    h.advanceMs(10).sendAck(seg(3)); // the original's late ACK
    expect(h.tcp.cc.cwnd).toBe(cwnd);
  });
});

describe('RACK: loss found by time', () => {
  it('marks a segment lost once a later one is SACKed and RACK.rtt + min_RTT/4 has passed: one duplicate ACK is enough', () => {
    const h = opened(true);
    h.write(6 * MSS);
    expect(h.takeData()).toHaveLength(6);
    // Segment 1 is lost; at 200 ms the peer ACKs segment 0 and SACKs segment 2: one ACK, no duplicates.
    h.advanceMs(100).sendSegment({ ack: seg(1), sackBlocks: [[seg(2), seg(3)]], reason: 'ack-now' });
    h.expectNothing();
    // Segment 1 left at 100 ms with segment 2: lost at 100 + RACK.rtt (100) + reo_wnd (25) = 225 ms.
    h.advanceMs(24);
    h.expectNothing();
    h.advanceMs(1);
    expect(h.expectSegment({ seq: seg(1), len: MSS, reason: 'fast-retransmit' }).atNs).toBe(ms(225));
    expect(h.tcp.cc.inRecovery).toBe(true);
  });

  it("names the wait for the reordering timer the loss timer's: reo_wnd (min_RTT/4, 25 ms) after the SACK", () => {
    // As above: the ACK at 200 ms moved the connection on and SACKed segment 2; RACK waited out
    // the reordering window before calling segment 1 lost (RFC 8985 6.2 step 5, 6.3). Nothing was
    // queued, so no stall was open: the wait had been named nothing.
    const h = opened(true).labelStalls();
    h.write(6 * MSS);
    h.takeData();
    h.advanceMs(100).sendSegment({ ack: seg(1), sackBlocks: [[seg(2), seg(3)]], reason: 'ack-now' });
    h.advanceMs(25);
    h.expectSegment({ seq: seg(1), reason: 'fast-retransmit' });
    expect(h.trace.stalls.map((s) => [s.cause, s.startNs, s.endNs])).toEqual([
      ['loss-timer', ms(200), ms(225)],
    ]);
  });

  it('finds a lost retransmission by its own send time and sends it again, instead of waiting for the RTO', () => {
    const h = opened(true).labelStalls();
    h.write(4 * MSS);
    h.takeData(); // segments 0-3 at 100 ms
    h.advanceMs(50).write(6 * MSS);
    h.takeData(); // segments 4-9 at 150 ms
    // Segment 1 is lost: at 200 ms segment 0 is ACKed, 2 and 3 SACKed; RACK finds 1 lost at 225 ms.
    h.advanceMs(50).sendSegment({ ack: seg(1), sackBlocks: [[seg(2), seg(3)]], reason: 'ack-now' });
    h.sendSegment({ ack: seg(1), sackBlocks: [[seg(2), seg(4)]], reason: 'ack-now' });
    h.advanceMs(25);
    expect(h.expectSegment({ seq: seg(1), reason: 'fast-retransmit' }).atNs).toBe(ms(225));
    // The retransmission is lost too. More is written, and the SACKs of segments 4-9 (sent at
    // 150 ms) open the pipe for four new segments at 250 ms, sent after the retransmission.
    h.advanceMs(15).write(10 * MSS);
    h.advanceMs(10);
    for (let k = 5; k <= 10; k++)
      h.sendSegment({ ack: seg(1), sackBlocks: [[seg(2), seg(k)]], reason: 'ack-now' });
    expect(h.takeData()).toEqual([10, 11, 12, 13].map((n) => `${seg(n)}:${seg(n + 1)}`));
    // Segment 10's SACK at 350 ms: it left 25 ms after the retransmission, so RACK.xmit_ts is past
    // the retransmission's own send, and RACK.rtt (100 ms) + reo_wnd (0 in recovery with no
    // reordering seen, RFC 8985 6.2 step 4) has passed since it left: lost (6.2 step 5), sent again
    // at once, ahead of new data (the pipe no longer counts it).
    h.advanceMs(100).sendSegment({ ack: seg(1), sackBlocks: [[seg(2), seg(11)]], reason: 'ack-now' });
    const again = h.expectSegment({ seq: seg(1), len: MSS, reason: 'retransmit' });
    expect(again.atNs).toBe(ms(350));
    expect(h.takeData()).toEqual([`${seg(14)}:${seg(15)}`]);
    // Its ACK at 450 ms covers all sent before the recovery began: the recovery is over.
    h.advanceMs(100).sendAck(seg(15));
    expect(h.tcp.cc.inRecovery).toBe(false);
    // Without it the segment went again only when the RTO fired, 1 s after the last new ACK (1,200 ms).
    expect(h.rtoWaits()).toEqual([]);
  });

  it('without RACK the same single SACK starts nothing: the segment waits for two more duplicates or the RTO', () => {
    const h = opened(false);
    h.write(6 * MSS);
    h.takeData();
    h.advanceMs(100).sendSegment({ ack: seg(1), sackBlocks: [[seg(2), seg(3)]], reason: 'ack-now' });
    h.advanceMs(500);
    h.expectNothing();
    expect(h.tcp.cc.inRecovery).toBe(false);
  });

  it('does nothing without SACK: the key asks for both ends to use it', () => {
    const h = new TcpHarness({ rack: true, sack: false, initialWindow: '10', nagle: false }).open();
    h.write(3 * MSS);
    h.takeData();
    h.sendAck(seg(2));
    h.advanceMs(999);
    h.expectNothing();
  });
});

describe('RACK after a timeout', () => {
  it('finds a retransmission from snd.una lost again by its own send time, and sends it again a round trip later, not at the backed-off RTO', () => {
    const h = opened(true).labelStalls();
    h.write(4 * MSS);
    expect(h.takeData()).toHaveLength(4); // segments 0-3 at 100 ms; 1-3 are lost
    h.advanceMs(100).sendAck(seg(1)); // min_RTT: 100 ms
    h.advanceMs(200);
    expect(h.expectSegment({ seq: seg(3), reason: 'tlp' }).atNs).toBe(ms(400)); // lost too
    // The RTO, 1 s after the probe: sending starts over from snd.una, one segment (RFC 8985 6.3).
    h.advanceMs(1000);
    expect(h.expectSegment({ seq: seg(1), len: MSS, reason: 'retransmit' }).atNs).toBe(ms(1400));
    h.expectNothing();
    // Its ACK opens the window to two: segments 2 and 3 go again at 1,500 ms; 2 is lost again.
    h.advanceMs(100).sendAck(seg(2));
    expect(h.takeData()).toEqual([`${seg(2)}:${seg(3)}`, `${seg(3)}:${seg(4)}`]);
    // Segment 3's SACK at 1,600 ms. It left with segment 2 but after it (6.2's tie, by sequence),
    // and RACK.rtt (100 ms) + reo_wnd (0: RTO recovery is loss recovery, and no reordering was
    // seen, 6.2 step 4) has passed since segment 2 left: lost again (6.2 step 5), sent at once.
    h.advanceMs(100).sendSegment({ ack: seg(2), sackBlocks: [[seg(3), seg(4)]], reason: 'ack-now' });
    expect(h.expectSegment({ seq: seg(2), len: MSS, reason: 'retransmit' }).atNs).toBe(ms(1600));
    h.expectNothing();
    h.advanceMs(100).sendAck(seg(4));
    expect(h.tcp.snd.idle).toBe(true);
    // One timeout: before, segment 2 went again only when the backed-off RTO fired (3,500 ms).
    expect(h.trace.timers.filter((t) => t.timer === 'rto').map((t) => t.atNs)).toEqual([ms(1400)]);
    // The waits: for the probe, for the timeout, then one round trip at a window of one segment.
    expect(h.trace.stalls.map((s) => [s.cause, s.startNs, s.endNs])).toEqual([
      ['tail-probe', ms(200), ms(400)],
      ['rto', ms(400), ms(1400)],
      ['cwnd', ms(1400), ms(1500)],
    ]);
  });
});

describe('RACK-TLP on a page', () => {
  it('finishes the lossy WAN page 400 ms sooner: both sides probe their lost tails instead of waiting for the RTO', () => {
    const q = 'link=wan&loss=2&sack=1';
    const off = run(q);
    const on = run(`${q}&rack=on`);
    expect(off.endNs).toBeGreaterThan(2.2e9);
    expect(off.endNs - on.endNs).toBe(ms(400));
    expect(off.packets.filter((p) => p.reason === 'tlp')).toHaveLength(0);
    expect(on.packets.filter((p) => p.reason === 'tlp')).toHaveLength(2);
    expect(on.stalls.filter((s) => s.cause === 'rto')).toEqual([]);
    expect(on.stalls.filter((s) => s.cause === 'tail-probe').length).toBeGreaterThan(0);
  });

  it("names a lost response head's wait for the reordering timer the loss timer's, from the last send to the repair", () => {
    // HTTP/1.0 over the WAN at 5% loss: connection 41's response head (226 bytes) is lost, the two
    // segments after it arrive and the first ACK (at 4690.4 ms) SACKs one of them. RACK's
    // reordering timer declares the head lost at 4718.1 ms: RACK.rtt (110.7 ms) plus reo_wnd, a
    // quarter of min_RTT (27.7 ms), after it was sent (4579.7 ms, before its wait in the link's
    // queue). Nothing was queued: the wait had no stall, and
    // the ladder drew none between the server's last segment and the repair.
    const t = run('http=1.0&page=microscape&link=wan&loss=5&sack=1&rack=on&seed=7');
    const server = t.packets.filter((p) => p.conn === 41 && p.dir === 's2c' && p.len > 0);
    expect(server.map((p) => `${p.reason}${p.drop ? ' (lost)' : ''}`)).toEqual([
      'data (lost)',
      'data',
      'data',
      'fast-retransmit',
    ]);
    const repair = server[3];
    const timer = t.timers.filter((x) => x.conn === 41 && x.timer === 'rack');
    expect(timer.map((x) => x.atNs)).toEqual([repair.sendNs]);
    const waits = t.stalls.filter((s) => s.conn === 41 && s.side === 'server' && s.cause === 'loss-timer');
    // From when the server's last segment had left the link (4603.7 ms) to the repair (4718.1 ms).
    expect(waits.map((s) => [Math.round(s.startNs / 1e3) / 1e3, Math.round(s.endNs / 1e3) / 1e3])).toEqual([
      [4603.688, 4718.125],
    ]);
  });

  it('resends a lost retransmission about a round trip after it left, not at the RTO: a 300 KB object at 5% loss', () => {
    const t = run('link=wan&loss=5&sack=1&rack=on&objects=300000&seed=8');
    const sends = new Map<number, PacketRecord[]>();
    for (const p of dataSegments(t, 's2c')) sends.set(p.seq, [...(sends.get(p.seq) ?? []), p]);
    // One segment's fast retransmission was lost as well as its first send; RACK found it lost once
    // data sent after it was SACKed, and sent it again 150 ms (a 90 ms path's round trip behind a
    // queue) after it had left. Before RACK judged retransmissions, it waited for the RTO (at 5.62 s,
    // and a second timeout followed at 7.25 s): the page took 10.27 s, against 8.26 s now.
    const lostTwice = [...sends.values()].filter((ps) => ps.length > 2);
    expect(lostTwice.map((ps) => ps.map((p) => `${p.reason}${p.drop ? ' (lost)' : ''}`))).toEqual([
      ['data (lost)', 'fast-retransmit (lost)', 'retransmit'],
    ]);
    const [, first, again] = lostTwice[0];
    expect(Math.round((again.sendNs - first.sendNs) / 1e6)).toBe(150);
    expect(t.timers.filter((x) => x.timer === 'rto')).toEqual([]);
    expect(t.stalls.filter((s) => s.cause === 'rto')).toEqual([]);
    expect(Math.round(t.endNs / 1e6)).toBe(8265);
  });

  it('after a timeout, resends a retransmission lost again once later data is SACKed, not at the backed-off RTO', () => {
    const t = run('link=wan&loss=5&sack=1&rack=on&objects=300000&seed=189');
    const sends = dataSegments(t, 's2c').filter((p) => p.seq === 73_227);
    // Lost at its first send (3.89 s), behind a fast retransmission that was lost too: the timeout
    // at 4.79 s. Sending started over from snd.una; this segment's retransmission (4.89 s) was lost
    // again, and the SACK of the new segment sent after it showed so: RACK's reordering timer sent
    // it again 140 ms later. Before, it waited for the backed-off RTO (2 s, at 6.89 s), and the
    // page took 13.81 s, not 11.70 s.
    expect(sends.map((p) => `${p.reason}${p.drop ? ' (lost)' : ''}`)).toEqual([
      'data (lost)',
      'retransmit (lost)',
      'retransmit',
    ]);
    expect(Math.round((sends[2].sendNs - sends[1].sendNs) / 1e6)).toBe(140);
    expect(t.timers.filter((x) => x.timer === 'rto').map((x) => Math.round(x.atNs / 1e6))).toEqual([
      3216, 4789,
    ]);
    expect(Math.round((t.loads[0].endNs! - t.loads[0].startNs) / 1e6)).toBe(11_701);
  });
});
