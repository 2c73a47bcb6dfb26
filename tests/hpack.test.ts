// HPACK as the pcap writes it (RFC 7541): the Huffman code and whole header blocks against the
// RFC's own examples, read back by a decoder written apart from the encoder, and blocks fitted to
// any size with the PADDED flag.
import { describe, expect, it } from 'vitest';
import { fitBlock, HpackEncoder, type HeaderField } from '../src/engine/hpack';
import { huffmanEncode, huffmanLength } from '../src/engine/hpackHuffman';
import { HpackDecoder, huffmanDecode } from './support/hpackDecode';

const hex = (bytes: Uint8Array | number[]) => Buffer.from(Uint8Array.from(bytes)).toString('hex');
const unhex = (text: string) => Uint8Array.from(Buffer.from(text.replace(/\s/g, ''), 'hex'));
const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

describe('HPACK, checked against RFC 7541 Appendix C', () => {
  const huffmanExamples: Array<[string, string]> = [
    ['www.example.com', 'f1e3 c2e5 f23a 6ba0 ab90 f4ff'], // C.4.1
    ['no-cache', 'a8eb 1064 9cbf'], // C.4.2
    ['custom-key', '25a8 49e9 5ba9 7d7f'], // C.4.3
    ['custom-value', '25a8 49e9 5bb8 e8b4 bf'],
    ['302', '6402'], // C.6.1
    ['private', 'aec3 771a 4b'],
    ['Mon, 21 Oct 2013 20:13:21 GMT', 'd07a be94 1054 d444 a820 0595 040b 8166 e082 a62d 1bff'],
    ['https://www.example.com', '9d29 ad17 1863 c78f 0b97 c8e9 ae82 ae43 d3'],
    ['foo=ASDJKHQKBZXOQWEOPIUAXQWEOIU; max-age=3600; version=1', // C.6.3
      '94e7 821d d7f2 e6c7 b335 dfdf cd5b 3960 d5af 2708 7f36 72c1 ab27 0fb5 291f 9587 3160 65c0 03ed 4ee5 b106 3d50 07'],
  ]; // prettier-ignore

  it.each(huffmanExamples)(
    'Huffman-codes %j as the RFC does, and the test decoder reads it back',
    (text, coded) => {
      expect(hex(huffmanEncode(ascii(text)))).toBe(hex(unhex(coded)));
      expect(huffmanLength(ascii(text))).toBe(unhex(coded).length);
      expect(huffmanDecode(unhex(coded))).toBe(text);
    },
  );

  it('encodes the requests of C.4 with their dynamic table', () => {
    const encoder = new HpackEncoder();
    const block = (fields: HeaderField[]) => {
      const bytes = fields.flatMap((f) => encoder.represent(f));
      fields.forEach((f) => encoder.commit(f));
      return hex(bytes);
    };
    const get = (scheme: string, path: string): HeaderField[] => [
      { name: ':method', value: 'GET' },
      { name: ':scheme', value: scheme },
      { name: ':path', value: path },
      { name: ':authority', value: 'www.example.com', keep: true },
    ];
    expect(block(get('http', '/'))).toBe(hex(unhex('8286 8441 8cf1 e3c2 e5f2 3a6b a0ab 90f4 ff')));
    expect(block([...get('http', '/'), { name: 'cache-control', value: 'no-cache', keep: true }])).toBe(
      hex(unhex('8286 84be 5886 a8eb 1064 9cbf')),
    );
    expect(
      block([...get('https', '/index.html'), { name: 'custom-key', value: 'custom-value', keep: true }]),
    ).toBe(hex(unhex('8287 85bf 4088 25a8 49e9 5ba9 7d7f 8925 a849 e95b b8e8 b4bf')));
  });

  it('fits a block to any size from the smallest valid one up, padding the rest', () => {
    const required: HeaderField[] = [
      { name: ':method', value: 'GET' },
      { name: ':scheme', value: 'http' },
      { name: ':path', value: '/images/yahoo1.gif' },
    ];
    const optional: HeaderField[] = [
      { name: ':authority', value: 'server.example', keep: true },
      { name: 'user-agent', value: 'Roundtrip/1 (libwww-like robot)', keep: true },
    ];
    const smallest = required.flatMap((f) => new HpackEncoder().represent(f)).length;
    for (let size = smallest; size <= 2000; size++) {
      const { block, pad, cut } = fitBlock(new HpackEncoder(), required, optional, size);
      expect(cut).toBe(false);
      expect(block.length + (pad === null ? 0 : 1 + pad)).toBe(size);
      expect(pad === null || (pad >= 0 && pad <= 255)).toBe(true);
      const fields = new HpackDecoder().decode(block);
      expect(fields.slice(0, 3)).toEqual(required.map((f) => [f.name, f.value]));
    }
    // Below that, the required fields are cut at the size: never a change in size.
    const { block, cut } = fitBlock(new HpackEncoder(), required, optional, smallest - 1);
    expect(cut).toBe(true);
    expect(block.length).toBe(smallest - 1);
  });
});
