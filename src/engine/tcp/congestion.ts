// The congestion-control seam: what a sender asks of its controller, and the controllers there
// are. A new controller is a module implementing CongestionControl, a value of the `cc` key
// (CONGESTION_CONTROLS in params.ts), made in allControls.ts (the core's in controllers.ts).
import type { InitialWindow, SlowStartRestart } from '../params';
import type { Bytes, Nanoseconds } from '../units';
import type { DupAckDelivery } from './dupAckDelivery';

/** What the sender knows when an ACK of new data arrives (before it frees the acknowledged data). */
export interface AckSample {
  nowNs: Nanoseconds;
  ack: number;
  /** Bytes newly acknowledged by this ACK (cumulatively). */
  ackedBytes: Bytes;
  /** One past the highest sequence number sent. */
  highSent: number;
  /** Bytes still in flight once this ACK is taken. */
  flight: Bytes;
  /** Of those, the bytes the network may still hold: not SACKed; after a timeout, only those sent again. */
  pipe: Bytes;
  /** Round-trip time of the newest segment this ACK covers, unless it was retransmitted (Karn). */
  rttNs: Nanoseconds | null;
  /** Delivery rate over that segment's flight, bytes per second (0 when unknown). */
  deliveryRate: number;
  /** Bytes delivered so far, and delivered when the newest acknowledged segment left. */
  delivered: Bytes;
  priorDelivered: Bytes;
  /** The sender had nothing more to send when that segment left: its rate undersells the path. */
  appLimited: boolean;
  /** The sender has been using its cwnd (cwndUsage.ts): a window-based controller grows it only then. */
  cwndLimited: boolean;
}

/** A controller's phase, recorded as a trace event when it changes. */
export type CongestionPhase =
  | 'slow-start'
  | 'avoidance'
  | 'recovery'
  | 'loss'
  | 'bbr-startup'
  | 'bbr-drain'
  | 'bbr-probe-bw'
  | 'bbr-probe-rtt';

export interface CongestionControl {
  /** Bytes the sender may have in flight, as far as congestion goes. */
  readonly cwnd: Bytes;
  readonly ssthresh: Bytes;
  /**
   * The handshake is over: take the initial window (IW). `peerMaxWindow` is the largest window the
   * peer can ever advertise (65535 bytes, shifted by its window scale): more cwnd could never be used.
   */
  onEstablished(mss: Bytes, peerMaxWindow: Bytes): void;
  /** The ACK of our SYN arrived. */
  onSynAcked(mss: Bytes): void;
  /**
   * An ACK of new data arrived. True when it is a partial ACK in NewReno recovery (RFC 6582):
   * the segment at the new snd.una is to be retransmitted at once.
   */
  onNewAck(mss: Bytes, sample: AckSample): boolean;
  /** A duplicate ACK SACKed new data (`ackedBytes` of it): for controllers that measure delivery. */
  onSacked?(mss: Bytes, sample: AckSample): void;
  /**
   * The `count`-th duplicate ACK in a row, with `window` = min(peer window, cwnd). True when a fast
   * retransmit is due now: cwnd then admits that one segment, and `afterFastRetransmit` follows.
   */
  onDuplicateAck(count: number, window: Bytes, mss: Bytes, ack: number, highSent: number): boolean;
  afterFastRetransmit(mss: Bytes): void;
  /** A loss found already repaired (RFC 8985 7.4): cut the window once. Controllers that recover
   * with SACK have it (RACK-TLP needs SACK). */
  onLossRepaired?(window: Bytes, mss: Bytes): void;
  /** The retransmission timer fired. */
  onTimeout(window: Bytes, mss: Bytes, highSent: number): void;
  /** Bytes per second to pace at, or 0 for no pacing. */
  pacingRate(srttNs: number | null, mss: Bytes): number;
  /** Whether the controller is repairing a loss (fast recovery). */
  readonly inRecovery: boolean;
  /** Whether `onNewAck` reads its sample (false: the sender need not work one out). */
  readonly readsSamples: boolean;
  /** A controller that reads delivery (BBR), without SACK: what duplicate ACKs deliver
   * (dupAckDelivery.ts). Made by the controller, so the core engine's first load leaves it out. */
  dupAckDelivery?(): DupAckDelivery;
  /** The current phase, for the trace. */
  readonly phase: CongestionPhase;
  /** Slow-start restart after idle: shrink cwnd to the restart window; true if it shrank. */
  restartAfterIdle(mode: Exclude<SlowStartRestart, 'off'>, mss: Bytes): boolean;
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

/**
 * The window a loss-based controller restarts from after idle, or null when that is no smaller:
 * `bsd` restarts from one segment; `rfc` from min(IW, cwnd) (RFC 2581 4.1).
 */
export function idleRestartCwnd(
  mode: Exclude<SlowStartRestart, 'off'>,
  cwnd: Bytes,
  iw: InitialWindow,
  mss: Bytes,
): Bytes | null {
  const restart = mode === 'bsd' ? mss : Math.min(cwnd, restartWindow(iw, mss));
  return restart < cwnd ? restart : null;
}

/** Growth on an ACK of new data: one segment per ACK in slow start, about one per RTT after. */
export function grow(cwnd: Bytes, ssthresh: Bytes, mss: Bytes): Bytes {
  if (cwnd < ssthresh) return cwnd + mss;
  return cwnd + avoidanceIncrement(cwnd, mss);
}

/** Congestion avoidance's growth per ACK: MSS * MSS / cwnd, about one segment per round trip. */
export function avoidanceIncrement(cwnd: Bytes, mss: Bytes): Bytes {
  return Math.max(1, Math.floor((mss * mss) / cwnd));
}

/** Half the flight, at least two segments, in whole segments (Reno on loss). */
export function halvedThreshold(window: Bytes, mss: Bytes): Bytes {
  return Math.max(2, Math.floor(window / 2 / mss)) * mss;
}

export const MAX_CWND: Bytes = 1 << 30;

/**
 * The pacing rate Linux gives a window-based controller (tcp_update_pacing_rate in
 * net/ipv4/tcp_input.c): cwnd / srtt, times 2 in slow start and 1.2 after, so that pacing never
 * holds the window back.
 */
export function windowPacingRate(cwnd: Bytes, ssthresh: Bytes, srttNs: number | null): number {
  if (srttNs === null || srttNs <= 0) return 0;
  const gain = cwnd < ssthresh / 2 ? 2 : 1.2;
  return (gain * cwnd * 1e9) / srttNs;
}
