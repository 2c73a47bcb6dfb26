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
 * endpoint, read again for each ACK from the sender's sums; the holes are found only when asked for.
 */
export class Scoreboard {
  pipe: Bytes = 0;
  private snd: TcpSender | null = null;
  /** Records below this index whose non-SACKed ones are lost. */
  private lostBelow = 0;
  private sinceNs: Nanoseconds = 0;
  /** The holes as the board was read, taken on the first `nextHole` (before anything is resent). */
  private readonly holes: SendRecord[] = [];
  private taken = false;
  private next = 0;

  /** Read the sender's records (SACK marks included); `recoveryStartNs` dates this recovery. */
  read(snd: TcpSender, mss: Bytes, recoveryStartNs: Nanoseconds): void {
    // Above the boundary what is not SACKed is in the network; below it, what is not SACKed is
    // lost, and in the network again only if retransmitted in this recovery.
    const lostBelow = snd.lostBelow((DUP_THRESH - 1) * mss);
    this.pipe = snd.unsackedFrom(lostBelow) + snd.resentSinceNs(recoveryStartNs);
    this.snd = snd;
    this.lostBelow = lostBelow;
    this.sinceNs = recoveryStartNs;
    this.taken = false;
  }

  /** The next lost segment not yet retransmitted in this recovery, first to last, or null. */
  nextHole(): SendRecord | null {
    const holes = this.holes;
    if (!this.taken) {
      this.taken = true;
      holes.length = 0;
      this.next = 0;
      const snd = this.snd!;
      const records = snd.records;
      for (let i = snd.nextUnsacked(snd.firstRecord); i < this.lostBelow; i = snd.nextUnsacked(i + 1)) {
        const r = records[i];
        if (!(r.retransmitted && r.sentNs >= this.sinceNs)) holes.push(r);
      }
    }
    return this.next < holes.length ? holes[this.next++] : null;
  }
}

/** The first segment is lost by the scoreboard's rule: enter recovery without waiting for three duplicates. */
export function firstIsLost(snd: TcpSender, mss: Bytes): boolean {
  const records = snd.records;
  const first = snd.firstRecord;
  if (records.length <= first || records[first].sacked) return false;
  return snd.sackedAbove(first) > (DUP_THRESH - 1) * mss;
}
