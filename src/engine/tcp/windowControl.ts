// What every window-based controller shares (Reno, and the modern ones through recovery.ts): the
// initial window (with BSD's extra segment on the SYN-ACK), the phase it reports, slow-start
// restart after idle, and pacing at the window's rate. A controller says how its congestion
// window moves on ACKs and losses.
import type { InitialWindow, SlowStartRestart } from '../params';
import type { Bytes } from '../units';
import type { AckSample, CongestionControl, CongestionPhase } from './congestion';
import { MAX_CWND, initialCwnd, idleRestartCwnd, windowPacingRate } from './congestion';

export abstract class WindowControl implements CongestionControl {
  cwnd: Bytes = 0;
  ssthresh: Bytes = MAX_CWND;
  inRecovery = false;
  readonly readsSamples: boolean = true;
  private synAckGrows = false;
  /** The largest window the peer can advertise (see onEstablished). */
  protected peerMaxWindow: Bytes = MAX_CWND;

  constructor(protected readonly iw: InitialWindow) {}

  abstract onNewAck(mss: Bytes, s: AckSample): boolean;
  abstract onDuplicateAck(count: number, window: Bytes, mss: Bytes, ack: number, highSent: number): boolean;
  abstract afterFastRetransmit(mss: Bytes): void;
  abstract onTimeout(window: Bytes, mss: Bytes, highSent: number): void;

  get phase(): CongestionPhase {
    if (this.inRecovery) return 'recovery';
    return this.cwnd < this.ssthresh ? 'slow-start' : 'avoidance';
  }

  onEstablished(mss: Bytes, peerMaxWindow: Bytes = MAX_CWND): void {
    this.peerMaxWindow = peerMaxWindow;
    const iw = initialCwnd(this.iw, mss);
    this.cwnd = iw.cwnd;
    this.synAckGrows = iw.synAckGrows;
  }

  onSynAcked(mss: Bytes): void {
    if (this.synAckGrows) this.cwnd += mss;
  }

  restartAfterIdle(mode: Exclude<SlowStartRestart, 'off'>, mss: Bytes): boolean {
    const restart = idleRestartCwnd(mode, this.cwnd, this.iw, mss);
    if (restart === null) return false;
    this.cwnd = restart;
    return true;
  }

  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  pacingRate(srttNs: number | null, mss: Bytes): number {
    return windowPacingRate(this.cwnd, this.ssthresh, srttNs);
  }
}
