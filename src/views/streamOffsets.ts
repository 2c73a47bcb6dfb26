// Where an application byte lies in the TCP stream. Without TLS the application's first byte is
// sequence number 1 (the SYN takes 0). Under TLS the handshake records come first and every
// application record wraps its plaintext in a header (5 bytes, and TLS 1.2's 8-byte explicit
// nonce) and a tag: the ladder must look there, not at 1 + offset, for a request or a frame.
import type { Direction, TlsRecordTrace, Trace } from '../engine/trace';

interface DataRecord {
  plainStart: number; // application-stream offset of its first plaintext byte
  plainBytes: number;
  seq: number; // sequence number of the record's first byte
  prefix: number; // bytes before its plaintext
}

/** TLS 1.2's AES-GCM records add 29 bytes (13 of them before the plaintext); TLS 1.3's 22 (5). */
function prefixOf(r: TlsRecordTrace): number {
  return r.wireBytes - r.plainBytes >= 29 ? 13 : 5;
}

function dataRecords(trace: Trace): Map<string, DataRecord[]> {
  const out = new Map<string, DataRecord[]>();
  for (const r of trace.tlsRecords ?? []) {
    if (r.plainBytes === 0) continue;
    const key = `${r.conn}:${r.dir}`;
    const list = out.get(key) ?? [];
    const last = list[list.length - 1];
    const plainStart = last ? last.plainStart + last.plainBytes : 0;
    list.push({ plainStart, plainBytes: r.plainBytes, seq: r.seq, prefix: prefixOf(r) });
    out.set(key, list);
  }
  return out;
}

/** The record holding application byte `offset` (binary search; the last one past the end). */
function recordAt(list: DataRecord[], offset: number): DataRecord {
  let lo = 0;
  let hi = list.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (list[mid].plainStart <= offset) lo = mid;
    else hi = mid - 1;
  }
  return list[lo];
}

export type WireSeq = (conn: number, dir: Direction, offset: number) => number;
/** Application bytes [from, to) as the sequence-number ranges [start, end) that carry them. */
export type WireRanges = (conn: number, dir: Direction, from: number, to: number) => Array<[number, number]>;

/** A function giving the relative sequence number of application byte `offset`; build once per trace. */
export function wireSeqOf(trace: Trace): WireSeq {
  const records = dataRecords(trace);
  return (conn, dir, offset) => {
    const list = records.get(`${conn}:${dir}`);
    if (!list) return 1 + offset;
    const r = recordAt(list, offset);
    return r.seq + r.prefix + (offset - r.plainStart);
  };
}

/** Like wireSeqOf, for a range: under TLS it is cut where records' headers and tags interrupt it. */
export function wireRangesOf(trace: Trace): WireRanges {
  const records = dataRecords(trace);
  return (conn, dir, from, to) => {
    const list = records.get(`${conn}:${dir}`);
    if (!list) return from < to ? [[1 + from, 1 + to]] : [];
    const out: Array<[number, number]> = [];
    for (let i = list.indexOf(recordAt(list, from)); i < list.length && list[i].plainStart < to; i++) {
      const r = list[i];
      const a = Math.max(from, r.plainStart);
      const b = Math.min(to, r.plainStart + r.plainBytes);
      const base = r.seq + r.prefix - r.plainStart;
      if (a < b) out.push([base + a, base + b]);
    }
    return out;
  };
}
