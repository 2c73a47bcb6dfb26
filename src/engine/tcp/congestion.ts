// The congestion-control seam: what a sender asks of its controller, and the controllers there
// are. A new controller (NewReno, CUBIC...) is a module implementing CongestionControl, named in
// CONGESTION_CONTROLS, and chosen with the `cc` key.
import type { CongestionControlName, InitialWindow, SlowStartRestart } from '../params';
import type { Bytes } from '../units';
import { Reno } from './reno';

export interface CongestionControl {
  /** Bytes the sender may have in flight, as far as congestion goes. */
  readonly cwnd: Bytes;
  readonly ssthresh: Bytes;
  /** The handshake is over: take the initial window. */
  onEstablished(mss: Bytes): void;
  /** The ACK of our SYN arrived. */
  onSynAcked(mss: Bytes): void;
  /** An ACK of new data arrived. */
  onNewAck(mss: Bytes): void;
  /**
   * The `count`-th duplicate ACK in a row, with `window` = min(peer window, cwnd). True when a fast
   * retransmit is due now: cwnd then admits that one segment, and `afterFastRetransmit` follows.
   */
  onDuplicateAck(count: number, window: Bytes, mss: Bytes): boolean;
  afterFastRetransmit(mss: Bytes): void;
  /** The retransmission timer fired. */
  onTimeout(window: Bytes, mss: Bytes): void;
  /** Slow-start restart after idle: shrink cwnd to the restart window; true if it shrank. */
  restartAfterIdle(mode: Exclude<SlowStartRestart, 'off'>, mss: Bytes): boolean;
}

export const CONGESTION_CONTROLS: Record<
  CongestionControlName,
  (initialWindow: InitialWindow) => CongestionControl
> = {
  reno: (iw) => new Reno(iw),
};

export function congestionControl(name: CongestionControlName, iw: InitialWindow): CongestionControl {
  return CONGESTION_CONTROLS[name](iw);
}

// ---- Window arithmetic shared by the controllers (cwnd counts bytes) --------------------------

/**
 * The window a connection starts its first flight with, before the ACK of the SYN.
 * '2' is the BSD behaviour: cwnd starts at one segment and the ACK of the SYN opens it by one
 * (Heidemann footnote 1), so `synAckGrows` says whether that ACK counts as a slow-start step.
 */
export function initialCwnd(iw: InitialWindow, mss: Bytes): { cwnd: Bytes; synAckGrows: boolean } {
  switch (iw) {
    case '1':
      return { cwnd: mss, synAckGrows: false };
    case '2':
      return { cwnd: mss, synAckGrows: true };
    case '4k': // Kruse eq. 1, RFC 2414
      return { cwnd: Math.min(4 * mss, Math.max(2 * mss, 4380)), synAckGrows: false };
    case '10':
      return { cwnd: 10 * mss, synAckGrows: false };
  }
}

/** The restart window after idle: RFC 2581 uses min(IW, cwnd). */
export function restartWindow(iw: InitialWindow, mss: Bytes): Bytes {
  return iw === '2' ? 2 * mss : initialCwnd(iw, mss).cwnd;
}

/** Growth on an ACK of new data: one segment per ACK in slow start, about one per RTT after. */
export function grow(cwnd: Bytes, ssthresh: Bytes, mss: Bytes): Bytes {
  if (cwnd < ssthresh) return cwnd + mss;
  return cwnd + Math.max(1, Math.floor((mss * mss) / cwnd));
}

/** Half the flight, at least two segments, in whole segments (Reno on loss). */
export function halvedThreshold(window: Bytes, mss: Bytes): Bytes {
  return Math.max(2, Math.floor(window / 2 / mss)) * mss;
}

export const MAX_CWND: Bytes = 1 << 30;
