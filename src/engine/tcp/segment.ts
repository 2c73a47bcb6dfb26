import type { SendReason, Side } from '../trace';
import type { Bytes } from '../units';

/** What one endpoint hands the network: relative sequence numbers, true window in bytes. */
export interface Segment {
  conn: number;
  from: Side;
  seq: number;
  ack: number;
  flags: number;
  win: Bytes;
  len: Bytes;
  mssOption?: Bytes;
  wscaleOption?: number;
  sackPermitted?: boolean;
  /** SACK blocks [start, end), the most recently changed first (RFC 2018). */
  sackBlocks?: Array<[number, number]>;
  reason: SendReason;
  /** For a delayed ACK: how long the receiver held it. */
  ackHeldNs?: number;
  /** For a delayed ACK: when the receiver began to hold it (the stall labeller's, not TCP's). */
  ackHeldFromNs?: number;
}

/** Window-scale shift needed to advertise a buffer of this size in 16 bits (RFC 1323). */
export function windowScaleFor(bufferBytes: Bytes): number {
  let shift = 0;
  while (bufferBytes >> shift > 0xffff && shift < 14) shift++;
  return shift;
}
