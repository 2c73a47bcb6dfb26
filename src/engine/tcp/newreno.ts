// NewReno (RFC 6582): Reno's window (RFC 5681) with fast recovery that stays in recovery until
// every segment sent before the loss is acknowledged, so partial ACKs repair several losses in
// one window without waiting for a timeout.
import type { Bytes } from '../units';
import { grow, halvedThreshold } from './congestion';
import { RecoveringControl } from './recovery';

export class NewReno extends RecoveringControl {
  /** RFC 5681 eq. 4: ssthresh = max(FlightSize / 2, 2 * SMSS). */
  protected reduce(window: Bytes, mss: Bytes): void {
    this.ssthresh = halvedThreshold(window, mss);
  }

  protected grow(mss: Bytes): void {
    this.cwnd = grow(this.cwnd, this.ssthresh, mss);
  }
}
