// What the smaller views derive from a trace: waterfall phases, the time breakdown, the callout.
import { describe, expect, it } from 'vitest';
import { elapsedNs } from '../src/engine/metrics';
import { runQuery } from '../src/scenario';
import { adviceFor } from '../src/ui/callout/stallAdvice';
import { breakdown } from '../src/scenario/breakdown';
import { textOn } from '../src/views/breakdownStyle';
import { waterfallRows } from '../src/views/waterfallPhases';

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
    expect(row.phases.map((p) => p.kind)).toEqual(['connect', 'queued', 'request', 'server', 'first-byte']);
    for (let i = 1; i < row.phases.length; i++)
      expect(row.phases[i].startNs).toBeGreaterThanOrEqual(row.phases[i - 1].endNs);
    expect(row.phases[row.phases.length - 1].endNs).toBe(row.lostNs);
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
