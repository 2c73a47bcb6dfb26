// QUIC loss recovery's parts (RFC 9002): the RTT estimate (5), each packet number space's sent
// packets (A.1), and the NewReno congestion controller of Appendix B. The endpoint (endpoint.ts)
// runs the detection (A.7-A.10) with them.
import type { Nanoseconds } from '../units';
import type { BlockedFrame, LimitFrame } from './flowControl';
import type { PacketType } from './wire';

export type SpaceId = 'initial' | 'handshake' | 'app';
export const SPACES: readonly SpaceId[] = ['initial', 'handshake', 'app'];

/** What a packet carried that may need sending again if it is lost. */
export type SentFrame =
  | { kind: 'crypto'; offset: number; len: number }
  | { kind: 'stream'; id: number; offset: number; len: number; fin: boolean }
  | { kind: 'handshake-done' }
  | { kind: 'ping' }
  | LimitFrame
  | BlockedFrame;

export interface SentPacket {
  pn: number;
  type: PacketType;
  sentNs: Nanoseconds;
  /** Its share of the datagram, in bytes: what it adds to bytes in flight. */
  bytes: number;
  ackEliciting: boolean;
  inFlight: boolean;
  frames: SentFrame[];
}

/** RFC 9002 6.1: packet threshold 3, time threshold 9/8 RTT, timer granularity 1 ms. */
export const PACKET_THRESHOLD = 3;
export const TIME_THRESHOLD = 9 / 8;
export const GRANULARITY_NS: Nanoseconds = 1e6;
/** RFC 9002 6.2.2: 333 ms before any sample. RFC 9000 18.2: max_ack_delay 25 ms. */
export const INITIAL_RTT_NS: Nanoseconds = 333e6;
export const MAX_ACK_DELAY_NS: Nanoseconds = 25e6;

/** RFC 9002 5: min, smoothed and variation of the round trip, ack delay taken out once confirmed. */
export class RttEstimate {
  latestNs: Nanoseconds = 0;
  minNs: Nanoseconds = 0;
  smoothedNs: Nanoseconds = INITIAL_RTT_NS;
  varNs: Nanoseconds = INITIAL_RTT_NS / 2;
  hasSample = false;

  update(latestNs: Nanoseconds, ackDelayNs: Nanoseconds, handshakeConfirmed: boolean): void {
    this.latestNs = latestNs;
    if (!this.hasSample) {
      this.hasSample = true;
      this.minNs = latestNs;
      this.smoothedNs = latestNs;
      this.varNs = latestNs / 2;
      return;
    }
    this.minNs = Math.min(this.minNs, latestNs);
    const delay = handshakeConfirmed ? Math.min(ackDelayNs, MAX_ACK_DELAY_NS) : ackDelayNs;
    const adjusted = latestNs >= this.minNs + delay ? latestNs - delay : latestNs;
    this.varNs = (3 * this.varNs + Math.abs(this.smoothedNs - adjusted)) / 4;
    this.smoothedNs = (7 * this.smoothedNs + adjusted) / 8;
  }

  /** RFC 9002 6.2.1: the probe timeout's base, before max_ack_delay and backoff. */
  get ptoBaseNs(): Nanoseconds {
    return Math.round(this.smoothedNs + Math.max(4 * this.varNs, GRANULARITY_NS));
  }

  /** RFC 9002 6.1.2: how long after a later packet was acknowledged a packet is declared lost. */
  get lossDelayNs(): Nanoseconds {
    return Math.round(Math.max(TIME_THRESHOLD * Math.max(this.latestNs, this.smoothedNs), GRANULARITY_NS));
  }
}

/** One packet number space's sender state (RFC 9002 A.1, A.2). */
export class SentPackets {
  nextPn = 0;
  /** Not yet acknowledged nor declared lost, in packet number order. */
  readonly unacked = new Map<number, SentPacket>();
  largestAcked = -1;
  lossTimeNs: Nanoseconds | null = null;
  lastAckElicitingNs: Nanoseconds | null = null;
  discarded = false;

  get ackElicitingInFlight(): boolean {
    for (const p of this.unacked.values()) if (p.ackEliciting && p.inFlight) return true;
    return false;
  }
}

/**
 * RFC 9002 Appendix B: NewReno in bytes. Slow start from 10 datagrams, halving on loss once per
 * recovery period (a loss of a packet sent before the period began does not cut again), additive
 * increase by a datagram per congestion window; persistent congestion (7.6) is not modelled, the
 * PTO's backoff stands in for it. The window grows only while it is in use (7.8, B.5
 * IsAppOrFlowControlLimited), judged as Chromium's QUIC does (TcpCubicSenderBytes::IsCwndLimited):
 * a handshake flight or a short response grows it no more than the data it carried needs.
 */
export class NewRenoQuic {
  cwnd: number;
  ssthresh = 1 << 30; // no threshold until the first loss (as tcp/congestion.ts MAX_CWND)
  bytesInFlight = 0;
  private recoveryStartNs: Nanoseconds = -1;
  /** The window held the sender back when the ACK being taken arrived. */
  private windowInUse = true;

  constructor(private readonly maxDatagram: number) {
    // B.2: kInitialWindow = min(10 * max_datagram_size, max(14720, 2 * max_datagram_size)).
    this.cwnd = Math.min(10 * maxDatagram, Math.max(14_720, 2 * maxDatagram));
  }

  private get minimumWindow(): number {
    return 2 * this.maxDatagram;
  }

  canSend(bytes: number): boolean {
    return this.bytesInFlight + bytes <= this.cwnd;
  }

  onSent(p: SentPacket): void {
    if (p.inFlight) this.bytesInFlight += p.bytes;
  }

  /** A packet left the books without an acknowledgement (its keys were discarded). */
  onRemoved(p: SentPacket): void {
    if (p.inFlight) this.bytesInFlight -= p.bytes;
  }

  /**
   * An ACK frame arrived, before its packets leave the flight: was the window in use? Full, or
   * within three datagrams of full, or in slow start more than half full (Chromium's rule).
   */
  onAckFrame(): void {
    const inFlight = this.bytesInFlight;
    const slowStartLimited = this.cwnd < this.ssthresh && inFlight > this.cwnd / 2;
    this.windowInUse =
      inFlight >= this.cwnd || slowStartLimited || this.cwnd - inFlight <= 3 * this.maxDatagram;
  }

  onAcked(p: SentPacket): void {
    if (!p.inFlight) return;
    this.bytesInFlight -= p.bytes;
    if (!this.windowInUse) return; // B.5: no growth when application or flow-control limited
    if (p.sentNs <= this.recoveryStartNs) return; // B.5: no growth in recovery
    if (this.cwnd < this.ssthresh) this.cwnd += p.bytes;
    else this.cwnd += Math.floor((this.maxDatagram * p.bytes) / this.cwnd);
  }

  /** Returns whether a new recovery period began. */
  onLost(lost: SentPacket[], nowNs: Nanoseconds): boolean {
    let latestSent = -1;
    for (const p of lost) {
      if (p.inFlight) this.bytesInFlight -= p.bytes;
      latestSent = Math.max(latestSent, p.sentNs);
    }
    // B.6: one reduction per recovery period.
    if (latestSent < 0 || latestSent <= this.recoveryStartNs) return false;
    this.recoveryStartNs = nowNs;
    this.ssthresh = Math.max(Math.floor(this.cwnd / 2), this.minimumWindow);
    this.cwnd = this.ssthresh;
    return true;
  }
}
