// Acknowledgements and loss (RFC 9002 A.7-A.10): what the peer acknowledged leaves the books and
// feeds the RTT estimate and congestion control; what it did not is declared lost by packet or time
// threshold and queued again; when nothing is heard, a probe timeout (PTO) sends probes.
import type { Nanoseconds } from '../units';
import { QuicConnectionState } from './connectionState';
import { MAX_ACK_DELAY_NS, PACKET_THRESHOLD, SPACES, type SentPacket, type SpaceId } from './recovery';
import { MIN_INITIAL_DATAGRAM } from './wire';

/** RFC 9002 6.2.4: a PTO sends up to two probe datagrams. */
const PROBES_PER_PTO = 2;

export abstract class QuicLossDetection extends QuicConnectionState {
  protected onAck(spaceId: SpaceId, ranges: Array<[number, number]>, delayNs: Nanoseconds): void {
    const sent = this.spaces[spaceId].sent;
    const acked: SentPacket[] = [];
    for (const [pn, p] of sent.unacked) if (ranges.some(([lo, hi]) => pn >= lo && pn <= hi)) acked.push(p);
    if (acked.length === 0) return;
    sent.largestAcked = Math.max(sent.largestAcked, ranges[0][1]);
    for (const p of acked) sent.unacked.delete(p.pn);
    const largest = acked[acked.length - 1];
    if (largest.pn === ranges[0][1] && acked.some((p) => p.ackEliciting))
      this.rtt.update(this.sim.now - largest.sentNs, delayNs, this.confirmed);
    const lost = this.detectLost(spaceId);
    if (lost.length > 0) this.stalls.onLossFoundByAck();
    this.cc.onAckFrame();
    for (const p of acked) this.cc.onAcked(p);
    this.onLost(lost, spaceId);
    this.ptoCount = 0;
    this.sample();
  }

  /** RFC 9002 6.1: lost if 3 later packets were acknowledged, or if sent 9/8 RTT before one was. */
  protected detectLost(spaceId: SpaceId): SentPacket[] {
    const sent = this.spaces[spaceId].sent;
    sent.lossTimeNs = null;
    const delay = this.rtt.lossDelayNs;
    const lost: SentPacket[] = [];
    for (const p of sent.unacked.values()) {
      if (p.pn > sent.largestAcked) break;
      if (p.sentNs <= this.sim.now - delay || sent.largestAcked >= p.pn + PACKET_THRESHOLD) lost.push(p);
      else sent.lossTimeNs = Math.min(sent.lossTimeNs ?? Infinity, p.sentNs + delay);
    }
    for (const p of lost) sent.unacked.delete(p.pn);
    return lost;
  }

  protected onLost(lost: SentPacket[], spaceId: SpaceId): void {
    if (lost.length === 0) return;
    // RFC 9002 B.6: entering recovery, one packet may go at once to speed the repair.
    if (this.cc.onLost(lost, this.sim.now)) this.sendOneNow = true;
    this.resendReason = 'fast-retransmit'; // found by acknowledgements, as TCP's fast retransmit
    for (const p of lost) this.requeue(p, spaceId);
    this.sample();
  }

  /** What a lost packet carried goes out again in new packets (RFC 9000 13.3). */
  protected requeue(p: SentPacket, spaceId: SpaceId): void {
    for (const f of p.frames) {
      if (f.kind === 'crypto') this.spaces[spaceId].crypto.toSend.push([f.offset, f.len]);
      else if (f.kind === 'stream') this.resends.push({ id: f.id, offset: f.offset, len: f.len, fin: f.fin });
      else if (f.kind === 'handshake-done') this.handshakeDonePending = true;
      else if (f.kind === 'max-data' || f.kind === 'max-stream-data') this.receiveWindow?.lost(f);
      else if (f.kind === 'data-blocked' || f.kind === 'stream-data-blocked') this.credit?.lostBlocked(f);
    }
  }

  /** Keys of a level are dropped: its packets leave the books (RFC 9002 6.4). */
  protected discard(spaceId: SpaceId): void {
    const s = this.spaces[spaceId];
    if (s.sent.discarded) return;
    s.sent.discarded = true;
    for (const p of s.sent.unacked.values()) this.cc.onRemoved(p);
    s.sent.unacked.clear();
    s.sent.lossTimeNs = null;
    s.crypto.toSend.length = 0;
    s.rx.ackDue = false;
    s.rx.ackTimerNs = null;
    this.ptoCount = 0;
  }

  /** RFC 9002 A.8: the earliest loss time, else the probe timeout of the space due first. */
  protected setLossTimer(): void {
    if (this.closed) return;
    let earliest: Nanoseconds | null = null;
    for (const id of SPACES) {
      const t = this.spaces[id].sent.lossTimeNs;
      if (t !== null && (earliest === null || t < earliest)) earliest = t;
    }
    if (earliest !== null) return this.lossTimer.set(Math.max(earliest, this.sim.now));
    // A server that may not send (amplification) arms nothing: the client's probe unblocks it.
    if (!this.validated && this.ampBudget() < MIN_INITIAL_DATAGRAM / 4) return this.lossTimer.cancel();
    const pto = this.ptoTime();
    if (pto === null) this.lossTimer.cancel();
    else this.lossTimer.set(Math.max(pto.atNs, this.sim.now));
  }

  protected ptoTime(): { atNs: Nanoseconds; space: SpaceId } | null {
    const backoff = 2 ** this.ptoCount;
    const base = this.rtt.ptoBaseNs * backoff;
    const inFlight = SPACES.some((id) => this.spaces[id].sent.ackElicitingInFlight);
    if (!inFlight) {
      // RFC 9002 6.2.2.1: a client not yet sure the server has its address keeps a timer running.
      if (this.side === 'server' || this.handshakeDone) return null;
      return { atNs: this.sim.now + base, space: this.handshakeKeys ? 'handshake' : 'initial' };
    }
    let best: { atNs: Nanoseconds; space: SpaceId } | null = null;
    for (const id of SPACES) {
      const sent = this.spaces[id].sent;
      if (!sent.ackElicitingInFlight || sent.lastAckElicitingNs === null) continue;
      if (id === 'app' && !this.handshakeDone) continue; // A.8: no app PTO before the handshake completes
      const at = sent.lastAckElicitingNs + base + (id === 'app' ? MAX_ACK_DELAY_NS * backoff : 0);
      if (!best || at < best.atNs) best = { atNs: at, space: id };
    }
    return best;
  }

  protected onLossTimer(): void {
    for (const id of SPACES) {
      if (this.spaces[id].sent.lossTimeNs === null) continue;
      const lost = this.detectLost(id);
      // The time threshold declared them lost (RFC 9002 6.1.2). With nothing held back meanwhile
      // (a lost tail), the wait it ends is the loss timer's, not a probe timeout's: no probe went
      // (9/8 of a round trip had read as idle). A stall already open (a full window) keeps its cause.
      if (lost.length > 0) this.stalls.onLossTimer(this.quietSinceNs());
      this.onLost(lost, id);
      this.setLossTimer();
      this.pump();
      return;
    }
    const pto = this.ptoTime();
    if (!pto) return;
    this.ptoCount++;
    this.probes = PROBES_PER_PTO;
    this.probeSpace = pto.space;
    // Probe with the oldest data still unacknowledged in the space, or a PING.
    const oldest = [...this.spaces[pto.space].sent.unacked.values()].find((p) => p.ackEliciting);
    this.resendReason = 'retransmit'; // a timeout, as TCP's RTO
    if (oldest) this.requeue(oldest, pto.space);
    // A wait the probe ends is the probe timeout's ('pto', RFC 9002 6.2; TCP's would be 'rto').
    this.stalls.onRelease('timeout', 0);
    this.stalls.onTimeout(this.quietSinceNs());
    this.sample();
    this.pump('retransmit');
  }

  /**
   * When this end last sent an ack-eliciting packet or received one that brought something new,
   * whichever came later. An ACK alone does not count: the probe timer runs from the last
   * ack-eliciting packet sent (RFC 9002 6.2.1), whatever ACKs arrive meanwhile (counting one had
   * left the peer's 25 ms ACK delay before a lost tail as idle time). Nor does the peer's PING,
   * its own probe: it had cut a wait for our probe timeout into idle pieces between its probes.
   */
  protected quietSinceNs(): Nanoseconds {
    let since = 0;
    for (const id of SPACES) {
      const { sent, rx } = this.spaces[id];
      since = Math.max(since, sent.lastAckElicitingNs ?? 0, rx.lastNewsNs);
    }
    return since;
  }

  /** Congestion window and RTT state for the trace, recorded when it changes. */
  protected sample(): void {
    const srttNs = this.rtt.hasSample ? Math.round(this.rtt.smoothedNs) : null;
    const rtoNs = this.rtt.ptoBaseNs * 2 ** this.ptoCount;
    const key = `${this.cc.cwnd}:${this.cc.ssthresh}:${srttNs}:${rtoNs}`;
    if (key === this.lastSample) return;
    this.lastSample = key;
    this.sink.sample({
      atNs: this.sim.now,
      conn: this.conn,
      side: this.side,
      cwnd: this.cc.cwnd,
      ssthresh: this.cc.ssthresh,
      srttNs,
      rtoNs,
      pacingRate: undefined, // the shape every sample has (the trace's table reads them)
    });
  }
}
