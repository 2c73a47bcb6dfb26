// The books an endpoint keeps per packet number space (RFC 9000 12.3): what it sent (recovery.ts),
// what it received and owes an acknowledgement for, and the CRYPTO stream of that level.
import type { Bytes, Nanoseconds } from '../units';
import { RangeSet } from './ranges';
import { SentPackets } from './recovery';

/** ACK frames carry at most this many ranges (older ones were acknowledged often enough). */
const MAX_ACK_RANGES = 32;

export class Received {
  readonly pns = new RangeSet();
  largestNs: Nanoseconds = 0;
  /** The ack timer fired: the ACK now due was held (an ACK sent sooner, for a second packet or
   * with data, held none that the peer waited on as a delayed ACK). */
  heldByTimer = false;
  /** When the last ack-eliciting packet arrived (data, not an ACK alone). */
  lastElicitingNs: Nanoseconds = 0;
  /** When the last packet arrived that brought something new (a PING or padding brings nothing). */
  lastNewsNs: Nanoseconds = 0;
  /** The highest packet number of an ack-eliciting packet received (-1: none yet). */
  largestElicitingPn = -1;
  elicitingSinceAck = 0;
  ackDue = false;
  ackTimerNs: Nanoseconds | null = null;

  /**
   * Note packet `pn` as received. Returns whether it is an ack-eliciting packet out of order, which
   * is acknowledged at once (RFC 9000 13.2.1: "when the received packet has a packet number less
   * than another ack-eliciting packet that has been received, or when the packet has a packet
   * number larger than the highest-numbered ack-eliciting packet that has been received and there
   * are missing packets between that packet and this packet"). The gap counts even when packets
   * carrying only ACKs arrived after it: the sender learns of its loss no sooner for them.
   */
  record(pn: number, ackEliciting: boolean): boolean {
    const largest = this.largestElicitingPn;
    const outOfOrder = ackEliciting && largest >= 0 && (pn < largest || !this.pns.covers(largest + 1, pn));
    this.pns.add(pn, pn + 1);
    if (this.pns.ranges.length > MAX_ACK_RANGES) this.pns.ranges.shift();
    if (ackEliciting) this.largestElicitingPn = Math.max(largest, pn);
    return outOfOrder;
  }
}

export class Crypto {
  readonly toSend: Array<[number, number]> = []; // [offset, len] ranges, first due first
  written = 0;
  sentUpTo = 0; // below this, a CRYPTO frame is a retransmission
  readonly got = new RangeSet();
  complete = false;

  queue(bytes: Bytes): void {
    this.toSend.push([this.written, bytes]);
    this.written += bytes;
  }
}

export interface Space {
  sent: SentPackets;
  rx: Received;
  crypto: Crypto;
  /** The peer's CRYPTO bytes expected in this space. */
  expect: Bytes;
}

export function newSpace(expect: Bytes): Space {
  return { sent: new SentPackets(), rx: new Received(), crypto: new Crypto(), expect };
}
