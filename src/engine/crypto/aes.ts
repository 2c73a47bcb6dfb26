// AES-128 encryption (FIPS 197) and AES-128-GCM sealing (NIST SP 800-38D): QUIC's Initial packets
// are protected with AEAD_AES_128_GCM and their headers with AES-128-ECB (RFC 9001 5.3, 5.4.3).
// Only encryption is needed: the capture is written, never read back. Plain and unhurried (a
// run has few Initial packets), not constant-time: nothing here is secret.

/** FIPS 197 5.1.1: the S-box, built from inverses in GF(2^8) and the affine map. */
const SBOX = (() => {
  const sbox = new Uint8Array(256);
  let p = 1;
  let q = 1;
  do {
    // p runs through the multiplicative group by powers of 3, q through the inverses by powers of 1/3.
    p = p ^ ((p << 1) & 0xff) ^ (p & 0x80 ? 0x1b : 0);
    q ^= q << 1;
    q ^= q << 2;
    q ^= q << 4;
    q &= 0xff;
    if (q & 0x80) q ^= 0x09;
    const rotl = (x: number, n: number) => ((x << n) | (x >> (8 - n))) & 0xff;
    sbox[p] = q ^ rotl(q, 1) ^ rotl(q, 2) ^ rotl(q, 3) ^ rotl(q, 4) ^ 0x63;
  } while (p !== 1);
  sbox[0] = 0x63;
  return sbox;
})();

/** Multiply by x in GF(2^8) (FIPS 197 4.2.1). */
const xtime = (b: number) => ((b << 1) ^ (b & 0x80 ? 0x1b : 0)) & 0xff;

/** FIPS 197 5.2: the 11 round keys of AES-128, 176 bytes. */
export function expandKey(key: Uint8Array): Uint8Array {
  if (key.length !== 16) throw new Error('AES-128 takes a 16-byte key');
  const w = new Uint8Array(176);
  w.set(key);
  let rcon = 1;
  for (let i = 16; i < 176; i += 4) {
    let t = [w[i - 4], w[i - 3], w[i - 2], w[i - 1]];
    if (i % 16 === 0) {
      t = [SBOX[t[1]] ^ rcon, SBOX[t[2]], SBOX[t[3]], SBOX[t[0]]];
      rcon = xtime(rcon);
    }
    for (let j = 0; j < 4; j++) w[i + j] = w[i - 16 + j] ^ t[j];
  }
  return w;
}

/** FIPS 197 5.1: one 16-byte block, encrypted with expanded round keys. */
export function encryptBlock(roundKeys: Uint8Array, input: Uint8Array): Uint8Array {
  const s = Uint8Array.from(input.subarray(0, 16)); // a copy, even of a Node Buffer
  for (let i = 0; i < 16; i++) s[i] ^= roundKeys[i];
  for (let round = 1; round <= 10; round++) {
    // SubBytes and ShiftRows (state is column-major: byte r of column c at 4c + r).
    const t = new Uint8Array(16);
    for (let c = 0; c < 4; c++) for (let r = 0; r < 4; r++) t[4 * c + r] = SBOX[s[4 * ((c + r) % 4) + r]];
    if (round < 10) {
      // MixColumns
      for (let c = 0; c < 4; c++) {
        const [a0, a1, a2, a3] = t.subarray(4 * c, 4 * c + 4);
        const all = a0 ^ a1 ^ a2 ^ a3;
        s[4 * c] = a0 ^ all ^ xtime(a0 ^ a1);
        s[4 * c + 1] = a1 ^ all ^ xtime(a1 ^ a2);
        s[4 * c + 2] = a2 ^ all ^ xtime(a2 ^ a3);
        s[4 * c + 3] = a3 ^ all ^ xtime(a3 ^ a0);
      }
    } else s.set(t);
    for (let i = 0; i < 16; i++) s[i] ^= roundKeys[16 * round + i];
  }
  return s;
}

/** GF(2^128) product of GCM (SP 800-38D 6.3), bit by bit: x and y are 16-byte blocks. */
function gfMultiply(x: Uint8Array, y: Uint8Array): Uint8Array {
  const z = new Uint8Array(16);
  const v = Uint8Array.from(y);
  for (let i = 0; i < 128; i++) {
    if (x[i >> 3] & (0x80 >> (i & 7))) for (let j = 0; j < 16; j++) z[j] ^= v[j];
    const carry = v[15] & 1;
    for (let j = 15; j > 0; j--) v[j] = (v[j] >>> 1) | ((v[j - 1] & 1) << 7);
    v[0] >>>= 1;
    if (carry) v[0] ^= 0xe1; // R = 11100001 || 0^120
  }
  return z;
}

function ghash(h: Uint8Array, aad: Uint8Array, ciphertext: Uint8Array): Uint8Array {
  let y: Uint8Array = new Uint8Array(16);
  const absorb = (data: Uint8Array) => {
    for (let at = 0; at < data.length; at += 16) {
      const block = data.subarray(at, at + 16);
      for (let j = 0; j < block.length; j++) y[j] ^= block[j];
      y = gfMultiply(y, h);
    }
  };
  absorb(aad);
  absorb(ciphertext);
  const lengths = new Uint8Array(16);
  const view = new DataView(lengths.buffer);
  view.setUint32(4, aad.length * 8);
  view.setUint32(12, ciphertext.length * 8);
  absorb(lengths);
  return y;
}

/**
 * AES-128-GCM with a 12-byte nonce (SP 800-38D 7.1): the ciphertext followed by the 16-byte tag,
 * the AEAD as TLS 1.3 and QUIC use it (RFC 5116 5.1).
 */
export function aes128GcmSeal(
  key: Uint8Array,
  nonce: Uint8Array,
  aad: Uint8Array,
  plaintext: Uint8Array,
): Uint8Array {
  if (nonce.length !== 12) throw new Error('GCM here takes a 12-byte nonce');
  const roundKeys = expandKey(key);
  const h = encryptBlock(roundKeys, new Uint8Array(16));
  const counter = new Uint8Array(16);
  counter.set(nonce);
  counter[15] = 1; // J0 = nonce || 0^31 || 1; the data starts at inc32(J0)
  const tagMask = encryptBlock(roundKeys, counter);
  const out = new Uint8Array(plaintext.length + 16);
  for (let at = 0, n = 2; at < plaintext.length; at += 16, n++) {
    new DataView(counter.buffer).setUint32(12, n);
    const stream = encryptBlock(roundKeys, counter);
    for (let j = 0; j < 16 && at + j < plaintext.length; j++) out[at + j] = plaintext[at + j] ^ stream[j];
  }
  const tag = ghash(h, aad, out.subarray(0, plaintext.length));
  for (let j = 0; j < 16; j++) out[plaintext.length + j] = tag[j] ^ tagMask[j];
  return out;
}
