// The TLS 1.3 handshake inside QUIC (RFC 9001 4): the same messages as over TCP, carried in
// CRYPTO frames of Initial and Handshake packets instead of records (no record header, no
// ChangeCipherSpec; the packet's AEAD protects them). Sizes as in tls/handshake.ts, plus QUIC's
// transport parameters (RFC 9000 18) in the ClientHello and EncryptedExtensions.
import type { Bytes } from '../units';
import type { TlsParams } from '../tls/handshake';

/** A handshake message in a CRYPTO stream: the ladder can name it. */
export interface CryptoMessage {
  kind: string;
  bytes: Bytes;
}

export interface QuicHandshakePlan {
  /** The client's Initial CRYPTO stream: its ClientHello. */
  clientInitial: CryptoMessage[];
  /** The server's Initial CRYPTO stream (ServerHello) and Handshake CRYPTO stream (the rest). */
  serverInitial: CryptoMessage[];
  serverHandshake: CryptoMessage[];
  /** The client's Handshake CRYPTO stream: its Finished. */
  clientHandshake: CryptoMessage[];
  /** RFC 9001 4.6: the client holds a session ticket and sends its request as 0-RTT data. */
  zeroRtt: boolean;
  /** The client presents an address-validation token a NEW_TOKEN frame gave it on the earlier
   * connection (RFC 9000 8.1.3), so the server need not hold to the 3x limit (8.1). Its bytes
   * come out of the Initial's padding: the datagram stays 1200 bytes. */
  addressToken: boolean;
  /** The client's initial_max_stream_data_bidi_local and initial_max_data (RFC 9000 18.2), raised
   * as it reads (quic/flowControl.ts); null: a browser's, which no page here reaches. */
  flowWindow: Bytes | null;
}

const TRANSPORT_PARAMETERS: Bytes = 70; // limits, idle timeout, connection IDs
const CLIENT_HELLO: Bytes = 512 + TRANSPORT_PARAMETERS;
const CLIENT_HELLO_PSK: Bytes = 600 + TRANSPORT_PARAMETERS; // with the ticket and its binder
const SERVER_HELLO: Bytes = 90;
const SERVER_HELLO_PSK: Bytes = 130;
const ENCRYPTED_EXTENSIONS: Bytes = 10 + TRANSPORT_PARAMETERS;
const CERTIFICATE_VERIFY: Bytes = 264;
const FINISHED: Bytes = 36;
/** RFC 8446 4.4.2: header, context, list length, and per certificate (two) a length and extensions. */
const certificate = (chain: Bytes) => chain + 4 + 1 + 3 + 2 * (3 + 2);

export function quicHandshakePlan(t: TlsParams, flowWindow: Bytes | null = null): QuicHandshakePlan {
  if (t.resume) {
    return {
      clientInitial: [{ kind: 'ClientHello', bytes: CLIENT_HELLO_PSK }],
      serverInitial: [{ kind: 'ServerHello', bytes: SERVER_HELLO_PSK }],
      serverHandshake: [
        { kind: 'EncryptedExtensions', bytes: ENCRYPTED_EXTENSIONS + 4 },
        { kind: 'Finished', bytes: FINISHED },
      ],
      clientHandshake: [{ kind: 'Finished', bytes: FINISHED }],
      zeroRtt: true,
      addressToken: true,
      flowWindow,
    };
  }
  return {
    clientInitial: [{ kind: 'ClientHello', bytes: CLIENT_HELLO }],
    serverInitial: [{ kind: 'ServerHello', bytes: SERVER_HELLO }],
    serverHandshake: [
      { kind: 'EncryptedExtensions', bytes: ENCRYPTED_EXTENSIONS },
      { kind: 'Certificate', bytes: certificate(t.certBytes) },
      { kind: 'CertificateVerify', bytes: CERTIFICATE_VERIFY },
      { kind: 'Finished', bytes: FINISHED },
    ],
    clientHandshake: [{ kind: 'Finished', bytes: FINISHED }],
    zeroRtt: false,
    addressToken: false,
    flowWindow,
  };
}

export const totalBytes = (messages: CryptoMessage[]) => messages.reduce((s, m) => s + m.bytes, 0);
