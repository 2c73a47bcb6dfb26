// HTTP/2 (RFC 9113) on one TCP connection: requests as streams, responses interleaved frame by
// frame, HPACK making later header blocks small, flow-control windows that stall a sender when
// they are small, and TLS 1.3 underneath unless told otherwise.
import { describe, expect, it } from 'vitest';
import { computeMetrics } from '../src/engine/metrics';
import { parseQuery } from '../src/scenario/codec';
import { run } from './support/trace';

const FAST = 'link=lte&delack=off&nagle=0&iw=10&window=1048576&sthink=0&cthink=0';
const PAGE = `${FAST}&page=custom&objects=2000,30000,30000,30000`;

describe('HTTP/2', () => {
  it('carries every request on one connection, as streams 1, 3, 5...', () => {
    const trace = run(`${PAGE}&http=2`);
    expect(trace.connections).toHaveLength(1);
    expect(trace.exchanges.every((e) => e.endNs !== null)).toBe(true);
    const streams = trace.events.filter((e) => e.kind === 'request-write').map((e) => e.note);
    expect(streams).toEqual(['stream 1', 'stream 3', 'stream 5', 'stream 7']);
  });

  it('interleaves the responses of streams ready together, a frame each in turn', () => {
    const trace = run(`${PAGE}&http=2&h2window=16777215&sndbuf=16384`);
    const writes = trace.events.filter((e) => e.kind === 'response-write' && e.exchange! > 0);
    const order = writes.map((e) => e.exchange);
    // Round robin: the three images alternate rather than going one after another.
    const firstOfLast = order.indexOf(3);
    const lastOfFirst = order.lastIndexOf(1);
    expect(firstOfLast).toBeLessThan(lastOfFirst);
    // DATA frames never exceed 16,384 bytes of payload plus the 9-byte header.
    for (const w of writes) expect(w.bytes!).toBeLessThanOrEqual(16_384 + 9);
  });

  it('HPACK: the first request goes out in full, the later ones in a few bytes', () => {
    const trace = run(`${PAGE}&http=2&req=400`);
    const sizes = trace.exchanges.map((e) => e.requestBytes);
    expect(sizes[0]).toBe(9 + 300); // frame header and 3/4 of the HTTP/1.1 text
    for (const s of sizes.slice(1)) expect(s).toBeLessThan(40);
  });

  it('a 304 ends its stream with its HEADERS frame: no empty DATA frame, no packet of its own', () => {
    // RFC 9113 8.1: a response with no content ends with END_STREAM on its HEADERS. An empty DATA
    // frame had marked the end, a 9-byte segment of its own after each 304 with Nagle off.
    const trace = run(`${PAGE}&http=2&tls=none&visit=revalidate`);
    const answered = trace.exchanges.filter((e) => e.kind === 'CGET' && e.endNs !== null);
    expect(answered).toHaveLength(4);
    const frames = (trace.frames ?? []).filter((f) => f.dir === 's2c');
    expect(frames.filter((f) => f.type === 'DATA')).toEqual([]);
    expect(frames.filter((f) => f.type === 'HEADERS')).toHaveLength(4);
    const serverSegments = trace.packets.filter((p) => p.dir === 's2c' && p.len > 0);
    expect(serverSegments.every((p) => p.len !== 9)).toBe(true);
    // Each exchange ends when its HEADERS frame has arrived.
    for (const e of answered) {
      const headers = frames.find((f) => f.exchange === e.id)!;
      expect(e.endNs).toBeGreaterThan(headers.atNs);
    }
  });

  it("the client acknowledges the server's SETTINGS at once, and once; the server answers the ACK with nothing", () => {
    // RFC 9113 6.5.3: a SETTINGS frame without the ACK flag is acknowledged "immediately".
    for (const q of [
      `${PAGE}&http=2&tls=none`,
      `${PAGE}&http=2`,
      'page=yahoo96&http=2&link=ethernet10&tls=none',
    ]) {
      const trace = run(q);
      const settings = (trace.frames ?? []).filter((f) => f.type === 'SETTINGS');
      const server = settings.filter((f) => f.dir === 's2c');
      const client = settings.filter((f) => f.dir === 'c2s');
      expect(server, q).toHaveLength(1);
      expect(
        client.map((f) => f.bytes),
        q,
      ).toEqual([24 + 9 + 18, 9]);
      // Written when the server's SETTINGS arrived: in cleartext, the first delivery of the
      // server's bytes (under TLS the handshake's records are delivered before them).
      const firstDelivery = trace.events.find((e) => e.kind === 'deliver' && e.side === 'client')!;
      if (q.includes('tls=none')) expect(client[1].atNs, q).toBe(firstDelivery.atNs);
      expect(client[1].atNs, q).toBeGreaterThan(server[0].atNs);
    }
  });

  it("a small stream window leaves the connection's at 65,535: its credit goes back in halves of that", () => {
    // RFC 9113 6.9.2: SETTINGS_INITIAL_WINDOW_SIZE sets the streams' windows only.
    const trace = run(`${PAGE}&http=2&tls=none&h2window=4096`);
    const updates = (trace.frames ?? []).filter((f) => f.dir === 'c2s' && f.type === 'WINDOW_UPDATE');
    const connection = updates.filter((f) => f.stream === 0);
    const streams = updates.filter((f) => f.stream !== 0);
    expect(streams.length).toBeGreaterThan(20); // each stream's 4 KB comes back in 2 KB halves
    expect(connection.length).toBeGreaterThan(0);
    for (const f of connection) expect(f.increment!).toBeGreaterThanOrEqual(32_768);
  });

  it('a small window stalls the server on flow control; a large one does not', () => {
    const small = run(`${PAGE}&http=2&h2window=4096`);
    const large = run(`${PAGE}&http=2&h2window=16777215`);
    const stalled = (t: typeof small) => t.stalls.filter((s) => s.cause === 'flow-control');
    expect(stalled(small).length).toBeGreaterThan(0);
    expect(stalled(large)).toEqual([]);
    expect(computeMetrics(small).elapsed_s).toBeGreaterThan(computeMetrics(large).elapsed_s * 1.5);
    // Credit came back as WINDOW_UPDATE frames (13 bytes each) from the client.
    expect(small.events.filter((e) => e.kind === 'request-write')).toHaveLength(4);
  });

  it('runs over TLS 1.3 unless told otherwise: the first byte after three round trips', () => {
    const q =
      'rtt=100&bw=1000000000&delack=off&nagle=0&sthink=0&cthink=0&iw=10&page=custom&objects=1000&http=2';
    const tls = run(q);
    expect(tls.tlsRecords?.[0].kind).toBe('ClientHello');
    expect(tls.exchanges[0].firstByteNs! / 100e6).toBeGreaterThan(3);
    expect(tls.exchanges[0].firstByteNs! / 100e6).toBeLessThan(3.1);
    const clear = run(`${q}&tls=none`);
    expect(clear.tlsRecords).toBeUndefined();
    expect(clear.exchanges[0].firstByteNs! / 100e6).toBeLessThan(2.1);
  });

  it('beats one HTTP/1.1 connection on a page of many small objects over a long path', () => {
    const q = `${FAST}&page=microscape`;
    const h1 = computeMetrics(run(`${q}&http=1.1&tls=1.3`)).elapsed_s;
    const h2 = computeMetrics(run(`${q}&http=2`)).elapsed_s;
    expect(h2).toBeLessThan(h1 / 2);
  });

  it('under loss, bytes of other streams wait behind the hole: head-of-line blocking', () => {
    const q = `${FAST}&page=microscape&http=2&loss=2&seed=2`;
    const lossy = run(q);
    const hol = lossy.stalls.filter((s) => s.cause === 'hol-blocking');
    expect(hol.length).toBeGreaterThan(0);
    // Each blocking ends when TCP delivers what it held: at a client 'deliver' event.
    for (const s of hol)
      expect(
        lossy.events.some((e) => e.kind === 'deliver' && e.side === 'client' && e.atNs === s.endNs),
      ).toBe(true);
    expect(run(`${FAST}&page=microscape&http=2`).stalls.some((s) => s.cause === 'hol-blocking')).toBe(false);
    // HTTP/1.1 has one response in flight at a time: nothing of another stream can be held.
    expect(run(q.replace('http=2', 'http=1.1')).stalls.some((s) => s.cause === 'hol-blocking')).toBe(false);
  });

  it('refuses a bad window', () => {
    expect(parseQuery('http=2&h2window=0').problems.join()).toMatch(/h2window/);
    // Below 256 bytes a page turns into millions of frames (found by npm run fuzz).
    expect(parseQuery('http=2&h2window=1').problems.join()).toMatch(/h2window/);
    expect(parseQuery('http=4').problems.join()).toMatch(/http/);
  });
});
