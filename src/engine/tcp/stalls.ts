// Stall labelling, an observer of one endpoint: an interval where the sender had data queued
// but sent nothing, named for what held the data when it was finally released.
import type { TraceSink } from '../sink';
import type { Side, StallCause } from '../trace';
import type { Bytes, Nanoseconds } from '../units';

/** What an endpoint tells those who watch it. */
export interface EndpointObserver {
  /** An ACK the peer had delayed (for `heldNs`) arrived, or the retransmission timer fired. */
  onRelease(by: 'ack-delayed' | 'rto', heldNs: Nanoseconds): void;
  /** An output pass ended: whether data left, and what blocked queued data if any. */
  onOutput(sentData: boolean, blocked: StallCause | null, cwnd: Bytes): void;
  /** Slow-start restart shrank the window from `cwndBefore`. */
  onIdleRestart(cwndBefore: Bytes): void;
  /** A retransmission timeout cut the window (cwnd); nothing was sent or received since `quietSinceNs`. */
  onTimeout(quietSinceNs: Nanoseconds): void;
  /**
   * The connection ends here (reset, or given up). `waitingSinceNs`: data was in flight, the
   * retransmission timer set, and nothing was sent or heard since then (null: not so).
   */
  onAbort(waitingSinceNs: Nanoseconds | null, cwnd: Bytes): void;
}

export class StallLabeller implements EndpointObserver {
  /** The open stall: since when, and what holds the data now (null: none open). Fields, not an
   * object: a paced sender opens one after every segment. */
  private stallCause: StallCause | null = null;
  private stallStartNs: Nanoseconds = 0;
  private releasedBy: 'ack-delayed' | 'rto' | null = null;
  private releasedHeldNs: Nanoseconds = 0; // how long the peer held the releasing delayed ACK
  private cwndBeforeRestart: Bytes = 0; // stalls are blamed on the restart until cwnd regrows to this

  constructor(
    private readonly sink: TraceSink,
    private readonly conn: number,
    private readonly side: Side,
    /** The simulator's clock. */
    private readonly clock: { readonly now: Nanoseconds },
    /** When the outgoing link finishes what it holds: a sender is not stalled before. */
    private readonly linkIdleAt: () => Nanoseconds,
  ) {}

  onRelease(by: 'ack-delayed' | 'rto', heldNs: Nanoseconds): void {
    this.releasedBy = by;
    if (by === 'ack-delayed') this.releasedHeldNs = heldNs;
  }

  onOutput(sentData: boolean, blocked: StallCause | null, cwnd: Bytes): void {
    if (sentData && this.stallCause !== null) this.close(cwnd);
    if (blocked && this.stallCause === null) this.stallStartNs = Math.max(this.clock.now, this.linkIdleAt());
    if (blocked) this.stallCause = blocked;
    this.releasedBy = null;
  }

  onIdleRestart(cwndBefore: Bytes): void {
    this.cwndBeforeRestart = cwndBefore;
  }

  onTimeout(quietSinceNs: Nanoseconds): void {
    this.cwndBeforeRestart = 0; // from here on a small window is the timeout's doing
    // Everything sent and the tail lost: no stall is open (nothing queued was held back), yet the
    // sender has waited for this timer since the connection fell quiet. That wait is the timeout's.
    if (this.stallCause === null) {
      this.stallCause = 'rto';
      this.stallStartNs = Math.max(quietSinceNs, this.linkIdleAt()); // its last segment may have left late
    }
  }

  onAbort(waitingSinceNs: Nanoseconds | null, cwnd: Bytes): void {
    // A sender with data in flight and its retransmission timer set was waiting for the timeout
    // when the application gave up or the peer reset: as if the timer had fired, the wait up to
    // here is the timeout's, whatever held its queued data (it had read as idle). Any other
    // stall still open is dropped: nothing it held is waiting any more.
    if (waitingSinceNs !== null) {
      if (this.stallCause === null) {
        this.stallCause = 'rto';
        this.stallStartNs = Math.max(waitingSinceNs, this.linkIdleAt());
      }
      this.releasedBy = 'rto';
      this.close(cwnd);
    }
    this.stallCause = null;
    this.releasedBy = null;
  }

  private close(cwnd: Bytes): void {
    const startNs = this.stallStartNs;
    let cause = this.stallCause!;
    this.stallCause = null;
    const now = this.clock.now;
    if (now <= startNs) return;
    if (this.releasedBy === 'rto') cause = 'rto';
    else if (cause === 'cwnd' && cwnd < this.cwndBeforeRestart) cause = 'idle-restart';
    else if (
      (cause === 'cwnd' || cause === 'rwnd') &&
      this.releasedBy === 'ack-delayed' &&
      2 * this.releasedHeldNs >= now - startNs
    )
      cause = 'delayed-ack'; // the wait was mostly the peer holding its ACK, not the data in flight
    this.sink.stall({ conn: this.conn, side: this.side, startNs, endNs: now, cause });
  }
}
