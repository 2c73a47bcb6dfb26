// A cleartext HTTP/2 run's capture carries HTTP/2: each connection's reassembled streams walk
// frame by frame exactly where the engine's frame records say, every header block decodes (with a
// decoder written apart from the encoder) to the exchange's request or response, and tshark
// dissects it as HTTP/2 with nothing malformed.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import http2 from 'node:http2';
import net from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { fitBlock, HpackEncoder, type HeaderField } from '../src/engine/hpack';
import { requestHeadersFrame } from '../src/engine/http/h2frames';
import { paramsOfLoad, type HttpParams } from '../src/engine/params';
import { writePcap } from '../src/engine/pcap';
import { simulate } from '../src/engine/simulate';
import type { ExchangeRecord, FrameRecord, Trace } from '../src/engine/trace';
import { PAGE_KEYS } from '../src/scenario/workloads';
import { parseQuery } from '../src/scenario/codec';
import { toSimInput } from '../src/scenario/resolve';
import { HpackDecoder, type Field } from './support/hpackDecode';
import { reassemble } from './support/httpStream';

function runWithParams(query: string): { trace: Trace; http: HttpParams } {
  const { config, problems } = parseQuery(query);
  if (problems.length > 0) throw new Error(problems.join('; '));
  const input = toSimInput(config.settings);
  return { trace: simulate(input), http: input.http };
}

const hex = (bytes: Uint8Array | number[]) => Buffer.from(Uint8Array.from(bytes)).toString('hex');

/** The exchange an HTTP/2 frame record belongs to. */
function exchangeOf(trace: Trace, f: FrameRecord): ExchangeRecord {
  const e = trace.exchanges.find((x) => x.id === f.exchange);
  if (!e) throw new Error(`frame at ${f.offset}: no exchange`);
  return e;
}

interface Walked {
  requests: number;
  responses: number;
  ends: number; // responses whose stream ended
  windowUpdates: number;
}

/**
 * Walks one connection's two streams frame by frame against the frame records, decoding every
 * header block; returns what it saw.
 */
function walkConnection(
  trace: Trace,
  http: HttpParams,
  conn: number,
  c2s: Uint8Array,
  s2c: Uint8Array,
): Walked {
  const seen: Walked = { requests: 0, responses: 0, ends: 0, windowUpdates: 0 };
  const window = http.h2WindowBytes ?? 65_535;
  for (const [dir, bytes] of [
    ['c2s', c2s],
    ['s2c', s2c],
  ] as const) {
    const records = trace.frames!.filter((f) => f.conn === conn && f.dir === dir);
    // MAX_FRAME_SIZE: the initial 16,384, or what lets the peer's largest frame through.
    const peerLargest = Math.max(
      16_384,
      ...trace.frames!.filter((f) => f.conn === conn && f.dir !== dir).map((f) => f.bytes - 9),
    );
    const decoder = new HpackDecoder();
    const body = new Map<number, number>();
    let at = 0;
    const frame = () => {
      const length = (bytes[at] << 16) | (bytes[at + 1] << 8) | bytes[at + 2];
      const out = {
        length,
        type: bytes[at + 3],
        flags: bytes[at + 4],
        stream: ((bytes[at + 5] & 0x7f) << 24) | (bytes[at + 6] << 16) | (bytes[at + 7] << 8) | bytes[at + 8],
        payload: bytes.subarray(at + 9, at + 9 + length),
      };
      at += 9 + length;
      return out;
    };
    const settings = (payload: Uint8Array) =>
      new Map(
        Array.from({ length: payload.length / 6 }, (_, i) => [
          (payload[6 * i] << 8) | payload[6 * i + 1],
          Buffer.from(payload.subarray(6 * i + 2, 6 * i + 6)).readUInt32BE(),
        ]),
      );
    for (const r of records) {
      if (r.offset + r.bytes > bytes.length) break; // written, never sent: its connection was lost
      expect(at, `${dir} frame at ${r.offset}`).toBe(r.offset);
      if (r.type === 'SETTINGS' && dir === 'c2s' && r.offset > 0) {
        // The client's ACK of the server's SETTINGS (RFC 9113 6.5.3): empty, the ACK flag set.
        const ack = frame();
        expect([ack.type, ack.flags, ack.stream, ack.length]).toEqual([4, 1, 0, 0]);
      } else if (r.type === 'SETTINGS' && dir === 'c2s') {
        expect(Buffer.from(bytes.subarray(at, at + 24)).toString('latin1')).toBe(
          'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n',
        );
        at += 24;
        const f = frame();
        expect([f.type, f.flags, f.stream, f.length]).toEqual([4, 0, 0, 18]);
        expect(settings(f.payload)).toEqual(
          new Map([
            [2, 0],
            [4, window],
            [5, peerLargest],
          ]),
        );
      } else if (r.type === 'SETTINGS') {
        const f = frame();
        expect([f.type, f.flags, f.stream, f.length]).toEqual([4, 0, 0, 12]);
        expect(settings(f.payload)).toEqual(
          new Map([
            [1, 4096],
            [5, peerLargest],
          ]),
        );
        const ack = frame();
        expect([ack.type, ack.flags, ack.stream, ack.length]).toEqual([4, 1, 0, 0]);
      } else {
        const f = frame();
        expect(f.length).toBe(r.bytes - 9);
        expect(f.stream).toBe(r.stream);
        expect(f.type).toBe({ DATA: 0, HEADERS: 1, WINDOW_UPDATE: 8 }[r.type]);
        if (r.type === 'WINDOW_UPDATE') {
          const increment = Buffer.from(f.payload).readUInt32BE() & 0x7fffffff;
          expect(increment).toBe(r.increment);
          expect(increment).toBeGreaterThan(0);
          seen.windowUpdates++;
        } else if (r.type === 'HEADERS') {
          const e = exchangeOf(trace, r);
          const p = paramsOfLoad(http, e.load);
          const padded = (f.flags & 0x8) !== 0;
          const pad = padded ? f.payload[0] : 0;
          const block = f.payload.subarray(padded ? 1 : 0, f.payload.length - pad);
          expect(f.payload.subarray(f.payload.length - pad).every((b) => b === 0)).toBe(true);
          expect(f.flags & 0x4).toBe(0x4); // END_HEADERS
          const fields = new Map<string, string>(decoder.decode(block).map(([n, v]: Field) => [n, v]));
          if (dir === 'c2s') {
            expect(f.flags & 0x1).toBe(0x1); // END_STREAM: GET and HEAD carry no body
            expect(fields.get(':method')).toBe(e.kind === 'HEAD' ? 'HEAD' : 'GET');
            expect(fields.get(':scheme')).toBe('http');
            expect(fields.get(':path')).toBe(p.objects[e.object].url);
            expect(fields.get(':authority')).toBe('server.example:8080'); // h2c on the papers' port
            expect(fields.has('if-modified-since')).toBe(e.kind === 'CGET');
            seen.requests++;
          } else {
            expect(fields.get(':status')).toBe(e.kind === 'CGET' ? '304' : '200');
            expect(fields.get('content-length')).toBe(
              e.kind === 'CGET' ? undefined : String(p.objects[e.object].bodyBytes),
            );
            expect(fields.get('content-encoding')).toBe(
              e.kind === 'CGET' ? undefined : p.objects[e.object].encoding,
            );
            // A response with no body (a 304) ends its stream with its HEADERS (RFC 9113 8.1).
            const bodyless = e.kind !== 'GET' || p.objects[e.object].bodyBytes === 0;
            expect(f.flags & 0x1, `END_STREAM on stream ${r.stream}'s HEADERS`).toBe(bodyless ? 1 : 0);
            if (bodyless) seen.ends++;
            seen.responses++;
          }
        } else {
          const e = exchangeOf(trace, r);
          expect(f.length).toBe(r.payload);
          const sent = (body.get(r.stream) ?? 0) + r.payload;
          body.set(r.stream, sent);
          const expected = e.kind === 'GET' ? paramsOfLoad(http, e.load).objects[e.object].bodyBytes : 0;
          expect(f.flags & 0x1, `END_STREAM on stream ${r.stream}`).toBe(sent === expected ? 1 : 0);
          if (sent === expected) seen.ends++;
        }
      }
      expect(at).toBe(r.offset + r.bytes);
    }
  }
  return seen;
}

const SCENARIOS = [
  'http=2&tls=none',
  'http=2&tls=none&visit=revalidate', // conditional GETs answered 304
  'http=2&tls=none&page=almanac24', // 66 objects
  'http=2&tls=none&h2window=4096', // WINDOW_UPDATE on every stream
  'http=2&tls=none&h2window=1000000&page=almanac24', // the connection window opened at the start
  'http=2&tls=none&gzip=1', // a deflated page
  'http=2&tls=none&hdr=40000', // response headers larger than the initial MAX_FRAME_SIZE
  'http=2&tls=none&loads=3&pages=kruse', // three pages on one connection
  'http=2&tls=none&loss=3&seed=4&page=almanac24', // retransmissions
  'http=2&tls=none&loss=30&seed=3&page=kruse-test', // connections lost, requests asked again
];

describe("the engine's HEADERS sizes", () => {
  it("every page's paths fit the engine's later request blocks (no block is cut)", () => {
    let paths = 0;
    for (const page of PAGE_KEYS.filter((k) => k !== 'custom')) {
      const { config } = parseQuery(`page=${page}&http=2&tls=none`);
      const http = toSimInput(config.settings).http;
      for (const { url } of http.objects) {
        const size = requestHeadersFrame(0, url, false) - 9;
        const required: HeaderField[] = [
          { name: ':method', value: 'GET' },
          { name: ':scheme', value: 'http' },
          { name: ':path', value: url },
        ];
        expect(fitBlock(new HpackEncoder(), required, [], size).cut, url).toBe(false);
        paths++;
      }
    }
    expect(paths).toBeGreaterThan(70);
  });
});

describe('the pcap carries a cleartext HTTP/2 run as HTTP/2', () => {
  it.each(SCENARIOS)('%s', (query) => {
    const { trace, http } = runWithParams(query);
    const streams = reassemble(writePcap(trace, http));
    let requests = 0;
    let responses = 0;
    let ends = 0;
    let windowUpdates = 0;
    for (const conn of trace.connections) {
      const { c2s, s2c } = streams.get(conn.clientPort)!;
      if (c2s.length === 0) continue;
      const seen = walkConnection(trace, http, conn.id, c2s, s2c);
      requests += seen.requests;
      responses += seen.responses;
      ends += seen.ends;
      windowUpdates += seen.windowUpdates;
    }
    const written = trace.exchanges.filter((e) => e.startNs >= 0 && e.stream !== undefined);
    const answered = written.filter((e) => e.endNs !== null);
    // A request lost with its connection may never have reached the wire.
    expect(requests).toBeGreaterThanOrEqual(answered.length);
    expect(requests).toBeLessThanOrEqual(written.length);
    expect(responses).toBeGreaterThanOrEqual(answered.length);
    expect(ends).toBe(answered.length);
    expect(answered.length).toBeGreaterThan(2);
    if (query.includes('h2window')) expect(windowUpdates).toBeGreaterThan(0);
    if (query.includes('loss=30')) expect(trace.exchanges.filter((e) => e.lost).length).toBeGreaterThan(0);
  });

  it("gives the connection window's opening credit and the client's later credit", () => {
    const { trace } = runWithParams('http=2&tls=none&h2window=1000000&page=almanac24');
    const updates = trace.frames!.filter((f) => f.type === 'WINDOW_UPDATE');
    expect(updates[0]).toMatchObject({ dir: 'c2s', stream: 0, offset: 51, increment: 1_000_000 - 65_535 });
    // Credit given back is never more than the DATA received on that stream (or connection).
    const data = (stream: number) =>
      trace
        .frames!.filter((f) => f.type === 'DATA' && (stream === 0 || f.stream === stream))
        .reduce((n, f) => n + f.payload, 0);
    for (const stream of new Set(updates.map((f) => f.stream))) {
      const given = updates
        .filter((f) => f.stream === stream && f !== updates[0])
        .reduce((n, f) => n + f.increment!, 0);
      expect(given).toBeLessThanOrEqual(data(stream));
    }
    expect(updates.length).toBeGreaterThan(1);
  });

  it('a deflated page travels as a zlib stream', () => {
    const { trace, http } = runWithParams('http=2&tls=none&gzip=1');
    const { s2c } = reassemble(writePcap(trace, http)).get(trace.connections[0].clientPort)!;
    const html = trace.frames!.filter((f) => f.dir === 's2c' && f.type === 'DATA' && f.stream === 1);
    const body = Buffer.concat(html.map((f) => s2c.subarray(f.offset + 9, f.offset + f.bytes)));
    expect(body.length).toBe(http.objects[0].bodyBytes);
    expect(inflateSync(body).length).toBe(body.length - 11); // zlib header, one stored block, Adler-32
  });

  it('a request size too small for a real block keeps its size, its block cut', () => {
    const { trace, http } = runWithParams('http=2&tls=none&req=1');
    const first = trace.frames!.find((f) => f.type === 'HEADERS' && f.dir === 'c2s')!;
    expect(first.bytes).toBe(10); // 9 + ceil(0.75 * 1)
    const { c2s } = reassemble(writePcap(trace, http)).get(trace.connections[0].clientPort)!;
    // The frame header is whole and true; the block holds :method GET and nothing more.
    expect(hex(c2s.subarray(first.offset, first.offset + 10))).toBe('000001010500000001' + '82');
    expect(c2s.length).toBe(trace.frames!.filter((f) => f.dir === 'c2s').reduce((n, f) => n + f.bytes, 0));
  });
});

/** Feeds one side's bytes to nghttp2 (Node's HTTP/2) playing the other side, with what it read. */
function nghttp2Reads(
  bytes: Uint8Array,
  as: 'server' | 'client',
  streams: number,
  window: number,
): Promise<Array<Record<string, string | number | undefined>>> {
  return new Promise((resolve, reject) => {
    const read: Array<Record<string, string | number | undefined>> = [];
    const closers: Array<() => void> = [];
    const done = (error?: Error) => {
      clearTimeout(timer);
      closers.forEach((close) => close());
      if (error) reject(error);
      else resolve(read);
    };
    const timer = setTimeout(
      () => done(new Error(`nghttp2 read ${read.length} of ${streams} streams`)),
      4_000,
    );
    const check = () => read.length === streams && done();
    if (as === 'server') {
      // Its requests go to a real server, which must see each one and no protocol error.
      const server = http2.createServer();
      server.on('session', (session) =>
        session.on('goaway', (code) => code && done(new Error(`GOAWAY ${code}`))),
      );
      server.on('stream', (stream, headers, flags) => {
        const { ':method': method, ':path': path, ':authority': authority } = headers;
        read.push({ stream: stream.id, flags, ':method': method, ':path': path, ':authority': authority });
        check();
      });
      server.listen(0, () => {
        const socket = net.connect((server.address() as net.AddressInfo).port, '127.0.0.1', () => {
          socket.write(bytes);
        });
        socket.on('error', () => {});
        closers.push(
          () => socket.destroy(),
          () => server.close(),
        );
      });
    } else {
      // Its responses go to a real client that asked for as many streams, in stream order.
      const fake = net.createServer((socket) => {
        socket.once('data', () => socket.write(bytes));
        socket.on('error', () => {});
        closers.push(() => socket.destroy());
      });
      fake.listen(0, () => {
        const port = (fake.address() as net.AddressInfo).port;
        const client = http2.connect(`http://127.0.0.1:${port}`, {
          settings: { initialWindowSize: window, enablePush: false },
        });
        closers.push(
          () => client.destroy(),
          () => fake.close(),
        );
        client.on('error', (e) => done(e));
        for (let i = 0; i < streams; i++) {
          const request = client.request({ ':path': '/' }, { endStream: true });
          let body = 0;
          let head: Record<string, string | number | undefined> = {};
          request.on('response', (headers) => (head = { ':status': headers[':status'] }));
          request.on('data', (chunk: Buffer) => (body += chunk.length));
          request.on('end', () => {
            read.push({ stream: request.id, body, ...head });
            check();
          });
          request.on('error', (e: Error) => done(e));
        }
      });
    }
  });
}

describe("nghttp2 (Node's HTTP/2) reads both directions", () => {
  const queries = [
    'http=2&tls=none',
    'http=2&tls=none&visit=revalidate',
    'http=2&tls=none&page=almanac24',
    'http=2&tls=none&h2window=4096',
    'http=2&tls=none&gzip=1',
  ];
  it.each(queries)('%s', async (query) => {
    const { trace, http } = runWithParams(query);
    expect(trace.connections).toHaveLength(1);
    const { c2s, s2c } = reassemble(writePcap(trace, http)).get(trace.connections[0].clientPort)!;
    const exchanges = trace.exchanges
      .filter((e) => e.stream !== undefined)
      .sort((a, b) => a.stream! - b.stream!);
    const url = (e: ExchangeRecord) => paramsOfLoad(http, e.load).objects[e.object].url;
    const requests = await nghttp2Reads(c2s, 'server', exchanges.length, 0);
    expect(
      requests.map((r) => [r.stream, r[':method'], r[':path'], r[':authority'], Number(r.flags) & 1]),
    ).toEqual(
      exchanges.map((e) => [e.stream, 'GET', url(e), 'server.example:8080', 1]), // END_STREAM,
    );
    const window = http.h2WindowBytes ?? 65_535;
    const responses = await nghttp2Reads(s2c, 'client', exchanges.length, window);
    expect(
      responses.sort((a, b) => Number(a.stream) - Number(b.stream)).map((r) => [r[':status'], r.body]),
    ).toEqual(
      exchanges.map((e) => [
        e.kind === 'CGET' ? 304 : 200,
        e.kind === 'CGET' ? 0 : paramsOfLoad(http, e.load).objects[e.object].bodyBytes,
      ]),
    );
  });
});

const tsharkPath = (() => {
  const r = spawnSync('sh', ['-c', 'command -v tshark'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : '';
})();

function tshark(path: string, args: string[]): string {
  const r = spawnSync(tsharkPath, ['-r', path, ...args], { encoding: 'utf8', timeout: 60_000 });
  expect(r.status).toBe(0);
  return r.stdout.replace(/\n+$/, '');
}

describe('tshark dissects the HTTP/2', () => {
  // Wireshark finds h2c by its preface (its HTTP/2 heuristic), on port 8080 with no decode-as.
  // With loss, the capture holds each lost segment and its retransmission, which Wireshark's
  // in-order TCP reassembly reports as overlapping data even where the bytes agree (HTTP/1.x and
  // TLS captures of such runs show the same): the lossy run is read with out-of-order reassembly.
  const queries: Array<[string, string[]]> = [
    ['http=2&tls=none', []],
    ['http=2&tls=none&visit=revalidate', []],
    ['http=2&tls=none&h2window=4096&page=almanac24', []],
    ['http=2&tls=none&gzip=1&loads=2', []],
    ['http=2&tls=none&loss=3&seed=4&page=almanac24', ['-o', 'tcp.reassemble_out_of_order:TRUE']],
  ];
  it.skipIf(!tsharkPath).each(queries)(
    `one request per request written and one :status per response, nothing malformed (%s)${tsharkPath ? '' : ' — skipped: tshark is not on PATH'}`,
    (query, options) => {
      const { trace, http } = runWithParams(query);
      const dir = mkdtempSync(join(tmpdir(), 'roundtrip-h2-'));
      try {
        const path = join(dir, 'run.pcap');
        writeFileSync(path, writePcap(trace, http));
        const fields = tshark(path, [
          ...options,
          '-Y',
          'http2',
          '-T',
          'fields',
          '-e',
          'http2.headers.method',
          '-e',
          'http2.headers.path',
          '-e',
          'http2.headers.status',
          '-e',
          'http2.type',
        ])
          .split('\n')
          .map((line) => line.split('\t'));
        // A TCP segment may carry several frames: tshark lists their values comma-separated.
        const values = (column: number) => fields.flatMap((f) => (f[column] ? f[column].split(',') : []));
        const count = (list: string[]) =>
          list.reduce<Record<string, number>>((m, v) => ({ ...m, [v]: (m[v] ?? 0) + 1 }), {});
        const requests = trace.frames!.filter((f) => f.type === 'HEADERS' && f.dir === 'c2s');
        const responses = trace.frames!.filter((f) => f.type === 'HEADERS' && f.dir === 's2c');
        const kind = (f: FrameRecord) => exchangeOf(trace, f).kind;
        const url = (f: FrameRecord) => {
          const e = exchangeOf(trace, f);
          return paramsOfLoad(http, e.load).objects[e.object].url;
        };
        expect(count(values(0))).toEqual(count(requests.map((f) => (kind(f) === 'HEAD' ? 'HEAD' : 'GET'))));
        expect(count(values(1))).toEqual(count(requests.map(url)));
        expect(count(values(2))).toEqual(count(responses.map((f) => (kind(f) === 'CGET' ? '304' : '200'))));
        expect(count(values(3))['8'] ?? 0).toBe(
          trace.frames!.filter((f) => f.type === 'WINDOW_UPDATE').length,
        );
        expect(tshark(path, [...options, '-Y', '_ws.malformed || _ws.expert.severity == error'])).toBe('');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
