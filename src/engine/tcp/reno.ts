// Reno (RFC 2581, BSD flavoured): slow start, congestion avoidance, fast retransmit on the third
// duplicate ACK, fast recovery inflating by one segment per further duplicate, deflating on the
// first new ACK; a timeout halves the threshold and starts again from one segment.
import type { InitialWindow, SlowStartRestart } from '../params';
import type { Bytes } from '../units';
import type { CongestionControl, CongestionPhase } from './congestion';
import {
  MAX_CWND,
  grow,
  halvedThreshold,
  initialCwnd,
  idleRestartCwnd,
  windowPacingRate,
} from './congestion';

export class Reno implements CongestionControl {
  cwnd: Bytes = 0;
  ssthresh: Bytes = MAX_CWND;
  private synAckGrows = false;
  inRecovery = false;

  constructor(private readonly iw: InitialWindow) {}

  onEstablished(mss: Bytes): void {
    const iw = initialCwnd(this.iw, mss);
    this.cwnd = iw.cwnd;
    this.synAckGrows = iw.synAckGrows;
  }

  onSynAcked(mss: Bytes): void {
    if (this.synAckGrows) this.cwnd += mss;
  }

  get phase(): CongestionPhase {
    if (this.inRecovery) return 'recovery';
    return this.cwnd < this.ssthresh ? 'slow-start' : 'avoidance';
  }

  onNewAck(mss: Bytes): boolean {
    if (this.inRecovery) {
      this.cwnd = this.ssthresh; // deflate on the first new ACK
      this.inRecovery = false;
    } else {
      this.cwnd = Math.min(MAX_CWND, grow(this.cwnd, this.ssthresh, mss));
    }
    return false;
  }

  pacingRate(srttNs: number | null): number {
    return windowPacingRate(this.cwnd, this.ssthresh, srttNs);
  }

  onDuplicateAck(count: number, window: Bytes, mss: Bytes): boolean {
    if (count === 3 && !this.inRecovery) {
      this.ssthresh = halvedThreshold(window, mss);
      this.inRecovery = true;
      this.cwnd = mss; // room for the one retransmitted segment
      return true;
    }
    if (count > 3 && this.inRecovery) this.cwnd = Math.min(MAX_CWND, this.cwnd + mss);
    return false;
  }

  afterFastRetransmit(mss: Bytes): void {
    this.cwnd = this.ssthresh + 3 * mss; // inflate by the three segments that left
  }

  onTimeout(window: Bytes, mss: Bytes): void {
    this.ssthresh = halvedThreshold(window, mss);
    this.cwnd = mss;
    this.inRecovery = false;
  }

  restartAfterIdle(mode: Exclude<SlowStartRestart, 'off'>, mss: Bytes): boolean {
    const restart = idleRestartCwnd(mode, this.cwnd, this.iw, mss);
    if (restart === null) return false;
    this.cwnd = restart;
    return true;
  }
}
