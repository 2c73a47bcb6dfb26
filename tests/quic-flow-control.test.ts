// QUIC flow control (RFC 9000 4) with a chosen window (h3window): the server never sends past the
// limits the client has given it, waits when they are spent (stall cause flow-control), and goes
// on when MAX_STREAM_DATA or MAX_DATA arrives; the client gives credit back at half a window read,
// and sends a lost limit again. Without the key, nothing of it is on the wire.
import { describe, expect, it } from 'vitest';
import { objectsNeverArrived } from '../src/engine/metrics';
import type { PacketRecord, Trace } from '../src/engine/trace';
import { LESSONS } from '../src/scenario/lessons';
import { run } from './support/trace';

const PAGE = 'http=3&link=lte&page=almanac24';

/** The client's limits, [stream or -1, value], in the order they reached the server. */
function limitsArrived(trace: Trace, conn: number): Array<{ atNs: number; id: number; max: number }> {
  const out: Array<{ atNs: number; id: number; max: number }> = [];
  for (const p of trace.packets) {
    if (p.conn !== conn || p.dir !== 'c2s' || p.arriveNs === null || !p.quic) continue;
    for (const q of p.quic.packets)
      for (const [id, max] of q.limits ?? []) out.push({ atNs: p.arriveNs, id, max });
  }
  return out.sort((a, b) => a.atNs - b.atNs);
}

/** Every STREAM frame the server sent lies within the limits it had heard of when it sent it. */
function checkLimitsKept(trace: Trace, window: number): void {
  for (const conn of trace.connections.map((c) => c.id)) {
    const limits = limitsArrived(trace, conn);
    const sentTo = new Map<number, number>(); // each stream's highest offset sent
    const served = trace.packets.filter((p: PacketRecord) => p.conn === conn && p.dir === 's2c' && p.quic);
    for (const p of served) {
      const heard = limits.filter((l) => l.atNs <= p.sendNs);
      const connMax = Math.max(window, ...heard.filter((l) => l.id < 0).map((l) => l.max));
      for (const q of p.quic!.packets)
        for (const [id, offset, len] of q.streams ?? []) {
          sentTo.set(id, Math.max(sentTo.get(id) ?? 0, offset + len));
          if (id % 4 !== 0) continue; // the server's own streams: the per-stream limit is the client's bidi one
          const streamMax = Math.max(window, ...heard.filter((l) => l.id === id).map((l) => l.max));
          expect(offset + len, `stream ${id} at ${p.sendNs} ns`).toBeLessThanOrEqual(streamMax);
        }
      const total = [...sentTo.values()].reduce((a, b) => a + b, 0);
      expect(total, `connection ${conn} at ${p.sendNs} ns`).toBeLessThanOrEqual(connMax);
    }
  }
}

describe('QUIC flow control (h3window)', () => {
  it('the server keeps within the limits, waits when they are spent, and the page takes longer', () => {
    const free = run(PAGE);
    const held = run(`${PAGE}&h3window=16384`);
    checkLimitsKept(held, 16_384);
    const waits = held.stalls.filter((s) => s.cause === 'flow-control');
    expect(waits.length).toBeGreaterThan(20);
    expect(waits.every((s) => s.side === 'server')).toBe(true);
    const waited = waits.reduce((sum, s) => sum + s.endNs - s.startNs, 0);
    expect(waited).toBeGreaterThan(5e9);
    expect(held.loads[0].endNs!).toBeGreaterThan(2 * free.loads[0].endNs!);
    // A browser's window: no limit frame, no wait.
    expect(free.stalls.some((s) => s.cause === 'flow-control')).toBe(false);
    expect(limitsArrived(free, 0)).toEqual([]);
  });

  it('the server says when flow control holds it (DATA_BLOCKED), once for each limit, at the limit it had heard', () => {
    const trace = run(`${PAGE}&h3window=16384`);
    const limits = limitsArrived(trace, 0);
    const said: number[] = [];
    for (const p of trace.packets) {
      if (p.dir !== 's2c' || !p.quic) continue;
      for (const q of p.quic.packets)
        for (const [id, limit] of q.blocked ?? []) {
          expect(id).toBe(-1); // the connection's window binds first: every stream shares it
          const heard = Math.max(
            16_384,
            ...limits.filter((l) => l.id < 0 && l.atNs <= p.sendNs).map((l) => l.max),
          );
          expect(limit).toBe(heard);
          said.push(limit);
        }
    }
    expect(said.length).toBeGreaterThan(20);
    expect(new Set(said).size).toBe(said.length); // no limit said twice on a loss-free path
    // Without the key, none.
    expect(run(PAGE).packets.some((p) => p.quic?.packets.some((q) => q.blocked))).toBe(false);
  });

  it('the client gives credit back at half a window read: each new limit is what it had read plus a window', () => {
    const window = 65_536;
    const size = 300_000;
    const trace = run(`http=3&link=wan&objects=${size}&h3window=${window}`);
    checkLimitsKept(trace, window);
    // Stream 0 is the request for the object.
    // A limit may come twice: a probe timeout (RFC 9002 6.2.4) sends the unacknowledged one again.
    const values = [
      ...new Set(
        limitsArrived(trace, 0)
          .filter((l) => l.id === 0)
          .map((l) => l.max),
      ),
    ];
    const updates = values.map((max) => ({ max }));
    // Read 300,000 bytes; a new limit at each 32 KB read past the last: about 8.
    expect(updates.length).toBeGreaterThanOrEqual(7);
    expect(updates.length).toBeLessThanOrEqual(9);
    for (let i = 1; i < updates.length; i++) {
      expect(updates[i].max).toBeGreaterThan(updates[i - 1].max);
      // Given at half a window read: the next limit is at most half a window plus a packet further on.
      expect(updates[i].max - updates[i - 1].max).toBeLessThanOrEqual(window / 2 + 1500);
    }
    expect(updates[0].max).toBeGreaterThanOrEqual(window + window / 2);
  });

  it('a lost limit is sent again: every object arrives over a lossy path with a small window (40 seeds)', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const trace = run(`http=3&link=wan&loss=8&objects=60000,40000&h3window=4096&seed=${seed}`);
      expect(objectsNeverArrived(trace).missing, `seed ${seed}`).toBe(0);
      checkLimitsKept(trace, 4096);
    }
  });

  it("the same window holds HTTP/3 back as it holds HTTP/2 on today's hosts (the README's figures)", () => {
    const today = 'link=lte&page=almanac24&stack=linux&nagle=0&window=1048576';
    const load = (q: string) => run(q).loads[0].endNs! / 1e9;
    const h2 = load(`${today}&http=2&h2window=65535`);
    const h3 = load(`${PAGE}&h3window=65535`);
    expect(h2).toBeCloseTo(4.09, 1);
    expect(h3).toBeCloseTo(4.52, 1);
    // With a browser's windows neither is held: both well under half that.
    expect(load(`${today}&http=2&h2window=6291456`)).toBeLessThan(h2 / 2);
    expect(load(PAGE)).toBeLessThan(h3 / 2);
  });

  it("the lesson's claim: its step 3 HTTP/2 waited on its 64 KB window as the HTTP/3 step does on h3window", () => {
    const lesson = LESSONS.find((l) => l.id === 'from-1997-to-today')!;
    const h2 = lesson.steps[2];
    const h3 = lesson.steps.find((s) => s.query.includes('h3window=65535'))!;
    expect(h2.query).toMatch(/http=2(&|$)/);
    expect(h2.query).not.toMatch(/h2window/); // HTTP/2's default window, 65,535
    expect(h3.question?.explain).toContain('HTTP/2 in step 3 waited on its 64 KB window');
    for (const step of [h2, h3]) {
      const waits = run(step.query).stalls.filter((s) => s.cause === 'flow-control');
      expect(waits.length, step.title).toBeGreaterThan(2);
    }
  });
});
