// What the sender keeps of each data segment in flight (sender.ts), and what it works out for the
// next one to send.
import type { StallCause } from '../trace';
import type { Bytes, Nanoseconds } from '../units';

export interface SendRecord {
  seq: number;
  /** Sequence space used: payload, plus one for a FIN. */
  len: number;
  sentNs: Nanoseconds;
  retransmitted: boolean;
  /** The peer SACKed it (RFC 2018): it is held there, not in flight. */
  sacked?: boolean;
  /**
   * A retransmission RACK found lost too (RFC 8985 6.2): a hole to fill again, no longer in the
   * pipe (Linux's tcp_mark_skb_lost clears TCPCB_SACKED_RETRANS). Its next send replaces the record.
   */
  lostAgain: boolean;
  /** Bytes delivered, and when the last of them was, as this segment left: its delivery rate's start. */
  delivered: number;
  deliveredNs: Nanoseconds;
  /** When the most recently delivered segment had been sent, as this one left: the send interval's start. */
  firstSentNs: Nanoseconds;
  /** Nothing was queued behind it: the rate it measures is the application's, not the path's. */
  appLimited: boolean;
}

/** What the next segment may carry: `len` data bytes, a FIN, or nothing and what blocks the data. */
export interface NextSend {
  len: Bytes;
  fin: boolean;
  blocked: StallCause | null;
}

/** What an acknowledged record's slot holds until the array is compacted (never read). */
export const RELEASED: SendRecord = {
  seq: 0,
  len: 0,
  sentNs: 0,
  retransmitted: false,
  sacked: false,
  lostAgain: false,
  delivered: 0,
  deliveredNs: 0,
  firstSentNs: 0,
  appLimited: false,
};
