// Records a sender's congestion state (cwnd, ssthresh, srtt, RTO) each time it changes: an
// observer of one endpoint, so views draw the cwnd line from the run instead of guessing it.
import type { TraceSink } from '../sink';
import type { Side } from '../trace';
import type { Nanoseconds } from '../units';
import type { CongestionControl } from './congestion';
import type { RttEstimator } from './rtt';

export class CongestionSampler {
  private cwnd = 0;
  private ssthresh = 0;
  private srttNs: number | null = null;
  private rtoNs = 0;
  private pacingRate: number | undefined = undefined;
  /** The estimator's version when srtt and the timeout were last read. */
  private rttVersion = -1;

  constructor(
    private readonly sink: TraceSink,
    private readonly conn: number,
    private readonly side: Side,
  ) {}

  /** Something may have changed: record a sample if it did. */
  settle(atNs: Nanoseconds, cc: CongestionControl, rtt: RttEstimator, pacingRate?: number): void {
    const cwnd = cc.cwnd;
    if (cwnd === 0) return; // not yet established
    // Asked after every segment: most leave all five as they were, which the estimator's version
    // tells at once. Kept small, so the caller takes this test inline; recording is apart.
    if (
      rtt.version === this.rttVersion &&
      cwnd === this.cwnd &&
      cc.ssthresh === this.ssthresh &&
      pacingRate === this.pacingRate
    )
      return;
    this.record(atNs, cwnd, cc.ssthresh, rtt, pacingRate);
  }

  private record(
    atNs: Nanoseconds,
    cwnd: number,
    ssthresh: number,
    rtt: RttEstimator,
    pacingRate?: number,
  ): void {
    const sameRtt = rtt.version === this.rttVersion;
    this.rttVersion = rtt.version;
    const srttNs = sameRtt ? this.srttNs : rtt.srttNs === null ? null : Math.round(rtt.srttNs);
    const rtoNs = sameRtt ? this.rtoNs : rtt.current();
    if (
      cwnd === this.cwnd &&
      ssthresh === this.ssthresh &&
      srttNs === this.srttNs &&
      rtoNs === this.rtoNs &&
      pacingRate === this.pacingRate
    )
      return;
    this.pacingRate = pacingRate;
    this.cwnd = cwnd;
    this.ssthresh = ssthresh;
    this.srttNs = srttNs;
    this.rtoNs = rtoNs;
    const { conn, side } = this;
    // One shape for every sample (the table reads the fields; absent pacing is undefined).
    const paced = pacingRate === undefined ? undefined : Math.round(pacingRate);
    this.sink.sample({ atNs, conn, side, cwnd, ssthresh, srttNs, rtoNs, pacingRate: paced });
  }
}
