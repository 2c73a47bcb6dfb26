// Round-trip estimation (Jacobson/Karels, RFC 6298) and the retransmission timeout it gives.
// One segment is timed at a time, and never a retransmitted one (Karn).
import type { Nanoseconds } from '../units';

export class RttEstimator {
  srttNs: number | null = null;
  private rttvarNs = 0;
  private rtoNs: Nanoseconds;
  /** Timeouts in a row: each doubles the next one. */
  private backoffCount = 0;
  /** Goes up whenever srtt or the timeout may have changed: a sampler that saw this version has nothing new to record. */
  version = 0;
  private timedSeq: number | null = null;
  private timedAtNs: Nanoseconds = 0;

  constructor(
    initialRtoNs: Nanoseconds,
    private readonly minRtoNs: Nanoseconds,
    private readonly maxRtoNs: Nanoseconds,
  ) {
    this.rtoNs = initialRtoNs;
  }

  get timing(): boolean {
    return this.timedSeq !== null;
  }

  /** Time the segment starting at `seq`, sent now. */
  time(seq: number, nowNs: Nanoseconds): void {
    this.timedSeq = seq;
    this.timedAtNs = nowNs;
  }

  /** Karn: what is being timed was retransmitted, so its ACK says nothing about the path. */
  forget(): void {
    this.timedSeq = null;
  }

  /** Whether an ACK up to `ack` covers the segment being timed. */
  covers(ack: number): boolean {
    return this.timedSeq !== null && ack > this.timedSeq;
  }

  /** An ACK up to `ack` arrived now: a sample if it covers the timed segment. */
  onAck(ack: number, nowNs: Nanoseconds): void {
    if (this.timedSeq === null || ack <= this.timedSeq) return;
    this.timedSeq = null;
    this.take(nowNs - this.timedAtNs);
  }

  /** A round-trip time measured otherwise than from the timed segment's send (an echoed timestamp). */
  take(sample: Nanoseconds): void {
    this.backoffCount = 0;
    this.version++;
    if (this.srttNs === null) {
      this.srttNs = sample;
      this.rttvarNs = sample / 2;
    } else {
      const err = sample - this.srttNs;
      this.srttNs += err / 8;
      this.rttvarNs += (Math.abs(err) - this.rttvarNs) / 4;
    }
    this.rtoNs = Math.round(this.srttNs + 4 * this.rttvarNs);
  }

  /** Whether a reply awaited this long is late: beyond srtt + 4 rttvar (RFC 6298's estimate,
   * before its floor and backoff). Never before the first sample. */
  isLate(waitedNs: Nanoseconds): boolean {
    return this.srttNs !== null && waitedNs > this.srttNs + 4 * this.rttvarNs;
  }

  get backoff(): number {
    return this.backoffCount;
  }

  set backoff(n: number) {
    this.backoffCount = n;
    this.version++;
  }

  /** The timeout to arm now: the estimate within its floor and ceiling, doubled per backoff. */
  current(): Nanoseconds {
    const base = Math.min(this.maxRtoNs, Math.max(this.minRtoNs, this.rtoNs));
    if (this.backoffCount === 0) return base; // asked on every segment sent and every ACK
    return Math.min(this.maxRtoNs, base * 2 ** this.backoffCount);
  }
}
