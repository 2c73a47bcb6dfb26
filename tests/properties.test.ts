// Invariants over random configurations (fast-check). A failure prints the seed and the
// query that broke, which `npm run sim -- '<query>'` replays.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FLAG, type PacketRecord, type Trace } from '../src/engine/trace';
import { LINK_KEYS } from '../src/scenario/links';
import { deliveredBytes, run } from './support/trace';

const randomQuery = fc
  .record({
    link: fc.constantFrom(...LINK_KEYS),
    loss: fc.integer({ min: 0, max: 2000 }).map((x) => x / 100), // up to 20 %
    window: fc.oneof(fc.integer({ min: 256, max: 4096 }), fc.integer({ min: 4096, max: 262144 })),
    mss: fc.integer({ min: 64, max: 1460 }),
    queue: fc.integer({ min: 1, max: 60 }),
    nagle: fc.constantFrom('0', '1'),
    'nagle.client': fc.constantFrom('0', '1'),
    delack: fc.constantFrom('bsd', 'fixed', 'off'),
    delackms: fc.integer({ min: 1, max: 500 }),
    iw: fc.constantFrom('1', '2', '4k', '10'),
    ssr: fc.constantFrom('off', 'bsd', 'rfc'),
    objects: fc.array(fc.integer({ min: 0, max: 30000 }), { minLength: 1, maxLength: 3 }).map((a) => a.join(',')),
    req: fc.integer({ min: 1, max: 400 }),
    hdr: fc.integer({ min: 1, max: 400 }),
    flush: fc.constantFrom('headers', 'none'),
    chunk: fc.integer({ min: 1, max: 8192 }),
    sthink: fc.integer({ min: 0, max: 50 }),
    cthink: fc.integer({ min: 0, max: 2000 }),
    close: fc.constantFrom('client', 'server'),
    closestyle: fc.constantFrom('full', 'half'),
    seed: fc.integer({ min: 0, max: 1_000_000 }),
  })
  .map((r) => new URLSearchParams(Object.entries(r).map(([k, v]) => [k, String(v)])).toString());

const failed = (trace: Trace) => trace.events.some((e) => e.kind === 'reset' || e.kind === 'abort');

/** No ACK covers data its sender had not yet received, so never data not yet sent. */
function checkAcksCoverOnlySentData(trace: Trace): void {
  const end = (p: PacketRecord) => p.seq + p.len + (p.flags & FLAG.SYN ? 1 : 0) + (p.flags & FLAG.FIN ? 1 : 0);
  const sent = new Map<string, number>(); // highest sequence number on the wire, per connection and direction
  const bySend = [...trace.packets].sort((a, b) => a.sendNs - b.sendNs);
  for (let i = 0; i < bySend.length; ) {
    let j = i;
    while (j < bySend.length && bySend[j].sendNs === bySend[i].sendNs) j++;
    for (const p of bySend.slice(i, j)) {
      const key = `${p.conn}${p.dir}`;
      sent.set(key, Math.max(sent.get(key) ?? 0, end(p)));
    }
    for (const p of bySend.slice(i, j)) {
      if (!(p.flags & FLAG.ACK)) continue;
      expect(p.ack).toBeLessThanOrEqual(sent.get(`${p.conn}${p.dir === 'c2s' ? 's2c' : 'c2s'}`) ?? 0);
    }
    i = j;
  }
}

function checkInvariants(trace: Trace): void {
  // Every byte reaches the application once and in order; every request is answered or its failure recorded.
  for (const c of trace.connections) {
    const toClient = deliveredBytes(trace, c.id, 'client');
    const toServer = deliveredBytes(trace, c.id, 'server');
    const exchanges = trace.exchanges.filter((e) => e.conn === c.id);
    if (!failed(trace)) {
      expect(toClient).toBe(exchanges.reduce((s, e) => s + e.responseBytes, 0));
      expect(toServer).toBe(exchanges.reduce((s, e) => s + e.requestBytes, 0));
    }
  }
  for (const e of trace.exchanges) if (e.endNs === null) expect(failed(trace)).toBe(true);
  checkAcksCoverOnlySentData(trace);
  // Time never goes back.
  for (let i = 1; i < trace.events.length; i++) expect(trace.events[i].atNs).toBeGreaterThanOrEqual(trace.events[i - 1].atNs);
  const last = { c2s: -1, s2c: -1 };
  for (const p of trace.packets) {
    if (p.drop === 'queue') continue; // refused at the queue: never went out
    expect(p.sendNs).toBeGreaterThanOrEqual(last[p.dir]); // each link is first in, first out
    last[p.dir] = p.sendNs;
    if (p.arriveNs !== null) expect(p.arriveNs).toBeGreaterThan(p.sendNs);
  }
  for (const s of trace.stalls) expect(s.endNs).toBeGreaterThan(s.startNs);
}

describe('invariants over random configurations', () => {
  it('every run ends, delivers every byte once and in order, never ACKs unsent data, never goes back in time', () => {
    fc.assert(
      fc.property(randomQuery, (query) => {
        checkInvariants(run(query));
      }),
      { numRuns: 300 },
    );
  }, 120_000);

  it('gives a byte-identical trace for the same query', () => {
    fc.assert(
      fc.property(randomQuery, (query) => {
        expect(JSON.stringify(run(query))).toBe(JSON.stringify(run(query)));
      }),
      { numRuns: 50 },
    );
  }, 60_000);
});
