// The output half of a TCP endpoint: the parts an endpoint is made of, and the loop that sends
// what the send rule, the window and the ACK debt allow. Loss recovery (lossRecovery.ts), RACK-TLP
// (rackRecovery.ts) and the state machine (endpoint.ts) build on it.
import type { TcpParams } from '../params';
import type { Sim } from '../sim';
import { Timer } from '../timer';
import type { TraceSink } from '../sink';
import type { AppEventKind, SendReason, Side, StallCause } from '../trace';
import { FLAG } from '../trace';
import type { StreamHooks } from '../transport';
import type { Bytes, Nanoseconds } from '../units';
import { ackPolicy } from './ackPolicy';
import type { CongestionControl } from './congestion';
import { CwndUsage } from './cwndUsage';
import { congestionControl, type CongestionControls } from './controllers';
import { TcpReceiver, type ReceiverHooks } from './receiver';
import { RttEstimator } from './rtt';
import { CongestionSampler } from './samples';
import type { Segment } from './segment';
import { TcpSender } from './sender';
import type { EndpointObserver } from './stalls';
import { outputAllowed, type TcpState } from './state';
import { WindowScale } from './wscale';

/** The application reads delivered bytes at once, so the window stays open. */
export type EndpointHooks = StreamHooks & { transmit(seg: Segment): void };

const OUTPUT_LOOP_LIMIT = 10_000; // a bound on segments one output call may emit

export abstract class TcpOutput implements ReceiverHooks {
  state: TcpState = 'CLOSED';
  mss: Bytes;
  readonly snd: TcpSender;
  readonly rcv: TcpReceiver;
  readonly rtt: RttEstimator;
  readonly cc: CongestionControl;
  protected readonly rtoTimer: Timer;
  /** Who watches the endpoint (the stall labeller), if anyone: one field, not a list, as there is never more than one. */
  protected observer: EndpointObserver | null = null;
  /** Only for a controller that reads ACK samples (Linux's): Reno never asks whether the window was in use. */
  protected readonly cwndUsage: CwndUsage | null;
  protected readonly sampler: CongestionSampler;
  protected receiveClosed = false; // the application called close(): data arriving now earns an RST
  /** Both ends offered SACK-permitted (RFC 2018). */
  protected sackOk = false;
  /** Modern controllers (and pacing) record their phase and pacing rate; Reno's traces stay as they were. */
  protected readonly extendedTrace: boolean;
  protected readonly pacing: boolean;
  /** Only when pacing. */
  private readonly paceTimer: Timer | null;
  private nextPaceNs: Nanoseconds = 0;
  private lastPhase = '';
  /**
   * Data left since the last output pass told the observer: by the pass itself, or by SACK
   * recovery just before it. A stall ends when data leaves, whoever sends it (recovery's segments
   * had been sent inside a "stall" that lasted the whole recovery).
   */
  private dataSent = false;
  /** Of that, what moved the connection on (`lastProgressNs`). */
  private progressSent = false;
  /** When an output pass last found the peer's window full (-1: never). */
  private rwndFullNs: Nanoseconds = -1;
  /** The application's last write did not all fit in the send buffer: it has more to send. */
  protected appRefused = false;
  /** RACK-TLP is on (RFC 8985): sending new data sets the probe timer again (`armProbe`). */
  protected probes = false;

  readonly wscale: WindowScale;

  // Idle: BSD counts it from the last segment received, RFC 2581 4.1 from the last data sent.
  protected lastDataSendNs: Nanoseconds = 0;
  protected lastRecvNs: Nanoseconds = 0;
  /**
   * When this end last sent data or heard something new (an ACK of more, or data it had not had).
   * A wait for the retransmission timer counts from here: a bare FIN sent meanwhile, or the
   * duplicate ACK that answers it, changes nothing for the lost data the timer waits to resend
   * (they had cut a 12 s backed-off wait to 3 s, leaving 9 s of "idle"); nor does data the peer
   * sends again (a request repeated because our answer to it was lost had started a server's 2.7 s
   * wait for its lost response 1.2 s late).
   */
  protected lastProgressNs: Nanoseconds = 0;

  constructor(
    protected readonly sim: Sim,
    protected readonly sink: TraceSink,
    readonly conn: number,
    readonly side: Side,
    protected readonly p: TcpParams,
    protected readonly hooks: EndpointHooks,
    controls: CongestionControls,
  ) {
    this.mss = p.mssBytes;
    this.snd = new TcpSender(p.sendBufferBytes);
    this.rtt = new RttEstimator(p.initialRtoNs, p.minRtoNs, p.maxRtoNs);
    this.cc = congestionControl(controls, p.congestionControl, p.initialWindow, p.sack === true);
    this.cwndUsage = this.cc.readsSamples ? new CwndUsage() : null;
    this.pacing = p.pacing === true || p.congestionControl === 'bbr';
    this.extendedTrace = this.pacing || p.congestionControl !== 'reno';
    this.paceTimer = this.pacing ? new Timer(sim, () => this.onPaceTimer()) : null;
    this.rtoTimer = new Timer(sim, () => this.onRetransmitTimeout());
    this.rcv = new TcpReceiver(
      sim,
      ackPolicy(p.delack, p.delackNs, p.delackPhaseNs, p.bufferBytes),
      p.ackOnRead,
      this,
    );
    this.wscale = new WindowScale(p.bufferBytes);
    this.sampler = new CongestionSampler(sink, conn, side);
  }

  protected abstract onRetransmitTimeout(): void;

  // ---- What the receiver reports (ReceiverHooks) -------------------------------------------

  deliver(seq: number, bytes: Bytes): void {
    this.hooks.onDeliver(seq, bytes);
  }

  held(seq: number, bytes: Bytes): void {
    this.hooks.onHeld?.(seq, bytes);
  }

  ackDue(): void {
    this.sink.timer({ atNs: this.sim.now, conn: this.conn, side: this.side, timer: 'delack' });
    this.output();
  }

  readDone(): void {
    this.output();
  }

  // ---- Output --------------------------------------------------------------------------------

  protected output(forced?: SendReason): void {
    if (!outputAllowed(this.state)) return; // nothing but the SYN or SYN-ACK before the handshake ends
    const idle = this.snd.idle;
    if (idle && this.snd.queuedEnd > this.snd.sndNxt) this.maybeRestartAfterIdle();
    let blocked: StallCause | null = null;
    for (let i = 0; i < OUTPUT_LOOP_LIMIT; i++) {
      if (this.sackOk && this.snd.sndNxt < this.snd.sndMax) this.snd.skipSacked();
      const next = this.snd.next(this.cc.cwnd, this.mss, this.p.nagle, idle);
      const carries = next.len > 0 || next.fin;
      // `forced` is compared with undefined, not tested for truth: V8 tests the truth of a value
      // that may be a string or undefined with a generic sequence of checks, on every pass.
      if (carries && forced === undefined && this.paced()) {
        if (this.rcv.ackNow) this.transmitSegment(0, false);
        blocked = 'pacing';
        break;
      }
      if (!carries && !this.rcv.ackNow) {
        blocked = next.blocked;
        break;
      }
      this.transmitSegment(next.len, next.fin, forced);
      if (forced !== undefined || !carries) break; // a fast retransmit sends exactly one segment
    }
    if (this.appRefused && (blocked === null || blocked === 'nagle')) blocked = this.fullBufferWait(blocked);
    // Tested against null first: a comparison that has seen null and a string calls a generic
    // runtime routine (V8's StrictEqual builtin), one that has seen only strings compares pointers.
    if (blocked !== null) {
      if (blocked === 'rwnd') this.rwndFullNs = this.sim.now;
      else if (blocked === 'pacing' && this.windowBound()) blocked = 'rwnd';
    }
    const sentData = this.dataSent;
    const progressed = this.progressSent;
    if (this.cwndUsage !== null)
      this.cwndUsage.afterOutput(this.snd.sndUna, this.snd.sndMax, this.cc.cwnd, this.mss, sentData);
    this.dataSent = false;
    this.progressSent = false;
    this.observer?.onOutput(sentData, blocked, this.cc.cwnd, progressed);
  }

  /**
   * The application has more to write, but the send buffer is full: it holds only data in flight
   * (`held` null), or that and a short tail Nagle holds (`held` 'nagle'). The data waits as queued
   * data would, for the window when that is full too (the buffer is as large as the window by
   * default, so nothing is ever queued beyond it), else for room in the buffer itself. A tail held
   * by Nagle is the buffer's doing, not Nagle's: room would let the application fill it to a full
   * segment, and without Nagle it would leave only to meet the same full buffer.
   */
  private fullBufferWait(held: 'nagle' | null): StallCause | null {
    const snd = this.snd;
    if (snd.finQueued || snd.idle) return held;
    if (held === null && snd.queuedEnd !== snd.sndNxt) return null;
    const window = Math.min(this.cc.cwnd, snd.sndWnd);
    if (snd.sndNxt - snd.sndUna + this.mss <= window) return 'sndbuf'; // the window has room: the buffer is the limit
    return this.cc.cwnd <= snd.sndWnd ? 'cwnd' : 'rwnd';
  }

  protected transmitSegment(len: Bytes, fin: boolean, forced?: SendReason): void {
    const snd = this.snd;
    const seq = snd.sndNxt;
    const retransmit = seq < snd.sndMax;
    let flags = FLAG.ACK;
    if (len > 0 && seq + len === snd.queuedEnd) flags |= FLAG.PSH;
    if (fin) flags |= FLAG.FIN;
    // `forced` is tested against undefined before it is compared with a string (see output()).
    let reason: SendReason;
    if (len === 0 && !fin) reason = this.rcv.ackReason;
    else if (forced !== undefined && (retransmit || forced === 'tlp-new')) reason = forced;
    else reason = retransmit ? 'retransmit' : len > 0 ? 'data' : 'fin';
    this.emit(this.segment(seq, len, flags, reason));
    const consumed = len + (fin ? 1 : 0);
    if (consumed > 0) {
      this.dataSent = true;
      if (this.pacing) this.schedulePacing(len);
      this.lastDataSendNs = this.sim.now;
      if (len > 0 || seq === snd.sndUna) {
        this.lastProgressNs = this.sim.now; // data, or a FIN with nothing before it
        this.progressSent = true;
      }
      if (!this.rtt.timing && !retransmit) this.rtt.time(seq, this.sim.now);
      snd.onSent(consumed, this.sim.now);
      if (!this.rtoTimer.pending) this.rtoTimer.set(this.sim.now + this.rtt.current());
      if (this.probes && forced === undefined) {
        if (retransmit) this.watchRetransmission(seq);
        else this.armProbe();
      }
    }
  }

  /** RACK-TLP's (rackRecovery.ts): new data sent, not itself a probe, sets the probe timer again. */
  protected armProbe(): void {}

  /** RACK-TLP's too: a retransmission left (here, one from snd.una after a timeout): RACK watches it. */
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  protected watchRetransmission(seq: number): void {}

  /** The connection is over: no timer of the sender's may send again (a paced segment due after a
   * reset had left from the closed socket, and set the retransmission timer going again). */
  protected stopSending(): void {
    this.rtoTimer.stop();
    this.paceTimer?.stop();
  }

  /** The pacing timer: the next segment's time has come. */
  protected onPaceTimer(): void {
    this.output();
  }

  /**
   * Whether a segment pacing holds is the receiver's window's to name: the window was full less
   * than a round trip ago. Such a sender is window-limited, not pacing-limited: it gets a window
   * per round trip, and pacing only spaces each window's segments over it (BBR measures its
   * bottleneck bandwidth from that window-limited delivery, so its pacing rate is the window's
   * rate). A larger window, not a faster pacing rate, is what would speed it up; a 20 MB transfer
   * through the default 16 KB window had been headlined as 119 s of pacing.
   */
  private windowBound(): boolean {
    const srttNs = this.rtt.srttNs;
    return this.rwndFullNs >= 0 && srttNs !== null && this.sim.now - this.rwndFullNs <= srttNs;
  }

  /** Pacing holds the next segment until its time; the pacing timer sends it then. */
  protected paced(): boolean {
    if (!this.pacing || this.sim.now >= this.nextPaceNs) return false;
    if (!this.paceTimer!.pending) this.paceTimer!.set(this.nextPaceNs);
    return true;
  }

  /** Pacing holds the next segment and its timer is already set: `paced()` would say so and do nothing else. */
  protected pacedAndWaiting(): boolean {
    return this.pacing && this.sim.now < this.nextPaceNs && this.paceTimer!.pending;
  }

  /** The next segment may leave once this one's bytes have gone at the pacing rate (Linux: skb->len / rate). */
  private schedulePacing(len: Bytes): void {
    const rate = this.cc.pacingRate(this.rtt.srttNs, this.mss);
    if (rate > 0) this.nextPaceNs = this.sim.now + Math.round(((len + 40) * 1e9) / rate);
  }

  /** Record the congestion state: samples (with the pacing rate) and, for modern controllers, phase changes. */
  protected settle(): void {
    // Runs after every segment received, inside the event loop's hottest path: small, so the JIT
    // inlines it there (it inlines only up to a budget of bytecode per function); the modern
    // controllers' part is apart.
    if (this.extendedTrace) this.settleExtended();
    else this.sampler.settle(this.sim.now, this.cc, this.rtt);
  }

  private settleExtended(): void {
    const rate = this.pacing ? Math.round(this.cc.pacingRate(this.rtt.srttNs, this.mss)) : 0;
    this.sampler.settle(this.sim.now, this.cc, this.rtt, rate);
    const phase = this.cc.cwnd === 0 ? '' : this.cc.phase;
    if (phase === this.lastPhase) return;
    this.lastPhase = phase;
    this.sink.event({ atNs: this.sim.now, conn: this.conn, side: this.side, kind: 'cc-phase', note: phase });
  }

  protected segment(seq: number, len: Bytes, flags: number, reason: SendReason): Segment {
    // Every field present from the start: one object shape for every segment.
    return {
      conn: this.conn,
      from: this.side,
      seq,
      ack: 0,
      flags,
      win: 0,
      len,
      mssOption: undefined,
      wscaleOption: undefined,
      sackPermitted: undefined,
      sackBlocks: undefined,
      reason,
      ackHeldNs: undefined,
      ackHeldFromNs: undefined,
    };
  }

  /** Every segment we send after the SYN carries our ACK and window: clear the ACK debt. */
  protected emit(seg: Segment): void {
    if (seg.flags & FLAG.ACK) {
      if (seg.reason === 'ack-delayed' || seg.reason === 'window-update') {
        seg.ackHeldNs = this.rcv.heldNs();
        seg.ackHeldFromNs = this.sim.now - seg.ackHeldNs;
      }
      seg.ack = this.rcv.rcvNxt;
      if (this.sackOk && !(seg.flags & FLAG.SYN)) seg.sackBlocks = this.rcv.sackBlocks();
      if (!(seg.flags & FLAG.SYN)) seg.win = this.wscale.advertised();
      this.rcv.acked();
    }
    this.hooks.transmit(seg);
  }

  /** Slow-start restart after idle: `bsd` counts idle from the last segment received, `rfc` from the last data sent. */
  protected maybeRestartAfterIdle(): void {
    const mode = this.p.slowStartRestart;
    const since = mode === 'bsd' ? this.lastRecvNs : this.lastDataSendNs;
    if (mode === 'off' || this.sim.now - since < this.rtt.current()) return;
    const before = this.cc.cwnd;
    if (!this.cc.restartAfterIdle(mode, this.mss)) return;
    this.observer?.onIdleRestart(before);
    this.settle();
    this.event('cwnd-restart', this.cc.cwnd);
  }

  protected sendReset(cause: Segment | null): void {
    const seq = cause && cause.flags & FLAG.ACK ? cause.ack : this.snd.sndNxt;
    const seg = this.segment(seq, 0, FLAG.RST, 'rst');
    this.hooks.transmit(seg);
  }

  protected event(kind: AppEventKind, bytes?: Bytes): void {
    this.sink.event({ atNs: this.sim.now, conn: this.conn, side: this.side, kind, bytes });
  }
}
