// RACK-TLP (RFC 8985), the loss detection of Linux since 4.18 (tcp_recovery=1, tcp_early_retrans=3):
// the state and the rules, kept apart from the endpoint that acts on them (rackRecovery.ts).
//  - RACK (6): a segment is lost once one sent after it has been delivered and RACK.rtt + reo_wnd
//    has passed since it left: loss found by time, not by counting duplicate ACKs.
//  - TLP (7): with nothing in recovery, a probe timeout (about 2 SRTT) sends one segment, so a lost
//    tail brings back the SACK or ACK that RACK or fast recovery need, instead of waiting for the RTO.
// Simplifications, said here once: reo_wnd is static, min_RTT / 4 (RFC 8985 6.2 step 4 without the
// DSACK-driven multiplier of 6.2 step 4's RACK.reo_wnd_mult); min_RTT is the smallest RTT seen on the
// connection, not a windowed minimum. A retransmission is judged by its latest send (as 6.2 asks):
// one sent in a SACK recovery, or from snd.una after a timeout, and lost again is found so once a
// segment sent after it is delivered and RACK.rtt + reo_wnd has passed (`lostRetransmissions`);
// the scoreboard fills it again, or after a timeout it goes again at once. The window is not cut
// again for it (in fast recovery Linux's episode, one cut, goes on, and RFC 5681 4.3's second cut
// is not modelled; after a timeout Linux moves to fast recovery, a cut not modelled either). No
// DSACK is modelled: TLP's loss detection (7.4) tells a probe that repaired a loss from one that
// duplicated a delivered segment by timing (an ACK sooner than min_RTT after the probe cannot be the
// probe's).
import type { Nanoseconds } from '../units';
import type { SendRecord, TcpSender } from './sender';

/** RFC 8985 7.2: WCDelAckT, the worst-case delayed ACK a probe of one segment allows for. */
export const WC_DEL_ACK_NS = 200e6;
/** RFC 8985 7.2: the PTO before any RTT sample. */
const PTO_WITHOUT_SRTT_NS = 1e9;
/** RFC 5681's DupThresh, which RACK's reo_wnd steps aside for (RFC 8985 6.2 step 4). */
const DUP_THRESH = 3;
/** A bound on the records one loss check looks at (the walk usually stops at the second). */
const WALK_LIMIT = 4096;

export class Rack {
  /** RFC 8985 6.1: RACK.xmit_ts, RACK.end_seq, RACK.rtt: the most recently sent segment delivered. */
  xmitNs: Nanoseconds = -1;
  endSeq = 0;
  rttNs: Nanoseconds = 0;
  /** RACK.min_RTT (here the connection's smallest), and RACK.fack: the highest end delivered. */
  minRttNs: Nanoseconds = Infinity;
  private fack = 0;
  /** RACK.reordering_seen: a segment was delivered after one sent later than it. */
  reorderingSeen = false;
  /** One past the last byte RACK has marked lost (below it, what is not SACKed is lost). */
  lostSeq = 0;
  /** TLP.end_seq (7.1): SND.NXT when the outstanding probe left, or null; and what it was. */
  tlpEndSeq: number | null = null;
  tlpRetrans = false;
  tlpSentNs: Nanoseconds = 0;
  /**
   * This recovery's retransmissions (a SACK recovery's, or those from snd.una after a timeout) in
   * the order they left, from `resentHead` on: RACK's time-ordered walk over them (Linux's
   * tsorted_sent_queue) finds the lost ones without reading the whole scoreboard. Records delivered, replaced or already found lost are dropped as met.
   */
  private resent: SendRecord[] = [];
  private resentHead = 0;
  /** Retransmissions found lost again so far: the scoreboard reads its holes afresh when it moves. */
  lostAgainCount = 0;

  /** RFC 8985 6.2 steps 1-3: a segment was newly delivered (cumulatively ACKed or SACKed). */
  onDelivered(r: SendRecord, nowNs: Nanoseconds): void {
    const rtt = nowNs - r.sentNs;
    const end = r.seq + r.len;
    // Step 2: an ACK sooner than min_RTT after a retransmission answers the original: ignore it.
    if (r.retransmitted && rtt < this.minRttNs) return;
    if (!r.retransmitted) this.minRttNs = Math.min(this.minRttNs, rtt);
    if (!r.retransmitted && end < this.fack) this.reorderingSeen = true; // step 3
    this.fack = Math.max(this.fack, end);
    // Step 1: RACK follows the segment sent last (ties by sequence: the higher end).
    if (r.sentNs > this.xmitNs || (r.sentNs === this.xmitNs && end > this.endSeq)) {
      this.xmitNs = r.sentNs;
      this.endSeq = end;
      this.rttNs = rtt;
    }
  }

  /**
   * RFC 8985 6.2 step 4, with a static multiplier: 0 until reordering is seen, once in recovery or
   * DupThresh segments are SACKed (the duplicate-ACK rule's own signal); else min_RTT / 4, at most SRTT.
   */
  reoWnd(inRecovery: boolean, sackedBytes: number, mss: number, srttNs: number | null): Nanoseconds {
    if (!this.reorderingSeen && (inRecovery || sackedBytes >= DUP_THRESH * mss)) return 0;
    if (!Number.isFinite(this.minRttNs)) return 0;
    return Math.min(this.minRttNs / 4, srttNs ?? Infinity);
  }

  /**
   * RFC 8985 6.2 step 5 (RACK_detect_loss): mark lost, in sequence order, each segment not SACKed
   * that left before RACK.xmit_ts at least RACK.rtt + reo_wnd ago. Returns when the next one comes
   * due (for the reordering timer, 6.2 step 5), or -1; `lostSeq` moves up to what is lost.
   */
  detectLoss(snd: TcpSender, nowNs: Nanoseconds, reoWndNs: Nanoseconds): Nanoseconds {
    if (this.xmitNs < 0) return -1;
    const records = snd.records;
    let i = snd.nextUnsacked(Math.max(snd.firstRecord, snd.firstAtOrAfter(this.lostSeq)));
    let nextDueNs = -1;
    for (let n = 0; i < records.length && n < WALK_LIMIT; i = snd.nextUnsacked(i + 1), n++) {
      const r = records[i];
      const end = r.seq + r.len;
      const sentBefore = r.sentNs < this.xmitNs || (r.sentNs === this.xmitNs && end < this.endSeq);
      const dueNs = r.sentNs + this.rttNs + reoWndNs;
      // A retransmission is judged by its own, later send; the segments above it, sent once and in
      // order, may already be lost.
      if (r.retransmitted && (!sentBefore || dueNs > nowNs)) {
        if (sentBefore) nextDueNs = nextDueNs < 0 ? dueNs : Math.min(nextDueNs, dueNs);
        continue;
      }
      // Sent after the newest delivered: nothing above can be judged yet.
      if (!sentBefore) return nextDueNs;
      // The reordering timer waits for the first not yet due (those above left later).
      if (dueNs > nowNs) return nextDueNs < 0 ? dueNs : Math.min(nextDueNs, dueNs);
      this.lostSeq = Math.max(this.lostSeq, end);
    }
    return nextDueNs;
  }

  /** A SACK recovery began, or a timeout fired: the retransmissions sent before are no longer watched. */
  forgetRetransmissions(): void {
    this.resent.length = 0;
    this.resentHead = 0;
  }

  /** A retransmission left in a recovery (its record, now in the sender's records). */
  onRetransmitted(r: SendRecord): void {
    if (this.resentHead > WALK_LIMIT && this.resentHead * 2 > this.resent.length) {
      this.resent.splice(0, this.resentHead);
      this.resentHead = 0;
    }
    this.resent.push(r);
  }

  /**
   * RFC 8985 6.2 step 5 for this recovery's retransmissions, oldest send first (Linux's
   * tcp_rack_detect_loss walks the same time-ordered list, then tcp_mark_skb_lost): one sent before
   * RACK.xmit_ts at least RACK.rtt + reo_wnd ago is lost again, and the sender marks it so. Returns
   * when the next one comes due (for the reordering timer), or -1.
   */
  lostRetransmissions(snd: TcpSender, nowNs: Nanoseconds, reoWndNs: Nanoseconds): Nanoseconds {
    const resent = this.resent;
    for (; this.resentHead < resent.length; this.resentHead++) {
      const r = resent[this.resentHead];
      const end = r.seq + r.len;
      const gone = r.sacked || r.lostAgain || end <= snd.sndUna;
      if (gone || snd.records[snd.firstAtOrAfter(r.seq)] !== r) continue; // delivered, or sent again
      if (r.sentNs > this.xmitNs || (r.sentNs === this.xmitNs && end >= this.endSeq)) return -1;
      const dueNs = r.sentNs + this.rttNs + reoWndNs;
      if (dueNs > nowNs) return dueNs; // those after it left later: not due before it
      snd.markLostAgain(r);
      this.lostAgainCount++;
    }
    return -1;
  }

  /**
   * RFC 8985 7.2: PTO = 2 SRTT, plus WCDelAckT when one segment is in flight (the peer may hold
   * the ACK of a lone segment), 1 s before any sample; never later than the RTO would fire.
   */
  ptoNs(srttNs: number | null, flightBytes: number, mss: number): Nanoseconds {
    if (srttNs === null) return PTO_WITHOUT_SRTT_NS;
    return Math.round(2 * srttNs) + (flightBytes <= mss ? WC_DEL_ACK_NS : 0);
  }

  /** RFC 8985 7.4.2 (without DSACK): the ACK's news of the outstanding probe. True: the probe
   * repaired a loss, and the sender reduces its window once for it. */
  onAck(ack: number, nowNs: Nanoseconds): boolean {
    const end = this.tlpEndSeq;
    if (end === null || ack < end) return false;
    this.tlpEndSeq = null;
    // A probe of new data, or one answered before it could have crossed the path: no loss.
    return this.tlpRetrans && nowNs - this.tlpSentNs >= this.minRttNs;
  }
}
