// Stall labelling, an observer of one endpoint: an interval where the sender had data queued
// but sent nothing, named for what held the data when it was finally released.
import type { TraceSink } from '../sink';
import type { Side, StallCause } from '../trace';
import type { LinkClock } from '../transport';
import type { Bytes, Nanoseconds } from '../units';

/** What an endpoint tells those who watch it. */
export interface EndpointObserver {
  /**
   * An ACK the peer had held (for `heldNs`, from `heldFromNs`) arrived: its delayed ACK, or the
   * window update its application's read sent (BSD's ACK on read); or the retransmission timer
   * (QUIC's probe timer) fired.
   */
  onRelease(
    by: 'ack-delayed' | 'window-update' | 'timeout',
    heldNs: Nanoseconds,
    heldFromNs?: Nanoseconds,
  ): void;
  /**
   * An output pass ended: whether data left, and what blocked queued data if any. `progressed`:
   * what left moved the connection on (new data or a retransmission, or a FIN with nothing before
   * it), which a FIN behind unacknowledged data does not; as `sentData` when not told.
   */
  onOutput(sentData: boolean, blocked: StallCause | null, cwnd: Bytes, progressed?: boolean): void;
  /** Slow-start restart shrank the window from `cwndBefore`. */
  onIdleRestart(cwndBefore: Bytes): void;
  /** A retransmission timeout cut the window (cwnd), or QUIC's probe timer fired; the connection last moved at `quietSinceNs` (data sent, or something new heard). */
  onTimeout(quietSinceNs: Nanoseconds): void;
  /** The probe timer fired (RFC 8985 7.3): the wait since `quietSinceNs` was for the tail loss probe. */
  onProbe(quietSinceNs: Nanoseconds): void;
  /** A loss timer declared data lost (RACK's reordering timer, RFC 8985 6.3; QUIC's, RFC 9002
   * 6.1.2): the wait since `quietSinceNs` was that timer's. */
  onLossTimer(quietSinceNs: Nanoseconds): void;
  /**
   * Without SACK, a partial ACK in NewReno's fast recovery (RFC 6582 3.2 step 4) sent the next
   * lost segment: the wait it ends was for that round trip of repair, one hole per round trip,
   * where SACK would have reported every hole at once (RFC 6675).
   */
  onPartialAckRepair(): void;
  /** A loss found only long after the connection last moved, as the timer was about to find it:
   * the wait since `quietSinceNs` was the timer's. */
  onLateRecovery(quietSinceNs: Nanoseconds): void;
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
  /** What released the data since the last output pass ('none': nothing). A string, never null: `close`
   * compares it with strings, and a comparison that has also seen null calls a generic runtime routine. */
  private releasedBy: 'ack-delayed' | 'timeout' | 'tail-probe' | 'recovery' | 'none' = 'none';
  private releasedHeldNs: Nanoseconds = 0; // how long the peer held the releasing delayed ACK
  private cwndBeforeRestart: Bytes = 0; // stalls are blamed on the restart until cwnd regrows to this
  /** The last delayed ACK to arrive: when, and how long the peer held it from when. */
  private heldAckArrivalNs: Nanoseconds = -1;
  private heldAckFromNs: Nanoseconds = 0;
  private heldAckNs: Nanoseconds = 0;
  /** When the link had sent all that left in the last pass that moved the connection on. */
  private progressLeftNs: Nanoseconds = 0;

  constructor(
    private readonly sink: TraceSink,
    private readonly conn: number,
    private readonly side: Side,
    /** The simulator's clock. */
    private readonly clock: { readonly now: Nanoseconds },
    /** The outgoing link: a sender is not stalled before it has sent what it holds. */
    private readonly link: LinkClock,
    /**
     * What a wait for the timer that resends a lost tail is named: TCP's retransmission timeout,
     * or QUIC's probe timeout, which sends probes and keeps the window (RFC 9002 6.2).
     */
    private readonly timeoutCause: 'rto' | 'pto' = 'rto',
  ) {}

  onRelease(
    by: 'ack-delayed' | 'window-update' | 'timeout',
    heldNs: Nanoseconds,
    heldFromNs = this.clock.now - heldNs,
  ): void {
    // A window update names no window stall for the peer: the read that sent it is the ACK's pace
    // (in BSD the ACK of every second segment), not a hold. Before a timeout it is a hold all the same.
    if (by !== 'window-update') this.releasedBy = by;
    if (by === 'timeout') return;
    if (by === 'ack-delayed') this.releasedHeldNs = heldNs;
    this.heldAckArrivalNs = this.clock.now;
    // Data of ours still leaving while the peer held its ACK was no wait of ours.
    this.heldAckFromNs = Math.max(heldFromNs, this.progressLeftNs);
    this.heldAckNs = heldFromNs + heldNs - this.heldAckFromNs;
  }

  onOutput(sentData: boolean, blocked: StallCause | null, cwnd: Bytes, progressed = sentData): void {
    if (progressed) this.progressLeftNs = this.link.idleAt;
    if (sentData && this.stallCause !== null) this.close(cwnd);
    if (blocked !== null && this.stallCause === null)
      this.stallStartNs = Math.max(this.clock.now, this.link.idleAt);
    if (blocked !== null) this.stallCause = blocked;
    this.releasedBy = 'none';
  }

  onIdleRestart(cwndBefore: Bytes): void {
    this.cwndBeforeRestart = cwndBefore;
  }

  onTimeout(quietSinceNs: Nanoseconds): void {
    this.cwndBeforeRestart = 0; // from here on a small window is the timeout's doing
    this.openTimeoutWait(quietSinceNs);
  }

  onPartialAckRepair(): void {
    this.releasedBy = 'recovery';
  }

  onLateRecovery(quietSinceNs: Nanoseconds): void {
    this.openTimeoutWait(quietSinceNs);
  }

  /**
   * Loss found by time: too few later packets were acknowledged to call one lost at once, so the
   * sender waited out a reordering window in case it was only reordered (QUIC: 9/8 of a round trip,
   * RFC 9002 6.1.2; TCP's RACK: a quarter of the minimum round trip, RFC 8985 6.2). The wait since
   * `quietSinceNs` was that timer's, not a timeout's.
   */
  onLossTimer(quietSinceNs: Nanoseconds): void {
    this.openTimeoutWait(quietSinceNs, 'loss-timer');
  }

  onProbe(quietSinceNs: Nanoseconds): void {
    this.openTimeoutWait(quietSinceNs, 'tail-probe');
  }

  /**
   * The sender has waited for the retransmission timer since the connection last moved: that wait
   * is the timeout's. No stall need be open (everything sent and the tail lost: nothing queued was
   * held back), or one may have opened since (a FIN sent meanwhile had opened one 9 s into a 12 s
   * wait); one open from before keeps its start.
   */
  private openTimeoutWait(
    quietSinceNs: Nanoseconds,
    cause: 'rto' | 'pto' | 'tail-probe' | 'loss-timer' = this.timeoutCause,
  ): void {
    // The last segment may have left late, behind others on the link. The link's time when it
    // was sent says so; its time now counts what was sent since, by other connections or in a
    // FIN behind the lost data (it had moved a wait's start 2.5 s late).
    const startNs = Math.max(quietSinceNs, this.progressLeftNs);
    if (this.stallCause !== null && this.stallStartNs <= startNs) return;
    // The connection last moved when an ACK the peer had held arrived (delayed, or sent when its
    // application read): that ACK set the timer again, so without the hold it would have fired as
    // much sooner. The hold is the delayed ACK's (it had read as idle: 194 ms with nothing in
    // flight before a lost tail's timeout).
    if (this.heldAckArrivalNs === quietSinceNs && this.heldAckNs > 0) {
      const heldFromNs = this.heldAckFromNs;
      const endNs = heldFromNs + this.heldAckNs;
      this.sink.stall({ conn: this.conn, side: this.side, startNs: heldFromNs, endNs, cause: 'delayed-ack' });
    }
    this.stallCause = cause;
    this.stallStartNs = startNs;
  }

  /**
   * An ACK that just arrived declared data lost (QUIC finds a loss on the ACK itself, RFC 9002
   * 6.1). Had the peer not held that ACK, the loss would have been found as much sooner: the hold
   * is the delayed ACK's (it had read as idle: the peer's 25 ms max_ack_delay before a repair).
   */
  onLossFoundByAck(): void {
    if (this.heldAckArrivalNs !== this.clock.now || this.heldAckNs <= 0) return;
    const startNs = this.heldAckFromNs;
    const endNs = startNs + this.heldAckNs;
    this.sink.stall({ conn: this.conn, side: this.side, startNs, endNs, cause: 'delayed-ack' });
  }

  onAbort(waitingSinceNs: Nanoseconds | null, cwnd: Bytes): void {
    // A sender with data in flight and its retransmission timer set was waiting for the timeout
    // when the application gave up or the peer reset: as if the timer had fired, the wait up to
    // here is the timeout's, whatever held its queued data (it had read as idle). Any other
    // stall still open is dropped: nothing it held is waiting any more.
    if (waitingSinceNs !== null) {
      this.openTimeoutWait(waitingSinceNs);
      this.releasedBy = 'timeout';
      this.close(cwnd);
    }
    this.stallCause = null;
    this.releasedBy = 'none';
  }

  private close(cwnd: Bytes): void {
    const startNs = this.stallStartNs;
    let cause = this.stallCause!;
    this.stallCause = null;
    const now = this.clock.now;
    if (now <= startNs) return;
    if (this.releasedBy === 'timeout') cause = this.timeoutCause;
    else if (this.releasedBy === 'tail-probe') cause = this.releasedBy;
    // A window held full by the hole that a partial ACK's repair ends: the repair's wait.
    else if (this.releasedBy === 'recovery' && (cause === 'cwnd' || cause === 'rwnd')) cause = 'recovery';
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
