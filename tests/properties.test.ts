// Invariants over random configurations (fast-check). A failure prints the seed and the
// query that broke, which `npm run sim -- '<query>'` replays.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FLAG, type PacketRecord, type Trace } from '../src/engine/trace';
import { randomQuery } from './support/randomQuery';
import { deliveredBytes, run } from './support/trace';

/** No ACK covers data its sender had not yet received, so never data not yet sent. */
function checkAcksCoverOnlySentData(trace: Trace): void {
  const end = (p: PacketRecord) =>
    p.seq + p.len + (p.flags & FLAG.SYN ? 1 : 0) + (p.flags & FLAG.FIN ? 1 : 0);
  const sent = new Map<string, number>(); // highest sequence number on the wire, per connection and direction
  const bySend = [...trace.packets].sort((a, b) => a.sendNs - b.sendNs);
  for (let i = 0; i < bySend.length;) {
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
  // Every byte reaches the application once and in order (deliveredBytes checks), and what arrives
  // is what was asked for: all of it, unless the connection lost an exchange or was reset.
  for (const c of trace.connections) {
    const toClient = deliveredBytes(trace, c.id, 'client');
    const toServer = deliveredBytes(trace, c.id, 'server');
    const exchanges = trace.exchanges.filter((e) => e.conn === c.id && e.startNs >= 0);
    const sum = (f: (e: (typeof exchanges)[number]) => number) => exchanges.reduce((s, e) => s + f(e), 0);
    const reset = trace.events.some((e) => e.conn === c.id && (e.kind === 'reset' || e.kind === 'abort'));
    expect(toClient).toBeGreaterThanOrEqual(sum((e) => (e.endNs !== null ? e.responseBytes : 0)));
    expect(toClient).toBeLessThanOrEqual(sum((e) => e.responseBytes));
    expect(toServer).toBeLessThanOrEqual(sum((e) => e.requestBytes));
    if (!exchanges.some((e) => e.lost)) {
      expect(toClient).toBe(sum((e) => e.responseBytes));
      if (!reset) expect(toServer).toBe(sum((e) => e.requestBytes));
    }
  }
  // Every request is answered, or its failure is recorded: every object of every load completes,
  // or its last attempt is marked lost.
  for (const load of trace.loads) {
    const ofLoad = trace.exchanges.filter((e) => e.load === load.index);
    for (const object of new Set(ofLoad.map((e) => e.object))) {
      const attempts = ofLoad.filter((e) => e.object === object);
      const done = attempts.some((e) => e.endNs !== null);
      expect(done || attempts.every((e) => e.lost)).toBe(true);
    }
    expect(load.endNs).not.toBeNull();
  }
  checkAcksCoverOnlySentData(trace);
  // Time never goes back.
  for (let i = 1; i < trace.events.length; i++)
    expect(trace.events[i].atNs).toBeGreaterThanOrEqual(trace.events[i - 1].atNs);
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
