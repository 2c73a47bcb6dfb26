// The ladder names what a segment carries: HTTP/2 frames by type and stream, and, under TLS, the
// request and response of HTTP/1.x on the segments that really carry them (after the handshake
// records and inside the records' headers), not at stream byte 1.
import { describe, expect, it } from 'vitest';
import type { PacketRecord, Trace } from '../src/engine/trace';
import { packetNamer } from '../src/views/packetNames';
import { dataSegments, run } from './support/trace';

/** Short page, fast path: a few segments each way. */
const PATH = 'rtt=50&bw=100000000&delack=off&nagle=0&iw=10&page=custom&objects=5000,3000,800';

function named(trace: Trace): Array<{ p: PacketRecord; name: string }> {
  const name = packetNamer(trace);
  return trace.packets.map((p) => ({ p, name: name(p) }));
}

/** The segment of `dir` whose bytes hold the first application byte of the exchange's message. */
function carrying(trace: Trace, dir: 'c2s' | 's2c', exchange: number): PacketRecord {
  const kind = dir === 'c2s' ? 'request-write' : 'response-write';
  let offset = 0;
  for (const e of trace.events) {
    if (e.kind !== kind || e.conn !== 0) continue;
    if (e.exchange === exchange) break;
    offset += e.bytes ?? 0;
  }
  // The application record holding that byte, and so its place in the TCP stream.
  let plain = 0;
  for (const r of trace.tlsRecords!.filter((x) => x.dir === dir && x.plainBytes > 0)) {
    if (offset < plain + r.plainBytes) {
      const seq = r.seq + (offset - plain);
      return dataSegments(trace, dir).find((p) => p.seq <= seq && seq < p.seq + p.len)!;
    }
    plain += r.plainBytes;
  }
  throw new Error('no record holds it');
}

describe('HTTP/1.x request and response labels under TLS', () => {
  for (const tls of ['1.2', '1.3']) {
    it(`TLS ${tls}: GET and 200 OK land on the segments that carry them`, () => {
      const trace = run(`${PATH}&http=1.1&tls=${tls}`);
      const names = named(trace);
      const gets = names.filter((n) => n.name.startsWith('GET '));
      const oks = names.filter((n) => n.name.startsWith('200 OK'));
      expect(gets.map((n) => n.name)).toEqual(['GET /', 'GET /o01', 'GET /o02']);
      expect(oks).toHaveLength(3);
      trace.exchanges.forEach((x, i) => {
        expect(gets[i].p.id).toBe(carrying(trace, 'c2s', x.id).id);
        expect(oks[i].p.id).toBe(carrying(trace, 's2c', x.id).id);
      });
      // Handshake records keep their names; none of them is taken for a request.
      expect(names.find((n) => n.p.dir === 'c2s' && n.p.len > 0)!.name).toBe('ClientHello');
    });
  }

  it('a 0-RTT request is named among the handshake records it travels with', () => {
    const names = named(run(`http=1.1&tls=1.3&resume=1`)); // Nagle on: the early data waits for the handshake records
    const c2s = names.filter((n) => n.p.dir === 'c2s' && n.p.len > 0).map((n) => n.name);
    expect(c2s.slice(0, 2)).toEqual(['ClientHello', 'GET /, EndOfEarlyData, Finished']);
  });

  it('without TLS the request still starts at stream byte 1', () => {
    const names = named(run(`${PATH}&http=1.1`));
    const first = names.find((n) => n.p.dir === 'c2s' && n.p.len > 0)!;
    expect(first.p.seq).toBe(1);
    expect(first.name).toBe('GET /');
  });
});

describe('HTTP/2 segments named by their frames', () => {
  it('names the preface, SETTINGS, HEADERS and DATA with stream numbers and sizes', () => {
    const trace = run(`${PATH}&http=2&tls=none`);
    const names = named(trace);
    const c2s = names.filter((n) => n.p.dir === 'c2s' && n.p.len > 0).map((n) => n.name);
    const s2c = names.filter((n) => n.p.dir === 's2c' && n.p.len > 0).map((n) => n.name);
    expect(c2s.slice(0, 2)).toEqual(['SETTINGS', 'HEADERS 1']);
    expect(c2s).toContain('HEADERS 3');
    // The client's ACK of the server's SETTINGS is named as such, alone or after a request.
    expect(c2s.filter((n) => /SETTINGS ACK$/.test(n))).toHaveLength(1);
    expect(s2c[0]).toBe('SETTINGS');
    // Each response: its HEADERS, then DATA sized by the body it carries (5000, 3000, 800 B).
    expect(s2c.slice(1, 4)).toEqual(['HEADERS 1', 'DATA 1 5.0 KB', 'DATA 1']);
    expect(s2c).toContain('DATA 3 3.0 KB');
    expect(s2c).toContain('DATA 5 800 B');
  });

  it('joins the frames one segment carries and names continued DATA without a size', () => {
    const trace = run(`page=almanac24&http=2&tls=1.3`);
    const names = named(trace).map((n) => n.name);
    expect(names).toContain('DATA 1'); // the middle of the HTML's first 16 KB frame
    expect(names.some((n) => /^DATA \d+, HEADERS \d+, DATA \d+ [\d.]+ KB$/.test(n))).toBe(true);
    expect(names.some((n) => /^HEADERS \d+, \d+, \d+ \+\d+$/.test(n))).toBe(true); // a burst of requests
    // Under TLS the handshake is still named by its records.
    expect(names).toContain('ClientHello');
  });

  it('names WINDOW_UPDATE when a small window makes the client give credit back', () => {
    const trace = run(`${PATH}&http=2&objects=200000&h2window=16384`);
    const names = named(trace).map((n) => n.name);
    expect(names.some((n) => n.includes('WINDOW_UPDATE'))).toBe(true);
  });

  it('records every frame once, in stream order, with no gap', () => {
    const trace = run(`page=almanac24&http=2&tls=1.3`);
    for (const dir of ['c2s', 's2c'] as const) {
      const frames = trace.frames!.filter((f) => f.conn === 0 && f.dir === dir);
      let offset = 0;
      for (const f of frames) {
        expect(f.offset).toBe(offset);
        offset += f.bytes;
      }
    }
    const streams = trace.exchanges.map((x) => x.stream);
    expect(new Set(streams).size).toBe(trace.exchanges.length);
    expect(streams.every((s) => s !== undefined && s % 2 === 1)).toBe(true);
  });

  it('leaves HTTP/1.x traces without frames or stream numbers', () => {
    const trace = run(`${PATH}&http=1.1&tls=1.3`);
    expect(trace.frames).toBeUndefined();
    expect(trace.exchanges.every((x) => !('stream' in x))).toBe(true);
  });
});
