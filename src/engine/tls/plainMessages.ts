// The handshake messages TLS 1.2 sends in the clear after the hellos (RFC 5246 7.4), as bytes of
// the sizes the engine models (handshake.ts), for a capture Wireshark can read: the server's
// certificate chain (a leaf for server.example with an RSA-2048 key, and an intermediate with a
// P-256 key, in DER, RFC 5280 4.1), its ECDHE parameters signed with RSA (RFC 8422 5.4),
// ServerHelloDone and the client's key share (RFC 8422 5.7). Keys and signatures are filler; each
// certificate says so in a Netscape comment extension, whose length makes up the chain's size.
import { filler, handshake, Writer } from './hello';

/** A DER element: tag, definite length (short or long form, X.690 8.1.3), contents. */
function der(tag: number, contents: ArrayLike<number>): number[] {
  const n = contents.length;
  const out =
    n < 0x80
      ? [tag, n]
      : n < 0x100
        ? [tag, 0x81, n]
        : n < 0x10000
          ? [tag, 0x82, n >> 8, n & 0xff]
          : [tag, 0x83, n >> 16, (n >> 8) & 0xff, n & 0xff];
  for (let i = 0; i < n; i++) out.push(contents[i]);
  return out;
}
const seq = (...parts: number[][]) => der(0x30, parts.flat());
const set = (...parts: number[][]) => der(0x31, parts.flat());
const oid = (...bytes: number[]) => der(0x06, bytes);
const NULL = [0x05, 0x00];
const text = (s: string) => Array.from(new TextEncoder().encode(s));

const SHA256_WITH_RSA = oid(0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x0b);
const ECDSA_WITH_SHA256 = oid(0x2a, 0x86, 0x48, 0xce, 0x3d, 0x04, 0x03, 0x02);
const RSA_ENCRYPTION = oid(0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01);
const EC_PUBLIC_KEY = oid(0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01);
const PRIME256V1 = oid(0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07);
const COMMON_NAME = oid(0x55, 0x04, 0x03);
const SUBJECT_ALT_NAME = oid(0x55, 0x1d, 0x11);
const BASIC_CONSTRAINTS = oid(0x55, 0x1d, 0x13);
const NETSCAPE_COMMENT = oid(0x60, 0x86, 0x48, 0x01, 0x86, 0xf8, 0x42, 0x01, 0x0d);

const name = (cn: string) => seq(set(seq(COMMON_NAME, der(0x0c, text(cn)))));
const extension = (id: number[], value: number[], critical = false) =>
  seq(id, ...(critical ? [[0x01, 0x01, 0xff]] : []), der(0x04, value));
const COMMENT = "A model certificate: its size is the run's, its keys and signature are filler. ";

interface CertShape {
  subject: string;
  issuer: string;
  /** The subject's key: RSA-2048 for the leaf (it signs ServerKeyExchange), P-256 for the CA. */
  rsaKey: boolean;
  /** How the issuer signed it: RSA (the leaf's issuer here is the P-256 CA, so ECDSA). */
  rsaSignature: boolean;
  ca: boolean;
  seed: number;
}

function certificate(shape: CertShape, serialBytes: number, commentBytes: number): number[] {
  const serial = filler(shape.seed, serialBytes);
  serial[0] = (serial[0] & 0x7f) | 0x10; // positive, no leading zero (RFC 5280 4.1.2.2)
  const publicKey = shape.rsaKey
    ? seq(
        seq(RSA_ENCRYPTION, NULL),
        der(0x03, [
          0,
          ...seq(
            der(0x02, [0, 0x80 | filler(shape.seed + 1, 1)[0], ...filler(shape.seed + 2, 255)]),
            der(0x02, [1, 0, 1]),
          ),
        ]),
      )
    : seq(seq(EC_PUBLIC_KEY, PRIME256V1), der(0x03, [0, 0x04, ...filler(shape.seed + 1, 64)]));
  const signatureAlgorithm = shape.rsaSignature ? seq(SHA256_WITH_RSA, NULL) : seq(ECDSA_WITH_SHA256);
  const comment = COMMENT.repeat(Math.ceil(commentBytes / COMMENT.length) || 1).slice(0, commentBytes);
  const extensions = [
    shape.ca
      ? extension(BASIC_CONSTRAINTS, seq([0x01, 0x01, 0xff]), true)
      : extension(SUBJECT_ALT_NAME, seq(der(0x82, text(shape.subject)))),
    extension(NETSCAPE_COMMENT, der(0x16, text(comment))),
  ];
  const tbs = seq(
    der(0xa0, der(0x02, [2])), // v3
    der(0x02, serial),
    signatureAlgorithm,
    name(shape.issuer),
    seq(der(0x17, text('260101000000Z')), der(0x17, text('270101000000Z'))),
    name(shape.subject),
    publicKey,
    der(0xa3, seq(...extensions)),
  );
  const signature = shape.rsaSignature
    ? der(0x03, [0, ...filler(shape.seed + 3, 256)])
    : der(0x03, [
        0,
        ...seq(
          der(0x02, [0x11, ...filler(shape.seed + 3, 31)]),
          der(0x02, [0x12, ...filler(shape.seed + 4, 31)]),
        ),
      ]);
  return seq(tbs, signatureAlgorithm, signature);
}

/**
 * A certificate of exactly `bytes`: the comment's length makes up the size; where a DER length
 * grows a byte and steps over it, a longer serial number (up to 20 bytes) fills in. Null when even
 * the shortest comment is too long.
 */
function certificateOf(shape: CertShape, bytes: number): number[] | null {
  for (let serialBytes = 16; serialBytes <= 20; serialBytes++) {
    let comment = Math.max(0, bytes - certificate(shape, serialBytes, 0).length);
    for (let tries = 0; tries < 4 && comment >= 0; tries++) {
      const cert = certificate(shape, serialBytes, comment);
      if (cert.length === bytes) return cert;
      comment -= cert.length - bytes;
    }
  }
  return null;
}

/**
 * RFC 5246 7.4.2: the Certificate message, `chainBytes` of DER in two certificates (leaf first).
 * A chain too short for two real certificates (the cert knob goes down to 100 bytes) is sent as
 * two opaque blobs of its size, which Wireshark will not parse as X.509.
 */
export function certificateMessage(chainBytes: number, host: string, seed: number): Uint8Array {
  const caShape: CertShape = {
    subject: 'Roundtrip Example CA',
    issuer: 'Roundtrip Example Root',
    rsaKey: false,
    rsaSignature: true,
    ca: true,
    seed: seed + 16,
  };
  const leafShape: CertShape = {
    subject: host,
    issuer: 'Roundtrip Example CA',
    rsaKey: true,
    rsaSignature: false,
    ca: false,
    seed,
  };
  // About 40% for the intermediate, as in common chains, but at least what each needs.
  const leafLeast = certificate(leafShape, 16, 0).length;
  const caBytes = Math.max(
    certificate(caShape, 16, 0).length,
    Math.min(Math.floor(chainBytes * 0.4), chainBytes - leafLeast),
  );
  const ca = certificateOf(caShape, caBytes);
  const leaf = certificateOf(leafShape, chainBytes - caBytes);
  const chain =
    ca && leaf
      ? [leaf, ca]
      : [filler(seed, chainBytes - (chainBytes >> 1)), filler(seed + 16, chainBytes >> 1)];
  const body = new Writer().vector(3, (list) => {
    for (const cert of chain) list.vector(3, (c) => c.raw(cert));
  }).bytes;
  return Uint8Array.from(handshake(11, body));
}

/** RFC 8422 5.4: named curve x25519, the server's public value, an RSA-2048 PKCS#1 signature. */
export function serverKeyExchange(seed: number): Uint8Array {
  const body = new Writer()
    .u8(3) // named_curve
    .u16(0x001d) // x25519
    .vector(1, (w) => w.raw(filler(seed, 32)))
    .u16(0x0401) // rsa_pkcs1_sha256
    .vector(2, (w) => w.raw(filler(seed + 1, 256))).bytes;
  return Uint8Array.from(handshake(12, body));
}

/** RFC 5246 7.4.5: empty. */
export function serverHelloDone(): Uint8Array {
  return Uint8Array.from(handshake(14, []));
}

/** RFC 8422 5.7: the client's x25519 public value. */
export function clientKeyExchange(seed: number): Uint8Array {
  return Uint8Array.from(handshake(16, new Writer().vector(1, (w) => w.raw(filler(seed, 32))).bytes));
}
