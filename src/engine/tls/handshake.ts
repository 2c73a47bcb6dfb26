// The TLS handshakes as flights of records: who sends what, in which order, with the sizes a
// browser and a typical server put on the wire. Each handshake message travels in a record of its
// own (OpenSSL's habit), so the ladder can name them; a flight is sent when the previous one has
// been received whole. Sizes are for ECDHE with x25519, an RSA-2048 signature, AES-128-GCM.
import type { Bytes } from '../units';

export const TLS_VERSIONS = ['none', '1.2', '1.3'] as const;
export type TlsVersion = (typeof TLS_VERSIONS)[number];

export interface TlsParams {
  version: TlsVersion;
  /** TLS 1.2: the client sends its request after its Finished without waiting for the server's (RFC 7918). */
  falseStart: boolean;
  /** The client holds a session ticket: abbreviated handshake (1.2), PSK with 0-RTT early data (1.3). */
  resume: boolean;
  /** The server's certificate chain, DER bytes. */
  certBytes: Bytes;
}

/** A typical chain, leaf and one intermediate (RSA-2048): about 3.5 KB. */
export const DEFAULT_CERT_BYTES = 3500;

/** RFC 8446 5.1 / RFC 5246 6.2.1: a record carries at most 2^14 plaintext bytes. */
export const MAX_RECORD_PLAINTEXT = 16_384;
/** Record header: type, version, length (RFC 5246 6.2.1, RFC 8446 5.1). */
const RECORD_HEADER = 5;
const GCM_TAG = 16;
/** Bytes a protected record adds to its plaintext. TLS 1.2 AES-GCM: header, 8-byte explicit nonce,
 * tag (RFC 5288 3). TLS 1.3: header, inner content type, tag (RFC 8446 5.2). */
export function recordOverhead(version: TlsVersion): Bytes {
  return version === '1.2' ? RECORD_HEADER + 8 + GCM_TAG : RECORD_HEADER + 1 + GCM_TAG;
}

export interface RecordPlan {
  /** What the record holds, as the ladder names it: 'ClientHello', 'Certificate'... */
  kind: string;
  wireBytes: Bytes;
}

/** A flight: the records one side sends at once. Flights alternate, the client's first. */
export type Flight = RecordPlan[];

export interface HandshakePlan {
  flights: Flight[];
  /** The client may send application data once it has sent (or, for 1.2 without False Start,
   * received) this flight. 0 = with its ClientHello: TLS 1.3 early data (RFC 8446 2.3). */
  clientReady: { after: 'sent' | 'received'; flight: number };
}

/** A handshake message in its own plaintext record (before keys), split at 2^14. */
function plain(kind: string, body: Bytes): RecordPlan[] {
  const out: RecordPlan[] = [];
  for (let left = body; left > 0; left -= MAX_RECORD_PLAINTEXT)
    out.push({ kind, wireBytes: RECORD_HEADER + Math.min(left, MAX_RECORD_PLAINTEXT) });
  return out;
}

/** A handshake message in protected records of `version`. */
function sealed(version: TlsVersion, kind: string, body: Bytes): RecordPlan[] {
  const out: RecordPlan[] = [];
  for (let left = body; left > 0; left -= MAX_RECORD_PLAINTEXT)
    out.push({ kind, wireBytes: recordOverhead(version) + Math.min(left, MAX_RECORD_PLAINTEXT) });
  return out;
}

// Handshake message bodies, each with its 4-byte handshake header.
/** Browsers pad the ClientHello to 512 bytes (RFC 7685); a PSK and its binder make it longer. */
const CLIENT_HELLO = 512;
const CLIENT_HELLO_PSK = 600;
export const SERVER_HELLO_12 = 80;
const SERVER_HELLO_13 = 90; // with key_share (x25519) and supported_versions (RFC 8446 4.1.3)
/** Certificate message: header, list length, and a 3-byte length per certificate (two); 1.3 adds
 * a context byte and a 2-byte extensions field per entry (RFC 8446 4.4.2). */
const certificate12 = (chain: Bytes) => chain + 4 + 3 + 2 * 3;
const certificate13 = (chain: Bytes) => chain + 4 + 1 + 3 + 2 * (3 + 2);
const SERVER_KEY_EXCHANGE = 300; // curve, x25519 point, RSA-2048 signature (RFC 8422 5.4)
const SERVER_HELLO_DONE = 4;
const CLIENT_KEY_EXCHANGE = 37; // x25519 point (RFC 8422 5.7)
const CHANGE_CIPHER_SPEC_WIRE = RECORD_HEADER + 1;
const FINISHED_12 = 16; // 12 bytes of verify_data (RFC 5246 7.4.9)
const FINISHED_13 = 36; // HMAC-SHA256 (RFC 8446 4.4.4)
const ENCRYPTED_EXTENSIONS = 10;
const CERTIFICATE_VERIFY = 264; // RSA-PSS 2048 (RFC 8446 4.4.3)
const END_OF_EARLY_DATA = 4;

const ccs: RecordPlan = { kind: 'ChangeCipherSpec', wireBytes: CHANGE_CIPHER_SPEC_WIRE };

/**
 * RFC 5246 7.3 (full: two round trips before the request, or one and a half with False Start)
 * and its abbreviated handshake (one); RFC 8446 2 (full: one round trip) and 2.3 (PSK with 0-RTT
 * data: the request rides with the ClientHello).
 */
export function handshakePlan(t: TlsParams): HandshakePlan {
  if (t.version === '1.2') {
    if (t.resume) {
      return {
        flights: [
          plain('ClientHello', CLIENT_HELLO),
          [...plain('ServerHello', SERVER_HELLO_12), ccs, ...sealed('1.2', 'Finished', FINISHED_12)],
          [ccs, ...sealed('1.2', 'Finished', FINISHED_12)],
        ],
        clientReady: { after: 'sent', flight: 2 },
      };
    }
    return {
      flights: [
        plain('ClientHello', CLIENT_HELLO),
        [
          ...plain('ServerHello', SERVER_HELLO_12),
          ...plain('Certificate', certificate12(t.certBytes)),
          ...plain('ServerKeyExchange', SERVER_KEY_EXCHANGE),
          ...plain('ServerHelloDone', SERVER_HELLO_DONE),
        ],
        [...plain('ClientKeyExchange', CLIENT_KEY_EXCHANGE), ccs, ...sealed('1.2', 'Finished', FINISHED_12)],
        [ccs, ...sealed('1.2', 'Finished', FINISHED_12)],
      ],
      clientReady: t.falseStart ? { after: 'sent', flight: 2 } : { after: 'received', flight: 3 },
    };
  }
  if (t.resume) {
    return {
      flights: [
        plain('ClientHello', CLIENT_HELLO_PSK),
        [
          ...plain('ServerHello', SERVER_HELLO_13 + 40),
          ...sealed('1.3', 'EncryptedExtensions', ENCRYPTED_EXTENSIONS + 4),
          ...sealed('1.3', 'Finished', FINISHED_13),
        ],
        [...sealed('1.3', 'EndOfEarlyData', END_OF_EARLY_DATA), ...sealed('1.3', 'Finished', FINISHED_13)],
      ],
      clientReady: { after: 'sent', flight: 0 },
    };
  }
  return {
    flights: [
      plain('ClientHello', CLIENT_HELLO),
      [
        ...plain('ServerHello', SERVER_HELLO_13),
        ...sealed('1.3', 'EncryptedExtensions', ENCRYPTED_EXTENSIONS),
        ...sealed('1.3', 'Certificate', certificate13(t.certBytes)),
        ...sealed('1.3', 'CertificateVerify', CERTIFICATE_VERIFY),
        ...sealed('1.3', 'Finished', FINISHED_13),
      ],
      sealed('1.3', 'Finished', FINISHED_13),
    ],
    clientReady: { after: 'sent', flight: 2 },
  };
}
