// The receiving half of a TCP endpoint: in-order delivery, out-of-order ranges held until the
// hole fills, the peer's FIN, and the ACK debt (what is owed, why, and when the ACK policy
// lets it go). With ACK-on-read (BSD), in-order data is ACKed by the window update the
// application's read sends: while the application is busy, ACKs wait for it or for the timer.
import type { Sim } from '../sim';
import { Timer } from '../timer';
import type { SendReason } from '../trace';
import type { Bytes, Nanoseconds } from '../units';
import type { AckPolicy } from './ackPolicy';
import { HeldRanges } from './heldRanges';
import { SackRanges } from './sackRanges';

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
  /** Out-of-order segments, until the hole before them fills (made at the first: most connections see none). */
  private ooo: HeldRanges | null = null;
  /** Taken from a segment, not yet handed over: seq, bytes, seq, bytes... (`undeliveredCount` pairs). */
  private undelivered: number[] = [];
  private undeliveredCount = 0;
  private spare: number[] = [];
  /** Kept when SACK is in use: the out-of-order data merged, and the blocks to report. */
  private sacked: SackRanges | null = null;
  private peerFinSeq: number | null = null;
  private readonly timer: Timer;
  private armedNs: Nanoseconds = -1;
  private readsHeldUntil: Nanoseconds = 0; // the application is busy until then
  /** Only with ACK-on-read. */
  private readonly readTimer: Timer | null;
  private mss: Bytes = 0;

  constructor(
    private readonly sim: Sim,
    readonly policy: AckPolicy,
    private readonly ackOnRead: boolean,
    private readonly hooks: ReceiverHooks,
  ) {
    this.timer = new Timer(sim, () => this.onTimer());
    this.readTimer = ackOnRead ? new Timer(sim, () => this.onRead()) : null;
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
      // RFC 5681 4.2: a segment that fills all or part of a gap is ACKed at once. 4.4BSD's
      // TCP_REASS delays only when nothing is held out of order (tcp_input.c: `tp->seg_next ==
      // (struct tcpiphdr *)tp`), Linux's __tcp_ack_snd_check sends at once while its out-of-order
      // queue holds data. A retransmission that filled only the first of several holes had been
      // held for the delayed-ACK timer, 200 ms added to every round of NewReno's recovery.
      if (this.pullOutOfOrder() || this.holdsOutOfOrder()) this.ackNow = true;
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
    this.armedNs = -1;
  }

  /** How long the ACK now leaving was held: since the delayed-ACK timer was armed (0: it was not). */
  heldNs(): Nanoseconds {
    return this.armedNs < 0 ? 0 : this.sim.now - this.armedNs;
  }

  stop(): void {
    this.stopDelayedAck();
    this.readTimer?.stop();
  }

  stopDelayedAck(): void {
    this.timer.stop();
  }

  private deliver(from: number, to: number): void {
    this.rcvNxt = to;
    const i = 2 * this.undeliveredCount++;
    this.undelivered[i] = from;
    this.undelivered[i + 1] = to - from;
  }

  /**
   * Hand the application what the last segment brought. Called once the segment, its FIN included,
   * is processed (as BSD's tcp_input does before the process runs), so an application that closes
   * on reading the last byte sends one FIN that ACKs the peer's FIN too.
   */
  handOver(): void {
    const n = this.undeliveredCount;
    if (n === 0) return;
    // Segments arrive only as events, never while the application is handed bytes; the buffers
    // swap all the same, so what was taken stays put while it is handed over.
    const ready = this.undelivered;
    this.undelivered = this.spare;
    this.spare = ready;
    this.undeliveredCount = 0;
    for (let i = 0; i < 2 * n; i += 2) this.hooks.deliver(ready[i], ready[i + 1]);
  }

  /** SACK blocks for the next ACK (RFC 2018 4), latest first (sackRanges.ts). */
  sackBlocks(): Array<[number, number]> | undefined {
    return this.sacked?.blocksForAck();
  }

  /** Start keeping SACK blocks (both ends offered SACK). */
  trackSack(): void {
    this.sacked ??= new SackRanges();
  }

  private storeOutOfOrder(start: number, end: number): void {
    (this.ooo ??= new HeldRanges()).add(start, end);
    this.sacked?.add(start, end);
    this.hooks.held?.(start, end - start);
  }

  // The next two run for every segment that arrives in order: each keeps its common case small and
  // its rarer work apart, so the JIT inlines them into the endpoint's segment handling (it inlines
  // only up to a budget of bytecode per function).

  private pullOutOfOrder(): boolean {
    // Nothing ever arrived out of order: nothing held, none SACKed.
    return this.ooo !== null && this.pullHeld(this.ooo);
  }

  private holdsOutOfOrder(): boolean {
    return this.ooo !== null && !this.ooo.empty;
  }

  private pullHeld(ooo: HeldRanges): boolean {
    let pulled = false;
    for (let r = ooo.takeFrom(this.rcvNxt); r !== null; r = ooo.takeFrom(this.rcvNxt)) {
      if (r[1] > this.rcvNxt) this.deliver(this.rcvNxt, r[1]);
      pulled = true;
    }
    this.sacked?.dropBelow(this.rcvNxt);
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
    if (unread) this.awaitRead(mss);
    else if (this.policy.ackAtOnce(this.rcvNxt - this.lastAckSent, mss, this.sim.now)) {
      this.ackNow = true;
      return;
    }
    if (this.timer.pending) return;
    this.armedNs = this.sim.now;
    this.timer.set(this.policy.delayedUntil(this.sim.now));
  }

  /** The application is busy: the ACK waits for its read (or the delayed-ACK timer). */
  private awaitRead(mss: Bytes): void {
    this.mss = mss;
    if (!this.readTimer!.pending) this.readTimer!.set(this.readsHeldUntil);
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
