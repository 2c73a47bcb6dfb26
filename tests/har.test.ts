// The HAR export: valid HAR 1.2 (the fields DevTools' import needs), one entry per request written
// per load, timings that add up and agree with the metrics' object times, sizes from the engine.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { buildHar, harDate, HAR_EPOCH_MS, type Har, type HarEntry } from '../src/engine/har';
import { computeMetrics } from '../src/engine/metrics';
import { paramsOfLoad } from '../src/engine/params';
import { simulate } from '../src/engine/simulate';
import { parseQuery } from '../src/scenario/codec';
import { toSimInput } from '../src/scenario/resolve';

function harOf(query: string): {
  har: Har;
  metrics: ReturnType<typeof computeMetrics>;
  /** Objects of each load's page. */
  objects: (load: number) => number;
  loads: number;
} {
  const { config } = parseQuery(query);
  const input = toSimInput(config.settings);
  const trace = simulate(input);
  // Through JSON, as a file is read.
  const har = JSON.parse(JSON.stringify(buildHar(trace, input.http, 'test'))) as Har;
  const objects = (load: number) => paramsOfLoad(input.http, load).objects.length;
  return { har, metrics: computeMetrics(trace), objects, loads: input.http.loads };
}

/** Milliseconds after the epoch, to the microsecond (Date.parse stops at the millisecond). */
function msAfterEpoch(date: string): number {
  const m = /^(.*T\d\d:\d\d:\d\d)\.(\d{6})Z$/.exec(date);
  if (!m) throw new Error(`not an ISO date to the microsecond: ${date}`);
  return Date.parse(`${m[1]}Z`) - HAR_EPOCH_MS + Number(m[2]) / 1000;
}

const has = (o: object, keys: string[]) => expect(Object.keys(o)).toEqual(expect.arrayContaining(keys));

function expectHar12Entry(e: HarEntry) {
  has(e, ['pageref', 'startedDateTime', 'time', 'request', 'response', 'cache', 'timings']);
  has(e.request, [
    'method',
    'url',
    'httpVersion',
    'cookies',
    'headers',
    'queryString',
    'headersSize',
    'bodySize',
  ]);
  has(e.response, [
    'status',
    'statusText',
    'httpVersion',
    'cookies',
    'headers',
    'content',
    'redirectURL',
    'headersSize',
    'bodySize',
  ]);
  has(e.response.content, ['size', 'mimeType']);
  has(e.timings, ['blocked', 'dns', 'connect', 'send', 'wait', 'receive']);
  expect(e.request.url).toMatch(/^(http:\/\/server\.example:8080|https:\/\/server\.example)\//);
  for (const h of [...e.request.headers, ...e.response.headers]) {
    expect(typeof h.name).toBe('string');
    expect(typeof h.value).toBe('string');
  }
}

const QUERIES = [
  '',
  'preset=heidemann-odd-final',
  'preset=nielsen-lan-1.0-revalidate',
  'preset=nielsen-lan-pipe-gzip-first',
  'preset=nielsen-lan-1.1-first&loads=2',
  'preset=kruse-acts',
];

describe('HAR 1.2 export', () => {
  it("names each load's page in its title when the loads go round pages, its number alone for one page", () => {
    expect(harOf('preset=kruse-acts').har.log.pages.map((p) => p.title)).toEqual([
      'test (load 1, /acts)',
      'test (load 2, /oufr)',
      'test (load 3, /Test)',
      'test (load 4, /LeRC)',
      'test (load 5, /acts)',
    ]);
    expect(harOf('loads=2').har.log.pages.map((p) => p.title)).toEqual(['test (load 1)', 'test (load 2)']);
    // GETALL asks for each page by one request, which the trace records as "GETALL".
    expect(harOf('preset=kruse-acts&http=getall').har.log.pages.map((p) => p.title)).toEqual([
      'test (load 1, /acts)',
      'test (load 2, /oufr)',
      'test (load 3, /Test)',
      'test (load 4, /LeRC)',
      'test (load 5, /acts)',
    ]);
  });
  it.each(QUERIES)('%s: valid shape, timings add up and match the metrics', (query) => {
    const { har, metrics, objects, loads } = harOf(query);
    expect(har.log.version).toBe('1.2');
    expect(har.log.creator).toEqual({ name: 'Roundtrip', version: expect.any(String) });
    expect(har.log.pages).toHaveLength(loads);
    for (const [load, page] of har.log.pages.entries()) {
      has(page, ['startedDateTime', 'id', 'title', 'pageTimings']);
      // One entry per object per load (every attempt, when a request had to be asked again).
      const entries = har.log.entries.filter((e) => e.pageref === page.id);
      expect(new Set(entries.map((e) => e.request.url)).size).toBe(objects(load));
      expect(page.pageTimings.onLoad).toBeGreaterThan(0);
    }
    expect(har.log.entries).toHaveLength(metrics.objects.length);
    har.log.entries.forEach((e, i) => {
      expectHar12Entry(e);
      const t = e.timings;
      expect(t.dns).toBe(-1);
      for (const part of [t.blocked, t.connect, t.send, t.wait, t.receive])
        expect(part).toBeGreaterThanOrEqual(0);
      expect(e.time).toBeCloseTo(t.blocked + t.connect + t.send + t.wait + t.receive, 6);
      // The request was written after blocked + connect; the last byte arrived at the end.
      const start = msAfterEpoch(e.startedDateTime);
      const object = metrics.objects[i];
      expect(start + t.blocked + t.connect).toBeCloseTo(object.start_s * 1000, 2);
      expect(start + e.time).toBeCloseTo(object.end_s! * 1000, 2);
      expect(e.response.headersSize + e.response.bodySize).toBe(object.size);
      expect([200, 304]).toContain(e.response.status);
    });
  });

  it('methods, statuses and sizes are the exchange: HEAD and 304 have no body, Content-Length is the body', () => {
    const { har } = harOf('preset=nielsen-lan-1.0-revalidate');
    const [html, ...images] = har.log.entries;
    expect([html.request.method, html.response.status, html.response.bodySize > 0]).toEqual([
      'GET',
      200,
      true,
    ]);
    for (const e of images) {
      expect([e.request.method, e.response.status, e.response.bodySize]).toEqual(['HEAD', 200, 0]);
      expect(e.request.httpVersion).toBe('HTTP/1.0');
    }
    const revalidate = harOf('preset=nielsen-lan-1.1-revalidate').har.log.entries;
    for (const e of revalidate) {
      expect([e.request.method, e.response.status, e.response.bodySize]).toEqual(['GET', 304, 0]);
      expect(e.request.headers.map((h) => h.name)).toContain('If-Modified-Since');
    }
    const gzip = harOf('preset=nielsen-lan-pipe-gzip-first').har.log.entries[0];
    expect(gzip.response.headers).toContainEqual({ name: 'Content-Encoding', value: 'deflate' });
    const length = gzip.response.headers.find((h) => h.name === 'Content-Length')!.value;
    expect(Number(length)).toBe(gzip.response.bodySize);
  });

  it('the first request on a connection pays the handshake; a reused connection does not', () => {
    const { har } = harOf('preset=nielsen-lan-1.1-first');
    const [first, ...rest] = har.log.entries;
    expect(first.timings.connect).toBeGreaterThan(0);
    for (const e of rest) expect(e.timings.connect).toBe(0);
    expect(new Set(har.log.entries.map((e) => e._connection))).toEqual(new Set([0]));
  });

  it('dates count from 1997-01-01 to the microsecond, deterministically', () => {
    expect(harDate(0)).toBe('1997-01-01T00:00:00.000000Z');
    expect(harDate(1_234_567_891)).toBe('1997-01-01T00:00:01.234567Z');
    expect(JSON.stringify(harOf('preset=heidemann-odd-final').har)).toBe(
      JSON.stringify(harOf('preset=heidemann-odd-final').har),
    );
  });
});

describe('sim --format har', () => {
  const sim = (...args: string[]) =>
    spawnSync('node_modules/.bin/tsx', ['src/cli/sim.ts', ...args], { encoding: 'utf8', timeout: 60_000 });

  it('prints the HAR; an unknown format is a one-line error with exit code 2', () => {
    const out = sim('preset=heidemann-odd-final&nagle=0', '--format', 'har');
    expect(out.status).toBe(0);
    const har = JSON.parse(out.stdout) as Har;
    expect(har.log.entries.map((e) => e.request.url)).toEqual([
      'http://server.example:8080/',
      'http://server.example:8080/o01',
    ]);
    expect(har.log.pages[0].title).toMatch(/^The odd, short final segment \(Heidemann Fig\. 4\): .*nagle=0/);
    const bad = sim('', '--format', 'hra');
    expect(bad.status).toBe(2);
    expect(bad.stderr.trim()).toBe('sim: unknown format hra (metrics, json, tcpdump, har or qlog)');
  }, 60_000); // two Node processes: slow on a busy machine

  it("a sweep's name given as a preset's is named as the sweep it is, as the page names it", () => {
    const out = sim('preset=kruse-fig2');
    expect(out.status).toBe(2);
    expect(out.stderr).toContain('no such preset; did you mean sweep=kruse-fig2?');
  }, 60_000);
});

describe('the HAR names the port each connection went to', () => {
  it.each([
    ['', 'http://server.example:8080/'], // the papers' port, not HTTP's default 80
    ['http=2&tls=none', 'http://server.example:8080/'], // h2c on the same port
    ['tls=1.2', 'https://server.example/'], // 443, HTTPS's default: no port in the URL
    ['http=2', 'https://server.example/'],
    ['http=3', 'https://server.example/'],
  ])('%s: %s', (query, first) => {
    const entries = harOf(query).har.log.entries;
    expect(entries[0].request.url).toBe(first);
    for (const e of entries) {
      const url = new URL(e.request.url);
      const host = e.request.headers.find((h) => h.name === 'Host')?.value;
      expect(host).toBe(url.host); // the Host header and the URL agree
    }
  });
});

describe('the HAR of a TLS run', () => {
  it('names the protocol per entry, and counts the TLS handshake as ssl inside connect', () => {
    const q = 'rtt=100&delack=off&nagle=0&iw=10&page=custom&objects=1000,2000';
    const plain = harOf(q).har.log.entries;
    const tls = harOf(`${q}&tls=1.2`).har.log.entries;
    expect(plain[0]._protocol).toBe('http/1.1');
    expect(plain[0]._tls).toBeUndefined();
    expect(plain[0].timings.ssl).toBeUndefined();
    expect(tls[0]._tls).toBe('1.2');
    expect(tls[0].request.url).toMatch(/^https:/);
    // TLS 1.2: two round trips after TCP's one, all of it the connection's setup.
    expect(tls[0].timings.ssl).toBeCloseTo(200, -1);
    expect(tls[0].timings.connect - plain[0].timings.connect).toBeCloseTo(tls[0].timings.ssl!, 3);
    expect(tls[1].timings.ssl).toBe(-1); // the second request reuses the connection
    for (const e of tls) expectHar12Entry(e);
  });
});

describe('the HAR of an HTTP/2 or HTTP/3 run', () => {
  it('gives each entry its HTTP version and the request as HTTP/1.1 would write its fields', () => {
    // The engine records HEADERS frames compressed (a few dozen bytes after the first): the
    // request line had been cut from that size, and read "HTT" or "HT" as the version.
    for (const [mode, version] of [
      ['2', 'HTTP/2.0'],
      ['3', 'HTTP/3'],
    ] as const) {
      const entries = harOf(`page=almanac24&link=lte&http=${mode}`).har.log.entries;
      expect(entries.length).toBeGreaterThan(60);
      for (const e of entries) {
        expect(e.request.httpVersion, mode).toBe(version);
        expect(e.response.httpVersion, mode).toBe(version);
        expect(e.request.headers.map((h) => h.name)).toContain('Host');
        expect(e.request.url).toMatch(/^https:\/\/server\.example\//);
        expectHar12Entry(e);
      }
      // Sizes stay those on the wire: later requests' HEADERS frames are small.
      expect(entries[entries.length - 1].request.headersSize).toBeLessThan(60);
    }
  });
});
