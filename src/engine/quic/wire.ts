// QUIC on the wire, as byte counts: packet headers, frames and the AEAD tag (RFC 9000 12, 17,
// 19; RFC 9001 5.3), and what a UDP datagram adds beneath them. The engine carries sizes, not
// bytes, so these are the sizes a typical stack puts on the wire: 8-byte connection IDs, 2-byte
// packet numbers, AES-128-GCM.
import type { Bytes } from '../units';
import type { BlockedFrame, LimitFrame } from './flowControl';

/** IPv4 (20) and UDP (8) headers: what a datagram adds to its QUIC packets. */
export const IP_UDP_HEADER: Bytes = 28;
/** RFC 9000 14.1: a client pads every datagram carrying an Initial packet to at least 1200 bytes. */
export const MIN_INITIAL_DATAGRAM: Bytes = 1200;
/** RFC 9001 5.3: AEAD_AES_128_GCM's 16-byte tag on every packet. */
export const AEAD_TAG: Bytes = 16;
const CID: Bytes = 8;
const PN: Bytes = 2;

/** RFC 9000 16: variable-length integers take 1, 2, 4 or 8 bytes. */
export function varint(n: number): Bytes {
  return n < 64 ? 1 : n < 16_384 ? 2 : n < 1_073_741_824 ? 4 : 8;
}

export type PacketType = 'Initial' | 'Handshake' | '0-RTT' | '1-RTT';

/**
 * RFC 9000 17.2: a long header has flags, version, both connection IDs with their lengths, a
 * length field (2 bytes here) and the packet number; an Initial adds an empty token's length.
 * 17.3: a short header has flags, the destination connection ID and the packet number.
 */
export function headerBytes(type: PacketType): Bytes {
  if (type === '1-RTT') return 1 + CID + PN;
  return 1 + 4 + 1 + CID + 1 + CID + (type === 'Initial' ? 1 : 0) + 2 + PN;
}

/** What one packet adds around its frames: header and tag. */
export const packetOverhead = (type: PacketType): Bytes => headerBytes(type) + AEAD_TAG;

/** RFC 9000 19.6: CRYPTO frame: type, offset, length. */
export const cryptoFrameHeader = (offset: number, len: number): Bytes => 1 + varint(offset) + varint(len);

/** RFC 9000 19.8: STREAM frame with offset (when not 0) and length fields. */
export const streamFrameHeader = (id: number, offset: number, len: number): Bytes =>
  1 + varint(id) + (offset > 0 ? varint(offset) : 0) + varint(len);

/** RFC 9000 19.3: ACK frame: largest, delay, range count, first range, then a gap and a length per range. */
export function ackFrameBytes(ranges: ReadonlyArray<readonly [number, number]>, delayUnits: number): Bytes {
  // ranges: [lo, hi] inclusive, highest first
  let bytes = 1 + varint(ranges[0][1]) + varint(delayUnits) + varint(ranges.length - 1);
  bytes += varint(ranges[0][1] - ranges[0][0]);
  for (let i = 1; i < ranges.length; i++) {
    bytes += varint(ranges[i - 1][0] - ranges[i][1] - 2) + varint(ranges[i][1] - ranges[i][0]);
  }
  return bytes;
}

/** RFC 9000 19.9, 19.10: MAX_DATA (type, limit) and MAX_STREAM_DATA (type, stream, limit). */
export const limitFrameBytes = (f: LimitFrame): Bytes =>
  1 + (f.kind === 'max-stream-data' ? varint(f.id) : 0) + varint(f.max);

/** RFC 9000 19.12, 19.13: DATA_BLOCKED (type, limit) and STREAM_DATA_BLOCKED (type, stream, limit). */
export const blockedFrameBytes = (f: BlockedFrame): Bytes =>
  1 + (f.kind === 'stream-data-blocked' ? varint(f.id) : 0) + varint(f.limit);

/** PING, HANDSHAKE_DONE (RFC 9000 19.2, 19.20): a type byte. CONNECTION_CLOSE: code, frame type, empty reason. */
export const PING: Bytes = 1;
export const HANDSHAKE_DONE: Bytes = 1;
export const CONNECTION_CLOSE: Bytes = 1 + 1 + 1 + 1;

/** The largest UDP payload for a link's MSS (its MTU less IP and UDP), never under QUIC's 1200. */
export function maxDatagramPayload(mssBytes: Bytes): Bytes {
  return Math.max(MIN_INITIAL_DATAGRAM, mssBytes + 40 - IP_UDP_HEADER);
}
