// CUBIC (RFC 9438): after a loss the window grows along W(t) = C (t - K)^3 + W_max — fast while far
// below the window of the last loss, flat near it, then probing beyond — and never slower than
// the Reno-friendly estimate W_est (RFC 9438 4.3). beta 0.7, C 0.4, fast convergence (4.7).
import type { Bytes, Nanoseconds } from '../units';
import type { AckSample } from './congestion';
import { RecoveringControl } from './recovery';

export const CUBIC_C = 0.4; // segments / s^3
export const CUBIC_BETA = 0.7;
const ALPHA_CUBIC = (3 * (1 - CUBIC_BETA)) / (1 + CUBIC_BETA); // RFC 9438 eq. 4

/** W_cubic(t) in segments, t in seconds since the epoch began (RFC 9438 eq. 1). */
export function cubicWindow(tSeconds: number, wMax: number, k: number): number {
  return CUBIC_C * (tSeconds - k) ** 3 + wMax;
}

/** K = cbrt((W_max - cwnd_epoch) / C) (RFC 9438 eq. 2), in seconds. */
export function cubicK(wMax: number, cwndEpoch: number): number {
  return Math.cbrt(Math.max(0, wMax - cwndEpoch) / CUBIC_C);
}

export class Cubic extends RecoveringControl {
  /** The window at the last loss, in segments (0: no loss yet). */
  wMax = 0;
  k = 0;
  epochStartNs: Nanoseconds | null = null;
  private wEst = 0; // segments
  private credit = 0; // fractional bytes of growth not yet in cwnd
  private lastRttNs = 0;

  protected reduce(window: Bytes, mss: Bytes): void {
    const cwndSegs = Math.min(window, this.cwnd) / mss;
    // Fast convergence (4.7): a flow whose W_max shrinks releases bandwidth to newcomers.
    this.wMax = cwndSegs < this.wMax ? (cwndSegs * (1 + CUBIC_BETA)) / 2 : cwndSegs;
    this.ssthresh = Math.max(2 * mss, Math.floor(cwndSegs * CUBIC_BETA) * mss); // 4.6
    this.epochStartNs = null;
  }

  protected grow(mss: Bytes, s: AckSample): void {
    if (!s.cwndLimited) return; // as Linux's bictcp_cong_avoid: only a window in use grows
    if (s.rttNs !== null) this.lastRttNs = s.rttNs;
    if (this.cwnd < this.ssthresh) {
      this.cwnd += Math.min(s.ackedBytes, mss); // slow start (RFC 5681)
      return;
    }
    const cwndSegs = this.cwnd / mss;
    if (this.epochStartNs === null) {
      this.epochStartNs = s.nowNs;
      if (this.wMax < cwndSegs) this.wMax = cwndSegs; // no loss yet: the curve starts here, K = 0
      this.k = cubicK(this.wMax, cwndSegs);
      this.wEst = cwndSegs;
    }
    const ackedSegs = s.ackedBytes / mss;
    const alpha = this.wEst >= this.wMax ? 1 : ALPHA_CUBIC;
    this.wEst += (alpha * ackedSegs) / cwndSegs; // 4.3
    const t = (s.nowNs - this.epochStartNs) / 1e9;
    const wCubic = cubicWindow(t, this.wMax, this.k);
    let growthSegs: number;
    if (wCubic < this.wEst) {
      growthSegs = Math.max(0, this.wEst - cwndSegs); // the Reno-friendly region
    } else {
      // 4.4: aim at W_cubic one RTT ahead, within [cwnd, 1.5 cwnd].
      const ahead = cubicWindow(t + this.lastRttNs / 1e9, this.wMax, this.k);
      const target = Math.min(1.5 * cwndSegs, Math.max(cwndSegs, ahead));
      growthSegs = ((target - cwndSegs) / cwndSegs) * ackedSegs;
    }
    this.credit += growthSegs * mss;
    const whole = Math.floor(this.credit);
    this.cwnd += whole;
    this.credit -= whole;
  }

  /** Recovery over: the cubic epoch starts with the next ACK. */
  protected override recovered(): void {
    this.epochStartNs = null;
  }
}
