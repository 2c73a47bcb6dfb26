// The pure-TypeScript crypto a QUIC capture's Initial packets are protected with: SHA-256, HMAC,
// HKDF, AES-128 and AES-128-GCM against published vectors and Node's crypto, and QUIC's Initial
// protection against RFC 9001 Appendix A, byte for byte.
import { createCipheriv, createHash, createHmac, hkdfSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { aes128GcmSeal, encryptBlock, expandKey } from '../src/engine/crypto/aes';
import { hkdfExpand, hkdfExpandLabel, hkdfExtract, hmacSha256, sha256 } from '../src/engine/crypto/sha256';
import { initialKeys, protectPacket } from '../src/engine/quic/protection';

const hex = (s: string) => Uint8Array.from(s.replace(/\s+/g, '').match(/../g) ?? [], (b) => parseInt(b, 16));
const toHex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const ascii = (s: string) => new TextEncoder().encode(s);

/** Deterministic test inputs (a fixed LCG), so a failure reproduces. */
function bytes(n: number, seed: number): Uint8Array {
  let x = seed;
  return Uint8Array.from({ length: n }, () => {
    x = (x * 1103515245 + 12345) >>> 0;
    return x >>> 24;
  });
}

describe('SHA-256, HMAC, HKDF', () => {
  it('FIPS 180-2 examples', () => {
    expect(toHex(sha256(ascii('abc')))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(toHex(sha256(ascii('')))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(toHex(sha256(ascii('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')))).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
  });

  it('RFC 4231 test cases 1 and 2', () => {
    expect(toHex(hmacSha256(new Uint8Array(20).fill(0x0b), ascii('Hi There')))).toBe(
      'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7',
    );
    expect(toHex(hmacSha256(ascii('Jefe'), ascii('what do ya want for nothing?')))).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });

  it('RFC 5869 A.1', () => {
    const prk = hkdfExtract(hex('000102030405060708090a0b0c'), new Uint8Array(22).fill(0x0b));
    expect(toHex(prk)).toBe('077709362c2e32df0ddc3f0dc47bba6390b6c73bb50f9c3122ec844ad7c2b3e5');
    expect(toHex(hkdfExpand(prk, hex('f0f1f2f3f4f5f6f7f8f9'), 42))).toBe(
      '3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865',
    );
  });

  it("agree with Node's crypto on inputs across the block boundaries", () => {
    for (const n of [0, 1, 55, 56, 63, 64, 65, 119, 120, 1000]) {
      const message = bytes(n, n + 1);
      expect(toHex(sha256(message))).toBe(createHash('sha256').update(message).digest('hex'));
      const key = bytes((n * 7) % 130, n + 2); // short, block-sized and hashed keys
      expect(toHex(hmacSha256(key, message))).toBe(createHmac('sha256', key).update(message).digest('hex'));
      const okm = hkdfSync('sha256', message, key, bytes(n % 40, n), 80);
      expect(toHex(hkdfExpand(hkdfExtract(key, message), bytes(n % 40, n), 80))).toBe(
        Buffer.from(okm).toString('hex'),
      );
    }
  });
});

describe('AES-128 and AES-128-GCM', () => {
  it('FIPS 197 C.1', () => {
    const key = hex('000102030405060708090a0b0c0d0e0f');
    expect(toHex(encryptBlock(expandKey(key), hex('00112233445566778899aabbccddeeff')))).toBe(
      '69c4e0d86a7b0430d8cdb78070b4c55a',
    );
  });

  it('GCM test cases 2 and 4 (McGrew and Viega, as in NIST SP 800-38D validation)', () => {
    expect(
      toHex(aes128GcmSeal(new Uint8Array(16), new Uint8Array(12), new Uint8Array(0), new Uint8Array(16))),
    ).toBe('0388dace60b6a392f328c2b971b2fe78' + 'ab6e47d42cec13bdf53a67b21257bddf');
    const sealed = aes128GcmSeal(
      hex('feffe9928665731c6d6a8f9467308308'),
      hex('cafebabefacedbaddecaf888'),
      hex('feedfacedeadbeeffeedfacedeadbeefabaddad2'),
      hex(
        'd9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39',
      ),
    );
    expect(toHex(sealed)).toBe(
      '42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091' +
        '5bc94fbc3221a5db94fae95ae7121a47',
    );
  });

  it("agree with Node's crypto", () => {
    for (const n of [0, 1, 15, 16, 17, 100, 1162]) {
      const key = bytes(16, n + 3);
      const nonce = bytes(12, n + 4);
      const aad = bytes(n % 41, n + 5);
      const plaintext = bytes(n, n + 6);
      const cipher = createCipheriv('aes-128-gcm', key, nonce);
      cipher.setAAD(aad);
      const expected = Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
      expect(toHex(aes128GcmSeal(key, nonce, aad, plaintext))).toBe(expected.toString('hex'));
      const ecb = createCipheriv('aes-128-ecb', key, null).setAutoPadding(false);
      const block = bytes(16, n + 7);
      expect(toHex(encryptBlock(expandKey(key), block))).toBe(
        Buffer.concat([ecb.update(block), ecb.final()]).toString('hex'),
      );
    }
  });
});

describe('QUIC Initial protection, RFC 9001 Appendix A', () => {
  const dcid = hex('8394c8f03e515708');

  it('A.1: the Initial secrets and keys', () => {
    const initialSecret = hkdfExtract(hex('38762cf7f55934b34d179ae6a4c80cadccbb7f0a'), dcid);
    expect(toHex(initialSecret)).toBe('7db5df06e7a69e432496adedb00851923595221596ae2ae9fb8115c1e9ed0a44');
    expect(toHex(hkdfExpandLabel(initialSecret, 'client in', 32))).toBe(
      'c00cf151ca5be075ed0ebfb5c80323c42d6b7db67881289af4008f1f6c357aea',
    );
    expect(toHex(hkdfExpandLabel(initialSecret, 'server in', 32))).toBe(
      '3c199828fd139efd216c155ad844cc81fb82fa8d7446fa7d78be803acdda951b',
    );
    const { client, server } = initialKeys(dcid);
    expect([toHex(client.key), toHex(client.iv), toHex(client.hp)]).toEqual([
      '1f369613dd76d5467730efcbe3b1a22d',
      'fa044b2f42a3fd3b46fb255c',
      '9f50449e04a0e810283a1e9933adedd2',
    ]);
    expect([toHex(server.key), toHex(server.iv), toHex(server.hp)]).toEqual([
      'cf3a5331653c364c88f0f379b6067e37',
      '0ac1493ca1905853b0bba03e',
      'c206b8d9b9f0f37644430b490eeaa314',
    ]);
  });

  it("A.2: the client Initial's protected packet", () => {
    const header = hex('c300000001088394c8f03e5157080000449e00000002');
    const crypto = hex(`
      060040f1010000ed0303ebf8fa56f12939b9584a3896472ec40bb863cfd3e868
      04fe3a47f06a2b69484c00000413011302010000c000000010000e00000b6578
      616d706c652e636f6dff01000100000a00080006001d00170018001000070005
      04616c706e000500050100000000003300260024001d00209370b2c9caa47fba
      baf4559fedba753de171fa71f50f1ce15d43e994ec74d748002b000302030400
      0d0010000e0403050306030203080408050806002d00020101001c0002400100
      3900320408ffffffffffffffff05048000ffff07048000ffff08011001048000
      75300901100f088394c8f03e51570806048000ffff`);
    const payload = new Uint8Array(1162); // the CRYPTO frame, then PADDING
    payload.set(crypto);
    const packet = protectPacket(initialKeys(dcid).client, header, 18, 2, payload);
    expect(packet.length).toBe(1200);
    expect(toHex(packet)).toBe(A2_PROTECTED);
  });

  it("A.3: the server Initial's protected packet", () => {
    const header = hex('c1000000010008f067a5502a4262b50040750001');
    const payload = hex(`
      02000000000600405a020000560303eefce7f7b37ba1d1632e96677825ddf739
      88cfc79825df566dc5430b9a045a1200130100002e00330024001d00209d3c94
      0d89690b84d08a60993c144eca684d1081287c834d5311bcf32bb9da1a002b00
      020304`);
    expect(toHex(protectPacket(initialKeys(dcid).server, header, 18, 1, payload))).toBe(
      toHex(
        hex(`
          cf000000010008f067a5502a4262b5004075c0d95a482cd0991cd25b0aac406a
          5816b6394100f37a1c69797554780bb38cc5a99f5ede4cf73c3ec2493a1839b3
          dbcba3f6ea46c5b7684df3548e7ddeb9c3bf9c73cc3f3bded74b562bfb19fb84
          022f8ef4cdd93795d77d06edbb7aaf2f58891850abbdca3d20398c276456cbc4
          2158407dd074ee`),
      ),
    );
  });
});

const A2_PROTECTED = toHex(
  hex(`
    c000000001088394c8f03e5157080000449e7b9aec34d1b1c98dd7689fb8ec11
    d242b123dc9bd8bab936b47d92ec356c0bab7df5976d27cd449f63300099f399
    1c260ec4c60d17b31f8429157bb35a1282a643a8d2262cad67500cadb8e7378c
    8eb7539ec4d4905fed1bee1fc8aafba17c750e2c7ace01e6005f80fcb7df6212
    30c83711b39343fa028cea7f7fb5ff89eac2308249a02252155e2347b63d58c5
    457afd84d05dfffdb20392844ae812154682e9cf012f9021a6f0be17ddd0c208
    4dce25ff9b06cde535d0f920a2db1bf362c23e596d11a4f5a6cf3948838a3aec
    4e15daf8500a6ef69ec4e3feb6b1d98e610ac8b7ec3faf6ad760b7bad1db4ba3
    485e8a94dc250ae3fdb41ed15fb6a8e5eba0fc3dd60bc8e30c5c4287e53805db
    059ae0648db2f64264ed5e39be2e20d82df566da8dd5998ccabdae053060ae6c
    7b4378e846d29f37ed7b4ea9ec5d82e7961b7f25a9323851f681d582363aa5f8
    9937f5a67258bf63ad6f1a0b1d96dbd4faddfcefc5266ba6611722395c906556
    be52afe3f565636ad1b17d508b73d8743eeb524be22b3dcbc2c7468d54119c74
    68449a13d8e3b95811a198f3491de3e7fe942b330407abf82a4ed7c1b311663a
    c69890f4157015853d91e923037c227a33cdd5ec281ca3f79c44546b9d90ca00
    f064c99e3dd97911d39fe9c5d0b23a229a234cb36186c4819e8b9c5927726632
    291d6a418211cc2962e20fe47feb3edf330f2c603a9d48c0fcb5699dbfe58964
    25c5bac4aee82e57a85aaf4e2513e4f05796b07ba2ee47d80506f8d2c25e50fd
    14de71e6c418559302f939b0e1abd576f279c4b2e0feb85c1f28ff18f58891ff
    ef132eef2fa09346aee33c28eb130ff28f5b766953334113211996d20011a198
    e3fc433f9f2541010ae17c1bf202580f6047472fb36857fe843b19f5984009dd
    c324044e847a4f4a0ab34f719595de37252d6235365e9b84392b061085349d73
    203a4a13e96f5432ec0fd4a1ee65accdd5e3904df54c1da510b0ff20dcc0c77f
    cb2c0e0eb605cb0504db87632cf3d8b4dae6e705769d1de354270123cb11450e
    fc60ac47683d7b8d0f811365565fd98c4c8eb936bcab8d069fc33bd801b03ade
    a2e1fbc5aa463d08ca19896d2bf59a071b851e6c239052172f296bfb5e724047
    90a2181014f3b94a4e97d117b438130368cc39dbb2d198065ae3986547926cd2
    162f40a29f0c3c8745c0f50fba3852e566d44575c29d39a03f0cda721984b6f4
    40591f355e12d439ff150aab7613499dbd49adabc8676eef023b15b65bfc5ca0
    6948109f23f350db82123535eb8a7433bdabcb909271a6ecbcb58b936a88cd4e
    8f2e6ff5800175f113253d8fa9ca8885c2f552e657dc603f252e1a8e308f76f0
    be79e2fb8f5d5fbbe2e30ecadd220723c8c0aea8078cdfcb3868263ff8f09400
    54da48781893a7e49ad5aff4af300cd804a6b6279ab3ff3afb64491c85194aab
    760d58a606654f9f4400e8b38591356fbf6425aca26dc85244259ff2b19c41b9
    f96f3ca9ec1dde434da7d2d392b905ddf3d1f9af93d1af5950bd493f5aa731b4
    056df31bd267b6b90a079831aaf579be0a39013137aac6d404f518cfd4684064
    7e78bfe706ca4cf5e9c5453e9f7cfd2b8b4c8d169a44e55c88d4a9a7f9474241
    e221af44860018ab0856972e194cd934`),
);
