// A real TLS ClientHello and ServerHello (RFC 8446 4.1.2, 4.1.3; RFC 5246 7.4.1) of the sizes the
// engine models, for the captures: a QUIC capture's Initial packets, where anyone holding the
// capture can decrypt them (RFC 9001 5.2), and a TLS-over-TCP capture's plaintext records, where
// Wireshark shows them: server name, ALPN, x25519 key shares, QUIC's transport parameters (RFC 9001
// 8.2). The padding extension (RFC 7685) makes up the size, as browsers pad their ClientHello; the
// random values and keys are deterministic filler.
/** Bytes written big-endian with length prefixes, as TLS's presentation language lays them out. */
export class Writer {
  readonly bytes: number[] = [];
  u8(...values: number[]): this {
    this.bytes.push(...values.map((v) => v & 0xff));
    return this;
  }
  u16(value: number): this {
    return this.u8(value >> 8, value);
  }
  raw(data: ArrayLike<number>): this {
    for (let i = 0; i < data.length; i++) this.bytes.push(data[i]);
    return this;
  }
  /** A vector: its contents with a big-endian length of `lengthBytes` bytes before them. */
  vector(lengthBytes: 1 | 2 | 3, fill: (w: Writer) => void): this {
    const inner = new Writer();
    fill(inner);
    const n = inner.bytes.length;
    for (let i = lengthBytes - 1; i >= 0; i--) this.u8(n >> (8 * i));
    return this.raw(inner.bytes);
  }
  extension(type: number, fill: (w: Writer) => void): this {
    return this.u16(type).vector(2, fill);
  }
}

/** Deterministic stand-ins for random values and public keys. */
export function filler(seed: number, length: number): number[] {
  let x = (seed * 2654435761) >>> 0 || 1;
  return Array.from({ length }, () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) & 0xff;
  });
}

const EXT = {
  serverName: 0,
  supportedGroups: 10,
  signatureAlgorithms: 13,
  alpn: 16,
  padding: 21,
  preSharedKey: 41,
  earlyData: 42,
  sessionTicket: 35,
  extendedMasterSecret: 23,
  ecPointFormats: 11,
  renegotiationInfo: 0xff01,
  supportedVersions: 43,
  pskKeyExchangeModes: 45,
  keyShare: 51,
  quicTransportParameters: 57,
} as const;
const X25519 = 0x001d;
const TLS13 = 0x0304;
const TLS12 = 0x0303;
const TLS_AES_128_GCM_SHA256 = 0x1301;
/** TLS 1.2's suite for the engine's sizes: ECDHE with an RSA signature, AES-128-GCM (RFC 5289). */
const TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256 = 0xc02f;

/** RFC 9000 18: a transport parameter, id and length as variable-length integers (< 64 here). */
function varintParam(w: Writer, id: number, value: number): void {
  const encoded =
    value < 64
      ? [value]
      : value < 16_384
        ? [0x40 | (value >> 8), value]
        : [0x80 | (value >>> 24), value >>> 16, value >>> 8, value];
  w.u8(id, encoded.length).u8(...encoded);
}

export interface HelloOptions {
  /** Server name (SNI). */
  host: string;
  /** Exactly the handshake message's size, its 4-byte header included. */
  bytes: number;
  /** '1.3' (QUIC's, and the default) or '1.2'. */
  version?: '1.2' | '1.3';
  /** ALPN protocol names the client offers, the server's choice first: 'h3', 'h2', 'http/1.1'. */
  alpn: readonly string[];
  /** QUIC: the source connection ID, echoed in initial_source_connection_id (RFC 9000 7.3), and
   * with it QUIC's transport parameters. Absent over TCP. */
  sourceCid?: Uint8Array;
  /** QUIC: the client's flow-control window per stream and for the connection (absent: Chrome's). */
  flowWindow?: number;
  /** A resumption: 1.3 pre_shared_key and early_data (RFC 8446 4.2.10, 4.2.11); 1.2 the session
   * ticket and the session ID the server echoes (RFC 5077 3.4). */
  resume: boolean;
  /** TLS 1.2: the session ID (the server's choice; the client sends it back to resume). */
  sessionId?: Uint8Array;
  /** Seeds the random value and key share filler (one per connection and side). */
  seed: number;
}

/** A handshake message: type, 3-byte length, body (RFC 8446 4). */
export function handshake(type: number, body: number[]): number[] {
  return new Writer().u8(type).vector(3, (w) => w.raw(body)).bytes;
}

/**
 * Extensions with a padding extension before any pre_shared_key (which must come last, RFC
 * 8446 4.2.11) sized so the whole message is `target` bytes; throws when they do not fit.
 */
function padded(target: number, head: number[], before: Writer, last: Writer, type: number): Uint8Array {
  const unpadded = head.length + 2 + before.bytes.length + last.bytes.length + 4;
  const gap = target - unpadded;
  if (gap !== 0 && gap < 4) throw new Error(`a ${target}-byte hello cannot be padded from ${unpadded}`);
  const extensions = new Writer().raw(before.bytes);
  if (gap > 0) extensions.extension(EXT.padding, (w) => w.raw(new Array(gap - 4).fill(0)));
  extensions.raw(last.bytes);
  const body = new Writer().raw(head).vector(2, (w) => w.raw(extensions.bytes)).bytes;
  const message = handshake(type, body);
  if (message.length !== target) throw new Error(`hello is ${message.length} bytes, not ${target}`);
  return Uint8Array.from(message);
}

/** ALPN (RFC 7301): the protocol names, each a one-byte-length string. */
function alpnList(w: Writer, names: readonly string[]): void {
  w.vector(2, (l) => {
    for (const name of names) l.vector(1, (p) => p.raw(new TextEncoder().encode(name)));
  });
}

/**
 * RFC 8446 4.1.2 (TLS 1.3; with RFC 9001 8's QUIC rules: no session ID, ALPN and transport
 * parameters) or RFC 5246 7.4.1.2 (TLS 1.2: no key share, the 1.2 suite, a session ticket).
 * Over TCP too the session ID is empty: TLS 1.3 without middlebox compatibility mode (RFC 8446
 * D.4), since the engine's ServerHello has no room to echo 32 bytes.
 */
export function clientHello(o: HelloOptions): Uint8Array {
  const v13 = o.version !== '1.2';
  const sessionId = !v13 && o.resume && o.sessionId ? o.sessionId : new Uint8Array(0);
  const head = new Writer()
    .u16(TLS12) // legacy_version
    .raw(filler(o.seed, 32)) // random
    .vector(1, (w) => w.raw(sessionId)) // legacy_session_id
    .vector(2, (w) =>
      v13
        ? w.u16(TLS_AES_128_GCM_SHA256).u16(0x1302).u16(0x1303)
        : w.u16(TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256).u16(0xc02b).u16(0xc030),
    )
    .vector(1, (w) => w.u8(0)).bytes; // legacy_compression_methods: null
  const host = new TextEncoder().encode(o.host);
  const extensions = new Writer()
    .extension(EXT.serverName, (w) => w.vector(2, (l) => l.u8(0).vector(2, (n) => n.raw(host))))
    .extension(EXT.supportedGroups, (w) => w.vector(2, (l) => l.u16(X25519).u16(0x0017)))
    .extension(EXT.signatureAlgorithms, (w) => w.vector(2, (l) => l.u16(0x0403).u16(0x0804).u16(0x0401)))
    .extension(EXT.alpn, (w) => alpnList(w, o.alpn));
  if (v13) {
    extensions
      .extension(EXT.supportedVersions, (w) => w.vector(1, (l) => l.u16(TLS13)))
      .extension(EXT.pskKeyExchangeModes, (w) => w.vector(1, (l) => l.u8(1))) // psk_dhe_ke
      .extension(EXT.keyShare, (w) =>
        w.vector(2, (l) => l.u16(X25519).vector(2, (k) => k.raw(filler(o.seed + 1, 32)))),
      );
  } else {
    extensions
      .extension(EXT.ecPointFormats, (w) => w.vector(1, (l) => l.u8(0))) // uncompressed
      .extension(EXT.extendedMasterSecret, () => {})
      .extension(EXT.renegotiationInfo, (w) => w.u8(0))
      .extension(EXT.sessionTicket, (w) => {
        if (o.resume) w.raw(filler(o.seed + 2, 96));
      });
  }
  const cid = o.sourceCid;
  if (cid)
    extensions.extension(EXT.quicTransportParameters, (w) => {
      varintParam(w, 0x01, 30_000); // max_idle_timeout, ms
      varintParam(w, 0x04, o.flowWindow ?? 15_728_640); // initial_max_data
      varintParam(w, 0x05, o.flowWindow ?? 6_291_456); // initial_max_stream_data_bidi_local
      varintParam(w, 0x06, 6_291_456); // initial_max_stream_data_bidi_remote
      varintParam(w, 0x07, 6_291_456); // initial_max_stream_data_uni
      varintParam(w, 0x08, 100); // initial_max_streams_bidi
      varintParam(w, 0x09, 103); // initial_max_streams_uni
      w.u8(0x0f, cid.length).raw(cid); // initial_source_connection_id
    });
  if (v13 && o.resume) extensions.extension(EXT.earlyData, () => {});
  const last = new Writer();
  if (v13 && o.resume)
    last.extension(EXT.preSharedKey, (w) =>
      w
        .vector(2, (ids) => ids.vector(2, (t) => t.raw(filler(o.seed + 2, 96))).raw(filler(o.seed + 3, 4)))
        .vector(2, (binders) => binders.vector(1, (b) => b.raw(filler(o.seed + 4, 32)))),
    );
  return padded(o.bytes, head, extensions, last, 1);
}

/**
 * RFC 8446 4.1.3: the chosen suite, TLS 1.3 and the server's x25519 share (and its PSK choice);
 * its ALPN choice travels sealed, in EncryptedExtensions.
 */
export function serverHello(o: Omit<HelloOptions, 'host' | 'sourceCid' | 'alpn'>): Uint8Array {
  const head = new Writer()
    .u16(TLS12)
    .raw(filler(o.seed, 32))
    .u8(0) // legacy_session_id_echo: the client's, empty
    .u16(TLS_AES_128_GCM_SHA256)
    .u8(0).bytes;
  const extensions = new Writer()
    .extension(EXT.supportedVersions, (w) => w.u16(TLS13))
    .extension(EXT.keyShare, (w) => w.u16(X25519).vector(2, (k) => k.raw(filler(o.seed + 1, 32))));
  const last = new Writer();
  if (o.resume) last.extension(EXT.preSharedKey, (w) => w.u16(0)); // selected_identity
  return padded(o.bytes, head, extensions, last, 2);
}

/** The extensions of a TLS 1.2 ServerHello: ALPN's choice, and what a 2018 server confirms. */
function serverExtensions12(alpn: string): Writer {
  return new Writer()
    .extension(EXT.renegotiationInfo, (w) => w.u8(0))
    .extension(EXT.extendedMasterSecret, () => {})
    .extension(EXT.ecPointFormats, (w) => w.vector(1, (l) => l.u8(0)))
    .extension(EXT.alpn, (w) => alpnList(w, [alpn]));
}

/**
 * How long a TLS 1.2 ServerHello's session ID is at `bytes`: what its fixed fields and extensions
 * leave (RFC 5246 7.4.1.3 allows 0 to 32 bytes; the engine's 80-byte hello leaves 12 with "h2").
 * A ServerHello has no padding extension (RFC 7685 is the client's), so the session ID takes up
 * the size; null when no length from 0 to 32 fits.
 */
export function sessionIdBytes12(bytes: number, alpn: string): number | null {
  const fixed = 4 + 2 + 32 + 1 + 2 + 1 + 2 + serverExtensions12(alpn).bytes.length;
  const left = bytes - fixed;
  return left >= 0 && left <= 32 ? left : null;
}

/** RFC 5246 7.4.1.3: TLS 1.2's suite, the session ID (echoing the client's when resuming). */
export function serverHello12(bytes: number, alpn: string, sessionId: Uint8Array, seed: number): Uint8Array {
  const extensions = serverExtensions12(alpn);
  const body = new Writer()
    .u16(TLS12)
    .raw(filler(seed, 32))
    .vector(1, (w) => w.raw(sessionId))
    .u16(TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256)
    .u8(0)
    .vector(2, (w) => w.raw(extensions.bytes)).bytes;
  const message = Uint8Array.from(handshake(2, body));
  if (message.length !== bytes) throw new Error(`ServerHello is ${message.length} bytes, not ${bytes}`);
  return message;
}
