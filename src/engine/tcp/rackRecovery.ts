// RACK-TLP (RFC 8985) at work in the endpoint: the probe and reordering timers, loss found by time
// after each ACK, and what the sender sends for it. The state and the rules are rack.ts's; loss
// recovery itself (fast recovery, SACK's scoreboard, the go-back after a timeout) is
// lossRecovery.ts's, which this builds on for the state machine (endpoint.ts).
import type { TcpParams } from '../params';
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

  // Spelled out: see TcpLossRecovery's.
  constructor(sim: Sim, sink: TraceSink, conn: number, side: Side, p: TcpParams, hooks: EndpointHooks) {
    super(sim, sink, conn, side, p, hooks);
    if (this.rack) {
      this.probeTimer = new Timer(sim, () => this.onProbeTimeout());
      this.reorderTimer = new Timer(sim, () => this.onReorderTimeout());
    }
  }

  protected rackRecoveryBegins(): void {
    this.rack!.tlpEndSeq = null; // the recovery cuts the window: a probe's episode would cut it twice
    this.rack!.forgetRetransmissions();
    this.probeTimer!.cancel();
  }

  /**
   * RFC 8985 6.3 (Linux's tcp_enter_loss): after a timeout everything outstanding counts as lost,
   * and no probe is sent until what was outstanding is acknowledged (7.2).
   */
  protected rackAfterTimeout(): void {
    const rack = this.rack!;
    rack.lostSeq = Math.max(rack.lostSeq, this.snd.sndMax);
    rack.tlpEndSeq = null;
    rack.forgetRetransmissions();
    this.rtoRecoveryEnd = this.snd.sndMax;
    this.probeTimer!.cancel();
    this.reorderTimer!.cancel();
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
    for (const o of this.observers) o.onProbe(this.quietSinceNs());
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
   * RFC 8985 6.2 step 5 after an ACK (or on the reordering timer): RACK marks what is lost by time,
   * and a loss found outside recovery starts it, as a third duplicate ACK would.
   */
  protected detectLossByTime(): void {
    const rack = this.rack!;
    const snd = this.snd;
    if (!this.sackOk || snd.idle || !outputAllowed(this.state)) {
      this.reorderTimer!.cancel();
      return;
    }
    const before = rack.lostSeq;
    const reoWnd = rack.reoWnd(this.cc.inRecovery, snd.sackedInFlight, this.mss, this.rtt.srttNs);
    const againNs = this.cc.inRecovery ? rack.lostRetransmissions(snd, this.sim.now, reoWnd) : -1;
    const firstNs = rack.detectLoss(snd, this.sim.now, reoWnd);
    const dueNs = againNs < 0 || (firstNs >= 0 && firstNs < againNs) ? firstNs : againNs;
    if (dueNs >= 0) this.reorderTimer!.set(dueNs);
    else this.reorderTimer!.cancel();
    if (rack.lostSeq <= before || rack.lostSeq <= snd.sndUna || this.cc.inRecovery) return;
    const window = Math.min(snd.sndWnd, this.cc.cwnd);
    if (this.cc.onDuplicateAck(3, window, this.mss, snd.sndUna, snd.sndMax)) this.fastRetransmit();
  }

  /** A SACK recovery's retransmission of the segment at `seq` left: RACK watches it (RFC 8985 6.2). */
  protected watchRetransmission(seq: number): void {
    const snd = this.snd;
    const r = snd.records[snd.firstAtOrAfter(seq)];
    if (this.rack && this.sackOk && r?.seq === seq && r.retransmitted && r.sentNs === this.sim.now)
      this.rack.onRetransmitted(r);
  }

  /** RFC 8985 6.2 step 5: the reordering timer fired: what it waited for may now be lost. */
  private onReorderTimeout(): void {
    if (!outputAllowed(this.state) || this.state === 'CLOSED') return;
    this.sink.timer({ atNs: this.sim.now, conn: this.conn, side: this.side, timer: 'rack' });
    this.detectLossByTime();
    if (this.cc.inRecovery) this.sackRecovery();
    this.output();
    this.settle();
  }

  protected override stopSending(): void {
    super.stopSending();
    this.probeTimer?.cancel();
    this.reorderTimer?.cancel();
  }
}
