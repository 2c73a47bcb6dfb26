// One TCP endpoint (RFC 793 state machine, BSD-Reno congestion control, every quirk a switch).
// Time comes from the simulator; segments come in through `receive` and leave through
// `hooks.transmit`. Sequence numbers are relative: our SYN is 0, our first data byte 1.
import type { TcpParams } from '../params';
import type { Sim } from '../sim';
import { Timer } from '../sim';
import type { AppEventKind, SendReason, Side, StallCause, Trace } from '../trace';
import { FLAG } from '../trace';
import type { Bytes, Nanoseconds } from '../units';
import { MAX_CWND, grow, halvedThreshold, initialCwnd, restartWindow } from './congestion';
import { delayedAckAt } from './delack';
import type { Segment } from './segment';
import { windowScaleFor } from './segment';
import { blockedBy, mayTransmit } from './sendrule';

export type TcpState =
  | 'CLOSED'
  | 'LISTEN'
  | 'SYN_SENT'
  | 'SYN_RCVD'
  | 'ESTABLISHED'
  | 'FIN_WAIT_1'
  | 'FIN_WAIT_2'
  | 'CLOSE_WAIT'
  | 'CLOSING'
  | 'LAST_ACK'
  | 'TIME_WAIT';

export interface EndpointHooks {
  transmit(seg: Segment): void;
  onEstablished(): void;
  /** In-order bytes handed to the application (it reads at once, so the window stays open). */
  onDeliver(seq: number, bytes: Bytes): void;
  onPeerFin(): void;
  onWritable(): void;
  onClosed(how: 'normal' | 'reset' | 'abort'): void;
  /** When the outgoing link finishes sending what it already holds: a sender is not stalled before. */
  linkIdleAt(): Nanoseconds;
}

const MAX_WINDOW_UNSCALED = 0xffff;
const OUTPUT_LOOP_LIMIT = 10_000; // a bound on segments one output call may emit

interface OpenStall {
  startNs: Nanoseconds;
  cause: StallCause;
}

export class TcpEndpoint {
  state: TcpState = 'CLOSED';

  // Send side.
  private sndUna = 0;
  private sndNxt = 0;
  private sndMax = 0;
  private queuedEnd = 1; // one past the last byte the application has written
  private finQueued = false;
  private sndWnd: Bytes = 0;
  private maxSndWnd: Bytes = 0;
  private cwnd: Bytes = 0;
  private ssthresh: Bytes = MAX_CWND;
  private synAckGrows = false;
  private dupAcks = 0;
  private inRecovery = false;
  mss: Bytes;
  private peerMss: Bytes = 536; // RFC 1122 default when the SYN carries no option

  // Round-trip estimation (Jacobson/Karels) and retransmission.
  private srttNs: number | null = null;
  private rttvarNs = 0;
  private rtoNs: Nanoseconds;
  private backoff = 0;
  private timedSeq: number | null = null;
  private timedAtNs: Nanoseconds = 0;
  private readonly rtoTimer: Timer;

  // Receive side.
  private rcvNxt = 0;
  private ooo: Array<[number, number]> = []; // out-of-order ranges [start, end), sorted
  private peerFinSeq: number | null = null;
  private finReceived = false;
  private lastAckSent = 0;
  private ackNow = false;
  private ackReason: SendReason = 'ack-now';
  private readonly delackTimer: Timer;
  private receiveClosed = false; // the application called close(): data arriving now earns an RST

  // Window scaling.
  private offeredScale = 0;
  private peerOfferedScale: number | null = null;
  rcvScale = 0; // shift applied to the windows we advertise
  private scalingOn = false;

  // Idle and stall bookkeeping.
  private lastDataSendNs: Nanoseconds = 0; // RFC 2581 4.1 counts idle from the last data sent
  private lastRecvNs: Nanoseconds = 0;
  private cwndBeforeRestart: Bytes = 0; // stalls are blamed on the restart until cwnd regrows to this
  private stall: OpenStall | null = null;
  private releasedBy: 'ack-delayed' | 'rto' | null = null;
  private releasedHeldNs: Nanoseconds = 0; // how long the peer held the releasing delayed ACK
  private delackArmedNs: Nanoseconds = 0;

  constructor(
    private readonly sim: Sim,
    private readonly trace: Trace,
    readonly conn: number,
    readonly side: Side,
    private readonly p: TcpParams,
    private readonly hooks: EndpointHooks,
  ) {
    this.mss = p.mssBytes;
    this.rtoNs = p.initialRtoNs;
    this.rtoTimer = new Timer(sim, () => this.onRetransmitTimeout());
    this.delackTimer = new Timer(sim, () => this.onDelayedAckTimer());
    this.offeredScale = p.bufferBytes > MAX_WINDOW_UNSCALED ? windowScaleFor(p.bufferBytes) : 0;
  }

  // ---- Application calls -------------------------------------------------------------------

  connect(): void {
    this.state = 'SYN_SENT';
    this.sendSyn(false);
  }

  listen(): void {
    this.state = 'LISTEN';
  }

  get isOpen(): boolean {
    return this.state === 'ESTABLISHED' || this.state === 'CLOSE_WAIT';
  }

  /** Bytes the send buffer can take now. */
  get writable(): Bytes {
    const held = this.queuedEnd - Math.max(this.sndUna, 1);
    return Math.max(0, this.p.sendBufferBytes - held);
  }

  /** Queue up to `bytes`; returns how many the buffer took. */
  write(bytes: Bytes): Bytes {
    if (!this.isOpen || this.finQueued) return 0;
    const taken = Math.min(bytes, this.writable);
    if (taken > 0) {
      this.queuedEnd += taken;
      this.output();
    }
    return taken;
  }

  /** Close the sending half: a FIN follows the queued data. */
  shutdown(): void {
    if (this.finQueued) return;
    if (this.state === 'ESTABLISHED') this.state = 'FIN_WAIT_1';
    else if (this.state === 'CLOSE_WAIT') this.state = 'LAST_ACK';
    else return;
    this.finQueued = true;
    this.event('shutdown');
    this.output();
  }

  /** Close both halves: data that arrives afterwards is answered with an RST (Nielsen 4.2). */
  close(): void {
    this.receiveClosed = true;
    this.event('close');
    this.shutdown();
  }

  /** Abort: an RST goes out and whatever is queued is thrown away. */
  reset(): void {
    if (this.state === 'CLOSED') return;
    this.sendReset(null);
    this.abort('reset');
  }

  // ---- Segment arrival -----------------------------------------------------------------------

  receive(seg: Segment): void {
    this.lastRecvNs = this.sim.now;
    if (seg.flags & FLAG.RST) {
      if (this.state !== 'CLOSED' && this.state !== 'LISTEN' && this.state !== 'TIME_WAIT') {
        this.abort('reset');
      }
      return;
    }
    switch (this.state) {
      case 'CLOSED':
        this.sendReset(seg);
        return;
      case 'LISTEN':
        if (seg.flags & FLAG.SYN) this.acceptSyn(seg);
        return;
      case 'SYN_SENT':
        if (seg.flags & FLAG.SYN && seg.flags & FLAG.ACK && seg.ack === 1) this.completeActiveOpen(seg);
        return;
      case 'SYN_RCVD':
        if (seg.flags & FLAG.SYN) {
          this.sendSyn(true); // our SYN-ACK was lost: say it again
          return;
        }
        if (!(seg.flags & FLAG.ACK) || seg.ack < 1) return;
        this.completePassiveOpen(seg);
        break;
      default:
        if (seg.flags & FLAG.SYN) {
          this.ackNow = true; // a duplicate SYN-ACK: our ACK of it was lost
          this.output();
          return;
        }
    }
    if (seg.flags & FLAG.ACK && !this.processAck(seg)) return;
    this.processData(seg);
    this.output();
  }

  // ---- Connection establishment --------------------------------------------------------------

  private sendSyn(withAck: boolean): void {
    const seg = this.segment(0, 0, FLAG.SYN | (withAck ? FLAG.ACK : 0), 'syn');
    seg.win = Math.min(this.p.bufferBytes, MAX_WINDOW_UNSCALED);
    seg.mssOption = this.p.mssBytes;
    const offerScale = withAck ? this.peerOfferedScale !== null : this.offeredScale > 0;
    if (offerScale) seg.wscaleOption = this.offeredScale;
    if (this.sndMax === 0) {
      this.timedSeq = 0; // time the SYN's round trip (never a retransmitted one: Karn)
      this.timedAtNs = this.sim.now;
    }
    this.emit(seg);
    this.sndNxt = Math.max(this.sndNxt, 1);
    this.sndMax = Math.max(this.sndMax, 1);
    if (!this.rtoTimer.pending) this.rtoTimer.set(this.sim.now + this.currentRto());
  }

  private learnPeer(seg: Segment): void {
    this.rcvNxt = seg.seq + 1;
    this.lastAckSent = this.rcvNxt;
    this.peerMss = seg.mssOption ?? 536;
    this.mss = Math.min(this.p.mssBytes, this.peerMss);
    this.peerOfferedScale = seg.wscaleOption ?? null;
    this.sndWnd = seg.win;
    this.maxSndWnd = seg.win;
  }

  private acceptSyn(seg: Segment): void {
    this.learnPeer(seg);
    this.scalingOn = this.peerOfferedScale !== null;
    this.rcvScale = this.scalingOn ? this.offeredScale : 0;
    this.state = 'SYN_RCVD';
    this.sendSyn(true);
  }

  private completeActiveOpen(seg: Segment): void {
    this.learnPeer(seg);
    this.scalingOn = this.offeredScale > 0 && this.peerOfferedScale !== null;
    this.rcvScale = this.scalingOn ? this.offeredScale : 0;
    this.establish();
    this.ackSyn(seg);
    this.ackNow = true;
    this.hooks.onEstablished();
    this.output();
  }

  private completePassiveOpen(seg: Segment): void {
    this.establish();
    this.ackSyn(seg);
    this.hooks.onEstablished();
  }

  private establish(): void {
    this.state = 'ESTABLISHED';
    const iw = initialCwnd(this.p.initialWindow, this.mss);
    this.cwnd = iw.cwnd;
    this.synAckGrows = iw.synAckGrows;
    this.event('established');
  }

  /** The ACK of our SYN: take the RTT sample, and in BSD open cwnd by one segment. */
  private ackSyn(seg: Segment): void {
    this.sampleRtt(1);
    this.sndUna = 1;
    this.rtoTimer.cancel();
    this.backoff = 0;
    if (this.synAckGrows) this.cwnd += this.mss;
    this.sndWnd = seg.win;
    this.maxSndWnd = Math.max(this.maxSndWnd, seg.win);
  }

  // ---- ACK processing ------------------------------------------------------------------------

  /** Returns false when the segment must be dropped. */
  private processAck(seg: Segment): boolean {
    const ack = seg.ack;
    if (ack > this.sndMax) {
      this.ackNow = true; // an ACK for data never sent: answer with our state, drop it
      this.output();
      return false;
    }
    if (seg.reason === 'ack-delayed') {
      this.releasedBy = 'ack-delayed';
      this.releasedHeldNs = seg.ackHeldNs ?? 0;
    }
    if (ack < this.sndUna) return true;
    if (ack === this.sndUna) {
      this.onDuplicateAck(seg);
      return true;
    }
    this.onNewAck(seg);
    return true;
  }

  private onDuplicateAck(seg: Segment): void {
    const outstanding = this.sndMax > this.sndUna;
    const pure = seg.len === 0 && !(seg.flags & (FLAG.FIN | FLAG.SYN)) && seg.win === this.sndWnd;
    if (!outstanding || !pure) {
      this.dupAcks = 0;
      this.updateWindow(seg);
      return;
    }
    this.dupAcks++;
    if (this.dupAcks === 3 && !this.inRecovery) {
      // Fast retransmit, then fast recovery (Reno): inflate by the three segments that left.
      this.ssthresh = halvedThreshold(Math.min(this.sndWnd, this.cwnd), this.mss);
      this.inRecovery = true;
      this.timedSeq = null;
      const resume = this.sndNxt;
      this.sndNxt = this.sndUna;
      this.cwnd = this.mss;
      this.output('fast-retransmit');
      this.cwnd = this.ssthresh + 3 * this.mss;
      this.sndNxt = Math.max(resume, this.sndNxt);
    } else if (this.dupAcks > 3 && this.inRecovery) {
      this.cwnd = Math.min(MAX_CWND, this.cwnd + this.mss);
    }
  }

  private onNewAck(seg: Segment): void {
    const ack = seg.ack;
    if (this.inRecovery) {
      this.cwnd = this.ssthresh; // Reno: deflate on the first new ACK
      this.inRecovery = false;
    } else {
      this.cwnd = Math.min(MAX_CWND, grow(this.cwnd, this.ssthresh, this.mss));
    }
    this.dupAcks = 0;
    this.sampleRtt(ack);
    const freedData = Math.min(ack, this.queuedEnd) > Math.max(this.sndUna, 1);
    this.sndUna = ack;
    if (this.sndNxt < this.sndUna) this.sndNxt = this.sndUna;
    if (this.sndUna === this.sndMax) this.rtoTimer.cancel();
    else this.rtoTimer.set(this.sim.now + this.currentRto());
    this.updateWindow(seg);
    if (this.finQueued && this.sndUna === this.queuedEnd + 1) this.onFinAcked();
    if (freedData) this.hooks.onWritable();
  }

  private updateWindow(seg: Segment): void {
    this.sndWnd = seg.win;
    this.maxSndWnd = Math.max(this.maxSndWnd, seg.win);
  }

  private onFinAcked(): void {
    if (this.state === 'FIN_WAIT_1') this.state = 'FIN_WAIT_2';
    else if (this.state === 'CLOSING') this.state = 'TIME_WAIT';
    else if (this.state === 'LAST_ACK') this.finish('normal');
  }

  private sampleRtt(ack: number): void {
    if (this.timedSeq === null || ack <= this.timedSeq) return;
    const sample = this.sim.now - this.timedAtNs;
    this.timedSeq = null;
    this.backoff = 0;
    if (this.srttNs === null) {
      this.srttNs = sample;
      this.rttvarNs = sample / 2;
    } else {
      const err = sample - this.srttNs;
      this.srttNs += err / 8;
      this.rttvarNs += (Math.abs(err) - this.rttvarNs) / 4;
    }
    this.rtoNs = Math.round(this.srttNs + 4 * this.rttvarNs);
  }

  private currentRto(): Nanoseconds {
    const base = Math.min(this.p.maxRtoNs, Math.max(this.p.minRtoNs, this.rtoNs));
    return Math.min(this.p.maxRtoNs, base * 2 ** this.backoff);
  }

  // ---- Data and FIN arrival ------------------------------------------------------------------

  private processData(seg: Segment): void {
    const hasFin = (seg.flags & FLAG.FIN) !== 0;
    if (seg.len === 0 && !hasFin) return;
    if (seg.len > 0 && this.receiveClosed) {
      this.sendReset(seg); // data for a socket the application has closed (BSD tcp_input)
      this.abort('reset');
      return;
    }
    if (this.finReceived) {
      this.ackNow = true; // a retransmission of what we already have
      return;
    }
    const start = seg.seq;
    const end = seg.seq + seg.len;
    if (hasFin) this.peerFinSeq = end;
    if (end <= this.rcvNxt && seg.len > 0) {
      this.ackNow = true; // duplicate
    } else if (start > this.rcvNxt) {
      if (seg.len > 0) this.storeOutOfOrder(start, end);
      this.ackNow = true; // a gap: a duplicate ACK tells the sender at once
    } else if (end > this.rcvNxt) {
      this.deliver(this.rcvNxt, end);
      const filledHole = this.pullOutOfOrder();
      if (filledHole) this.ackNow = true;
      else this.scheduleAck();
    }
    this.checkFin();
  }

  private deliver(from: number, to: number): void {
    this.rcvNxt = to;
    this.hooks.onDeliver(from, to - from);
  }

  private storeOutOfOrder(start: number, end: number): void {
    this.ooo.push([start, end]);
    this.ooo.sort((a, b) => a[0] - b[0]);
  }

  private pullOutOfOrder(): boolean {
    let pulled = false;
    while (this.ooo.length > 0 && this.ooo[0][0] <= this.rcvNxt) {
      const [, end] = this.ooo.shift()!;
      if (end > this.rcvNxt) this.deliver(this.rcvNxt, end);
      pulled = true;
    }
    return pulled;
  }

  private checkFin(): void {
    if (this.peerFinSeq === null || this.finReceived || this.rcvNxt !== this.peerFinSeq) return;
    this.finReceived = true;
    this.rcvNxt += 1;
    this.ackNow = true;
    if (this.state === 'ESTABLISHED') this.state = 'CLOSE_WAIT';
    else if (this.state === 'FIN_WAIT_1') this.state = 'CLOSING';
    else if (this.state === 'FIN_WAIT_2') this.state = 'TIME_WAIT';
    this.hooks.onPeerFin();
  }

  /** Delayed ACK: at once past 2*MSS unacknowledged (RFC 1122), else when the timer says. */
  private scheduleAck(): void {
    if (this.p.delack === 'off' || this.rcvNxt - this.lastAckSent >= 2 * this.mss) {
      this.ackNow = true;
      return;
    }
    if (this.delackTimer.pending) return;
    const at = delayedAckAt(this.p.delack, this.sim.now, this.p.delackNs, this.p.delackPhaseNs);
    this.delackArmedNs = this.sim.now;
    this.delackTimer.set(at);
  }

  private onDelayedAckTimer(): void {
    if (this.rcvNxt === this.lastAckSent) return;
    this.trace.timers.push({ atNs: this.sim.now, conn: this.conn, side: this.side, timer: 'delack' });
    this.ackNow = true;
    this.ackReason = 'ack-delayed';
    this.output();
  }

  // ---- Output --------------------------------------------------------------------------------

  private output(forced?: SendReason): void {
    if (this.state === 'CLOSED' || this.state === 'LISTEN' || this.state === 'SYN_SENT') return;
    if (this.state === 'SYN_RCVD') return; // nothing but the SYN-ACK until the handshake ends
    const idle = this.sndMax === this.sndUna;
    if (idle && this.queuedEnd > this.sndNxt) this.maybeRestartAfterIdle();
    let sentData = false;
    let blocked: StallCause | null = null;
    for (let i = 0; i < OUTPUT_LOOP_LIMIT; i++) {
      const inFlight = this.sndNxt - this.sndUna;
      const window = Math.min(this.sndWnd, this.cwnd);
      const queued = Math.max(0, this.queuedEnd - this.sndNxt);
      let len = Math.max(0, Math.min(queued, window - inFlight));
      if (len > this.mss) len = this.mss;
      const allQueued = this.sndNxt + len === this.queuedEnd;
      const rule = {
        len,
        mss: this.mss,
        allQueued,
        idle,
        nagle: this.p.nagle,
        maxSndWnd: this.maxSndWnd,
        retransmitting: this.sndNxt < this.sndMax,
        closing: this.finQueued,
      };
      const sendData = mayTransmit(rule);
      const finDue = this.finQueued && this.sndNxt <= this.queuedEnd && (sendData ? allQueued : queued === 0);
      if (!sendData && !finDue && !this.ackNow) {
        if (queued > 0) blocked = blockedBy(rule, this.cwnd <= this.sndWnd);
        break;
      }
      const dataLen = sendData ? len : 0;
      this.transmitSegment(dataLen, finDue, forced);
      if (dataLen > 0 || finDue) sentData = true;
      if (forced) break; // a fast retransmit sends exactly one segment
      if (dataLen === 0 && !finDue) break;
    }
    this.trackStall(sentData, blocked);
  }

  private transmitSegment(len: Bytes, fin: boolean, forced?: SendReason): void {
    const seq = this.sndNxt;
    const retransmit = seq < this.sndMax;
    let flags = FLAG.ACK;
    if (len > 0 && seq + len === this.queuedEnd) flags |= FLAG.PSH;
    if (fin) flags |= FLAG.FIN;
    let reason: SendReason;
    if (len > 0 || fin) reason = retransmit ? (forced ?? 'retransmit') : len > 0 ? 'data' : 'fin';
    else reason = this.ackReason;
    this.emit(this.segment(seq, len, flags, reason));
    const consumed = len + (fin ? 1 : 0);
    if (consumed > 0) {
      this.lastDataSendNs = this.sim.now;
      if (this.timedSeq === null && !retransmit) {
        this.timedSeq = seq;
        this.timedAtNs = this.sim.now;
      }
      this.sndNxt += consumed;
      this.sndMax = Math.max(this.sndMax, this.sndNxt);
      if (!this.rtoTimer.pending) this.rtoTimer.set(this.sim.now + this.currentRto());
    }
  }

  private segment(seq: number, len: Bytes, flags: number, reason: SendReason): Segment {
    return { conn: this.conn, from: this.side, seq, ack: 0, flags, win: 0, len, reason };
  }

  /** Every segment we send after the SYN carries our ACK and window: clear the ACK debt. */
  private emit(seg: Segment): void {
    if (seg.flags & FLAG.ACK) {
      if (seg.reason === 'ack-delayed') seg.ackHeldNs = this.sim.now - this.delackArmedNs;
      seg.ack = this.rcvNxt;
      if (!(seg.flags & FLAG.SYN)) seg.win = this.advertisedWindow();
      this.lastAckSent = this.rcvNxt;
      this.ackNow = false;
      this.ackReason = 'ack-now';
      this.delackTimer.cancel();
    }
    this.hooks.transmit(seg);
  }

  private advertisedWindow(): Bytes {
    if (!this.scalingOn) return Math.min(this.p.bufferBytes, MAX_WINDOW_UNSCALED);
    const units = Math.min(0xffff, this.p.bufferBytes >> this.rcvScale);
    return units << this.rcvScale;
  }

  /** Slow-start restart after idle: `bsd` counts idle from the last segment received, `rfc` from the last data sent. */
  private maybeRestartAfterIdle(): void {
    const mode = this.p.slowStartRestart;
    const since = mode === 'bsd' ? this.lastRecvNs : this.lastDataSendNs;
    if (mode === 'off' || this.sim.now - since < this.currentRto()) return;
    const restart =
      mode === 'bsd' ? this.mss : Math.min(this.cwnd, restartWindow(this.p.initialWindow, this.mss));
    if (restart < this.cwnd) {
      this.cwndBeforeRestart = this.cwnd;
      this.cwnd = restart;
      this.event('cwnd-restart', restart);
    }
  }

  // ---- Stalls --------------------------------------------------------------------------------

  private trackStall(sentData: boolean, blocked: StallCause | null): void {
    if (sentData && this.stall) this.closeStall();
    // The stall is named for what holds the data when it is finally released.
    if (blocked && this.stall) this.stall.cause = blocked;
    else if (blocked)
      this.stall = { startNs: Math.max(this.sim.now, this.hooks.linkIdleAt()), cause: blocked };
    this.releasedBy = null;
  }

  private closeStall(): void {
    const stall = this.stall!;
    this.stall = null;
    if (this.sim.now <= stall.startNs) return;
    let cause = stall.cause;
    if (this.releasedBy === 'rto') cause = 'rto';
    else if (cause === 'cwnd' && this.cwnd < this.cwndBeforeRestart) cause = 'idle-restart';
    else if (
      (cause === 'cwnd' || cause === 'rwnd') &&
      this.releasedBy === 'ack-delayed' &&
      2 * this.releasedHeldNs >= this.sim.now - stall.startNs
    )
      cause = 'delayed-ack'; // the wait was mostly the peer holding its ACK, not the data in flight
    this.trace.stalls.push({
      conn: this.conn,
      side: this.side,
      startNs: stall.startNs,
      endNs: this.sim.now,
      cause,
    });
  }

  // ---- Retransmission timeout, reset, abort --------------------------------------------------

  private onRetransmitTimeout(): void {
    if (this.sndUna === this.sndMax) return;
    this.backoff++;
    this.trace.timers.push({
      atNs: this.sim.now,
      conn: this.conn,
      side: this.side,
      timer: 'rto',
      backoff: this.backoff,
    });
    if (this.backoff > this.p.maxRetransmits) {
      this.sendReset(null);
      this.abort('abort');
      return;
    }
    this.timedSeq = null; // Karn: no RTT sample from a retransmitted segment
    if (this.state === 'SYN_SENT' || this.state === 'SYN_RCVD') {
      this.sendSyn(this.state === 'SYN_RCVD');
      this.rtoTimer.set(this.sim.now + this.currentRto());
      return;
    }
    this.ssthresh = halvedThreshold(Math.min(this.sndWnd, this.cwnd), this.mss);
    this.cwnd = this.mss;
    this.cwndBeforeRestart = 0; // from here on a small window is the timeout's doing
    this.inRecovery = false;
    this.dupAcks = 0;
    this.sndNxt = this.sndUna;
    this.releasedBy = 'rto';
    this.rtoTimer.set(this.sim.now + this.currentRto());
    this.output();
  }

  private sendReset(cause: Segment | null): void {
    const seq = cause && cause.flags & FLAG.ACK ? cause.ack : this.sndNxt;
    const seg = this.segment(seq, 0, FLAG.RST, 'rst');
    seg.ack = 0;
    this.hooks.transmit(seg);
  }

  private abort(how: 'reset' | 'abort'): void {
    if (this.stall) this.stall = null;
    this.finish(how);
  }

  private finish(how: 'normal' | 'reset' | 'abort'): void {
    this.state = 'CLOSED';
    this.rtoTimer.cancel();
    this.delackTimer.cancel();
    if (how !== 'normal') this.event(how === 'reset' ? 'reset' : 'abort');
    this.hooks.onClosed(how);
  }

  private event(kind: AppEventKind, bytes?: Bytes): void {
    this.trace.events.push({ atNs: this.sim.now, conn: this.conn, side: this.side, kind, bytes });
  }
}
