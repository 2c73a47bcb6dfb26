// HTTP/2 frames as byte counts (RFC 9113 4.1: a 9-byte header and a payload), and the sizes of
// header blocks after HPACK (RFC 7541). The engine carries sizes, not bytes, so HPACK is a
// stated rule: the first header block on a connection goes out in full, Huffman-coded (about 3/4
// of its HTTP/1.1 text, RFC 7541 5.2); later ones find nearly every field in the dynamic table
// (one byte each, RFC 7541 6.1) and spell out only what differs: the path of a request, the
// length and validators of a response.
import type { Bytes } from '../units';

export const FRAME_HEADER: Bytes = 9;
/** RFC 9113 3.4: the client's connection preface, then a SETTINGS frame (three settings, 6 bytes each). */
export const CLIENT_PREFACE: Bytes = 24 + FRAME_HEADER + 3 * 6;
/** The server's SETTINGS (two settings) and its ACK of the client's. */
export const SERVER_SETTINGS: Bytes = FRAME_HEADER + 2 * 6 + FRAME_HEADER;
/** RFC 9113 6.5.3: the client's ACK of the server's SETTINGS, an empty SETTINGS frame. */
export const SETTINGS_ACK: Bytes = FRAME_HEADER;
/** RFC 9113 6.9: WINDOW_UPDATE carries a 4-byte increment. */
export const WINDOW_UPDATE: Bytes = FRAME_HEADER + 4;
/** SETTINGS_MAX_FRAME_SIZE's initial value (RFC 9113 6.5.2): the largest DATA payload. */
export const MAX_FRAME_PAYLOAD: Bytes = 16_384;
/** The initial flow-control window of a stream and of the connection (RFC 9113 6.9.2). */
export const DEFAULT_WINDOW: Bytes = 65_535;

const huffman = (bytes: Bytes) => Math.ceil(bytes * 0.75);

/** A request's HEADERS frame: in full the first time, then its path and a byte per indexed field. */
export function requestHeadersFrame(http1Bytes: Bytes, path: string, first: boolean): Bytes {
  return FRAME_HEADER + (first ? huffman(http1Bytes) : 8 + huffman(path.length));
}

/** A response's HEADERS frame: in full the first time, then status, length and validators. */
export function responseHeadersFrame(http1Bytes: Bytes, first: boolean): Bytes {
  return FRAME_HEADER + (first ? huffman(http1Bytes) : Math.min(huffman(http1Bytes), 40));
}
