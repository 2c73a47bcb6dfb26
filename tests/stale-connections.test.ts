// Stale persistent connections: the server closes idle connections (keep-alive timeout, Apache's
// MaxSpareServers), and a browser that does not watch its idle connections finds out only when its
// next request meets the RST (Kruse 4.2); and Kruse's browser loop over four pages.
import { describe, expect, it } from 'vitest';
import { FLAG } from '../src/engine/trace';
import { parseQuery } from '../src/scenario/codec';
import { toSimInput } from '../src/scenario/resolve';
import { run } from './support/trace';

// Two loads 3 s apart on one persistent connection; the server closes it after 1 s idle.
const IDLE_CLOSE = 'link=wan&http=1.1&page=yahoo96&loads=2&loadgap=3&katimeout=1';

describe('a close found only on reuse', () => {
  it('stale=1: the next request meets an RST, is asked again on a new connection, and the stall says why', () => {
    const t = run(`${IDLE_CLOSE}&stale=1`);
    const rst = t.packets.filter((p) => p.dir === 's2c' && p.flags & FLAG.RST);
    expect(rst.length).toBe(1);
    expect(t.connections.length).toBe(2);
    const stale = t.stalls.filter((s) => s.cause === 'stale-connection');
    expect(stale.length).toBe(1);
    expect(stale[0].endNs - stale[0].startNs).toBeGreaterThan(80e6); // a round trip to learn it
    expect(t.events.some((e) => e.kind === 'retry')).toBe(true);
    expect(t.exchanges.filter((e) => e.lost).length).toBe(1);
  });

  it('stale=1: the request asked again is written as soon as the new connection is up, not thought about again', () => {
    // The client thought 100 ms before the first attempt; the retry costs the new connection's
    // round trips (Kruse 4.2: three round trips in all), not another think (it had).
    const t = run(`${IDLE_CLOSE}&stale=1&cthink=100`);
    const retried = t.exchanges.find((e) => e.attempt === 2)!;
    const synAck = t.packets.find((p) => p.conn === retried.conn && p.dir === 's2c' && p.flags & FLAG.SYN)!;
    const handshakeDoneNs = t.packets.find(
      (p) => p.conn === retried.conn && p.dir === 'c2s' && p.sendNs > synAck.sendNs,
    )!.sendNs;
    expect(retried.startNs).toBe(handshakeDoneNs);
    const thinks = t.stalls.filter((s) => s.cause === 'client-think' && s.conn === retried.conn);
    expect(thinks.every((s) => s.startNs > retried.startNs)).toBe(true);
  });

  it('stale=0: the client closes when the FIN arrives, and the next load opens a connection at once', () => {
    const t = run(`${IDLE_CLOSE}&stale=0`);
    expect(t.packets.some((p) => p.flags & FLAG.RST)).toBe(false);
    expect(t.stalls.some((s) => s.cause === 'stale-connection')).toBe(false);
    expect(t.exchanges.some((e) => e.lost)).toBe(false);
  });

  it('the stale load is slower by at least the round trip lost to the RST', () => {
    const loadTime = (q: string) => {
      const l = run(q).loads[1];
      return l.endNs! - l.startNs;
    };
    const q = `${IDLE_CLOSE}&delack=off`; // no 200 ms ACK clock to absorb the difference
    expect(loadTime(`${q}&stale=1`)).toBeGreaterThan(loadTime(`${q}&stale=0`) + 80e6);
  });
});

describe("Apache's MaxSpareServers", () => {
  // Four Keep-Alive connections left idle for 20 s between two loads, a 60 s keep-alive timeout.
  const IDLE = 'link=ethernet10&http=1.0ka&conns=4&page=kruse-acts&sprocs=4&katimeout=60&loads=2&loadgap=20';
  const serverFins = (q: string) =>
    run(q).packets.filter((p) => p.dir === 's2c' && p.flags & FLAG.FIN && p.sendNs < 20e9);

  it('ends idle processes beyond the limit one a second, closing their connections', () => {
    const fins = serverFins(`${IDLE}&maxspare=2`);
    expect(fins.length).toBe(2);
    expect(fins[1].sendNs - fins[0].sendNs).toBeCloseTo(1e9, -7);
  });

  it('without the limit the idle connections stay open until the keep-alive timeout', () => {
    expect(serverFins(`${IDLE}&maxspare=0`).length).toBe(0);
  });
});

describe("Kruse's browser loop", () => {
  it('pages=kruse: each load is the next page of Table 1, after its delay, ending with the chosen page', () => {
    const { settings } = parseQuery('page=kruse-acts&loads=5&pages=kruse').config;
    const pages = toSimInput(settings).http.loadPages;
    expect(pages.map((p) => p.objects.length)).toEqual([9, 10, 28, 4, 9]); // acts, oufr, Test, LeRC, acts
    expect(pages.map((p) => p.loadGapNs / 1e9)).toEqual([30, 59, 59, 30, 30]);
  });

  it('the trace loads those pages in turn', () => {
    const t = run('link=ethernet10&http=1.0ka&conns=4&page=kruse-lerc&loads=2&pages=kruse');
    const perLoad = [0, 1].map((l) => t.exchanges.filter((e) => e.load === l && !e.lost).length);
    expect(perLoad).toEqual([28, 4]); // /Test, then /LeRC
    expect(t.loads[1].startNs).toBe(59e9);
  });

  it('pages=one (the default) loads the same page every time', () => {
    const { settings } = parseQuery('page=kruse-acts&loads=5').config;
    expect(toSimInput(settings).http.loadPages).toEqual([]);
  });
});

describe('an HTTP/1.0 connection whose close never comes', () => {
  it('is given up after a minute of silence, so the load goes on', () => {
    // 1 kb/s at 14% loss: the server's FIN after e01.gif is lost, and so are both RSTs that
    // answer the client's late retransmission of the request. The server has forgotten the
    // connection; the client, one connection at a time, waited for its close for ever, and the
    // second load never ended (found by the fuzzer).
    const t = run(
      'link=lte&loss=14.43&window=66698&mss=801&queue=54&nagle=1&nagle.client=0&delack=off&delackms=272&iw=1&ssr=off&req=84&hdr=3&flush=headers&chunk=3&sthink=2&cthink=1743&http=1.0&conns=1&visit=first&gzip=0&sbuf=8192&maxreq=1&katimeout=1&loads=2&loadgap=2&closestyle=full&seed=979803&bw=1000&rtt=0&nagle.server=1&delack.server=bsd&ackread.server=0&page=kruse-test',
    );
    expect(t.loads).toHaveLength(2);
    expect(t.loads[1].endNs).not.toBeNull();
    // The connection that waited: its response complete, then a timeout a minute after it last heard anything.
    const timeout = t.events.find(
      (e) => e.kind === 'timeout' && e.side === 'client' && e.atNs > t.loads[1].startNs,
    )!;
    const heard = t.packets.filter((p) => p.conn === timeout.conn && p.dir === 's2c' && p.arriveNs !== null);
    const lastHeard = Math.max(...heard.map((p) => p.arriveNs!));
    expect(timeout.atNs - lastHeard).toBe(60e9);
    const done = t.events.filter((e) => e.conn === timeout.conn && e.kind === 'response-done');
    expect(done).toHaveLength(1);
    expect(t.connections.length).toBeGreaterThan(timeout.conn + 1); // the page went on
  });
});
