// QUIC packet protection (RFC 9001 5): Initial keys from the client's first Destination
// Connection ID (5.2), AEAD_AES_128_GCM on the payload (5.3) and AES-ECB header protection (5.4).
// The capture writer protects Initial packets with them, so Wireshark opens them as a real
// capture's; tests hold them to RFC 9001 Appendix A.
import { aes128GcmSeal, encryptBlock, expandKey } from '../crypto/aes';
import { hkdfExpandLabel, hkdfExtract } from '../crypto/sha256';

/** RFC 9001 5.3: AEAD_AES_128_GCM's tag (as quic/wire.ts counts it). */
export const AEAD_TAG = 16;

/** RFC 9001 5.2: the salt of QUIC version 1's Initial secrets. */
const INITIAL_SALT = hex('38762cf7f55934b34d179ae6a4c80cadccbb7f0a');

function hex(s: string): Uint8Array {
  return Uint8Array.from(s.match(/../g)!, (b) => parseInt(b, 16));
}

export interface InitialKeys {
  key: Uint8Array;
  iv: Uint8Array;
  hp: Uint8Array;
}

/** RFC 9001 5.2: both sides' Initial keys from the client's first Destination Connection ID. */
export function initialKeys(clientDcid: Uint8Array): { client: InitialKeys; server: InitialKeys } {
  const initialSecret = hkdfExtract(INITIAL_SALT, clientDcid);
  const keys = (label: string): InitialKeys => {
    const secret = hkdfExpandLabel(initialSecret, label, 32);
    return {
      key: hkdfExpandLabel(secret, 'quic key', 16),
      iv: hkdfExpandLabel(secret, 'quic iv', 12),
      hp: hkdfExpandLabel(secret, 'quic hp', 16),
    };
  };
  return { client: keys('client in'), server: keys('server in') };
}

/**
 * RFC 9001 5.3 and 5.4: seal a packet's payload (nonce: the IV xor the packet number; the header
 * is the associated data), then mask the first byte's low bits and the packet number with
 * AES-ECB of a 16-byte sample taken 4 bytes past the packet number's start.
 */
export function protectPacket(
  keys: InitialKeys,
  header: Uint8Array,
  pnOffset: number,
  pn: number,
  plaintext: Uint8Array,
): Uint8Array {
  const nonce = keys.iv.slice();
  for (let i = 0, rest = pn; i < 8; i++, rest = Math.floor(rest / 256)) nonce[11 - i] ^= rest % 256;
  const packet = new Uint8Array(header.length + plaintext.length + AEAD_TAG);
  packet.set(header);
  packet.set(aes128GcmSeal(keys.key, nonce, header, plaintext), header.length);
  applyHeaderProtection(expandKey(keys.hp), packet, pnOffset);
  return packet;
}

/** RFC 9001 5.4.1-5.4.3; a sample running past a (tiny) packet's end reads zeros. */
export function applyHeaderProtection(hpRoundKeys: Uint8Array, packet: Uint8Array, pnOffset: number): void {
  const sample = new Uint8Array(16);
  sample.set(packet.subarray(pnOffset + 4, pnOffset + 20));
  const mask = encryptBlock(hpRoundKeys, sample);
  const pnLength = (packet[0] & 0x03) + 1;
  packet[0] ^= mask[0] & (packet[0] & 0x80 ? 0x0f : 0x1f);
  for (let i = 0; i < pnLength; i++) packet[pnOffset + i] ^= mask[1 + i];
}
