// HTTP/3 frames as byte counts (RFC 9114 7.1: a type and a length, both variable-length
// integers, then the payload), and header blocks after QPACK (RFC 9204). As for HPACK
// (http/h2frames.ts) this is a stated rule: the first field section on a connection goes out in
// full, Huffman-coded (about 3/4 of its HTTP/1.1 text; the dynamic-table inserts it makes on the
// encoder stream are counted here too); later ones refer to the table (a byte per field) and spell
// out only what differs: a request's path, a response's length and validators. Each field
// section starts with a 2-byte prefix (required insert count and base, RFC 9204 4.5.1).
import type { Bytes } from '../units';
import { varint } from './wire';

const huffman = (bytes: Bytes) => Math.ceil(bytes * 0.75);
const SECTION_PREFIX: Bytes = 2;

/** A frame of `payload` bytes, with its type and length. */
export const frame = (payload: Bytes): Bytes => 1 + varint(payload) + payload;

/** RFC 9114 6.2.1: the control stream's type byte and a SETTINGS frame (three settings). */
export const CONTROL_STREAM: Bytes = 1 + frame(3 * 3);

export function requestHeadersFrame(http1Bytes: Bytes, path: string, first: boolean): Bytes {
  return frame(SECTION_PREFIX + (first ? huffman(http1Bytes) : 8 + huffman(path.length)));
}

export function responseHeadersFrame(http1Bytes: Bytes, first: boolean): Bytes {
  return frame(SECTION_PREFIX + (first ? huffman(http1Bytes) : Math.min(huffman(http1Bytes), 40)));
}
