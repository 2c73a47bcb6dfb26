// The bytes of a TLS run's TCP streams, for the pcap: each record's 5-byte header (content type,
// legacy version, length; RFC 8446 5.1) at its place in the stream; the handshake messages sent in
// the clear written for real (hello.ts, plainMessages.ts), so Wireshark reads the hellos, and in TLS
// 1.2 the certificates and key exchange; protected records' bodies as filler, as encrypted payload is.
import type { ConnectionStreams } from '../httpWire';
import type { Trace, TlsRecordTrace } from '../trace';
import { SERVER_HELLO_12, type TlsParams } from './handshake';
import { clientHello, filler, serverHello, serverHello12, sessionIdBytes12 } from './hello';
import { certificateMessage, clientKeyExchange, serverHelloDone, serverKeyExchange } from './plainMessages';

/**
 * Content types (RFC 8446 B.1): what the record header says. TLS 1.3 wraps every protected record
 * as application data, its true type inside (RFC 8446 5.2); TLS 1.2's encrypted Finished stays a
 * handshake record (RFC 5246 6.2.1, 7.4.9), which Wireshark shows as an encrypted handshake message.
 */
function contentType(kind: string, sealed: boolean, version: '1.2' | '1.3'): number {
  if (kind === 'ChangeCipherSpec') return 20;
  if (kind === 'ApplicationData' || (sealed && version === '1.3')) return 23;
  return 22; // handshake
}

/** TLS 1.3 hides every handshake message after the ServerHello in application-data records. */
const PLAIN_13 = new Set(['ClientHello', 'ServerHello', 'ChangeCipherSpec']);
const RECORD_HEADER = 5;
/** The Certificate message's framing around its chain (handshake.ts's certificate12). */
const CERTIFICATE_12_FRAMING = 4 + 3 + 2 * 3;

export interface TlsWireOptions {
  tls: TlsParams & { version: '1.2' | '1.3' };
  /** Server name (SNI). */
  host: string;
  /** ALPN names the client offers, the one the server picks first. */
  alpn: readonly string[];
}

/** A plain handshake message of `bytes`, or null where the model's size has no real message. */
function plainMessage(kind: string, bytes: number, o: TlsWireOptions, conn: number): Uint8Array | null {
  const { version, resume } = o.tls;
  const seed = conn * 16;
  const alpn = o.alpn[0];
  // TLS 1.2: the session ID the server gives (and, resuming, the client offers back): the length
  // its ServerHello leaves.
  const sessionIdLength = sessionIdBytes12(SERVER_HELLO_12, alpn);
  const sessionId = Uint8Array.from(filler(seed + 5, sessionIdLength ?? 0));
  try {
    switch (kind) {
      case 'ClientHello':
        return clientHello({ host: o.host, bytes, version, alpn: o.alpn, resume, sessionId, seed });
      case 'ServerHello':
        if (version === '1.3') return serverHello({ bytes, resume, seed: seed + 8 });
        return sessionIdLength === null ? null : serverHello12(bytes, alpn, sessionId, seed + 8);
      case 'Certificate':
        return certificateMessage(bytes - CERTIFICATE_12_FRAMING, o.host, seed + 9);
      case 'ServerKeyExchange':
        return serverKeyExchange(seed + 10);
      case 'ServerHelloDone':
        return serverHelloDone();
      case 'ClientKeyExchange':
        return clientKeyExchange(seed + 1);
      case 'ChangeCipherSpec':
        return Uint8Array.of(1); // RFC 5246 7.1
    }
  } catch {
    // A size the messages cannot take: the body stays filler (tests check the engine's sizes fit).
  }
  return null;
}

export function tlsStreams(trace: Trace, o: TlsWireOptions): Map<number, ConnectionStreams> {
  const out = new Map<number, ConnectionStreams>();
  const records = trace.tlsRecords ?? [];
  const version = o.tls.version;
  const isSealed = (r: TlsRecordTrace) => (version === '1.3' ? !PLAIN_13.has(r.kind) : r.kind === 'Finished');
  for (const conn of new Set(records.map((r) => r.conn))) {
    const mine = records.filter((r) => r.conn === conn);
    const stream = (dir: 'c2s' | 's2c') => {
      const rs = mine.filter((r) => r.dir === dir);
      const last = rs[rs.length - 1];
      const bytes = new Uint8Array(last ? last.seq - 1 + last.wireBytes : 0).fill(0x2e);
      for (let i = 0; i < rs.length;) {
        // A plain message longer than a record continues in the next records of its kind.
        const sealed = isSealed(rs[i]);
        let j = i + 1;
        while (!sealed && j < rs.length && rs[j].kind === rs[i].kind && rs[i].kind !== 'ApplicationData') j++;
        const run = rs.slice(i, j);
        for (const r of run) {
          const length = r.wireBytes - RECORD_HEADER;
          bytes.set(
            [
              contentType(r.kind, sealed, version),
              3,
              r.kind === 'ClientHello' ? 1 : 3,
              length >> 8,
              length & 0xff,
            ],
            r.seq - 1,
          );
        }
        const total = run.reduce((n, r) => n + r.wireBytes - RECORD_HEADER, 0);
        const message =
          sealed || run[0].kind === 'ApplicationData' ? null : plainMessage(run[0].kind, total, o, conn);
        if (message && message.length === total) {
          let from = 0;
          for (const r of run) {
            const length = r.wireBytes - RECORD_HEADER;
            bytes.set(message.subarray(from, from + length), r.seq - 1 + RECORD_HEADER);
            from += length;
          }
        }
        i = j;
      }
      return bytes;
    };
    out.set(conn, { c2s: stream('c2s'), s2c: stream('s2c') });
  }
  return out;
}
