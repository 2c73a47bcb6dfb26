// A real TLS 1.3 ClientHello and ServerHello (RFC 8446 4.1.2, 4.1.3) of the sizes the engine
// models, for a QUIC capture's Initial packets, where anyone holding the capture can decrypt them
// (RFC 9001 5.2) and Wireshark shows them: server name, ALPN "h3", x25519 key shares, QUIC's
// transport parameters (RFC 9001 8.2). The padding extension (RFC 7685) makes up the size, as
// browsers pad their ClientHello; the random values and keys are deterministic filler.

/** Bytes written big-endian with length prefixes, as TLS's presentation language lays them out. */
class Writer {
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
function filler(seed: number, length: number): number[] {
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
  supportedVersions: 43,
  pskKeyExchangeModes: 45,
  keyShare: 51,
  quicTransportParameters: 57,
} as const;
const X25519 = 0x001d;
const TLS13 = 0x0304;
const TLS_AES_128_GCM_SHA256 = 0x1301;

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
  /** The source connection ID, echoed in initial_source_connection_id (RFC 9000 7.3). */
  sourceCid: Uint8Array;
  /** A resumption: pre_shared_key and early_data (RFC 8446 4.2.10, 4.2.11). */
  resume: boolean;
  /** Seeds the random value and key share filler (one per connection and side). */
  seed: number;
}

/** A handshake message: type, 3-byte length, body (RFC 8446 4). */
function handshake(type: number, body: number[]): number[] {
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

/** RFC 8446 4.1.2, with RFC 9001 8's QUIC rules: no session ID, ALPN and transport parameters. */
export function clientHello(o: HelloOptions): Uint8Array {
  const head = new Writer()
    .u16(0x0303) // legacy_version
    .raw(filler(o.seed, 32)) // random
    .u8(0) // legacy_session_id: empty, QUIC has no middlebox compatibility mode (RFC 9001 8.4)
    .vector(2, (w) => w.u16(TLS_AES_128_GCM_SHA256).u16(0x1302).u16(0x1303))
    .vector(1, (w) => w.u8(0)).bytes; // legacy_compression_methods: null
  const host = new TextEncoder().encode(o.host);
  const extensions = new Writer()
    .extension(EXT.serverName, (w) => w.vector(2, (l) => l.u8(0).vector(2, (n) => n.raw(host))))
    .extension(EXT.supportedGroups, (w) => w.vector(2, (l) => l.u16(X25519).u16(0x0017)))
    .extension(EXT.signatureAlgorithms, (w) => w.vector(2, (l) => l.u16(0x0403).u16(0x0804).u16(0x0401)))
    .extension(EXT.alpn, (w) => w.vector(2, (l) => l.vector(1, (p) => p.raw([0x68, 0x33])))) // "h3"
    .extension(EXT.supportedVersions, (w) => w.vector(1, (l) => l.u16(TLS13)))
    .extension(EXT.pskKeyExchangeModes, (w) => w.vector(1, (l) => l.u8(1))) // psk_dhe_ke
    .extension(EXT.keyShare, (w) =>
      w.vector(2, (l) => l.u16(X25519).vector(2, (k) => k.raw(filler(o.seed + 1, 32)))),
    )
    .extension(EXT.quicTransportParameters, (w) => {
      varintParam(w, 0x01, 30_000); // max_idle_timeout, ms
      varintParam(w, 0x04, 15_728_640); // initial_max_data
      varintParam(w, 0x05, 6_291_456); // initial_max_stream_data_bidi_local
      varintParam(w, 0x06, 6_291_456); // initial_max_stream_data_bidi_remote
      varintParam(w, 0x07, 6_291_456); // initial_max_stream_data_uni
      varintParam(w, 0x08, 100); // initial_max_streams_bidi
      varintParam(w, 0x09, 103); // initial_max_streams_uni
      w.u8(0x0f, o.sourceCid.length).raw(o.sourceCid); // initial_source_connection_id
    });
  if (o.resume) extensions.extension(EXT.earlyData, () => {});
  const last = new Writer();
  if (o.resume)
    last.extension(EXT.preSharedKey, (w) =>
      w
        .vector(2, (ids) => ids.vector(2, (t) => t.raw(filler(o.seed + 2, 96))).raw(filler(o.seed + 3, 4)))
        .vector(2, (binders) => binders.vector(1, (b) => b.raw(filler(o.seed + 4, 32)))),
    );
  return padded(o.bytes, head, extensions, last, 1);
}

/** RFC 8446 4.1.3: the chosen suite, TLS 1.3 and the server's x25519 share (and its PSK choice). */
export function serverHello(o: Omit<HelloOptions, 'host' | 'sourceCid'>): Uint8Array {
  const head = new Writer()
    .u16(0x0303)
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
