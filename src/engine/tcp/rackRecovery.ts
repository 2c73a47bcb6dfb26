// RACK-TLP (RFC 8985) at work in the endpoint: the probe and reordering timers, loss found by time
// after each ACK, and what the sender sends for it. The state and the rules are rack.ts's; loss
// recovery itself (fast recovery, SACK's scoreboard, the go-back after a timeout) is
// lossRecovery.ts's, which this builds on for the state machine (endpoint.ts).
import type { TcpParams } from '../params';
import type { CongestionControls } from './controllers';
import type { Sim } from '../sim';
import type { TraceSink } from '../sink';
import { Timer } from '../timer';
import type { Side } from '../trace';
import { TcpLossRecovery } from './lossRecovery';
import type { EndpointHooks } from './output';
import { outputAllowed } from './state';

export abstract class TcpRackRecovery extends TcpLossRecovery {
  private readonly probeTimer: Timer | null = null;
  private readonly reorderTimer: Timer | null = null;
  /** After a timeout, RTO recovery lasts until this is acknowledged: no probe before (RFC 8985 7.2). */
  private rtoRecoveryEnd = 0;
  /** In RTO recovery, RACK found retransmissions lost again that have not all gone yet (pacing held them). */
  private lostToResend = false;

  // Spelled out: see TcpLossRecovery's.
  constructor(
    sim: Sim,
    sink: TraceSink,
    conn: number,
    side: Side,
    p: TcpParams,
    hooks: EndpointHooks,
    controls: CongestionControls,
  ) {
    super(sim, sink, conn, side, p, hooks, controls);
    if (this.rack) {
      this.probeTimer = new Timer(sim, () => this.onProbeTimeout());
      this.reorderTimer = new Timer(sim, () => this.onReorderTimeout());
    }
  }

  protected rackRecoveryBegins(): void {
    this.rack!.tlpEndSeq = null; // the recovery cuts the window: a probe's episode would cut it twice
    this.rack!.forgetRetransmissions();
    this.lostToResend = false;
    this.probeTimer!.cancel();
  }

  /**
   * RFC 8985 6.3 (Linux's tcp_enter_loss): after a timeout everything outstanding counts as lost,
   * and no probe is sent until what was outstanding is acknowledged (7.2). The retransmissions that
   * follow from snd.una are watched from here on (`watchRetransmission`).
   */
  protected rackAfterTimeout(): void {
    const rack = this.rack!;
    rack.lostSeq = Math.max(rack.lostSeq, this.snd.sndMax);
    rack.tlpEndSeq = null;
    rack.forgetRetransmissions();
    this.rtoRecoveryEnd = this.snd.sndMax;
    this.lostToResend = false;
    this.probeTimer!.cancel();
    this.reorderTimer!.cancel();
  }

  /** RTO recovery (Linux's CA_Loss): a timeout fired and what was outstanding then is not all
   * acknowledged, and no fast recovery has begun since (Reno's may, by duplicate ACKs). */
  private inRtoRecovery(): boolean {
    return this.snd.sndUna < this.rtoRecoveryEnd && !this.cc.inRecovery;
  }

  // ---- TLP (RFC 8985 7) -------------------------------------------------------------------------

  /** Whether a probe may be scheduled now (RFC 8985 7.2): both ends use SACK, data is in flight,
   * no recovery (fast or after a timeout) is under way, nothing is SACKed, no probe is out. */
  private probeAllowed(): boolean {
    const snd = this.snd;
    return (
      this.sackOk &&
      outputAllowed(this.state) &&
      this.state !== 'CLOSED' &&
      !snd.idle &&
      !this.cc.inRecovery &&
      snd.sndUna >= this.rtoRecoveryEnd &&
      snd.sndNxt === snd.sndMax &&
      this.rack!.tlpEndSeq === null &&
      snd.sackedInFlight === 0
    );
  }

  /** RFC 8985 7.2: (re)arm the probe timer, never later than the RTO; or stop it, when no probe may go. */
  protected override armProbe(): void {
    const timer = this.probeTimer!;
    if (!this.probeAllowed()) {
      timer.cancel();
      return;
    }
    const snd = this.snd;
    const atNs = this.sim.now + this.rack!.ptoNs(this.rtt.srttNs, snd.sndMax - snd.sndUna, this.mss);
    const rtoNs = this.rtoTimer.at;
    timer.set(rtoNs >= 0 ? Math.min(atNs, rtoNs) : atNs);
  }

  /**
   * RFC 8985 7.3: the probe timer fired. Send one new segment if the peer's window allows, else the
   * last segment sent again; note the probe (TLP.end_seq), and re-arm the RTO, not the PTO.
   */
  private onProbeTimeout(): void {
    if (!this.probeAllowed()) return;
    const snd = this.snd;
    const rack = this.rack!;
    const now = this.sim.now;
    this.sink.timer({ atNs: now, conn: this.conn, side: this.side, timer: 'tlp' });
    this.observer?.onProbe(this.quietSinceNs());
    const room = snd.sndUna + snd.sndWnd - snd.sndMax;
    const len = Math.min(this.mss, snd.queuedEnd - snd.sndMax, room);
    rack.tlpSentNs = now;
    if (len > 0) {
      rack.tlpRetrans = false;
      this.transmitSegment(len, snd.finQueued && snd.sndMax + len === snd.queuedEnd, 'tlp-new');
    } else {
      const last = snd.records[snd.records.length - 1];
      const dataLen = Math.max(0, Math.min(last.len, snd.queuedEnd - last.seq));
      rack.tlpRetrans = true;
      this.rtt.forget(); // Karn: the probe's ACK says nothing of the path
      snd.sndNxt = last.seq;
      this.transmitSegment(dataLen, last.seq + last.len > snd.queuedEnd, 'tlp');
      snd.sndNxt = snd.sndMax;
    }
    rack.tlpEndSeq = snd.sndMax;
    this.rtoTimer.set(now + this.rtt.current());
    this.output();
    this.settle();
  }

  // ---- RACK (RFC 8985 6) ------------------------------------------------------------------------

  /**
   * RFC 8985 6.2 step 5 after an ACK (or on the reordering timer): RACK marks what is lost by time.
   * A loss found outside recovery starts it, as a third duplicate ACK would; in fast recovery the
   * scoreboard fills what is lost; in RTO recovery a retransmission lost again goes at once
   * (`resendLost`). `byTimer`: the reordering timer fired.
   */
  protected detectLossByTime(byTimer = false): void {
    const rack = this.rack!;
    const snd = this.snd;
    if (!this.sackOk || snd.idle || !outputAllowed(this.state)) {
      this.reorderTimer!.cancel();
      return;
    }
    const before = rack.lostSeq;
    const lostAgain = rack.lostAgainCount;
    const rtoRecovery = this.inRtoRecovery();
    // 6.2 step 4: "in loss recovery" is fast recovery or RTO recovery alike (Linux's
    // tcp_rack_reo_wnd: ca_state >= TCP_CA_Recovery, CA_Loss included).
    const recovering = this.cc.inRecovery || rtoRecovery;
    const reoWnd = rack.reoWnd(recovering, snd.sackedInFlight, this.mss, this.rtt.srttNs);
    const againNs = recovering ? rack.lostRetransmissions(snd, this.sim.now, reoWnd) : -1;
    const firstNs = rack.detectLoss(snd, this.sim.now, reoWnd);
    const dueNs = againNs < 0 || (firstNs >= 0 && firstNs < againNs) ? firstNs : againNs;
    if (dueNs >= 0) this.reorderTimer!.set(dueNs);
    else this.reorderTimer!.cancel();
    // 6.3: the timer found a loss: the wait before the repair leaves was the reordering window's
    // (a lost response head had read as idle), as QUIC's time threshold is (RFC 9002 6.1.2).
    if (byTimer && (rack.lostSeq > before || rack.lostAgainCount > lostAgain))
      this.observer?.onLossTimer(this.quietSinceNs());
    if (rtoRecovery && rack.lostAgainCount > lostAgain) this.lostToResend = true;
    if (rtoRecovery && this.lostToResend) this.resendLost();
    if (rack.lostSeq <= before || rack.lostSeq <= snd.sndUna || this.cc.inRecovery) return;
    const window = Math.min(snd.sndWnd, this.cc.cwnd);
    if (this.cc.onDuplicateAck(3, window, this.mss, snd.sndUna, snd.sndMax)) this.fastRetransmit();
  }

  /**
   * RTO recovery: the retransmissions from snd.una that RACK found lost again (6.2 step 5 judges each
   * by its own send) go again now, first to last, ahead of the go-back. Linux does the same in
   * CA_Loss: tcp_rack_mark_lost, then tcp_mark_skb_lost takes the retransmission out of retrans_out,
   * and tcp_xmit_retransmit_queue (REXMIT_LOST, as tcp_process_loss asks on every ACK) sends each
   * segment marked lost. Each takes the place of one gone from the network: the flight the go-back's
   * window counts (snd.nxt - snd.una) is the same. Not modelled: Linux then also leaves CA_Loss for
   * fast recovery (FLAG_LOST_RETRANS), a second cut of a window the timeout has just set to one
   * segment (slow start goes on here); nor does new data first sent after the timeout and found
   * lost go before the RTO (Linux's would; it is rare, needing a window of three or more while
   * snd.una is still below what the timeout found outstanding).
   */
  private resendLost(): void {
    const snd = this.snd;
    const resume = snd.sndNxt;
    const records = snd.records;
    for (let i = snd.nextUnsacked(snd.firstRecord); i < records.length; i = snd.nextUnsacked(i + 1)) {
      const r = records[i];
      if (r.seq >= resume) break;
      if (!r.lostAgain) continue;
      if (this.paced()) return; // the pacing timer comes back for the rest
      const moves = snd.moves;
      snd.sndNxt = r.seq;
      this.transmitSegment(
        Math.min(r.len, snd.queuedEnd - r.seq),
        r.seq + r.len > snd.queuedEnd,
        'retransmit',
      );
      snd.sndNxt = resume;
      this.watchRetransmission(r.seq);
      if (snd.moves !== moves) i = snd.firstAtOrAfter(r.seq);
    }
    this.lostToResend = false;
  }

  protected override onPaceTimer(): void {
    if (this.lostToResend && this.inRtoRecovery() && outputAllowed(this.state)) this.resendLost();
    super.onPaceTimer();
  }

  /**
   * A retransmission of the segment at `seq` left, in a SACK recovery or from snd.una after a
   * timeout: RACK watches it, by its own send time (RFC 8985 6.2 step 5; Linux's
   * tsorted_sent_queue holds every segment by its latest send, in either state).
   */
  protected override watchRetransmission(seq: number): void {
    const snd = this.snd;
    const r = snd.records[snd.firstAtOrAfter(seq)];
    if (this.rack && this.sackOk && r?.seq === seq && r.retransmitted && r.sentNs === this.sim.now)
      this.rack.onRetransmitted(r);
  }

  /** RFC 8985 6.2 step 5: the reordering timer fired: what it waited for may now be lost. */
  private onReorderTimeout(): void {
    if (!outputAllowed(this.state) || this.state === 'CLOSED') return;
    this.sink.timer({ atNs: this.sim.now, conn: this.conn, side: this.side, timer: 'rack' });
    this.detectLossByTime(true);
    if (this.cc.inRecovery) this.sackRecovery();
    this.output();
    this.settle();
  }

  protected override stopSending(): void {
    super.stopSending();
    this.probeTimer?.stop();
    this.reorderTimer?.stop();
  }
}
