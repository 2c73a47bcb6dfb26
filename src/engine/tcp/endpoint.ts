// One TCP endpoint: the RFC 793 state machine (state.ts), on top of RACK-TLP (rackRecovery.ts), loss
// recovery (lossRecovery.ts: what duplicate ACKs, SACK and the RTO send again) and the output loop
// (output.ts) that joins its parts — the sender's sequence space (sender.ts), the receiver and its
// ACK policy (receiver.ts, ackPolicy.ts), the RTT/RTO estimator (rtt.ts), a congestion controller
// (congestion.ts, reno.ts) and its observer, the stall labeller (stalls.ts). Time comes from
// the simulator; segments come in through `receive` and leave through `hooks.transmit`. Sequence
// numbers are relative: our SYN is 0, our first data byte 1.
import type { TransportEnd } from '../transport';
import type { Bytes } from '../units';
import { FLAG } from '../trace';
import { TcpRackRecovery } from './rackRecovery';
import type { Segment } from './segment';
import type { EndpointObserver } from './stalls';
import { afterFinAcked, afterPeerFin, afterShutdown, type TcpState } from './state';

export type { TcpState } from './state';
export type { EndpointHooks } from './output';

export class TcpEndpoint extends TcpRackRecovery implements TransportEnd<Segment> {
  /** Have `observer` watch this endpoint (in place of any before it). */
  observe(observer: EndpointObserver): void {
    this.observer = observer;
  }

  // ---- Application calls -------------------------------------------------------------------

  connect(): void {
    this.state = 'SYN_SENT';
    this.sendSyn(false);
  }

  listen(): void {
    this.state = 'LISTEN';
  }

  /** Shift applied to the windows we advertise. */
  get rcvScale(): number {
    return this.wscale.shift;
  }

  get isOpen(): boolean {
    return this.state === 'ESTABLISHED' || this.state === 'CLOSE_WAIT';
  }

  /** Bytes the send buffer can take now. */
  get writable(): Bytes {
    return this.snd.writable;
  }

  /** Queue up to `bytes`; returns how many the buffer took. */
  write(bytes: Bytes): Bytes {
    if (!this.isOpen || this.snd.finQueued) return 0;
    const taken = Math.min(bytes, this.writable);
    this.appRefused = taken < bytes;
    if (taken > 0) {
      this.snd.queuedEnd += taken;
      this.output();
    }
    return taken;
  }

  /** Close the sending half: a FIN follows the queued data. */
  shutdown(): void {
    const next = afterShutdown(this.state);
    if (this.snd.finQueued || next === null) return;
    this.state = next;
    this.snd.finQueued = true;
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

  /** The application reads nothing before `untilNs`: with ACK-on-read, its window-update ACK waits. */
  holdReads(untilNs: number): void {
    this.rcv.holdReads(untilNs);
  }

  // ---- Segment arrival -----------------------------------------------------------------------

  receive(seg: Segment): void {
    this.handle(seg);
    this.settle();
  }

  private handle(seg: Segment): void {
    this.lastRecvNs = this.sim.now;
    // The connection moved: an ACK of more, or data we had not had (the peer's request). Data we
    // had (a request sent again because our answer to it was lost) moves nothing on.
    const newData = seg.len > 0 && seg.seq + seg.len > this.rcv.rcvNxt;
    if (newData || (seg.flags & FLAG.ACK && seg.ack > this.snd.sndUna)) this.lastProgressNs = this.sim.now;
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
          this.rcv.ackNow = true; // a duplicate SYN-ACK: our ACK of it was lost
          this.output();
          return;
        }
    }
    if (seg.flags & FLAG.ACK && !this.processAck(seg)) return;
    this.processData(seg);
    if (this.rack !== null && seg.flags & FLAG.ACK) this.detectLossByTime();
    if (this.sackOk && this.cc.inRecovery) this.sackRecovery();
    this.output();
  }

  // ---- Connection establishment --------------------------------------------------------------

  private sendSyn(withAck: boolean): void {
    const seg = this.segment(0, 0, FLAG.SYN | (withAck ? FLAG.ACK : 0), 'syn');
    seg.win = this.wscale.synWindow;
    seg.mssOption = this.p.mssBytes;
    const wscale = this.wscale.synOption(withAck);
    if (wscale !== undefined) seg.wscaleOption = wscale;
    if (this.p.sack && (!withAck || this.sackOk)) seg.sackPermitted = true;
    if (this.snd.sndMax === 0) this.rtt.time(0, this.sim.now); // never a retransmitted SYN: Karn
    this.emit(seg);
    this.snd.sndNxt = Math.max(this.snd.sndNxt, 1);
    this.snd.sndMax = Math.max(this.snd.sndMax, 1);
    if (!this.rtoTimer.pending) this.rtoTimer.set(this.sim.now + this.rtt.current());
  }

  private learnPeer(seg: Segment): void {
    this.rcv.start(seg.seq);
    this.mss = Math.min(this.p.mssBytes, seg.mssOption ?? 536); // RFC 1122 default without the option
    this.wscale.peerSyn(seg.wscaleOption);
    this.sackOk = this.p.sack === true && seg.sackPermitted === true;
    if (this.sackOk) {
      this.rcv.trackSack();
      this.snd.trackSack();
    }
    this.snd.sndWnd = seg.win;
    this.snd.maxSndWnd = seg.win;
  }

  private acceptSyn(seg: Segment): void {
    this.learnPeer(seg);
    this.wscale.settle(true);
    this.state = 'SYN_RCVD';
    this.sendSyn(true);
  }

  private completeActiveOpen(seg: Segment): void {
    this.learnPeer(seg);
    this.wscale.settle(false);
    this.establish();
    this.ackSyn(seg);
    this.rcv.ackNow = true;
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
    this.snd.keepsRecords = this.cc.readsSamples || this.sackOk; // Reno without SACK reads none
    if (!this.sackOk && this.cc.dupAckDelivery) this.dupDelivery = this.cc.dupAckDelivery();
    this.cc.onEstablished(this.mss, this.wscale.peerMaxWindow);
    this.event('established');
  }

  /** The ACK of our SYN: take the RTT sample, and let the controller count it. */
  private ackSyn(seg: Segment): void {
    this.rtt.onAck(1, this.sim.now);
    this.snd.sndUna = 1;
    this.rtoTimer.cancel();
    this.rtt.backoff = 0;
    this.cc.onSynAcked(this.mss);
    this.snd.updateWindow(seg.win);
  }

  // ---- ACK processing ------------------------------------------------------------------------

  /** Returns false when the segment must be dropped. */
  private processAck(seg: Segment): boolean {
    const ack = seg.ack;
    if (ack > this.snd.sndMax) {
      this.rcv.ackNow = true; // an ACK for data never sent: answer with our state, drop it
      this.output();
      return false;
    }
    if (seg.reason === 'ack-delayed' || seg.reason === 'window-update')
      this.observer?.onRelease(seg.reason, seg.ackHeldNs ?? 0, seg.ackHeldFromNs);
    if (this.sackOk && seg.sackBlocks !== undefined) this.takeSack(seg.sackBlocks, ack);
    if (ack < this.snd.sndUna) return true;
    if (ack === this.snd.sndUna) this.onDuplicateAck(seg);
    else this.onNewAck(seg);
    return true;
  }

  /** An ACK above snd.una: loss recovery takes it; it may also acknowledge our FIN, or make room to write. */
  private onNewAck(seg: Segment): void {
    const freedData = this.takeNewAck(seg);
    const snd = this.snd;
    if (snd.finQueued && snd.sndUna === snd.queuedEnd + 1) this.onFinAcked();
    if (freedData) this.hooks.onWritable();
  }

  private onFinAcked(): void {
    if (afterFinAcked(this.state) === 'CLOSED') this.finish('normal');
    else this.enter(afterFinAcked(this.state));
  }

  /**
   * In TIME_WAIT both FINs are acknowledged: the sender's timers and the delayed-ACK timer are idle
   * for good, and their parked wake-ups leave the queue (an ACK-on-read timer may still be reading).
   */
  private enter(state: TcpState): void {
    this.state = state;
    if (state !== 'TIME_WAIT') return;
    this.stopSending();
    this.rcv.stopDelayedAck();
  }

  // ---- Data and FIN arrival ------------------------------------------------------------------

  private processData(seg: Segment): void {
    const hasFin = (seg.flags & FLAG.FIN) !== 0;
    if (seg.len === 0 && !hasFin) return;
    if (seg.len > 0 && this.receiveClosed) {
      this.resetClosed(seg);
      return;
    }
    const finished = this.rcv.accept(seg.seq, seg.len, hasFin, this.mss);
    if (finished) this.enter(afterPeerFin(this.state));
    this.rcv.handOver();
    if (finished) this.hooks.onPeerFin();
  }

  /**
   * Data for a socket the application has closed (BSD tcp_input): apart from processData, which
   * runs for every segment and is inlined into handle only while the JIT's budget of bytecode lasts.
   */
  private resetClosed(seg: Segment): void {
    this.sendReset(seg);
    this.abort('reset');
  }

  // ---- Retransmission timeout, reset, abort --------------------------------------------------

  protected onRetransmitTimeout(): void {
    this.retransmitAfterTimeout();
    this.settle();
  }

  private retransmitAfterTimeout(): void {
    const snd = this.snd;
    if (snd.idle) return;
    const backoff = ++this.rtt.backoff;
    this.sink.timer({ atNs: this.sim.now, conn: this.conn, side: this.side, timer: 'rto', backoff });
    if (backoff > this.p.maxRetransmits) {
      this.sendReset(null);
      this.abort('abort', true);
      return;
    }
    this.rtt.forget(); // Karn: no RTT sample from a retransmitted segment
    if (this.state === 'SYN_SENT' || this.state === 'SYN_RCVD') {
      this.sendSyn(this.state === 'SYN_RCVD');
      this.rtoTimer.set(this.sim.now + this.rtt.current());
      return;
    }
    this.goBackAfterTimeout();
  }

  /** `timerFired`: the retransmission timer fired its last time, and the connection is given up. */
  private abort(how: 'reset' | 'abort', timerFired = false): void {
    // A wait for the timeout once the timer has fired, or once a reply is late (nothing can end
    // the wait but the timer then: 10 s of a 10 s minimum RTO cut short by the peer's reset had
    // read as idle). A reset that answers data a round trip after it left (a request on a stale
    // connection) cut short no such wait (it had read as RTO). The last, longest wait of a
    // connection given up after its last retransmission is the timer's too (it had read as idle).
    const quietSinceNs = this.quietSinceNs();
    // Late by either clock: since the connection last moved, or since what we last sent, whose
    // answer (a duplicate ACK, say) can move nothing on (60 s of a server's wait on a 1 kb/s link,
    // the client giving up 0.1 s before its timer, had read as idle).
    const late = this.rtt.isLate(this.sim.now - Math.min(quietSinceNs, this.lastDataSendNs));
    const waitingForTimer = timerFired || (this.rtoTimer.pending && (this.rtt.backoff > 0 || late));
    const timedOut = !this.snd.idle && waitingForTimer;
    const waiting = timedOut ? quietSinceNs : null;
    this.observer?.onAbort(waiting, this.cc.cwnd);
    this.finish(how);
  }

  private finish(how: 'normal' | 'reset' | 'abort'): void {
    this.state = 'CLOSED';
    this.stopSending();
    this.rcv.stop();
    if (how !== 'normal') this.event(how === 'reset' ? 'reset' : 'abort');
    this.hooks.onClosed(how);
  }
}
