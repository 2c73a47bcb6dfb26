// BBR, version 1 as specified in draft-cardwell-iccrg-bbr-congestion-control-00 (2017) and
// Cardwell et al., "BBR: Congestion-Based Congestion Control", ACM Queue 14(5), 2016. A model of
// the path — the bottleneck bandwidth (max delivery rate over 10 round trips) and the round-trip
// propagation time (min RTT over 10 s) — sets the pacing rate (gain x BtlBw) and the window
// (2 x BDP). Loss is not a congestion signal: a lost segment is repaired, the model stays.
import type { Bytes, Nanoseconds } from '../units';
import type { AckSample, CongestionPhase } from './congestion';
import { DupAckDelivery } from './dupAckDelivery';
import { RecoveringControl } from './recovery';

const HIGH_GAIN = 2 / Math.LN2; // 2.885: doubles the delivery rate each round in Startup
const PROBE_BW_GAINS = [1.25, 0.75, 1, 1, 1, 1, 1, 1];
const BTLBW_ROUNDS = 10;
const RTPROP_FILTER_NS = 10e9;
const PROBE_RTT_NS = 200e6;
const MIN_CWND_SEGMENTS = 4;

/** BBR's mode, named as the phase the trace records (a constant string: asked after every segment). */
type Mode = Extract<CongestionPhase, `bbr-${string}`>;

export class Bbr extends RecoveringControl {
  private mode: Mode = 'bbr-startup'; // changed by `enter`, which sets its gains
  /** Bottleneck bandwidth estimate, bytes per second (0 before the first sample). */
  btlBw = 0;
  rtPropNs = Infinity;
  private rtPropStampNs = 0;
  private bwByRound: number[] = []; // the max delivery rate of each of the last rounds
  private round = 0;
  private nextRoundDelivered = 0;
  /** Without SACK its delivery samples count duplicate ACKs as they come (Linux's tcp_add_reno_sack). */
  dupAckDelivery(): DupAckDelivery {
    return new DupAckDelivery();
  }
  private fullBw = 0;
  private fullBwRounds = 0;
  private filledPipe = false;
  private cycleIndex = 0;
  private cycleStampNs = 0;
  private probeRttDoneNs: Nanoseconds | null = null;
  /** The window before a loss or probe-RTT cut it, given back when that ends (BBR.prior_cwnd). */
  private priorCwnd = 0;
  /** After a timeout: repairing until snd.una passes this (Linux's Loss state, high_seq); else null. */
  private timeoutRecover: number | null = null;
  /** The gains of the mode (and probe-bw cycle phase), set by `enter`: read for every segment sent. */
  private pacingGain = HIGH_GAIN;
  private cwndGain = HIGH_GAIN;

  override get phase(): CongestionPhase {
    return this.mode;
  }

  /** Enter `mode`, with its gains (draft 4.2.1, 4.3.3). */
  private enter(mode: Mode): void {
    this.mode = mode;
    if (mode === 'bbr-startup') this.pacingGain = HIGH_GAIN;
    else if (mode === 'bbr-drain') this.pacingGain = 1 / HIGH_GAIN;
    else if (mode === 'bbr-probe-rtt') this.pacingGain = 1;
    else this.pacingGain = PROBE_BW_GAINS[this.cycleIndex];
    this.cwndGain = mode === 'bbr-probe-bw' ? 2 : HIGH_GAIN;
  }

  /** BDP = BtlBw x RTprop, in bytes (0 until both are known). */
  bdp(): Bytes {
    if (this.btlBw === 0 || !Number.isFinite(this.rtPropNs)) return 0;
    return (this.btlBw * this.rtPropNs) / 1e9;
  }

  override pacingRate(srttNs: number | null, mss: Bytes): number {
    if (this.btlBw > 0) return this.pacingGain * this.btlBw;
    // Before a delivery-rate sample: high gain x cwnd / RTT (draft 4.2.1 BBRInitPacingRate).
    const rtt = Number.isFinite(this.rtPropNs) ? this.rtPropNs : srttNs;
    return rtt ? (HIGH_GAIN * Math.max(this.cwnd, mss) * 1e9) / rtt : 0;
  }

  /** A loss does not cut the model; the window is held (packet conservation during recovery). */
  protected reduce(window: Bytes, mss: Bytes): void {
    this.saveCwnd();
    this.ssthresh = Math.max(window, MIN_CWND_SEGMENTS * mss);
  }

  /**
   * BBRSaveCwnd (draft -00 4.2.3.4; Linux bbr_save_cwnd): the window as it is, unless a loss
   * recovery or probe-RTT has already cut it, when the larger of the two is kept.
   */
  private saveCwnd(): void {
    const cut = this.inRecovery || this.timeoutRecover !== null || this.mode === 'bbr-probe-rtt';
    this.priorCwnd = cut ? Math.max(this.priorCwnd, this.cwnd) : this.cwnd;
  }

  /** BBRRestoreCwnd: a loss recovery or probe-RTT is over, the window it cut comes back. */
  private restoreCwnd(): void {
    this.cwnd = Math.max(this.cwnd, this.priorCwnd);
  }

  /**
   * Draft -00 4.2.3.4: on a timeout cwnd is one segment while the losses are repaired, and the
   * window saved comes back once they are (Linux: bbr_set_cwnd_to_recover_or_restore, on leaving
   * the Loss state), not regrown from one segment by the bytes ACKed.
   */
  override onTimeout(window: Bytes, mss: Bytes, highSent: number): void {
    super.onTimeout(window, mss, highSent); // saves the window (reduce), then one segment
    this.timeoutRecover = highSent;
    this.ssthresh = Number.MAX_SAFE_INTEGER;
  }

  /** The model keeps learning in recovery, and the window follows it (packet conservation aside). */
  override onNewAck(mss: Bytes, s: AckSample): boolean {
    if (this.timeoutRecover !== null && s.ack >= this.timeoutRecover) {
      this.timeoutRecover = null;
      this.restoreCwnd(); // then grow caps it at the model's window once the pipe is full
    }
    const recovering = this.inRecovery;
    const partial = super.onNewAck(mss, s);
    if (recovering) this.grow(mss, s);
    return partial;
  }

  onSacked(mss: Bytes, s: AckSample): void {
    this.grow(mss, s);
  }

  protected grow(mss: Bytes, s: AckSample): void {
    this.updateModel(s);
    this.updateMode(s, mss);
    const target = this.cwndGain * this.bdp() + 3 * mss; // draft 4.2.3.2, with the ACK-aggregation allowance
    if (this.mode === 'bbr-probe-rtt') this.cwnd = MIN_CWND_SEGMENTS * mss;
    else if (this.filledPipe) this.cwnd = Math.min(this.cwnd + s.ackedBytes, Math.floor(target));
    else if (this.cwnd < target || this.bdp() === 0) this.cwnd += s.ackedBytes;
    this.cwnd = Math.max(this.cwnd, MIN_CWND_SEGMENTS * mss);
  }

  /** Fast recovery is over (the ACK then grows the window as any other). */
  protected override recovered(): void {
    this.restoreCwnd();
    this.ssthresh = Number.MAX_SAFE_INTEGER;
  }

  private updateModel(s: AckSample): void {
    const rounds = this.bwByRound;
    let roundLeft = false;
    if (s.priorDelivered >= this.nextRoundDelivered) {
      this.nextRoundDelivered = s.delivered;
      this.round++;
      rounds.push(0);
      if (rounds.length > BTLBW_ROUNDS) {
        rounds.shift();
        roundLeft = true;
      }
      this.checkFullPipe(s);
    }
    const last = rounds.length - 1;
    if (last >= 0 && (!s.appLimited || s.deliveryRate > this.btlBw))
      rounds[last] = Math.max(rounds[last], s.deliveryRate);
    // BtlBw is the max over the window of rounds: only a round leaving it can lower that max.
    if (roundLeft) {
      let btlBw = 0;
      for (let i = 0; i < rounds.length; i++) if (rounds[i] > btlBw) btlBw = rounds[i];
      this.btlBw = btlBw;
    } else if (last >= 0 && rounds[last] > this.btlBw) this.btlBw = rounds[last];
    if (s.rttNs !== null && (s.rttNs <= this.rtPropNs || s.nowNs - this.rtPropStampNs > RTPROP_FILTER_NS)) {
      this.rtPropNs = s.rttNs;
      this.rtPropStampNs = s.nowNs;
    }
  }

  /** Startup ends when three rounds in a row grew the bandwidth by less than 25% (draft 4.3.2.2). */
  private checkFullPipe(s: AckSample): void {
    if (this.filledPipe || s.appLimited) return;
    if (this.btlBw >= this.fullBw * 1.25) {
      this.fullBw = this.btlBw;
      this.fullBwRounds = 0;
      return;
    }
    if (++this.fullBwRounds >= 3) this.filledPipe = true;
  }

  /**
   * The in-flight checks read what the network holds (Linux: tcp_packets_in_flight), not all
   * that is unacknowledged: data SACKed above a lost segment, or left behind by a timeout, had
   * held Drain's 0.35 gain for 1.7 s of a 10 MB run (queue=30), the bandwidth filter falling
   * round by round to a tenth of the link, 8.7 s where CUBIC took 4.3 s.
   */
  private updateMode(s: AckSample, mss: Bytes): void {
    if (this.mode === 'bbr-startup' && this.filledPipe) this.enter('bbr-drain');
    if (this.mode === 'bbr-drain' && s.pipe <= this.bdp()) this.enterProbeBw(s.nowNs);
    if (this.mode === 'bbr-probe-bw') this.advanceCycle(s);
    if (this.mode !== 'bbr-probe-rtt' && s.nowNs - this.rtPropStampNs > RTPROP_FILTER_NS) {
      this.saveCwnd(); // before entering: the window probe-RTT is about to cut
      this.enter('bbr-probe-rtt'); // the min RTT is stale: drain the queue to measure it again
      this.probeRttDoneNs = null;
    }
    if (this.mode === 'bbr-probe-rtt') {
      if (this.probeRttDoneNs === null && s.pipe <= MIN_CWND_SEGMENTS * mss)
        this.probeRttDoneNs = s.nowNs + PROBE_RTT_NS;
      if (this.probeRttDoneNs !== null && s.nowNs >= this.probeRttDoneNs) {
        this.rtPropStampNs = s.nowNs;
        this.restoreCwnd();
        if (this.filledPipe) this.enterProbeBw(s.nowNs);
        else this.enter('bbr-startup');
      }
    }
  }

  private enterProbeBw(nowNs: Nanoseconds): void {
    this.cycleIndex = 2; // start cruising; the draft picks a random phase other than 0.75
    this.cycleStampNs = nowNs;
    this.enter('bbr-probe-bw');
  }

  /** Each phase lasts about one RTprop; 1.25 until the queue it builds is there, 0.75 until it drains (draft 4.3.4.4). */
  private advanceCycle(s: AckSample): void {
    const gain = PROBE_BW_GAINS[this.cycleIndex];
    let next = s.nowNs - this.cycleStampNs > this.rtPropNs;
    if (gain > 1) next &&= s.pipe >= gain * this.bdp() || s.nowNs - this.cycleStampNs > 2 * this.rtPropNs;
    else if (gain < 1) next ||= s.pipe <= this.bdp();
    if (!next) return;
    this.cycleIndex = (this.cycleIndex + 1) % PROBE_BW_GAINS.length;
    this.cycleStampNs = s.nowNs;
    this.pacingGain = PROBE_BW_GAINS[this.cycleIndex];
  }
}
