// The bytes of a TLS run's TCP streams, for the pcap: each record's 5-byte header (content type,
// legacy version, length; RFC 8446 5.1) at its place in the stream, its body as filler, so
// Wireshark finds the records while the payload stays unreadable, as encrypted payload is.
import type { ConnectionStreams } from '../httpWire';
import type { Trace } from '../trace';

/** Content types (RFC 8446 B.1): what the record header says, not what the body holds. */
function contentType(kind: string, sealed: boolean): number {
  if (kind === 'ChangeCipherSpec') return 20;
  if (kind === 'ApplicationData' || sealed) return 23;
  return 22; // handshake
}

/** TLS 1.3 hides every handshake message after the ServerHello in application-data records. */
const PLAIN_13 = new Set(['ClientHello', 'ServerHello', 'ChangeCipherSpec']);

export function tlsStreams(trace: Trace, version: '1.2' | '1.3'): Map<number, ConnectionStreams> {
  const out = new Map<number, ConnectionStreams>();
  const records = trace.tlsRecords ?? [];
  for (const conn of new Set(records.map((r) => r.conn))) {
    const mine = records.filter((r) => r.conn === conn);
    const stream = (dir: 'c2s' | 's2c') => {
      const rs = mine.filter((r) => r.dir === dir);
      const last = rs[rs.length - 1];
      const bytes = new Uint8Array(last ? last.seq - 1 + last.wireBytes : 0).fill(0x2e);
      for (const r of rs) {
        const at = r.seq - 1;
        const sealed = version === '1.3' ? !PLAIN_13.has(r.kind) : r.kind === 'Finished';
        const length = r.wireBytes - 5;
        bytes.set(
          [contentType(r.kind, sealed), 3, r.kind === 'ClientHello' ? 1 : 3, length >> 8, length & 0xff],
          at,
        );
      }
      return bytes;
    };
    out.set(conn, { c2s: stream('c2s'), s2c: stream('s2c') });
  }
  return out;
}
