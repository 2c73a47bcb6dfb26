// What the smaller views derive from a trace: waterfall phases, the time breakdown, the callout.
import { describe, expect, it } from 'vitest';
import { buildHar } from '../src/engine/har';
import { elapsedNs } from '../src/engine/metrics';
import { runQuery, toSimInput } from '../src/scenario';
import { adviceFor } from '../src/ui/callout/stallAdvice';
import { breakdown } from '../src/scenario/breakdown';
import { textOn } from '../src/views/breakdownStyle';
import { phaseWords, waterfallRows, type WaterfallRow } from '../src/views/waterfallPhases';

describe('waterfall', () => {
  it('gives one row per exchange with ordered, non-overlapping phases ending at the response end', () => {
    const { trace } = runQuery('');
    const rows = waterfallRows(trace);
    expect(rows).toHaveLength(trace.exchanges.length);
    for (const row of rows) {
      expect(row.phases.length).toBeGreaterThan(0);
      for (let i = 1; i < row.phases.length; i++)
        expect(row.phases[i].startNs).toBeGreaterThanOrEqual(row.phases[i - 1].endNs);
      const last = row.phases[row.phases.length - 1];
      expect(last.kind).toBe('receiving');
      expect(last.endNs).toBe(row.endNs);
      expect(row.firstByteNs).toBeGreaterThan(row.startNs);
    }
    expect(rows[0].phases[0].kind).toBe('connect');
  });

  // A request lost with its connection was drawn up to the end of the run: three stale requests
  // (Kruse 4.2) "waited for their first byte" for 400 ms after the RST that ended them.
  it.each([
    ['written, then met a stale connection’s RST', 'stale=1&katimeout=1&loads=2&loadgap=2&http=1.0ka', true],
    ['written, then the connection’s last request', 'http=1.1pipe&maxreq=2', true],
    [
      'never written: its connection closed under a thinking client',
      'cthink=1500&katimeout=1&loads=2',
      false,
    ],
  ])('ends a request lost %s where the client asked again', (_, query, written) => {
    const { trace } = runQuery(query);
    const rows = waterfallRows(trace);
    const lost = trace.exchanges.filter((x) => x.lost);
    expect(lost.length).toBeGreaterThan(0);
    expect(lost.some((x) => x.startNs >= 0)).toBe(written);
    for (const x of lost) {
      const row = rows.find((r) => r.key === `${x.conn}-${x.id}`)!;
      const retry = trace.exchanges.find(
        (o) => o.load === x.load && o.object === x.object && o.attempt === x.attempt + 1,
      )!;
      expect(row.lostNs).toBe(retry.queuedNs);
      expect(row.written).toBe(x.startNs >= 0);
      expect(row.startNs).toBeGreaterThanOrEqual(0);
      expect(Math.max(...row.phases.map((p) => p.endNs))).toBeLessThanOrEqual(retry.queuedNs);
      if (!row.written) expect(row.phases.map((p) => p.kind)).toEqual(['queued']);
    }
    // The rows a lost one shares its connection with keep their places in its stream.
    for (const row of rows.filter((r) => r.lostNs === null))
      expect(row.phases[row.phases.length - 1].endNs).toBe(row.endNs);
  });

  // "Server think" had been everything from the request's reading to its response's first write:
  // on Nielsen's pipelined LAN run one row thought for 528 ms where the server thinks 102 ms at most.
  it.each([
    ['HTTP/1.1 pipelined: a request waits for the responses before it, then is thought about', ''],
    ['HTTP/2: every request is thought about at once, its response then waits its turn', '&http=2'],
  ])("draws as server think only the server's think time (%s)", (_, extra) => {
    const { trace } = runQuery(`preset=nielsen-lan-pipe-first${extra}`);
    const thinks = trace.stalls.filter((s) => s.cause === 'server-think');
    const rows = waterfallRows(trace);
    const server = rows.flatMap((r) => r.phases.filter((p) => p.kind === 'server'));
    expect(server).toHaveLength(thinks.length);
    const total = (xs: Array<{ startNs: number; endNs: number }>) =>
      xs.reduce((sum, x) => sum + x.endNs - x.startNs, 0);
    expect(total(server)).toBe(total(thinks));
    const waits = rows.flatMap((r) => r.phases.filter((p) => p.kind === 'server-wait'));
    if (extra) expect(waits).toHaveLength(0);
    else expect(total(waits)).toBeGreaterThan(10e9); // 11.2 s in all: the page's 42 images in turn
  });

  it('ends a request the client gave up on where the client left its connection', () => {
    // 20% loss, one request per connection: after attempts on connections that answered nothing
    // the client gives up on two images; no retry says when, the client's leaving the connection does.
    const { trace } = runQuery('loss=20&maxreq=1&http=1.1pipe&stale=1&seed=2');
    const rows = waterfallRows(trace).filter((r) => r.lostNs !== null && !r.askedAgain);
    expect(rows.length).toBe(2);
    for (const row of rows) {
      const left = trace.events.find(
        (e) => e.conn === row.conn && e.side === 'client' && ['close', 'reset', 'timeout'].includes(e.kind),
      )!;
      expect(row.lostNs).toBe(left.atNs);
      expect(row.lostNs).toBeLessThan(trace.endNs);
      expect(Math.max(...row.phases.map((p) => p.endNs))).toBeLessThanOrEqual(left.atNs);
    }
  });

  it('shows a response that never began as a wait for its first byte, not bytes of the handshake received', () => {
    // Over TLS, with 20% loss, the second connection's request is read and answered, and the
    // connection lost before a byte of the response arrives. The row was "receiving" from the
    // TLS handshake's delivery, 22 s before the request was written.
    const { trace } = runQuery('http=1.0ka&tls=1.3&katimeout=1&cthink=1000&loss=20&seed=17');
    const x = trace.exchanges.find((e) => e.lost && e.startNs >= 0 && e.firstByteNs === null)!;
    const row = waterfallRows(trace).find((r) => r.key === `${x.conn}-${x.id}`)!;
    expect(row.phases.map((p) => p.kind)).toEqual([
      'connect',
      'tls',
      'queued',
      'request',
      'server',
      'first-byte',
    ]);
    for (let i = 1; i < row.phases.length; i++)
      expect(row.phases[i].startNs).toBeGreaterThanOrEqual(row.phases[i - 1].endNs);
    expect(row.phases[row.phases.length - 1].endNs).toBe(row.lostNs);
  });
});

describe("the waterfall's connection setup and request, as the HAR gives them", () => {
  /** A row's phases as its tooltip names them, each with its length in ms to the microsecond, as the HAR's. */
  const named = (row: WaterfallRow) =>
    row.phases.map((p) => [phaseWords(p), Math.round((p.endNs - p.startNs) / 1e3) / 1e3] as const);
  const harOf = (query: string) => {
    const run = runQuery(query);
    return { run, entries: buildHar(run.trace, toSimInput(run.config.settings).http, 'test').log.entries };
  };

  // The TLS handshake had been drawn as "waiting its turn" (5.13 ms on `tls=1.3`), while the HAR
  // gave it as ssl 4.634 ms and the breakdown as "TLS handshake 4.63 ms".
  it.each(['tls=1.3', 'http=2'])(
    'draws the TLS handshake as its own phase, as long as the HAR’s ssl (%s)',
    (query) => {
      const { run, entries } = harOf(query);
      const first = waterfallRows(run.trace)[0];
      expect(named(first).slice(0, 3)).toEqual([
        ['connecting', 0.481],
        ['TLS handshake', entries[0].timings.ssl],
        ['waiting its turn', 0.5], // the client's think time, the HAR's blocked
      ]);
      expect(entries[0].timings.ssl).toBeCloseTo(4.634, 3);
      expect(entries[0].timings.connect).toBe(5.116); // ssl inside connect (HAR 1.2)
    },
  );

  it('draws QUIC’s one handshake as connecting, TLS included, as long as the HAR’s connect (and ssl)', () => {
    const { run, entries } = harOf('http=3');
    const first = waterfallRows(run.trace)[0];
    expect(named(first)[0]).toEqual(['connecting (QUIC and TLS at once)', entries[0].timings.connect]);
    expect(entries[0].timings.ssl).toBe(entries[0].timings.connect);
    expect(first.phases.some((p) => p.kind === 'tls')).toBe(false);
  });

  // Over TLS, HTTP/1.0's second connection's GET waits 184 ms for Nagle's algorithm (the TLS
  // handshake's last segment is unacknowledged, delayed): it had read "request on the wire 185 ms".
  it('says a request Nagle held at the client was held, for as long as the HAR’s send', () => {
    const { run, entries } = harOf('http=1.0&conns=4&tls=1.3');
    const row = waterfallRows(run.trace).find((r) => r.label === '/images/yahoo1.gif')!;
    const entry = entries.find((e) => e.request.url.endsWith('/images/yahoo1.gif'))!;
    const parts = named(row);
    const held = parts.find(([words]) => words === 'request held by Nagle')!;
    expect(held[1]).toBeCloseTo(entry.timings.send, 3);
    expect(held[1]).toBeCloseTo(184.178, 3);
    const nagle = run.trace.stalls.find(
      (s) => s.conn === row.conn && s.side === 'client' && s.cause === 'nagle',
    )!;
    expect(row.phases.find((p) => p.kind === 'held')).toMatchObject({
      startNs: nagle.startNs,
      endNs: nagle.endNs,
    });
    // What follows is the request on its way: under a millisecond on the LAN.
    const wire = parts[parts.indexOf(held) + 1];
    expect(wire[0]).toBe('request on the wire');
    expect(wire[1]).toBeLessThan(1);
  });

  it('does not call a wait after the request left (for an RTO, its data lost) a hold of it', () => {
    // 20% loss: the client's RTO wait begins as its request leaves, and the request arrives 0.2 ms later.
    const { trace } = runQuery('http=1.0ka&tls=1.3&katimeout=1&cthink=1000&loss=20&seed=17');
    const rows = waterfallRows(trace);
    const rto = trace.stalls.filter((s) => s.side === 'client' && s.cause === 'rto');
    expect(rto.length).toBeGreaterThan(0);
    expect(rows.flatMap((r) => r.phases).filter((p) => p.kind === 'held')).toEqual([]);
  });
});

describe('where the time went', () => {
  it('splits the elapsed time of one connection into stall causes and transfer', () => {
    const { trace, path } = runQuery('');
    const b = breakdown(trace, path);
    expect(b.totalNs).toBe(elapsedNs(trace));
    expect(b.parts.reduce((sum, p) => sum + p.ns, 0)).toBe(b.totalNs);
    expect(b.parts.map((p) => p.cause)).toContain('delayed-ack');
  });

  it('picks readable text over each fill', () => {
    expect(textOn('#F0E442')).toBe('#000000');
    expect(textOn('#332288')).toBe('#ffffff');
  });
});

describe('the stall callout', () => {
  it('names the delayed-ACK wait of the default page and suggests the header flush', () => {
    const run = runQuery('');
    const advice = adviceFor(run.trace, run.config.settings, breakdown(run.trace, run.path))!;
    expect(advice.stall.cause).toBe('delayed-ack');
    expect(advice.sentence).toMatch(/^The server waited \d+\sms for a delayed ACK$/);
    expect(advice.candidates[0]).toEqual({ key: 'flush', value: 'none' });
  });

  it('suggests Nagle off for the odd final segment, and falls silent once it is off', () => {
    const odd = runQuery('preset=heidemann-odd-final');
    expect(adviceFor(odd.trace, odd.config.settings, breakdown(odd.trace, odd.path))?.candidates[0]).toEqual({
      key: 'nagle',
      value: false,
    });
    const fixed = runQuery('preset=heidemann-odd-final&nagle=0');
    expect(adviceFor(fixed.trace, fixed.config.settings, breakdown(fixed.trace, fixed.path))).toBeNull();
  });
});
