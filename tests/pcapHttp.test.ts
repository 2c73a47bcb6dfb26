// The capture's payload is HTTP/1.x: every connection's reassembled streams parse as requests and
// responses of exactly the sizes the engine modelled, so Wireshark dissects them; and the run
// itself (packets, bytes, metrics) is the same with or without them.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { fitHead, zlibFiller } from '../src/engine/httpWire';
import { computeMetrics } from '../src/engine/metrics';
import type { HttpParams } from '../src/engine/params';
import { readPcap, writePcap } from '../src/engine/pcap';
import { simulate } from '../src/engine/simulate';
import type { ExchangeRecord, Trace } from '../src/engine/trace';
import { parseQuery } from '../src/scenario/codec';
import { toSimInput } from '../src/scenario/resolve';
import { parseMessages, reassemble } from './support/httpStream';

function runWithParams(query: string): { trace: Trace; http: HttpParams } {
  const { config, problems } = parseQuery(query);
  if (problems.length > 0) throw new Error(problems.join('; '));
  const input = toSimInput(config.settings);
  return { trace: simulate(input), http: input.http };
}

/** The exchanges each connection carried, in the order the client wrote them. */
function writtenOn(trace: Trace, conn: number): ExchangeRecord[] {
  return trace.exchanges
    .filter((e) => e.conn === conn && e.startNs >= 0)
    .sort((a, b) => a.startNs - b.startNs || a.id - b.id);
}

const SCENARIOS = [
  '', // the default page over one HTTP/1.1 connection
  'preset=heidemann-odd-final',
  'preset=nielsen-lan-1.0-revalidate', // HTTP/1.0, HEAD revalidation, parallel connections
  'preset=nielsen-lan-1.1-revalidate', // conditional GETs answered 304
  'preset=nielsen-lan-pipe-first', // pipelined
  'preset=nielsen-lan-pipe-gzip-first', // deflated HTML
  'http=1.0ka&conns=2', // HTTP/1.0 Keep-Alive
  'preset=pm-remote-2544&http=getall', // one request answered by every object
  'preset=heidemann-odd-final&loss=3&seed=4', // retransmissions
];

describe('a request too short for Host with its port', () => {
  it('names the host alone rather than be cut (Heidemann Table 1: 58-byte image requests)', () => {
    // "GET /images/yahoo1.gif HTTP/1.1" and `Host: server.example:8080` take 62 bytes, 4 more
    // than the paper's request, which has room for the host alone; the page's 52 bytes have room.
    const { trace, http } = runWithParams('preset=heidemann-table1-phttp');
    const streams = reassemble(writePcap(trace, http));
    const requests = trace.connections.flatMap((conn) =>
      parseMessages(streams.get(conn.clientPort)!.c2s).map((r) => [
        r.headBytes,
        r.start,
        r.headers.get('host'),
      ]),
    );
    expect(requests).toEqual([
      [52, 'GET / HTTP/1.1', 'server.example:8080'],
      [58, 'GET /images/yahoo1.gif HTTP/1.1', 'server.example'],
      [58, 'GET /images/yahoo2.gif HTTP/1.1', 'server.example'],
    ]);
  });
});

describe('the pcap carries each exchange as HTTP/1.x of the modelled sizes', () => {
  it.each(SCENARIOS)('%s', (query) => {
    const { trace, http } = runWithParams(query);
    const streams = reassemble(writePcap(trace, http));
    let checked = 0;
    for (const conn of trace.connections) {
      const exchanges = writtenOn(trace, conn.id);
      const { c2s, s2c } = streams.get(conn.clientPort)!;
      const requests = parseMessages(c2s);
      expect(requests.map((r) => r.headBytes)).toEqual(exchanges.map((e) => e.requestBytes));
      requests.forEach((r, i) => {
        const e = exchanges[i];
        const [method, url, version] = r.start.split(' ');
        expect(method).toBe(e.kind === 'HEAD' ? 'HEAD' : 'GET');
        expect(url).toBe(http.objects[Math.max(0, e.object)].url);
        expect(version).toBe(['1.0', '1.0ka'].includes(http.mode) ? 'HTTP/1.0' : 'HTTP/1.1');
        // The papers' port 8080 is not HTTP's default 80: the Host names it (RFC 9110 7.2).
        expect(r.headers.get('host')).toBe(`server.example:${conn.serverPort}`);
        expect(conn.serverPort).toBe(8080);
        const conditional = e.kind === 'CGET' || (e.kind === 'GETALL' && http.visit === 'revalidate');
        expect(r.headers.has('if-modified-since')).toBe(conditional);
        expect(r.headers.get('connection')).toBe(http.mode === '1.0ka' ? 'Keep-Alive' : undefined);
      });

      const answered = exchanges.filter((e) => e.endNs !== null);
      const responses = parseMessages(
        s2c,
        exchanges.map((e) => (e.kind === 'HEAD' ? 'HEAD' : 'GET')),
      );
      // Responses in request order; GETALL's is every object's response in turn.
      let next = 0;
      for (const e of answered) {
        const objects = e.kind === 'GETALL' ? http.objects.map((_, i) => i) : [e.object];
        let bytes = 0;
        for (const object of objects) {
          const r = responses[next++];
          const k = e.kind === 'GETALL' ? (http.visit === 'first' ? 'GET' : 'CGET') : e.kind;
          const bodyless = k === 'HEAD' || k === 'CGET';
          const o = http.objects[object];
          expect(r.start).toMatch(k === 'CGET' ? / 304 Not Modified$/ : / 200 OK$/);
          expect(r.headBytes).toBe(bodyless ? http.notModifiedBytes : http.responseHeaderBytes);
          const length = r.headers.get('content-length');
          expect(length === undefined ? undefined : Number(length)).toBe(
            k === 'CGET' ? undefined : o.bodyBytes,
          );
          expect(r.body.length).toBe(bodyless ? 0 : o.bodyBytes);
          expect(r.headers.get('content-encoding')).toBe(k === 'CGET' ? undefined : o.encoding);
          if (o.encoding === 'deflate' && !bodyless) expect(inflateSync(r.body).length).toBeGreaterThan(0);
          bytes += r.headBytes + r.body.length;
        }
        expect(bytes).toBe(e.responseBytes);
        checked++;
      }
      expect(next).toBe(responses.length);
    }
    expect(checked).toBe(trace.exchanges.filter((e) => e.endNs !== null).length);
    expect(checked).toBeGreaterThan(0);
  });

  it('the capture has the same packets and lengths with HTTP payload as with filler', () => {
    const { trace, http } = runWithParams('preset=nielsen-lan-pipe-gzip-first');
    const withHttp = readPcap(writePcap(trace, http)).records;
    const filler = readPcap(writePcap(trace)).records;
    expect(withHttp.map((r) => r.ip.totalLength)).toEqual(filler.map((r) => r.ip.totalLength));
    expect(withHttp.every((r) => r.ip.checksumOk && r.tcp.checksumOk)).toBe(true);
    const payload = withHttp.reduce((n, r) => n + r.payload.length, 0);
    expect(payload).toBe(computeMetrics(trace).payload_bytes);
    expect(
      withHttp.filter((r, i) => r.payload.some((b, j) => b !== filler[i].payload[j])).length,
    ).toBeGreaterThan(0);
  });

  it('naming the deflated body leaves the run as it was', () => {
    const { config } = parseQuery('preset=nielsen-lan-pipe-gzip-first');
    const input = toSimInput(config.settings);
    expect(input.http.objects[0].encoding).toBe('deflate');
    const plain = {
      ...input,
      http: { ...input.http, objects: input.http.objects.map((o) => ({ ...o, encoding: undefined })) },
    };
    expect(JSON.stringify(simulate(input))).toBe(JSON.stringify(simulate(plain)));
  });
});

describe('message heads and bodies', () => {
  it('a head is exactly the size asked for, from the smallest valid one up', () => {
    for (let size = 1; size <= 400; size++) {
      const head = fitHead('GET /a HTTP/1.1', ['Host: server.example'], ['Accept: */*'], size);
      expect(head.length).toBe(size);
      if (size >= 'GET /a HTTP/1.1\r\nHost: server.example\r\n\r\n'.length) {
        expect(head.endsWith('\r\n\r\n')).toBe(true);
        expect(head).toMatch(/^GET \/a HTTP\/1\.1\r\nHost: +server\.example\r\n/);
        expect(head).not.toMatch(/ \r\n/); // spare bytes never trail a value (Wireshark keeps them)
        expect(parseMessages(new TextEncoder().encode(head))).toHaveLength(1);
      }
    }
  });

  it('a deflated body is a zlib stream of exactly its size', () => {
    for (const size of [12, 100, 11_612, 65_546, 65_547, 200_000]) {
      const body = zlibFiller(size);
      expect(body.length).toBe(size);
      expect(inflateSync(body).length).toBeGreaterThan(0);
    }
    expect(zlibFiller(11).length).toBe(11);
    expect(inflateSync(zlibFiller(11)).length).toBe(0);
  });
});

const tsharkPath = (() => {
  const r = spawnSync('sh', ['-c', 'command -v tshark'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : '';
})();

describe('tshark dissects the HTTP', () => {
  const presets = [
    '', // default
    'preset=nielsen-lan-1.1-revalidate', // conditional GET, 304
    'preset=nielsen-lan-pipe-first', // pipelined
    'preset=nielsen-lan-1.0-revalidate', // HTTP/1.0, HEAD
    'preset=nielsen-lan-pipe-gzip-first', // deflate
  ];
  it.skipIf(!tsharkPath).each(presets)(
    `one request per request written and one response per response (%s)${tsharkPath ? '' : ' — skipped: tshark is not on PATH'}`,
    (query) => {
      const { trace, http } = runWithParams(query);
      const dir = mkdtempSync(join(tmpdir(), 'roundtrip-http-'));
      try {
        const path = join(dir, 'run.pcap');
        writeFileSync(path, writePcap(trace, http));
        const r = spawnSync(
          tsharkPath,
          ['-r', path, '-Y', 'http', '-T', 'fields', '-e', 'http.request.method', '-e', 'http.response.code'],
          { encoding: 'utf8', timeout: 60_000 },
        );
        expect(r.status).toBe(0);
        const fields = r.stdout
          .trim()
          .split('\n')
          .map((line) => line.split('\t'));
        // A frame may carry several messages: tshark lists their values comma-separated.
        const values = (column: number) => fields.flatMap((f) => (f[column] ? f[column].split(',') : []));
        const written = trace.exchanges.filter((e) => e.startNs >= 0);
        const count = (list: string[]) =>
          list.reduce<Record<string, number>>((m, v) => ({ ...m, [v]: (m[v] ?? 0) + 1 }), {});
        expect(count(values(0))).toEqual(count(written.map((e) => (e.kind === 'HEAD' ? 'HEAD' : 'GET'))));
        const answered = written.filter((e) => e.endNs !== null);
        expect(count(values(1))).toEqual(count(answered.map((e) => (e.kind === 'CGET' ? '304' : '200'))));
        expect(values(0).length).toBeGreaterThan(1);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it.skipIf(!tsharkPath).each([
    [
      'preset=heidemann-odd-final',
      [
        ['8080', 'server.example:8080', 'http://server.example:8080/'],
        ['8080', 'server.example:8080', 'http://server.example:8080/o01'],
      ],
    ],
    // 52 bytes: the seven spare go before Host's value, not into it as trailing blanks.
    ['preset=heidemann-short-initial', [['8080', 'server.example:8080', 'http://server.example:8080/']]],
  ])(
    `the Host and full URI Wireshark shows name the port each request went to (%s)${tsharkPath ? '' : ' — skipped: tshark is not on PATH'}`,
    (query, expected) => {
      const { trace, http } = runWithParams(query);
      const dir = mkdtempSync(join(tmpdir(), 'roundtrip-http-'));
      try {
        const path = join(dir, 'run.pcap');
        writeFileSync(path, writePcap(trace, http));
        const fields = ['tcp.dstport', 'http.host', 'http.request.full_uri'].flatMap((f) => ['-e', f]);
        const r = spawnSync(tsharkPath, ['-r', path, '-Y', 'http.request', '-T', 'fields', ...fields], {
          encoding: 'utf8',
          timeout: 60_000,
        });
        expect(r.status).toBe(0);
        const rows = r.stdout
          .trim()
          .split('\n')
          .map((line) => line.split('\t'));
        expect(rows).toEqual(expected);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
