// CoDel (RFC 8289) at the router queue: its drop schedule on hand-fed sojourn times, and on a real
// run the bufferbloat it removes (Gettys and Nichols 2012): CUBIC through a 1000-packet modem
// buffer waits hundreds of milliseconds in the queue under drop-tail, about TARGET under CoDel, at
// the same throughput.
import { describe, expect, it } from 'vitest';
import { CoDel, CODEL_INTERVAL_NS, CODEL_TARGET_NS } from '../src/engine/codel';
import { computeMetrics } from '../src/engine/metrics';
import { traceHash } from '../src/engine/hash';
import { runQuery } from '../src/scenario';
import { findSweep, measure } from '../src/scenario/sweeps';
import { runSweep } from '../src/scenario/sweepRun';
import { run } from './support/trace';

const MS = 1e6;

/** Packets reaching the head every `gapNs` from 0 to `untilNs`, each having waited `sojournNs(t)`;
 * returns the head times of those CoDel drops. Dropped packets free the head at once, as the link
 * does: the next one is there at the same instant. */
function feed(untilNs: number, gapNs: number, sojournNs: (t: number) => number): number[] {
  const codel = new CoDel();
  const drops: number[] = [];
  for (let t = 0; t <= untilNs; t += gapNs) if (codel.drops(t - sojournNs(t), t, false)) drops.push(t);
  return drops;
}

describe('CoDel drops', () => {
  it('nothing while packets wait less than TARGET, however long', () => {
    expect(feed(2000 * MS, MS, () => CODEL_TARGET_NS - 1)).toEqual([]);
  });

  it('nothing for a burst: a wait above TARGET shorter than INTERVAL', () => {
    expect(feed(2000 * MS, MS, (t) => (t < 90 * MS ? 20 * MS : MS))).toEqual([]);
  });

  it('a standing queue: the first drop once INTERVAL has passed above TARGET, then ever sooner (INTERVAL / sqrt(count))', () => {
    const drops = feed(400 * MS, MS, () => 10 * MS);
    // Above target from t = 0: first_above_time = 100 ms, ok to drop strictly after it.
    expect(drops[0]).toBe(101 * MS);
    const gaps = drops.slice(1, 5).map((t, i) => (t - drops[i]) / MS);
    // 100/sqrt(1), 100/sqrt(2), 100/sqrt(3), 100/sqrt(4), each rounded up to the next packet.
    expect(gaps).toEqual([100, 71, 58, 50]);
  });

  it('leaves the dropping state once a packet waits less than TARGET, and resumes near its rate after', () => {
    const standing = (t: number) => (t < 300 * MS || t >= 330 * MS ? 10 * MS : MS);
    const drops = feed(800 * MS, MS, standing);
    const before = drops.filter((t) => t < 300 * MS);
    const after = drops.filter((t) => t >= 330 * MS);
    expect(before.length).toBeGreaterThan(1);
    expect(drops.some((t) => t >= 300 * MS && t < 330 * MS)).toBe(false);
    // Back above target at 330 ms: the first drop waits INTERVAL again (431 ms); re-entering
    // within 16 intervals starts from the count the last cycle reached, so the drops come faster
    // than a fresh start's 100 ms, 71 ms...
    expect(after[0]).toBe(431 * MS);
    expect((after[1] - after[0]) / MS).toBeLessThan(100);
    expect(CODEL_INTERVAL_NS).toBe(100 * MS);
  });
});

describe('CoDel on the bufferbloat path', () => {
  const QUERY = 'preset=cardwell-bufferbloat&cc=cubic';
  /** The server's smoothed RTT (it includes the queue's wait; the capture's RTT, taken after the
   * queue, does not), median and highest, in ms. */
  const figures = (query: string) => {
    const { trace, path } = runQuery(query);
    const srtt = [...(trace.samples ?? [])]
      .filter((r) => r.side === 'server' && r.srttNs !== null)
      .map((r) => r.srttNs! / MS)
      .sort((a, b) => a - b);
    const drops = (cause: string) => trace.packets.filter((p) => p.drop === cause).length;
    return {
      median: srtt[srtt.length >> 1],
      highest: measure('srtt_max_ms', trace, path),
      seconds: computeMetrics(trace).elapsed_s,
      codel: drops('codel'),
      tail: drops('queue'),
    };
  };

  it("keeps CUBIC's RTT near the path's 20 ms at the same throughput, with a handful of drops", () => {
    const tail = figures(QUERY);
    const codel = figures(`${QUERY}&aqm=codel`);
    // Drop-tail: the 1000-packet buffer fills, the round trip with it; its overflow is the only drop.
    expect(tail.median).toBeGreaterThan(80);
    expect(tail.highest).toBeGreaterThan(200);
    expect(tail.tail).toBeGreaterThan(0);
    expect(tail.codel).toBe(0);
    // CoDel: the path's 20 ms plus about TARGET; no overflow at all.
    expect(codel.median).toBeLessThan(20 + 5 + 3);
    expect(codel.highest).toBeLessThan(35);
    expect(codel.tail).toBe(0);
    expect(codel.codel).toBeGreaterThan(0);
    expect(codel.codel).toBeLessThan(tail.tail);
    expect(codel.seconds / tail.seconds).toBeGreaterThan(0.95);
    expect(codel.seconds / tail.seconds).toBeLessThan(1.05);
  });

  it('aqm=none is drop-tail: the trace of a link without the key', () => {
    expect(traceHash(run(`${QUERY}&aqm=none`))).toBe(traceHash(run(QUERY)));
  });
});

describe('the codel-buffer sweep', () => {
  const spec = findSweep('codel-buffer')!;
  const points = runSweep(spec);
  const at = (x: string, series: string) => points.find((p) => p.x === x && p.series === series)!.y;

  it("drop-tail: the round trip grows with the buffer, from the path's to several times it", () => {
    const tail = spec.x.values.map((x) => at(x, 'none'));
    for (let i = 1; i < tail.length; i++) expect(tail[i]).toBeGreaterThan(tail[i - 1]);
    expect(tail[0]).toBeLessThan(40);
    expect(tail.at(-1)!).toBeGreaterThan(200);
  });

  it("CoDel: near the path's 20 ms at every buffer size", () => {
    for (const x of spec.x.values) expect(at(x, 'codel')).toBeLessThan(20 + 5 + 10);
    expect(spec.measured!((x, s) => at(x, s!))).toMatch(
      /^drop-tail: \d+ ms with 30 packets, \d+ ms with 1000; CoDel: at most \d+ ms$/,
    );
  });
});
