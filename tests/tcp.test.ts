// TCP behaviours, one switch at a time, observed on the wire.
import { describe, expect, it } from 'vitest';
import { Network } from '../src/engine/network';
import { Sim } from '../src/engine/sim';
import { emptyTrace } from '../src/engine/simulate';
import { TraceRecorder } from '../src/engine/sink';
import { FLAG, type Trace } from '../src/engine/trace';
import { parseQuery } from '../src/scenario/codec';
import { toSimInput } from '../src/scenario/resolve';
import { dataSegments, deliveredBytes, ms, run } from './support/trace';

/** Server data segments of one response that left before the first ACK of that response came back. */
function firstFlight(trace: Trace, fromSeq: number): number {
  const acked = trace.packets.filter((p) => p.dir === 'c2s' && p.ack > fromSeq && p.arriveNs !== null);
  const firstAck = Math.min(...acked.map((p) => p.arriveNs!));
  return dataSegments(trace, 's2c').filter((p) => p.seq >= fromSeq && p.sendNs < firstAck).length;
}

describe('initial window', () => {
  const bulk = 'objects=100000&flush=none&hdr=1&rtt=100&delack=off';
  it.each([
    ['1', 1],
    ['2', 2], // BSD: one segment, plus one for the ACK of the SYN
    ['4k', 3], // min(4*1460, max(2*1460, 4380)) = 4380 bytes
    ['10', 10],
  ])('iw=%s sends a first flight of %i segments', (iw, segments) => {
    expect(firstFlight(run(`${bulk}&iw=${iw}`), 1)).toBe(segments);
  });

  it('grows by slow start: each ACK opens the window by a segment', () => {
    const trace = run(`${bulk}&iw=1`);
    // With an ACK per segment, flights double: 1, 2, 4, 8...
    const rtt = 100e6;
    const flights = [0, 1, 2, 3].map(
      (k) =>
        dataSegments(trace, 's2c').filter((p) => p.sendNs >= k * rtt + 1e6 && p.sendNs < (k + 1) * rtt + 1e6)
          .length,
    );
    expect(flights.slice(1)).toEqual([1, 2, 4]);
  });
});

describe('slow-start restart after idle', () => {
  // Two large responses, the second asked for after 3 s of client think (longer than the 1 s RTO).
  const idle = 'objects=100000,100000&flush=none&hdr=1&rtt=100&cthink=3000&delack=off&window=65535';
  it('rfc: a sender idle for longer than the RTO starts again from the initial window', () => {
    const trace = run(`${idle}&ssr=rfc`);
    expect(firstFlight(trace, 100002)).toBe(2);
    expect(trace.events.some((e) => e.kind === 'cwnd-restart' && e.side === 'server')).toBe(true);
  });
  it('off: the window stays open across the idle period (SunOS)', () => {
    const trace = run(`${idle}&ssr=off`);
    expect(firstFlight(trace, 100002)).toBeGreaterThan(10);
    expect(trace.events.some((e) => e.kind === 'cwnd-restart')).toBe(false);
  });
  it('bsd: idle counts from the last segment received, so the request itself prevents the restart', () => {
    expect(firstFlight(run(`${idle}&ssr=bsd`), 100002)).toBeGreaterThan(10);
  });
});

describe('delayed ACK modes', () => {
  it('fixed: the ACK waits the timer, started at the first unacknowledged segment', () => {
    const trace = run('preset=heidemann-short-initial&delack=fixed&delackms=50');
    const stall = trace.stalls.find((s) => s.cause === 'delayed-ack')!;
    expect(ms(stall.endNs - stall.startNs)).toBeGreaterThan(49);
    expect(ms(stall.endNs - stall.startNs)).toBeLessThan(52);
  });
  it('off: every segment is ACKed at once', () => {
    const trace = run('preset=heidemann-short-initial&delack=off');
    expect(trace.stalls.some((s) => s.cause === 'delayed-ack')).toBe(false);
    expect(trace.packets.some((p) => p.reason === 'ack-delayed')).toBe(false);
  });
  it('bsd: the ACK leaves on a tick of the 200 ms clock', () => {
    const trace = run('preset=heidemann-short-initial&delackphase=50');
    const delayed = trace.packets.filter((p) => p.reason === 'ack-delayed');
    expect(delayed.length).toBeGreaterThan(0);
    for (const p of delayed) expect((p.sendNs - 50e6) % 200e6).toBe(0);
  });
});

describe('windows', () => {
  it('never has more in flight than the receiver advertised', () => {
    const trace = run('objects=100000&flush=none&hdr=1&rtt=100&window=4096');
    const acks = trace.packets.filter((p) => p.dir === 'c2s' && p.arriveNs !== null && p.flags & FLAG.ACK);
    let most = 0;
    for (const p of dataSegments(trace, 's2c')) {
      const acked = Math.max(1, ...acks.filter((a) => a.arriveNs! <= p.sendNs).map((a) => a.ack));
      most = Math.max(most, p.seq + p.len - acked);
    }
    expect(most).toBe(4096);
    // 100 KB through a 4 KB window at 100 ms per round trip takes about 25 round trips.
    expect(ms(trace.exchanges[0].endNs!)).toBeGreaterThan(2000);
  });
  it('scales the window above 64 KB when both sides offer it', () => {
    const trace = run('link=geo&window=262144&objects=2000000&flush=none&hdr=1');
    const syn = trace.packets.get(0);
    expect(syn.wscaleOption).toBe(3);
    expect(trace.connections[0].serverWscale).toBe(3);
    const inFlight = Math.max(
      ...dataSegments(trace, 's2c').map((p) => {
        const acks = trace.packets.filter(
          (a) => a.dir === 'c2s' && a.arriveNs !== null && a.arriveNs <= p.sendNs,
        );
        return p.seq + p.len - Math.max(1, ...acks.map((a) => a.ack));
      }),
    );
    expect(inFlight).toBeGreaterThan(65535);
  });
});

describe('loss and recovery', () => {
  const lossy = (seed: number) =>
    run(`objects=300000&flush=none&hdr=1&rtt=50&loss=3&seed=${seed}&window=65535`);
  it('retransmits what was lost and delivers every byte once, in order', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const trace = lossy(seed);
      expect(trace.packets.some((p) => p.drop === 'loss')).toBe(true);
      expect(trace.packets.some((p) => p.reason === 'retransmit' || p.reason === 'fast-retransmit')).toBe(
        true,
      );
      expect(deliveredBytes(trace, 0, 'client')).toBe(300001);
      expect(trace.exchanges[0].endNs).not.toBeNull();
    }
  });
  it('fast-retransmits on three duplicate ACKs, and falls back on the timer otherwise', () => {
    const traces = [1, 2, 3, 4, 5, 6].map(lossy);
    expect(traces.some((t) => t.packets.some((p) => p.reason === 'fast-retransmit'))).toBe(true);
    expect(traces.some((t) => t.timers.some((e) => e.timer === 'rto'))).toBe(true);
    expect(traces.some((t) => t.stalls.some((s) => s.cause === 'rto'))).toBe(true);
  });
  it('drops at a full queue (drop-tail)', () => {
    const trace = run('objects=300000&flush=none&hdr=1&link=ppp28k&queue=3&window=65535&iw=10');
    expect(trace.packets.some((p) => p.drop === 'queue')).toBe(true);
    expect(deliveredBytes(trace, 0, 'client')).toBe(300001);
  });
});

describe('closing', () => {
  it('closes with FINs from both sides', () => {
    const trace = run('objects=1000');
    const fins = trace.packets.filter((p) => p.flags & FLAG.FIN);
    expect(fins.map((p) => p.dir)).toEqual(['c2s', 's2c']);
  });

  it('answers data that reaches a closed socket with an RST', () => {
    const input = toSimInput(parseQuery('').config.settings);
    const sim = new Sim(10_000);
    const trace = emptyTrace();
    const network = new Network(sim, new TraceRecorder(trace), input);
    const resets: string[] = [];
    network.open((pair) => ({
      onEstablished(side) {
        if (side === 'server') pair.server.close(); // the server closes both halves at once
        if (side === 'client') sim.after(5e6, () => pair.client.write(100)); // then the client writes
      },
      onDeliver() {},
      onPeerFin() {},
      onWritable() {},
      onClosed(side, how) {
        resets.push(`${side}:${how}`);
      },
    }));
    sim.run();
    const rst = trace.packets.find((p) => p.flags & FLAG.RST)!;
    expect(rst.dir).toBe('s2c');
    expect(trace.events.some((e) => e.kind === 'reset' && e.side === 'client')).toBe(true);
    expect(resets).toContain('client:reset');
  });

  it('leaves none of its timers queued once both ends have closed', () => {
    // Parked, the RTO and delayed-ACK wake-ups of a closed connection (the server's CLOSED, the
    // client's TIME_WAIT) had stayed queued until their time, a minute ahead for some, and a run
    // of many connections sifted every event through them.
    const input = toSimInput(parseQuery('').config.settings);
    const sim = new Sim(10_000);
    const trace = emptyTrace();
    const network = new Network(sim, new TraceRecorder(trace), input);
    const closed: string[] = [];
    network.open((pair) => ({
      onEstablished(side) {
        if (side !== 'client') return;
        pair.client.write(1000);
        pair.client.close();
      },
      onDeliver() {},
      onPeerFin(side) {
        if (side === 'server') pair.server.close(); // the server answers the client's FIN with its own
      },
      onWritable() {},
      onClosed(side) {
        closed.push(side);
      },
    }));
    sim.runUntil(1e9);
    expect(closed).toEqual(['server']); // the client waits in TIME_WAIT
    expect(trace.packets.filter((p) => p.flags & FLAG.FIN)).toHaveLength(2);
    expect(sim.now).toBe(1e9);
    expect(sim.queued).toBe(0);
  });

  it('lets the other direction go on after a half-close', () => {
    const trace = run('objects=50000&http=1.0&closestyle=half');
    expect(deliveredBytes(trace, 0, 'client')).toBe(50000 + 226);
    expect(trace.packets.some((p) => p.flags & FLAG.RST)).toBe(false);
  });
});
