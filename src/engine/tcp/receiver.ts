// The receiving half of a TCP endpoint: in-order delivery, out-of-order ranges held until the
// hole fills, the peer's FIN, and the ACK debt (what is owed, why, and when the ACK policy
// lets it go). With ACK-on-read (BSD), in-order data is ACKed by the window update the
// application's read sends: while the application is busy, ACKs wait for it or for the timer.
import type { Sim } from '../sim';
import { Timer } from '../sim';
import type { SendReason } from '../trace';
import type { Bytes, Nanoseconds } from '../units';
import type { AckPolicy } from './ackPolicy';

export interface ReceiverHooks {
  /** In-order bytes handed to the application. */
  deliver(seq: number, bytes: Bytes): void;
  /** The delayed-ACK timer released an ACK: send it. */
  ackDue(): void;
  /** The application read what it was holding: a window update is owed, send it. */
  readDone(): void;
  /** Bytes arrived beyond a hole: held back until it fills (HTTP/2 names the wait). */
  held?(seq: number, bytes: Bytes): void;
}

export class TcpReceiver {
  rcvNxt = 0;
  lastAckSent = 0;
  /** An ACK is owed now, and why (for the trace). */
  ackNow = false;
  ackReason: SendReason = 'ack-now';
  finReceived = false;
  private ooo: Array<[number, number]> = []; // out-of-order ranges [start, end), sorted
  private undelivered: Array<[number, Bytes]> = []; // taken from a segment, not yet handed over
  /** Kept when SACK is in use: the out-of-order data merged, with the arrival count of its latest segment. */
  private sacked: Array<[number, number, number]> | null = null;
  private arrivals = 0;
  private peerFinSeq: number | null = null;
  private readonly timer: Timer;
  private armedNs: Nanoseconds = 0;
  private readsHeldUntil: Nanoseconds = 0; // the application is busy until then
  private readonly readTimer: Timer;
  private mss: Bytes = 0;

  constructor(
    private readonly sim: Sim,
    readonly policy: AckPolicy,
    private readonly ackOnRead: boolean,
    private readonly hooks: ReceiverHooks,
  ) {
    this.timer = new Timer(sim, () => this.onTimer());
    this.readTimer = new Timer(sim, () => this.onRead());
  }

  /** The application is busy from now and reads what has arrived at `untilNs`. */
  holdReads(untilNs: Nanoseconds): void {
    this.readsHeldUntil = Math.max(this.readsHeldUntil, untilNs);
  }

  /** The peer's SYN carried sequence number `iss`. */
  start(iss: number): void {
    this.rcvNxt = iss + 1;
    this.lastAckSent = this.rcvNxt;
  }

  /** Take a segment's data (and FIN); returns true when this segment completed the peer's FIN. */
  accept(seq: number, len: Bytes, fin: boolean, mss: Bytes): boolean {
    if (this.finReceived) {
      this.ackNow = true; // a retransmission of what we already have
      return false;
    }
    const end = seq + len;
    if (fin) this.peerFinSeq = end;
    if (end <= this.rcvNxt && len > 0) {
      this.ackNow = true; // duplicate
    } else if (seq > this.rcvNxt) {
      if (len > 0) this.storeOutOfOrder(seq, end);
      this.ackNow = true; // a gap: a duplicate ACK tells the sender at once
    } else if (end > this.rcvNxt) {
      this.deliver(this.rcvNxt, end);
      if (this.pullOutOfOrder()) this.ackNow = true;
      else this.scheduleAck(mss);
    }
    return this.checkFin();
  }

  /** An ACK went out carrying rcvNxt: the debt is paid. */
  acked(): void {
    this.lastAckSent = this.rcvNxt;
    this.ackNow = false;
    this.ackReason = 'ack-now';
    this.timer.cancel();
  }

  /** How long the ACK now leaving was held by the delayed-ACK timer. */
  heldNs(): Nanoseconds {
    return this.sim.now - this.armedNs;
  }

  stop(): void {
    this.timer.cancel();
    this.readTimer.cancel();
  }

  private deliver(from: number, to: number): void {
    this.rcvNxt = to;
    this.undelivered.push([from, to - from]);
  }

  /**
   * Hand the application what the last segment brought. Called once the segment, its FIN included,
   * is processed (as BSD's tcp_input does before the process runs), so an application that closes
   * on reading the last byte sends one FIN that ACKs the peer's FIN too.
   */
  handOver(): void {
    const ready = this.undelivered;
    this.undelivered = [];
    for (const [seq, bytes] of ready) this.hooks.deliver(seq, bytes);
  }

  /**
   * SACK blocks for the next ACK (RFC 2018 4): the out-of-order data merged into ranges, the one
   * holding the latest arrival first, then the others by recency; at most four fit the options.
   */
  sackBlocks(): Array<[number, number]> | undefined {
    const ranges = this.sacked;
    if (!ranges || ranges.length === 0) return undefined;
    const newest = [...ranges].sort((a, b) => b[2] - a[2]).slice(0, 4);
    return newest.map(([start, end]) => [start, end]);
  }

  /** Start keeping SACK blocks (both ends offered SACK). */
  trackSack(): void {
    this.sacked ??= [];
  }

  private storeOutOfOrder(start: number, end: number): void {
    // Insert after any range with the same start (what a stable sort of an append would give).
    let lo = 0;
    let hi = this.ooo.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.ooo[mid][0] <= start) lo = mid + 1;
      else hi = mid;
    }
    this.ooo.splice(lo, 0, [start, end]);
    if (this.sacked) mergeRange(this.sacked, start, end, ++this.arrivals);
    this.hooks.held?.(start, end - start);
  }

  private pullOutOfOrder(): boolean {
    let pulled = false;
    while (this.ooo.length > 0 && this.ooo[0][0] <= this.rcvNxt) {
      const [, end] = this.ooo.shift()!;
      if (end > this.rcvNxt) this.deliver(this.rcvNxt, end);
      pulled = true;
    }
    while (this.sacked && this.sacked.length > 0 && this.sacked[0][1] <= this.rcvNxt) this.sacked.shift();
    return pulled;
  }

  private checkFin(): boolean {
    if (this.peerFinSeq === null || this.finReceived || this.rcvNxt !== this.peerFinSeq) return false;
    this.finReceived = true;
    this.rcvNxt += 1;
    this.ackNow = true;
    return true;
  }

  private scheduleAck(mss: Bytes): void {
    const unread = this.ackOnRead && this.sim.now < this.readsHeldUntil;
    if (unread) {
      this.mss = mss;
      if (!this.readTimer.pending) this.readTimer.set(this.readsHeldUntil);
    } else if (this.policy.ackAtOnce(this.rcvNxt - this.lastAckSent, mss, this.sim.now)) {
      this.ackNow = true;
      return;
    }
    if (this.timer.pending) return;
    this.armedNs = this.sim.now;
    this.timer.set(this.policy.delayedUntil(this.sim.now));
  }

  /** The application reads between two pieces of work: the window it opens is worth an update at 2 MSS (BSD). */
  private onRead(): void {
    // The window-update rule, not the policy's data-arrival rule (which, for Linux, also spends quick ACKs).
    const owed = this.rcvNxt - this.lastAckSent;
    if (this.policy.mode !== 'off' && owed < 2 * this.mss) return;
    this.ackNow = true;
    this.ackReason = 'window-update';
    this.hooks.readDone();
  }

  private onTimer(): void {
    if (this.rcvNxt === this.lastAckSent) return;
    this.ackNow = true;
    this.ackReason = 'ack-delayed';
    this.policy.timerFired?.();
    this.hooks.ackDue();
  }
}

/** Add [start, end) to sorted, disjoint ranges, merging what it overlaps or touches. */
function mergeRange(ranges: Array<[number, number, number]>, start: number, end: number, at: number): void {
  let i = 0;
  while (i < ranges.length && ranges[i][1] < start) i++;
  let j = i;
  let s = start;
  let e = end;
  while (j < ranges.length && ranges[j][0] <= end) {
    s = Math.min(s, ranges[j][0]);
    e = Math.max(e, ranges[j][1]);
    j++;
  }
  ranges.splice(i, j - i, [s, e, at]);
}
