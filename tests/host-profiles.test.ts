// Host profiles and the busy client: per-side delayed ACK, ACK-on-read (BSD's window-update ACK
// when the application reads), and the stack profiles that bundle them.
import { describe, expect, it } from 'vitest';
import { parseQuery } from '../src/scenario/codec';
import { toSimInput } from '../src/scenario/resolve';
import { simulate } from '../src/engine/simulate';
import { HOST_PROFILES } from '../src/scenario/hosts/profiles';
import { FLAG } from '../src/engine/trace';
import { computeMetrics } from '../src/engine/metrics';
import { MSS, TcpHarness } from './support/tcpHarness';

const input = (query: string) => toSimInput(parseQuery(query).config.settings);

describe('ACK-on-read', () => {
  it('a busy application holds the ACK until it reads, then one window update covers it all', () => {
    const h = new TcpHarness({ delack: 'fixed', ackOnRead: true }).open();
    h.tcp.holdReads(h.sim.now + 50e6);
    for (let i = 0; i < 4; i++) h.sendSegment({ seq: 1 + i * MSS, len: MSS });
    h.expectNothing(); // four segments, no ACK: nobody has read them
    h.advanceMs(51);
    const ack = h.expectSegment({ ack: 1 + 4 * MSS, len: 0, reason: 'window-update' });
    expect(ack.atNs).toBe(50e6);
  });

  it('without it the same segments are ACKed every second one as they arrive', () => {
    const h = new TcpHarness({ delack: 'fixed', ackOnRead: false }).open();
    h.tcp.holdReads(h.sim.now + 50e6);
    for (let i = 0; i < 4; i++) h.sendSegment({ seq: 1 + i * MSS, len: MSS });
    h.expectSegment({ ack: 1 + 2 * MSS, reason: 'ack-now' });
    h.expectSegment({ ack: 1 + 4 * MSS, reason: 'ack-now' });
  });

  it('the delayed-ACK timer still answers a long-busy application', () => {
    const h = new TcpHarness({ delack: 'fixed', delackNs: 200e6, ackOnRead: true }).open();
    h.tcp.holdReads(h.sim.now + 1e9);
    h.sendSegment({ seq: 1, len: MSS });
    h.sendSegment({ seq: 1 + MSS, len: MSS });
    h.advanceMs(201);
    h.expectSegment({ ack: 1 + 2 * MSS, reason: 'ack-delayed' });
  });
});

describe('per-side delayed ACK and stack profiles', () => {
  it('delack.client and delack.server set each side alone', () => {
    const p = input('delack=bsd&delack.client=off&delack.server=fixed');
    expect(p.client.delack).toBe('off');
    expect(p.server.delack).toBe('fixed');
  });

  it('a profile sets each side; an individual key overrides it', () => {
    const p = input('stack.client=nt40&stack.server=bsd44');
    expect([p.client.delack, p.client.delackNs, p.client.ackOnRead]).toEqual(['fixed', 200e6, false]);
    expect([p.server.delack, p.server.ackOnRead]).toEqual(['bsd', true]);
    const q = input('stack=bsd44&ackread.client=0&delack.server=off');
    expect([q.client.delack, q.client.ackOnRead]).toEqual(['bsd', false]);
    expect([q.server.delack, q.server.ackOnRead]).toEqual(['off', true]);
  });

  it("a Linux stack's sender defaults give way to any value chosen, BSD's own included", () => {
    const sender = (q: string) => {
      const s = input(q).server;
      return [s.initialWindow, s.congestionControl, s.slowStartRestart, s.sack, s.minRtoNs / 1e6];
    };
    expect(sender('stack=linux')).toEqual(['10', 'cubic', 'rfc', true, 200]);
    expect(sender('')).toEqual(['2', 'reno', 'off', false, 1000]);
    // BSD's values chosen under Linux hold: they had been the keys' defaults, which gave way to the
    // stack, so choosing Reno or 2 segments changed nothing while the controls said it had.
    expect(sender('stack=linux&iw=2&cc=reno&ssr=off&sack=0&minrto=1000')).toEqual([
      '2',
      'reno',
      'off',
      false,
      1000,
    ]);
    // Unset, each side takes its own stack's.
    const mixed = input('stack.server=linux');
    expect([mixed.server.initialWindow, mixed.client.initialWindow]).toEqual(['10', '2']);
  });

  it("a delayed-ACK period chosen holds over a stack's, BSD's 200 ms included", () => {
    const period = (q: string) => [input(q).server.delackNs / 1e6, input(q).client.delackNs / 1e6];
    expect(period('stack.server=solaris25')).toEqual([50, 200]); // Solaris 2.5 defers 50 ms
    expect(period('stack.server=solaris25&delackms=200')).toEqual([200, 200]); // had stayed 50
    expect(period('stack.server=solaris25&delackms=100')).toEqual([100, 100]);
  });

  it('the default profile is the general settings (old links keep their behaviour)', () => {
    const before = input('delack=fixed&delackms=100');
    expect([before.client.delack, before.client.delackNs, before.client.ackOnRead]).toEqual([
      'fixed',
      100e6,
      false,
    ]);
    expect(before.server.delack).toBe('fixed');
  });

  it("Solaris 2.5 defers an ACK 50 ms, its own timer per connection (Sun's tcp.c of 1996)", () => {
    const p = input('stack.server=solaris25');
    expect([p.server.delack, p.server.delackNs, p.server.ackOnRead]).toEqual(['fixed', 50e6, false]);
    // A lone segment to it is answered by the timer 50 ms later, not at a shared 200 ms tick.
    const h = new TcpHarness({ delack: p.server.delack, delackNs: p.server.delackNs }).open();
    const sentNs = h.sim.now;
    h.sendSegment({ seq: 1, len: 100 });
    h.advanceMs(49);
    h.expectNothing();
    h.advanceMs(2);
    const ack = h.expectSegment({ ack: 101, reason: 'ack-delayed' });
    expect(ack.atNs - sentNs).toBe(50e6);
  });

  it('every profile names its source', () => {
    for (const profile of Object.values(HOST_PROFILES)) expect(profile.source.length).toBeGreaterThan(40);
  });
});

describe('the client as a busy application', () => {
  const clientAcks = (query: string) => {
    const trace = simulate(input(query));
    return trace.packets.filter((p) => p.dir === 'c2s' && p.len === 0 && !(p.flags & (FLAG.SYN | FLAG.FIN)))
      .length;
  };
  const page = 'link=ethernet10&http=1.1pipe&page=microscape&cparse=8&delack.client=bsd';

  it('a BSD client that parses each response sends fewer, stretched ACKs', () => {
    const reading = clientAcks(`${page}&ackread.client=0`);
    const busy = clientAcks(`${page}&ackread.client=1`);
    expect(busy).toBeLessThan(reading * 0.8);
  });

  it('with no work per response, ACK-on-read changes nothing', () => {
    const q = 'link=ethernet10&http=1.1pipe&page=microscape&delack.client=bsd';
    expect(clientAcks(`${q}&ackread.client=1`)).toBe(clientAcks(`${q}&ackread.client=0`));
  });
});

describe('revalidation that validates the HTML first', () => {
  const exchanges = (query: string) => {
    const trace = simulate(input(query));
    const html = trace.exchanges.find((e) => e.object === 0)!;
    const images = trace.exchanges.filter((e) => e.object > 0);
    return { html, images };
  };
  const base = 'link=ethernet10&http=1.1pipe&page=microscape&visit=revalidate';

  it('reval=html: no image is asked for before the HTML is found unchanged', () => {
    const { html, images } = exchanges(`${base}&reval=html`);
    expect(images.length).toBe(42);
    expect(Math.min(...images.map((e) => e.startNs))).toBeGreaterThanOrEqual(html.endNs!);
  });

  it('reval=all: the images are asked for from the cache before the 304 of the HTML arrives', () => {
    const { html, images } = exchanges(`${base}&reval=all`);
    expect(Math.min(...images.map((e) => e.startNs))).toBeLessThan(html.endNs!);
  });
});

describe('where the trace was taken', () => {
  const lossy = 'link=wan&http=1.1&page=microscape&loss=3&seed=7';
  const metricsAt = (capture: string) => {
    const trace = simulate(input(`${lossy}&capture=${capture}`));
    return { trace, m: computeMetrics(trace) };
  };

  it("capture=client sees all it sent and what reached it, not the server's packets lost on the way", () => {
    const { trace, m } = metricsAt('client');
    const lostToClient = trace.packets.filter((p) => p.dir === 's2c' && p.arriveNs === null).length;
    expect(lostToClient).toBeGreaterThan(0);
    expect(m.packets.total).toBe(trace.packets.length - lostToClient);
    expect(m.packets.c2s).toBe(trace.packets.filter((p) => p.dir === 'c2s').length);
  });

  it('capture=server is the mirror image, and wire counts every packet sent', () => {
    const server = metricsAt('server');
    const lostToServer = server.trace.packets.filter((p) => p.dir === 'c2s' && p.arriveNs === null).length;
    expect(server.m.packets.total).toBe(server.trace.packets.length - lostToServer);
    const wire = metricsAt('wire');
    expect(wire.m.packets.total).toBe(wire.trace.packets.length);
  });
});

describe('closing on the last byte', () => {
  it('a client that closes on reading data that came with the FIN sends one FIN that ACKs it (BSD)', () => {
    const trace = simulate(input('preset=nielsen-lan-1.0-first'));
    let checked = 0;
    for (const c of trace.connections) {
      const serverFin = trace.packets.find((p) => p.conn === c.id && p.dir === 's2c' && p.flags & FLAG.FIN);
      if (!serverFin || serverFin.len === 0 || serverFin.arriveNs === null) continue;
      const after = trace.packets.filter(
        (p) => p.conn === c.id && p.dir === 'c2s' && p.sendNs >= serverFin.arriveNs!,
      );
      expect(after.length).toBe(1);
      expect(after[0].flags & FLAG.FIN).toBeTruthy();
      expect(after[0].ack).toBe(serverFin.seq + serverFin.len + 1);
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });
});
