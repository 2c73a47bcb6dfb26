// NewReno (RFC 6582): Reno's window (RFC 5681) with fast recovery that stays in recovery until
// every segment sent before the loss is acknowledged, so partial ACKs repair several losses in
// one window without waiting for a timeout.
import type { Bytes } from '../units';
import type { AckSample } from './congestion';
import { grow, halvedThreshold } from './congestion';
import { RecoveringControl } from './recovery';

export class NewReno extends RecoveringControl {
  /** RFC 5681 eq. 4: ssthresh = max(FlightSize / 2, 2 * SMSS). */
  protected reduce(window: Bytes, mss: Bytes): void {
    this.ssthresh = halvedThreshold(window, mss);
  }

  protected grow(mss: Bytes, s: AckSample): void {
    if (!s.cwndLimited) return; // as Linux's tcp_reno_cong_avoid: only a window in use grows
    this.cwnd = grow(this.cwnd, this.ssthresh, mss);
  }
}
