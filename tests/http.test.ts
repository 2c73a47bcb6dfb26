// The HTTP layer's behaviours, one at a time, observed in the trace.
import { describe, expect, it } from 'vitest';
import { computeMetrics } from '../src/engine/metrics';
import { FLAG, type Trace } from '../src/engine/trace';
import { run } from './support/trace';

const microscape = 'link=ethernet10&page=microscape&nagle=0&flush=none&sthink=1&cthink=1';
const completed = (t: Trace) => new Set(t.exchanges.filter((e) => e.endNs !== null).map((e) => e.object));

describe('client modes', () => {
  it('1.0 opens a connection per object, at most conns at once', () => {
    const trace = run(`${microscape}&http=1.0&conns=4`);
    expect(trace.connections).toHaveLength(43);
    expect(computeMetrics(trace).max_parallel).toBeLessThanOrEqual(4);
    expect(computeMetrics(trace).max_parallel).toBe(4);
  });
  it('1.0ka reuses its Keep-Alive connections', () => {
    const trace = run(`${microscape}&http=1.0ka&conns=4`);
    expect(trace.connections.length).toBe(4);
    expect(completed(trace).size).toBe(43);
  });
  it('1.1 asks for one object at a time on one connection', () => {
    const trace = run(`${microscape}&http=1.1`);
    expect(trace.connections).toHaveLength(1);
    const ex = [...trace.exchanges].sort((a, b) => a.startNs - b.startNs);
    for (let i = 1; i < ex.length; i++) expect(ex[i].startNs).toBeGreaterThanOrEqual(ex[i - 1].endNs!);
  });
  it('1.1pipe flushes the HTML request at once, then buffers requests up to pipebuf or the timer', () => {
    const trace = run(`${microscape}&http=1.1pipe&pipebuf=1024&pipeflush=50&req=190`);
    const flushes = trace.events.filter((e) => e.kind === 'request-flush');
    expect(flushes[0].bytes).toBe(190);
    expect(flushes.slice(1).every((f) => f.bytes! >= 1024)).toBe(true); // on a LAN the references come fast
    const requestSegments = (t: Trace) => t.packets.filter((p) => p.dir === 'c2s' && p.len > 0).length;
    expect(requestSegments(trace)).toBeLessThan(requestSegments(run(`${microscape}&http=1.1`)) / 4);
    // Over a modem the HTML trickles in: a reference or two per segment, sent when the 50 ms timer fires.
    const slow = run(`${microscape}&http=1.1pipe&pipebuf=1024&pipeflush=50&req=190&link=ppp28k`);
    const timed = slow.stalls.filter((s) => s.cause === 'flush-timer');
    expect(timed.length).toBeGreaterThan(10);
    for (const s of timed) expect(s.endNs - s.startNs).toBe(50e6);
    const byTimer = slow.events.filter(
      (e) => e.kind === 'request-flush' && timed.some((s) => s.endNs === e.atNs),
    );
    expect(byTimer.every((f) => f.bytes! < 1024)).toBe(true);
  });
  it('getall asks once and gets the page and every image in one response', () => {
    const trace = run(`${microscape}&http=getall`);
    expect(trace.exchanges).toHaveLength(1);
    expect(trace.exchanges[0].kind).toBe('GETALL');
    expect(trace.exchanges[0].responseBytes).toBeGreaterThan(43008 + 128287);
  });
});

describe('learning the page', () => {
  it('asks for an image only once its reference has arrived', () => {
    const trace = run(`${microscape}&http=1.1pipe&hdr=200`);
    const html = trace.exchanges.find((e) => e.object === 0)!;
    const delivered = trace.events.filter(
      (e) => e.kind === 'deliver' && e.side === 'client' && e.conn === html.conn,
    );
    const bodyAt = (offset: number) => delivered.find((e) => e.seq! + e.bytes! - 1 - 200 >= offset)!.atNs;
    const refs = [...new Set(trace.exchanges.map((e) => e.object))].filter((o) => o > 0);
    for (const e of trace.exchanges.filter((x) => x.object > 0)) {
      expect(e.queuedNs).toBeGreaterThanOrEqual(bodyAt(Math.floor((43008 * e.object) / 43)));
    }
    expect(refs).toHaveLength(42);
  });
  it('learns the images sooner when the HTML is deflated', () => {
    const firstImage = (t: Trace) =>
      Math.min(...t.exchanges.filter((e) => e.object > 0).map((e) => e.queuedNs));
    const lastImage = (t: Trace) =>
      Math.max(...t.exchanges.filter((e) => e.object > 0).map((e) => e.queuedNs));
    const plain = run(`${microscape}&http=1.1pipe&link=ppp28k`);
    const deflated = run(`${microscape}&http=1.1pipe&link=ppp28k&gzip=1&ratio=0.27`);
    expect(lastImage(deflated)).toBeLessThan(lastImage(plain) * 0.5);
    expect(firstImage(deflated)).toBeLessThanOrEqual(firstImage(plain));
    expect(computeMetrics(deflated).payload_bytes).toBeLessThan(computeMetrics(plain).payload_bytes - 30000);
  });
});

describe('revalidation', () => {
  it('1.1 sends conditional GETs answered by 304s', () => {
    const trace = run(`${microscape}&http=1.1&visit=revalidate&hdr304=150`);
    expect(trace.exchanges.every((e) => e.kind === 'CGET' && e.responseBytes === 150)).toBe(true);
  });
  it('the 1.0 robot gets the HTML again and HEADs the images (Nielsen 3.3)', () => {
    const trace = run(`${microscape}&http=1.0&visit=revalidate`);
    const kinds = trace.exchanges.map((e) => e.kind);
    expect(kinds.filter((k) => k === 'GET')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'HEAD')).toHaveLength(42);
  });
});

describe('server behaviours and connection management', () => {
  const pipelined = `${microscape}&http=1.1pipe&maxreq=5`;
  it('closing both halves with pipelined requests unread resets the connection and loses responses (Nielsen 4.2)', () => {
    const trace = run(`${pipelined}&closestyle=full`);
    expect(trace.packets.some((p) => p.dir === 's2c' && p.flags & FLAG.RST)).toBe(true);
    expect(trace.exchanges.some((e) => e.lost && e.firstByteNs !== null)).toBe(true); // part-received, then lost
    expect(trace.events.some((e) => e.kind === 'retry')).toBe(true);
    expect(completed(trace).size).toBeLessThan(43); // the robot gives up on some
  });
  it('closing one half at a time loses nothing for good: the client asks again on a new connection', () => {
    const trace = run(`${pipelined}&closestyle=half`);
    expect(trace.packets.some((p) => p.flags & FLAG.RST)).toBe(false);
    expect(trace.exchanges.some((e) => e.lost && e.firstByteNs !== null)).toBe(false);
    expect(trace.events.some((e) => e.kind === 'retry')).toBe(true);
    expect(completed(trace).size).toBe(43);
    expect(trace.connections.length).toBeGreaterThan(8);
  });
  it('flushes headers alone or with the body', () => {
    const alone = run('objects=5000&flush=headers&hdr=226');
    const merged = run('objects=5000&flush=none&hdr=226');
    const firstData = (t: Trace) => t.packets.find((p) => p.dir === 's2c' && p.len > 0)!.len;
    expect(firstData(alone)).toBe(226);
    expect(firstData(merged)).toBe(1460);
  });
  it('closes an idle persistent connection after the keep-alive timeout', () => {
    const kept = run('objects=3000,3000&http=1.1&loads=2&loadgap=10&katimeout=15');
    const closed = run('objects=3000,3000&http=1.1&loads=2&loadgap=10&katimeout=5');
    expect(kept.connections).toHaveLength(1);
    expect(closed.connections).toHaveLength(2);
    expect(closed.packets.some((p) => p.dir === 's2c' && p.flags & FLAG.FIN && p.sendNs < 10e9)).toBe(true);
  });
  it('makes a connection wait for a free server process, and starts one more a second', () => {
    const limited = run(`${microscape}&http=1.0ka&conns=8&sprocs=2`);
    const free = run(`${microscape}&http=1.0ka&conns=8`);
    expect(computeMetrics(limited).elapsed_s).toBeGreaterThan(computeMetrics(free).elapsed_s + 0.9);
  });
  it("records a request's wait for a server process as the server's stall, ending when one takes it", () => {
    // Two processes for eight Keep-Alive connections: the first two hold theirs, so the other six
    // requests each wait, from their reading, for the next process started (one a second).
    const limited = run(`${microscape}&http=1.0ka&conns=8&sprocs=2`);
    const waits = limited.stalls.filter((s) => s.cause === 'server-process');
    expect(waits.map((w) => w.conn)).toEqual([2, 3, 4, 5, 6, 7]);
    for (const [i, w] of waits.entries()) {
      expect(w.side).toBe('server');
      const read = limited.events.find((e) => e.kind === 'request-read' && e.conn === w.conn)!;
      expect(w.startNs).toBe(read.atNs);
      const write = limited.events.find((e) => e.kind === 'response-write' && e.conn === w.conn)!;
      expect(write.atNs).toBeGreaterThanOrEqual(w.endNs);
      if (i > 0) expect(w.endNs - waits[i - 1].endNs).toBe(1e9);
    }
    expect(run(`${microscape}&http=1.0ka&conns=8`).stalls.some((s) => s.cause === 'server-process')).toBe(
      false,
    );
  });
  it('loads the page again on the same connections, reporting the last load apart', () => {
    const trace = run('page=yahoo96&http=1.1&loads=3&loadgap=1');
    expect(trace.loads).toHaveLength(3);
    expect(trace.connections).toHaveLength(1);
    expect(trace.loads[1].startNs).toBe(1e9);
    expect(computeMetrics(trace).last_load_s).toBeGreaterThan(0);
  });
});
