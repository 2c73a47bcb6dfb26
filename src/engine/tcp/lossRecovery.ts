// The sender's side of loss recovery, on top of the output loop (output.ts): what ACKs and the
// retransmission timer make the endpoint send again. Duplicate ACKs start a fast retransmit; a
// new ACK feeds the controller its sample and may retransmit again (a partial ACK); with SACK
// the scoreboard (scoreboard.ts) picks each segment of the recovery; after a timeout sending
// starts over from snd.una. How the window changes meanwhile is the controller's business
// (congestion.ts; recovery.ts for NewReno's). RACK-TLP's timers and time-based loss detection
// (rackRecovery.ts) and the state machine (endpoint.ts) build on it.
import type { TcpParams } from '../params';
import type { CongestionControls } from './controllers';
import type { Sim } from '../sim';
import type { TraceSink } from '../sink';
import { FLAG, type Side } from '../trace';
import type { Nanoseconds } from '../units';
import { acksRetransmitted, blankAckSample, fillAckSample, newestAcked } from './ackSample';
import type { AckSample } from './congestion';
import type { DupAckDelivery } from './dupAckDelivery';
import { TcpOutput, type EndpointHooks } from './output';
import { Rack } from './rack';
import { firstIsLost, Scoreboard } from './scoreboard';
import type { Segment } from './segment';
import type { SendRecord } from './sender';
import { outputAllowed } from './state';

/** What a controller that reads no samples (Reno) is handed: never filled, never read. */
const UNREAD_SAMPLE: AckSample = blankAckSample();

export abstract class TcpLossRecovery extends TcpOutput {
  /** recoveryStartNs: when the current SACK recovery began (its retransmissions are newer). */
  private recoveryStartNs = 0;
  private board: Scoreboard | null = null; // made at the first SACK recovery
  /** The ACK sample handed to the controller, refilled for each ACK (controllers keep none); made
   * at the first, as Reno reads none. */
  private sample: AckSample | null = null;
  /** RACK-TLP (RFC 8985), when asked for: it acts only once both ends use SACK. */
  protected readonly rack: Rack | null = null;
  /** Delivery counted from duplicate ACKs: set once established, for BBR without SACK. */
  protected dupDelivery: DupAckDelivery | null = null;

  // Spelled out: a derived class's default constructor forwards its arguments as a spread, a
  // runtime builtin's work for every endpoint made.
  constructor(
    sim: Sim,
    sink: TraceSink,
    conn: number,
    side: Side,
    p: TcpParams,
    hooks: EndpointHooks,
    controls: CongestionControls,
  ) {
    super(sim, sink, conn, side, p, hooks, controls);
    if (p.rack && p.sack) {
      this.rack = new Rack();
      this.probes = true;
    }
  }

  /** RACK-TLP's part (rackRecovery.ts): a SACK recovery begins; a timeout fired. */
  protected abstract rackRecoveryBegins(): void;
  protected abstract rackAfterTimeout(): void;

  /** An ACK of snd.una again: counted, and at the third (or a SACKed loss) a fast retransmit. */
  protected onDuplicateAck(seg: Segment): void {
    const snd = this.snd;
    const pure = seg.len === 0 && !(seg.flags & (FLAG.FIN | FLAG.SYN)) && seg.win === snd.sndWnd;
    if (snd.idle || !pure) {
      snd.dupAcks = 0;
      snd.updateWindow(seg.win);
      return;
    }
    snd.dupAcks++;
    this.dupDelivery?.onDuplicate(snd, this.mss, this.sim.now);
    // RFC 6675 5: with SACK, recovery also starts once the scoreboard says snd.una is lost.
    const lost = this.sackOk && snd.dupAcks < 3 && firstIsLost(snd, this.mss);
    const count = lost ? 3 : snd.dupAcks;
    const window = Math.min(snd.sndWnd, this.cc.cwnd);
    if (this.cc.onDuplicateAck(count, window, this.mss, seg.ack, snd.sndMax)) this.fastRetransmit();
  }

  /** Recovery begins (the controller has cut the window): the segment at snd.una goes again now. */
  protected fastRetransmit(): void {
    const snd = this.snd;
    this.noteLateRecovery();
    this.recoveryStartNs = this.sim.now;
    this.rtt.forget();
    if (this.rack) this.rackRecoveryBegins();
    const resume = snd.sndNxt;
    snd.sndNxt = snd.sndUna;
    this.output('fast-retransmit');
    this.watchRetransmission(snd.sndUna);
    this.cc.afterFastRetransmit(this.mss);
    snd.sndNxt = Math.max(resume, snd.sndNxt);
  }

  /**
   * A fast retransmission long after the connection last moved (a reply later than srtt + 4
   * rttvar, its timer set): too few duplicate ACKs had come for the loss, so the sender was
   * waiting for its retransmission timer, and something else (the peer answering a FIN sent
   * behind the lost data) brought the last one just before the timer fired. That wait is the
   * timeout's (it had read as idle: 0.9 s of a lossy LTE page whose keep-alive close came then).
   */
  private noteLateRecovery(): void {
    const quietSinceNs = this.quietSinceNs();
    if (!this.rtoTimer.pending || !this.rtt.isLate(this.sim.now - quietSinceNs)) return;
    this.observer?.onLateRecovery(quietSinceNs);
  }

  /**
   * An ACK above snd.una: the RTT estimate, the send buffer, the controller, the RTO timer and
   * the peer's window take it. Returns whether data left the send buffer (room to write again).
   */
  protected takeNewAck(seg: Segment): boolean {
    const snd = this.snd;
    // Reno reads nothing of the sample: it is not worked out for it.
    const sampled = this.cc.readsSamples;
    const newest = sampled ? newestAcked(snd, seg.ack) : null;
    const ackedBytes = seg.ack - snd.sndUna;
    snd.dupAcks = 0;
    if (this.rack !== null && this.sackOk) this.rackDelivered(seg.ack);
    if (sampled && this.rtt.covers(seg.ack) && acksRetransmitted(snd, seg.ack)) this.echoedSample();
    else this.rtt.onAck(seg.ack, this.sim.now);
    const deliveredBefore = snd.delivered;
    const freedData = snd.onAcked(seg.ack, this.sim.now);
    this.dupDelivery?.onAcked(snd, deliveredBefore, this.mss);
    const sample = sampled ? this.ackSample(seg.ack, ackedBytes, newest) : UNREAD_SAMPLE;
    if (this.cc.onNewAck(this.mss, sample)) this.retransmitFirst();
    if (snd.idle) this.rtoTimer.cancel();
    else this.rtoTimer.set(this.sim.now + this.rtt.current());
    snd.updateWindow(seg.win);
    if (this.rack !== null && this.sackOk) this.armProbe(); // RFC 8985 7.2: an ACK of new data re-arms the PTO
    return freedData;
  }

  /**
   * The ACK of the timed segment covers a retransmission too, and the sender is a Linux stack (a
   * controller that reads samples). Linux takes no sample from the segment's send time then
   * (tcp_clean_rtx_queue: no seq_rtt_us with FLAG_RETRANS_DATA_ACKED): its ACK waited for the
   * repair below it, not for the path. It takes the timestamp the receiver echoes instead
   * (tcp_ack_update_rtt; RFC 7323 4.3): TS.Recent comes from the segment at the receiver's left
   * edge, the one that moved the ACK, so the sample is that segment's own round trip, from its
   * latest send. BSD's Reno has no timestamps and takes the timed segment's sample whatever its
   * ACK covers. That sample had been taken here too: a segment sent early in a long NewReno
   * recovery was ACKed 141 s later behind 711 repairs, srtt became 17.8 s, the RTO 64 s, and the
   * client gave up on the stalled transfer first.
   */
  private echoedSample(): void {
    const snd = this.snd;
    this.rtt.forget();
    const edge = snd.records[snd.firstRecord];
    if (edge !== undefined && edge.seq === snd.sndUna) this.rtt.take(this.sim.now - edge.sentNs);
  }

  /**
   * RACK (RFC 8985 6.2 step 1-3) learns from the newest segment this cumulative ACK delivers (one
   * not SACKed before); TLP (7.4) from whether it covers the outstanding probe.
   */
  private rackDelivered(ack: number): void {
    const rack = this.rack!;
    const snd = this.snd;
    const records = snd.records;
    let newest: SendRecord | null = null;
    for (let i = snd.nextUnsacked(snd.firstRecord); i < records.length; i = snd.nextUnsacked(i + 1)) {
      const r = records[i];
      if (r.seq + r.len > ack) break;
      if (!newest || r.sentNs >= newest.sentNs) newest = r;
    }
    if (newest) rack.onDelivered(newest, this.sim.now);
    if (rack.onAck(ack, this.sim.now) && this.cc.onLossRepaired) {
      this.cc.onLossRepaired(Math.min(snd.sndWnd, this.cc.cwnd), this.mss);
      this.event('tlp-repaired', this.cc.cwnd);
    }
  }

  /** SACK blocks: mark the scoreboard; a controller that models delivery learns from SACKed data too. */
  protected takeSack(blocks: Array<[number, number]>, ack: number): void {
    const before = this.snd.delivered;
    const newest = this.snd.onSacked(blocks, this.sim.now);
    if (newest && this.rack) this.rack.onDelivered(newest, this.sim.now);
    if (newest && ack === this.snd.sndUna && this.cc.onSacked)
      this.cc.onSacked(this.mss, this.ackSample(ack, this.snd.delivered - before, newest));
  }

  private ackSample(ack: number, ackedBytes: number, newest: SendRecord | null): AckSample {
    const used = this.cwndUsage!.allowsGrowth(this.cc.cwnd, this.cc.ssthresh); // a reader of samples has one
    const sample = (this.sample ??= blankAckSample());
    fillAckSample(sample, this.sim.now, this.snd, ack, ackedBytes, newest, used);
    if (this.dupDelivery) sample.pipe = Math.max(0, sample.pipe - this.dupDelivery.counted);
    return sample;
  }

  protected override onPaceTimer(): void {
    if (this.sackOk && this.cc.inRecovery) this.sackRecovery();
    this.output();
  }

  /** A partial ACK in NewReno recovery (RFC 6582 step 4): retransmit the segment at snd.una now. */
  private retransmitFirst(): void {
    const snd = this.snd;
    this.observer?.onPartialAckRepair();
    const resume = snd.sndNxt;
    snd.sndNxt = snd.sndUna;
    this.output('fast-retransmit');
    snd.sndNxt = Math.max(resume, snd.sndNxt);
  }

  /**
   * SACK loss recovery (RFC 6675 5, step C): while cwnd - pipe admits a segment, fill the first
   * lost hole (NextSeg rule 1), else send new data (rule 2).
   */
  protected sackRecovery(): void {
    // Held by pacing with its timer set: the loop below would stop at once, whatever the board says.
    // Nor on a connection the ACK's own data has just reset (data for a closed socket).
    if (this.pacedAndWaiting() || !outputAllowed(this.state)) return;
    const snd = this.snd;
    const mss = this.mss;
    const board = (this.board ??= new Scoreboard());
    board.read(snd, mss, this.recoveryStartNs, this.rack?.lostSeq, this.rack?.lostAgainCount);
    let inPipe = board.pipe;
    for (let i = 0; i < 1000; i++) {
      if (this.cc.cwnd - inPipe < mss || this.paced()) return;
      const hole = board.nextHole();
      const resume = snd.sndNxt;
      if (hole) {
        snd.sndNxt = hole.seq;
        // A hole that held our FIN sends it again with its data (RACK can find the last segment
        // lost; the duplicate-ACK rule never does, nothing being above it to SACK).
        const len = Math.min(hole.len, snd.queuedEnd - hole.seq);
        this.transmitSegment(len, hole.seq + hole.len > snd.queuedEnd, 'retransmit');
        this.watchRetransmission(hole.seq);
        snd.sndNxt = resume;
        inPipe += len;
        continue;
      }
      const room = snd.sndUna + snd.sndWnd - snd.sndMax;
      const len = Math.min(mss, snd.queuedEnd - snd.sndMax, room);
      if (len <= 0 || snd.sndNxt !== snd.sndMax) return;
      this.transmitSegment(len, false);
      inPipe += len;
    }
  }

  /** When this end last sent data or heard something new: a wait for the retransmission timer began there. */
  protected quietSinceNs(): Nanoseconds {
    return this.lastProgressNs;
  }

  /**
   * The RTO fired on an established connection (the timer already backed off): the controller
   * cuts the window and sending starts over from snd.una, the timer set again.
   */
  protected goBackAfterTimeout(): void {
    const snd = this.snd;
    this.cc.onTimeout(Math.min(snd.sndWnd, this.cc.cwnd), this.mss, snd.sndMax);
    this.observer?.onTimeout(this.quietSinceNs());
    snd.dupAcks = 0;
    this.dupDelivery?.forget();
    if (this.rack) this.rackAfterTimeout();
    snd.sndNxt = snd.sndUna;
    this.observer?.onRelease('timeout', 0);
    this.rtoTimer.set(this.sim.now + this.rtt.current());
    this.output();
  }
}
