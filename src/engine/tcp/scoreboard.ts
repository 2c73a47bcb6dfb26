// The SACK sender's scoreboard (RFC 6675 4): which segments in flight are lost, how much is
// still in the network (the pipe), and which hole to fill next. Read from the sender's send
// records, which carry the SACK marks.
import type { Bytes, Nanoseconds } from '../units';
import type { SendRecord, TcpSender } from './sender';

const DUP_THRESH = 3;

// IsLost (RFC 6675 4): a segment is lost once more than (DupThresh - 1) x SMSS bytes above it
// have been SACKed.

/**
 * The scoreboard as one ACK leaves it: SetPipe (RFC 6675 4), bytes presumed in the network, and
 * NextSeg rule 1, the lost holes not yet retransmitted in this recovery, first to last. One per
 * endpoint, read again for each ACK from the sender's sums. The holes are the ones there were when
 * the board was read, found one at a time as they are asked for.
 */
export class Scoreboard {
  pipe: Bytes = 0;
  private snd: TcpSender | null = null;
  /** Records below this index whose non-SACKed ones are lost. */
  private lostBelow = 0;
  /** Where the record at `lostBelow` starts (or snd.sndMax): finds that boundary again if records move. */
  private lostBelowSeq = 0;
  private sinceNs: Nanoseconds = -1;
  /** The index the search for the next hole resumes at. */
  private cursor = 0;
  /** The sequence number of the hole last handed out (-1: none yet). */
  private lastHoleSeq = -1;
  /** The sender's `moves` when `cursor` and `lostBelow` were taken. */
  private moves = 0;
  /**
   * Every record below this index is SACKed or resent in this recovery, and stays so: a long
   * recovery would otherwise walk all it has resent on every ACK. Valid while the recovery and
   * the records' places (`settledMoves`) are the same.
   */
  private settled = 0;
  private settledMoves = -1;
  /** RACK's count of retransmissions found lost again when `settled` was taken: one below it may be a hole again. */
  private settledLostAgain = 0;

  /**
   * Read the sender's records (SACK marks included); `recoveryStartNs` dates this recovery.
   * `rackLostSeq`: with RACK (RFC 8985 6.2), what is not SACKed below it is lost too;
   * `lostAgain`: how many retransmissions RACK has found lost too (each a hole again).
   */
  read(snd: TcpSender, mss: Bytes, recoveryStartNs: Nanoseconds, rackLostSeq = 0, lostAgain = 0): void {
    // Above the boundary what is not SACKed is in the network; below it, what is not SACKed is
    // lost, and in the network again only if retransmitted in this recovery.
    let lostBelow = snd.lostBelow((DUP_THRESH - 1) * mss);
    if (rackLostSeq > snd.sndUna) lostBelow = Math.max(lostBelow, snd.firstAtOrAfter(rackLostSeq));
    this.pipe = snd.unsackedFrom(lostBelow) + snd.resentSinceNs(recoveryStartNs);
    this.snd = snd;
    this.lostBelow = lostBelow;
    const records = snd.records;
    this.lostBelowSeq = lostBelow < records.length ? records[lostBelow].seq : snd.sndMax;
    if (
      recoveryStartNs !== this.sinceNs ||
      snd.moves !== this.settledMoves ||
      lostAgain !== this.settledLostAgain
    ) {
      this.sinceNs = recoveryStartNs;
      this.settledMoves = snd.moves;
      this.settledLostAgain = lostAgain;
      this.settled = 0;
    }
    let i = snd.nextUnsacked(Math.max(this.settled, snd.firstRecord));
    while (i < records.length && this.resent(records[i])) i = snd.nextUnsacked(i + 1);
    this.settled = i;
    this.cursor = i;
    this.lastHoleSeq = -1;
    this.moves = snd.moves;
  }

  /** The next lost segment not yet retransmitted in this recovery, first to last, or null. */
  nextHole(): SendRecord | null {
    const snd = this.snd!;
    if (snd.moves !== this.moves) {
      // A retransmission shorter than its record was inserted beside it: find our places again by
      // sequence number (what lies beyond the last hole handed out has not changed).
      this.moves = snd.moves;
      this.cursor = this.lastHoleSeq < 0 ? snd.firstRecord : snd.firstAtOrAfter(this.lastHoleSeq + 1);
      this.lostBelow = snd.firstAtOrAfter(this.lostBelowSeq);
    }
    const records = snd.records;
    for (let i = snd.nextUnsacked(this.cursor); i < this.lostBelow; i = snd.nextUnsacked(i + 1)) {
      const r = records[i];
      if (this.resent(r)) continue;
      this.cursor = i + 1;
      this.lastHoleSeq = r.seq;
      return r;
    }
    this.cursor = this.lostBelow;
    return null;
  }

  /** Retransmitted in this recovery, and not found lost again: no longer a hole to fill. */
  private resent(r: SendRecord): boolean {
    return r.retransmitted && !r.lostAgain && r.sentNs >= this.sinceNs;
  }
}

/** The first segment is lost by the scoreboard's rule: enter recovery without waiting for three duplicates. */
export function firstIsLost(snd: TcpSender, mss: Bytes): boolean {
  const records = snd.records;
  const first = snd.firstRecord;
  if (records.length <= first || records[first].sacked) return false;
  return snd.sackedAbove(first) > (DUP_THRESH - 1) * mss;
}
