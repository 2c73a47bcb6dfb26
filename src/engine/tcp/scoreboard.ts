// The SACK sender's scoreboard (RFC 6675 4): which segments in flight are lost, how much is
// still in the network (the pipe), and which hole to fill next. Read from the sender's send
// records, which carry the SACK marks.
import type { Bytes, Nanoseconds } from '../units';
import type { SendRecord } from './sender';

const DUP_THRESH = 3;

// IsLost (RFC 6675 4): a segment is lost once more than (DupThresh - 1) x SMSS bytes above it
// have been SACKed.

/** Retransmitted during the recovery that started at `sinceNs`. */
const resent = (r: SendRecord, sinceNs: Nanoseconds) => r.retransmitted && r.sentNs >= sinceNs;

/**
 * The scoreboard as one ACK leaves it: SetPipe (RFC 6675 4), bytes presumed in the network, and
 * NextSeg rule 1, the lost holes not yet retransmitted in this recovery, first to last.
 */
export function scoreboard(
  records: readonly SendRecord[],
  mss: Bytes,
  recoveryStartNs: Nanoseconds,
): { pipe: Bytes; nextHole(): SendRecord | null } {
  const holes: SendRecord[] = []; // last to first
  let bytes = 0;
  let sackedAbove = 0;
  for (let i = records.length - 1; i >= 0; i--) {
    const r = records[i];
    if (r.sacked) {
      sackedAbove += r.len;
      continue;
    }
    const lost = sackedAbove > (DUP_THRESH - 1) * mss;
    if (!lost) bytes += r.len;
    if (resent(r, recoveryStartNs)) bytes += r.len;
    else if (lost) holes.push(r);
  }
  return { pipe: bytes, nextHole: () => holes.pop() ?? null };
}

/** The first segment is lost by the scoreboard's rule: enter recovery without waiting for three duplicates. */
export function firstIsLost(records: readonly SendRecord[], mss: Bytes): boolean {
  if (records.length === 0 || records[0].sacked) return false;
  let sackedAbove = 0;
  for (let i = records.length - 1; i > 0 && sackedAbove <= (DUP_THRESH - 1) * mss; i--)
    if (records[i].sacked) sackedAbove += records[i].len;
  return sackedAbove > (DUP_THRESH - 1) * mss;
}
