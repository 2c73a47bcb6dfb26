// The books an endpoint keeps per packet number space (RFC 9000 12.3): what it sent (recovery.ts),
// what it received and owes an acknowledgement for, and the CRYPTO stream of that level.
import type { Bytes, Nanoseconds } from '../units';
import { RangeSet } from './ranges';
import { SentPackets } from './recovery';

export class Received {
  readonly pns = new RangeSet();
  largestNs: Nanoseconds = 0;
  /** The ack timer fired: the ACK now due was held (an ACK sent sooner, for a second packet or
   * with data, held none that the peer waited on as a delayed ACK). */
  heldByTimer = false;
  /** When the last ack-eliciting packet arrived (data, not an ACK alone). */
  lastElicitingNs: Nanoseconds = 0;
  elicitingSinceAck = 0;
  ackDue = false;
  ackTimerNs: Nanoseconds | null = null;
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
