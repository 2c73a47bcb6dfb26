// The SACK sender's scoreboard (RFC 6675 4): which segments in flight are lost, how much is
// still in the network (the pipe), and which hole to fill next. Read from the sender's send
// records, which carry the SACK marks.
import type { Bytes, Nanoseconds } from '../units';
import type { SendRecord } from './sender';

const DUP_THRESH = 3;

// IsLost (RFC 6675 4): a segment is lost once more than (DupThresh - 1) x SMSS bytes above it
// have been SACKed.

/**
 * The scoreboard as one ACK leaves it: SetPipe (RFC 6675 4), bytes presumed in the network, and
 * NextSeg rule 1, the lost holes not yet retransmitted in this recovery, first to last. One per
 * endpoint, read again for each ACK; the holes are found only when asked for.
 */
export class Scoreboard {
  pipe: Bytes = 0;
  private records: readonly SendRecord[] = [];
  private first = 0;
  /** Records below this index whose non-SACKed ones are lost. */
  private lostBelow = 0;
  private sinceNs: Nanoseconds = 0;
  /** The holes as the board was read, taken on the first `nextHole` (before anything is resent). */
  private readonly holes: SendRecord[] = [];
  private taken = false;
  private next = 0;

  /** Read the send records `records[first..]` (SACK marks included); `recoveryStartNs` dates this recovery. */
  read(records: readonly SendRecord[], first: number, mss: Bytes, recoveryStartNs: Nanoseconds): void {
    const threshold = (DUP_THRESH - 1) * mss;
    let bytes = 0;
    let sackedAbove = 0;
    let i = records.length - 1;
    // Above the boundary nothing is lost: what is not SACKed is in the network.
    for (; i >= first && sackedAbove <= threshold; i--) {
      const r = records[i];
      if (r.sacked) sackedAbove += r.len;
      else {
        bytes += r.len;
        if (r.retransmitted && r.sentNs >= recoveryStartNs) bytes += r.len;
      }
    }
    this.lostBelow = i + 1;
    // Below it, what is not SACKed is lost, and in the network again only if retransmitted since.
    for (; i >= first; i--) {
      const r = records[i];
      if (!r.sacked && r.retransmitted && r.sentNs >= recoveryStartNs) bytes += r.len;
    }
    this.pipe = bytes;
    this.records = records;
    this.first = first;
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
      const records = this.records;
      for (let i = this.first; i < this.lostBelow; i++) {
        const r = records[i];
        if (!r.sacked && !(r.retransmitted && r.sentNs >= this.sinceNs)) holes.push(r);
      }
    }
    return this.next < holes.length ? holes[this.next++] : null;
  }
}

/** The first segment is lost by the scoreboard's rule: enter recovery without waiting for three duplicates. */
export function firstIsLost(records: readonly SendRecord[], first: number, mss: Bytes): boolean {
  if (records.length <= first || records[first].sacked) return false;
  let sackedAbove = 0;
  for (let i = records.length - 1; i > first && sackedAbove <= (DUP_THRESH - 1) * mss; i--)
    if (records[i].sacked) sackedAbove += records[i].len;
  return sackedAbove > (DUP_THRESH - 1) * mss;
}
