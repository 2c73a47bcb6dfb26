// Loss recovery shared by the modern controllers: NewReno's fast recovery (RFC 6582), or with
// SACK the window held at ssthresh while the sender's scoreboard picks what to send (RFC 6675).
// A subclass says how a loss cuts the window and how an ACK grows it.
import type { InitialWindow } from '../params';
import type { Bytes, Nanoseconds } from '../units';
import type { AckSample } from './congestion';
import { MAX_CWND } from './congestion';
import { WindowControl } from './windowControl';

export abstract class RecoveringControl extends WindowControl {
  /** RFC 6582 `recover`: one past the highest byte sent when the loss was detected. */
  protected recover = 0;

  constructor(
    iw: InitialWindow,
    protected readonly sack: boolean,
  ) {
    super(iw);
  }

  /** A loss was detected (`window` = the flight it happened in): set ssthresh; cwnd follows. */
  protected abstract reduce(window: Bytes, mss: Bytes, nowNs: Nanoseconds): void;
  /** An ACK outside recovery. */
  protected abstract grow(mss: Bytes, s: AckSample): void;
  /** A full ACK ended recovery. */
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  protected recovered(s: AckSample): void {}

  /** RFC 6582 3.2 step 1: enter only when the ACK covers more than `recover` (no false retransmit after a timeout). */
  onDuplicateAck(count: number, window: Bytes, mss: Bytes, ack: number, highSent: number): boolean {
    if (count === 3 && !this.inRecovery && ack >= this.recover) {
      this.recover = highSent;
      this.reduce(window, mss, 0);
      this.inRecovery = true;
      this.cwnd = this.ssthresh;
      return true;
    }
    // RFC 6582 step 3: inflate by a segment per further duplicate; with SACK the pipe counts instead.
    if (count > 3 && this.inRecovery && !this.sack) this.cwnd = Math.min(MAX_CWND, this.cwnd + mss);
    return false;
  }

  afterFastRetransmit(mss: Bytes): void {
    if (!this.sack) this.cwnd = this.ssthresh + 3 * mss; // RFC 6582 step 2
  }

  onNewAck(mss: Bytes, s: AckSample): boolean {
    if (!this.inRecovery) {
      this.grow(mss, s);
      this.cwnd = Math.min(MAX_CWND, this.cwnd);
      return false;
    }
    if (s.ack >= this.recover) {
      // Full ACK (RFC 6582 step 4, option 1): deflate to min(ssthresh, FlightSize + SMSS).
      this.inRecovery = false;
      this.cwnd = Math.min(this.ssthresh, Math.max(s.flight, mss) + mss);
      this.recovered(s);
      return false;
    }
    if (this.sack) return false; // the scoreboard repairs the holes (RFC 6675 5, step C)
    // Partial ACK (RFC 6582 step 4): deflate by what it acknowledged, add back one segment, retransmit.
    this.cwnd = Math.max(mss, this.cwnd - s.ackedBytes);
    if (s.ackedBytes >= mss) this.cwnd += mss;
    return true;
  }

  /**
   * A loss found already repaired (a tail loss probe's, RFC 8985 7.4): the window is cut once, as
   * entering and leaving fast recovery would (Linux: tcp_process_tlp_ack, a CWR episode).
   */
  onLossRepaired(window: Bytes, mss: Bytes): void {
    if (this.inRecovery) return;
    this.reduce(window, mss, 0);
    this.cwnd = Math.min(this.cwnd, this.ssthresh);
  }

  onTimeout(window: Bytes, mss: Bytes, highSent: number): void {
    this.reduce(window, mss, 0);
    this.cwnd = mss;
    this.inRecovery = false;
    this.recover = highSent;
  }
}
