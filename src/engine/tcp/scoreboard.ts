// The SACK sender's scoreboard (RFC 6675 4): which segments in flight are lost, how much is
// still in the network (the pipe), and which hole to fill next. Read from the sender's send
// records, which carry the SACK marks.
import type { Bytes, Nanoseconds } from '../units';
import type { SendRecord } from './sender';

const DUP_THRESH = 3;

/** IsLost (RFC 6675 4): more than (DupThresh - 1) x SMSS bytes above it have been SACKed. */
function lostFrom(records: readonly SendRecord[], mss: Bytes): boolean[] {
  const lost = new Array<boolean>(records.length).fill(false);
  let sackedAbove = 0;
  for (let i = records.length - 1; i >= 0; i--) {
    const r = records[i];
    if (r.sacked) sackedAbove += r.len;
    else lost[i] = sackedAbove > (DUP_THRESH - 1) * mss;
  }
  return lost;
}

/** Retransmitted during the recovery that started at `sinceNs`. */
const resent = (r: SendRecord, sinceNs: Nanoseconds) => r.retransmitted && r.sentNs >= sinceNs;

/** SetPipe (RFC 6675 4): bytes presumed in the network. */
export function pipe(records: readonly SendRecord[], mss: Bytes, recoveryStartNs: Nanoseconds): Bytes {
  const lost = lostFrom(records, mss);
  let bytes = 0;
  for (let i = 0; i < records.length; i++) {
    const r = records[i];
    if (r.sacked) continue;
    if (!lost[i]) bytes += r.len;
    if (resent(r, recoveryStartNs)) bytes += r.len;
  }
  return bytes;
}

/** NextSeg rule 1 (RFC 6675 4): the first lost hole not yet retransmitted in this recovery. */
export function nextHole(
  records: readonly SendRecord[],
  mss: Bytes,
  recoveryStartNs: Nanoseconds,
): SendRecord | null {
  const lost = lostFrom(records, mss);
  for (let i = 0; i < records.length; i++) {
    const r = records[i];
    if (!r.sacked && lost[i] && !resent(r, recoveryStartNs)) return r;
  }
  return null;
}

/** The first segment is lost by the scoreboard's rule: enter recovery without waiting for three duplicates. */
export function firstIsLost(records: readonly SendRecord[], mss: Bytes): boolean {
  return records.length > 0 && lostFrom(records, mss)[0];
}
