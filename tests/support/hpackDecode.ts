// A small HPACK decoder (RFC 7541), written apart from the encoder it checks: integers (5.1),
// strings (5.2), indexed fields (6.1), literals (6.2), table size updates (6.3), the static table
// (Appendix A) and a dynamic table with eviction (4.4). Its Huffman decoder rebuilds the code from
// the code lengths alone: RFC 7541's code is canonical (codes of one length are consecutive, in
// symbol order, after the shorter ones), which the RFC's own examples confirm (tests/pcapH2.test.ts).

/** RFC 7541 Appendix B: each symbol's code length in bits, symbols 0-255, then EOS (256). */
// prettier-ignore
const CODE_LENGTHS = [
  13, 23, 28, 28, 28, 28, 28, 28, 28, 24, 30, 28, 28, 30, 28, 28,
  28, 28, 28, 28, 28, 28, 30, 28, 28, 28, 28, 28, 28, 28, 28, 28,
  6, 10, 10, 12, 13, 6, 8, 11, 10, 10, 8, 11, 8, 6, 6, 6,
  5, 5, 5, 6, 6, 6, 6, 6, 6, 6, 7, 8, 15, 6, 12, 10,
  13, 6, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7,
  7, 7, 7, 7, 7, 7, 7, 7, 8, 7, 8, 13, 19, 13, 14, 6,
  15, 5, 6, 5, 6, 5, 6, 6, 6, 5, 7, 7, 6, 6, 6, 5,
  6, 7, 6, 5, 5, 6, 7, 7, 7, 7, 7, 15, 11, 14, 13, 28,
  20, 22, 20, 20, 22, 22, 22, 23, 22, 23, 23, 23, 23, 23, 24, 23,
  24, 24, 22, 23, 24, 23, 23, 23, 23, 21, 22, 23, 22, 23, 23, 24,
  22, 21, 20, 22, 22, 23, 23, 21, 23, 22, 22, 24, 21, 22, 23, 23,
  21, 21, 22, 21, 23, 22, 23, 23, 20, 22, 22, 22, 23, 22, 22, 23,
  26, 26, 20, 19, 22, 23, 22, 25, 26, 26, 26, 27, 27, 26, 24, 25,
  19, 21, 26, 27, 27, 26, 27, 24, 21, 21, 26, 26, 28, 27, 27, 27,
  20, 24, 20, 21, 22, 21, 21, 23, 22, 22, 25, 25, 24, 24, 26, 23,
  26, 27, 26, 26, 27, 27, 27, 27, 27, 28, 27, 27, 27, 27, 27, 26,
  30,
];

/** Code (as "length:bits" text) to symbol, built canonically. */
const DECODE = (() => {
  const symbols = CODE_LENGTHS.map((length, symbol) => ({ length, symbol })).sort(
    (a, b) => a.length - b.length || a.symbol - b.symbol,
  );
  const table = new Map<string, number>();
  let code = 0n;
  let length = symbols[0].length;
  symbols.forEach((s, i) => {
    if (i > 0) code = (code + 1n) << BigInt(s.length - length);
    length = s.length;
    table.set(`${length}:${code}`, s.symbol);
  });
  return table;
})();

export function huffmanDecode(bytes: Uint8Array): string {
  let out = '';
  let code = 0n;
  let length = 0;
  for (const byte of bytes)
    for (let bit = 7; bit >= 0; bit--) {
      code = (code << 1n) | BigInt((byte >> bit) & 1);
      length++;
      const symbol = DECODE.get(`${length}:${code}`);
      if (symbol === undefined) continue;
      if (symbol === 256) throw new Error('EOS in a string (RFC 7541 5.2)');
      out += String.fromCharCode(symbol);
      code = 0n;
      length = 0;
    }
  // What is left must be padding: fewer than 8 bits, all ones (the start of EOS).
  if (length >= 8 || code !== (1n << BigInt(length)) - 1n) throw new Error('bad Huffman padding');
  return out;
}

// prettier-ignore
const STATIC = [
  ':authority', ':method GET', ':method POST', ':path /', ':path /index.html', ':scheme http',
  ':scheme https', ':status 200', ':status 204', ':status 206', ':status 304', ':status 400',
  ':status 404', ':status 500', 'accept-charset', 'accept-encoding gzip, deflate', 'accept-language',
  'accept-ranges', 'accept', 'access-control-allow-origin', 'age', 'allow', 'authorization',
  'cache-control', 'content-disposition', 'content-encoding', 'content-language', 'content-length',
  'content-location', 'content-range', 'content-type', 'cookie', 'date', 'etag', 'expect', 'expires',
  'from', 'host', 'if-match', 'if-modified-since', 'if-none-match', 'if-range', 'if-unmodified-since',
  'last-modified', 'link', 'location', 'max-forwards', 'proxy-authenticate', 'proxy-authorization',
  'range', 'referer', 'refresh', 'retry-after', 'server', 'set-cookie', 'strict-transport-security',
  'transfer-encoding', 'user-agent', 'vary', 'via', 'www-authenticate',
].map((e): [string, string] => {
  const space = e.indexOf(' ');
  return space < 0 ? [e, ''] : [e.slice(0, space), e.slice(space + 1)];
});

export type Field = [name: string, value: string];

/** One direction's decoder: its dynamic table lasts the connection. */
export class HpackDecoder {
  private dynamic: Field[] = [];
  private maxSize = 4096;
  /** How each field was represented, for tests that look at the encoding. */
  readonly representations: string[] = [];

  private entry(index: number): Field {
    if (index >= 1 && index <= STATIC.length) return STATIC[index - 1];
    const d = this.dynamic[index - STATIC.length - 1];
    if (index === 0 || !d) throw new Error(`no table entry ${index}`);
    return d;
  }

  private add(f: Field): void {
    this.dynamic.unshift(f);
    const size = () => this.dynamic.reduce((n, [a, b]) => n + a.length + b.length + 32, 0);
    while (size() > this.maxSize) this.dynamic.pop();
  }

  decode(block: Uint8Array): Field[] {
    let at = 0;
    const integer = (prefix: number): number => {
      const max = (1 << prefix) - 1;
      let value = block[at++] & max;
      if (value < max) return value;
      let shift = 0;
      let byte: number;
      do {
        if (at >= block.length) throw new Error('integer runs past the block');
        byte = block[at++];
        value += (byte & 0x7f) * 2 ** shift;
        shift += 7;
      } while (byte & 0x80);
      return value;
    };
    const string = (): string => {
      const huffman = (block[at] & 0x80) !== 0;
      const length = integer(7);
      if (at + length > block.length) throw new Error('string runs past the block');
      const bytes = block.subarray(at, at + length);
      at += length;
      return huffman ? huffmanDecode(bytes) : String.fromCharCode(...bytes);
    };
    const out: Field[] = [];
    while (at < block.length) {
      const first = block[at];
      if (first & 0x80) {
        out.push(this.entry(integer(7)));
        this.representations.push('indexed');
      } else if ((first & 0xe0) === 0x20) {
        this.maxSize = integer(5);
      } else {
        const incremental = (first & 0xc0) === 0x40;
        const index = integer(incremental ? 6 : 4);
        const name = index === 0 ? string() : this.entry(index)[0];
        const field: Field = [name, string()];
        if (incremental) this.add(field);
        out.push(field);
        this.representations.push(incremental ? 'incremental' : 'literal');
      }
    }
    return out;
  }
}
