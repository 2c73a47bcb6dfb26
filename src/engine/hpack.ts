// HPACK header blocks (RFC 7541), the encoding side, for the pcap's HTTP/2 bytes: each side keeps
// its own dynamic table, fields already in a table go out as one index byte (6.1), new ones worth
// keeping as literals with incremental indexing (6.2.1), the rest as literals without indexing
// (6.2.2); string literals are Huffman-coded where that is shorter (5.2).
import { huffmanEncode, huffmanLength } from './hpackHuffman';

export interface HeaderField {
  name: string; // lower case (RFC 9113 8.2.1)
  value: string;
  /** Add it to the dynamic table, so the next block can name it by index. */
  keep?: boolean;
}

/** RFC 7541 Appendix A: the static table, index 1 first. */
// prettier-ignore
const STATIC: ReadonlyArray<readonly [string, string]> = [
  [':authority', ''], [':method', 'GET'], [':method', 'POST'], [':path', '/'],
  [':path', '/index.html'], [':scheme', 'http'], [':scheme', 'https'], [':status', '200'],
  [':status', '204'], [':status', '206'], [':status', '304'], [':status', '400'],
  [':status', '404'], [':status', '500'], ['accept-charset', ''], ['accept-encoding', 'gzip, deflate'],
  ['accept-language', ''], ['accept-ranges', ''], ['accept', ''], ['access-control-allow-origin', ''],
  ['age', ''], ['allow', ''], ['authorization', ''], ['cache-control', ''],
  ['content-disposition', ''], ['content-encoding', ''], ['content-language', ''], ['content-length', ''],
  ['content-location', ''], ['content-range', ''], ['content-type', ''], ['cookie', ''],
  ['date', ''], ['etag', ''], ['expect', ''], ['expires', ''],
  ['from', ''], ['host', ''], ['if-match', ''], ['if-modified-since', ''],
  ['if-none-match', ''], ['if-range', ''], ['if-unmodified-since', ''], ['last-modified', ''],
  ['link', ''], ['location', ''], ['max-forwards', ''], ['proxy-authenticate', ''],
  ['proxy-authorization', ''], ['range', ''], ['referer', ''], ['refresh', ''],
  ['retry-after', ''], ['server', ''], ['set-cookie', ''], ['strict-transport-security', ''],
  ['transfer-encoding', ''], ['user-agent', ''], ['vary', ''], ['via', ''],
  ['www-authenticate', ''],
];

/** SETTINGS_HEADER_TABLE_SIZE's initial value (RFC 9113 6.5.2), which neither side changes. */
export const HEADER_TABLE_SIZE = 4096;
/** RFC 7541 4.1: an entry's size counts 32 bytes of overhead. */
const ENTRY_OVERHEAD = 32;

function latin1(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i) & 0xff;
  return out;
}

/** RFC 7541 5.1: an integer with an N-bit prefix; `high` holds the bits above the prefix. */
export function hpackInteger(value: number, prefixBits: number, high = 0): number[] {
  const max = (1 << prefixBits) - 1;
  if (value < max) return [high | value];
  const out = [high | max];
  let rest = value - max;
  while (rest >= 128) {
    out.push((rest % 128) | 0x80);
    rest = Math.floor(rest / 128);
  }
  out.push(rest);
  return out;
}

/** RFC 7541 5.2: a string literal, Huffman-coded (H = 1) unless that is longer than the raw bytes. */
export function hpackString(text: string, huffman = true): number[] {
  const raw = latin1(text);
  if (huffman && huffmanLength(raw) <= raw.length) {
    const coded = huffmanEncode(raw);
    return [...hpackInteger(coded.length, 7, 0x80), ...coded];
  }
  return [...hpackInteger(raw.length, 7), ...raw];
}

/** One side's encoder: its dynamic table (newest entry first) lives as long as the connection. */
export class HpackEncoder {
  private dynamic: Array<readonly [string, string]> = [];
  private size = 0;

  /** The 1-based index of the field (both name and value), or of its name alone; 0 if neither. */
  private find(name: string, value: string): { index: number; full: boolean } {
    const all = [...STATIC, ...this.dynamic];
    const full = all.findIndex(([n, v]) => n === name && v === value);
    if (full >= 0) return { index: full + 1, full: true };
    return { index: all.findIndex(([n]) => n === name) + 1, full: false };
  }

  /** The field's representation against the table as it stands; the table is left as it is. */
  represent(f: HeaderField): number[] {
    const { index, full } = this.find(f.name, f.value);
    if (full) return hpackInteger(index, 7, 0x80); // 6.1 indexed field
    // 6.2.1 with incremental indexing (01, 6-bit prefix), else 6.2.2 without indexing (0000, 4-bit)
    const name = f.keep ? hpackInteger(index, 6, 0x40) : hpackInteger(index, 4);
    return [...name, ...(index === 0 ? hpackString(f.name) : []), ...hpackString(f.value)];
  }

  /** The decoder's table after the field went out (RFC 7541 4.4: the oldest entries make room). */
  commit(f: HeaderField): void {
    if (!f.keep || this.find(f.name, f.value).full) return;
    const size = f.name.length + f.value.length + ENTRY_OVERHEAD;
    this.dynamic.unshift([f.name, f.value]);
    this.size += size;
    while (this.size > HEADER_TABLE_SIZE && this.dynamic.length > 0) {
      const [n, v] = this.dynamic.pop()!;
      this.size -= n.length + v.length + ENTRY_OVERHEAD;
    }
  }
}

/** A header block fitted to a HEADERS frame's payload size. */
export interface FittedBlock {
  block: Uint8Array;
  /** With the PADDED flag (RFC 9113 6.2): the Pad Length byte's value; null: not padded. */
  pad: number | null;
  /** The required fields alone were longer than the size: the block is cut there, invalid. */
  cut: boolean;
}

/** A Pad Length byte counts at most 255 padding bytes after it. */
const MAX_PAD = 255;
const PAD_NAME = 'x-pad';

/**
 * A header block of exactly `size` bytes with its padding: the required fields (never added to
 * the table), then each optional field that still fits, in order; what is left is covered by the
 * PADDED flag (a Pad Length byte and zeros: any gap of 1 to 256 bytes), and a larger gap first by
 * an `x-pad` field without indexing. If the required fields alone exceed `size` the block is cut.
 */
export function fitBlock(
  encoder: HpackEncoder,
  required: HeaderField[],
  optional: HeaderField[],
  size: number,
): FittedBlock {
  const out = required.flatMap((f) => encoder.represent(f));
  if (out.length > size) return { block: Uint8Array.from(out.slice(0, size)), pad: null, cut: true };
  for (const f of optional) {
    const bytes = encoder.represent(f);
    if (out.length + bytes.length > size) continue;
    out.push(...bytes);
    encoder.commit(f);
  }
  let gap = size - out.length;
  if (gap > MAX_PAD + 1) {
    // 6.2.2 with a new name: 0x00, the name, the value's length and the value (raw 'x's)
    const fieldBytes = (n: number) => 1 + hpackString(PAD_NAME, false).length + hpackInteger(n, 7).length + n;
    let n = gap - fieldBytes(0);
    while (fieldBytes(n) > gap) n--;
    out.push(0, ...hpackString(PAD_NAME, false), ...hpackInteger(n, 7));
    for (let i = 0; i < n; i++) out.push(0x78); // 'x'
    gap = size - out.length;
  }
  return { block: Uint8Array.from(out), pad: gap === 0 ? null : gap - 1, cut: false };
}
