// Per-stream views of an HTTP/2 connection: the waterfall groups the streams under their
// connection, and the time-sequence plot follows one stream in its own bytes. HTTP/1.x views keep
// one line per exchange.
import { describe, expect, it } from 'vitest';
import { FLAG } from '../src/engine/trace';
import { StreamBytes, streamTspSeries } from '../src/views/streamSeries';
import { streamsOf } from '../src/views/streams';
import { packetsBetween, tspSeries } from '../src/views/tspSeries';
import { waterfallLines } from '../src/views/waterfallGroups';
import { waterfallRows } from '../src/views/waterfallPhases';
import { run } from './support/trace';

const PAGE = 'rtt=50&bw=10000000&nagle=0&iw=10&page=custom&objects=5000,30000,800,12000';

describe('waterfall lines', () => {
  it('HTTP/2: one connection line, then its streams in stream order', () => {
    const trace = run(`${PAGE}&http=2&tls=1.3`);
    const lines = waterfallLines(trace, waterfallRows(trace));
    expect(lines[0]).toMatchObject({ kind: 'connection', conn: 0, streams: 4 });
    const streams = lines.slice(1).map((l) => (l.kind === 'exchange' ? l.row.stream : -1));
    expect(streams).toEqual([1, 3, 5, 7]);
    const ends = trace.exchanges.map((x) => x.endNs!);
    expect(lines[0].kind === 'connection' && lines[0].endNs).toBe(Math.max(...ends));
  });

  it('HTTP/1.x: the lines are the rows, one per exchange, as before', () => {
    for (const q of [`${PAGE}&http=1.1`, `${PAGE}&http=1.0ka&conns=4&tls=1.3`]) {
      const trace = run(q);
      const rows = waterfallRows(trace);
      const lines = waterfallLines(trace, rows);
      expect(lines.map((l) => (l.kind === 'exchange' ? l.row : null))).toEqual(rows);
      expect(lines.map((l) => (l.kind === 'exchange' ? l.index : -1))).toEqual(rows.map((_, i) => i));
    }
  });
});

describe('waterfall lines of a page loaded several times', () => {
  const shape = (lines: ReturnType<typeof waterfallLines>) =>
    lines.map((l) =>
      l.kind === 'load' ? `load ${l.load + 1}` : l.kind === 'connection' ? 'conn' : `${l.row.load}`,
    );
  it('HTTP/1.1: a line heading each load, its rows under it', () => {
    const trace = run(`${PAGE}&http=1.1&loads=3`);
    const lines = waterfallLines(trace, waterfallRows(trace));
    expect(shape(lines)).toEqual([
      'load 1',
      '0',
      '0',
      '0',
      '0',
      'load 2',
      '1',
      '1',
      '1',
      '1',
      'load 3',
      '2',
      '2',
      '2',
      '2',
    ]);
    const headings = lines.filter((l) => l.kind === 'load');
    expect(headings.map((l) => [l.startNs, l.endNs])).toEqual(trace.loads.map((l) => [l.startNs, l.endNs]));
    // The exchange hooks still count the rows alone.
    expect(lines.flatMap((l) => (l.kind === 'exchange' ? [l.index] : []))).toEqual([...Array(12).keys()]);
  });
  it("HTTP/2: each load's streams under a line of their connection, its bar from that load's first stream", () => {
    const trace = run(`${PAGE}&http=2&tls=1.3&loads=3`);
    const lines = waterfallLines(trace, waterfallRows(trace));
    expect(shape(lines)).toEqual(
      [0, 1, 2].flatMap((k) => [`load ${k + 1}`, 'conn', `${k}`, `${k}`, `${k}`, `${k}`]),
    );
    const conns = lines.filter((l) => l.kind === 'connection');
    expect(conns[0].startNs).toBe(trace.connections[0].openNs);
    for (const k of [1, 2]) {
      expect(conns[k].startNs).toBeGreaterThanOrEqual(trace.loads[k].startNs);
      expect(conns[k].endNs).toBeLessThanOrEqual(trace.loads[k].endNs!);
    }
  });
  it('a page loaded once has no heading', () => {
    const trace = run(`${PAGE}&http=1.1`);
    expect(waterfallLines(trace, waterfallRows(trace)).some((l) => l.kind === 'load')).toBe(false);
  });
});

describe('time-sequence plot of one stream', () => {
  for (const tls of ['none', '1.2', '1.3']) {
    it(`tls=${tls}: the stream's segments cover exactly its body, 0 to its length`, () => {
      const trace = run(`${PAGE}&http=2&tls=${tls}`);
      expect(streamsOf(trace, 0).map((s) => s.stream)).toEqual([1, 3, 5, 7]);
      const bodies = [5000, 30000, 800, 12000];
      [1, 3, 5, 7].forEach((stream, i) => {
        const series = streamTspSeries(trace, 0, stream);
        expect(series.maxSeq).toBe(bodies[i]);
        const sent = series.segments.filter((s) => !s.retransmit);
        // Bars tile the stream's bytes with no gap and no overlap, in order.
        expect(sent[0].seq).toBe(0);
        for (let k = 1; k < sent.length; k++) expect(sent[k].seq).toBe(sent[k - 1].end);
        expect(sent[sent.length - 1].end).toBe(bodies[i]);
        // Its bars are the segments that left after the server wrote its DATA frames.
        const frames = trace.frames!.filter((f) => f.type === 'DATA' && f.stream === stream);
        expect(sent[0].timeNs).toBeGreaterThanOrEqual(frames[0].atNs);
        expect(sent[sent.length - 1].timeNs).toBeGreaterThanOrEqual(frames[frames.length - 1].atNs);
        // The stream's ACK line ends having acknowledged all of it.
        expect(series.acks[series.acks.length - 1].value).toBe(bodies[i]);
      });
    });
  }

  it("a stream's plot has fewer segments than its connection's, and only the ones carrying it", () => {
    const trace = run(`${PAGE}&http=2`);
    const whole = tspSeries(trace, 0).segments.filter((s) => trace.packets.get(s.index).len > 0);
    const streams = [1, 3, 5, 7].map((s) => streamTspSeries(trace, 0, s).segments);
    for (const segs of streams) expect(segs.length).toBeLessThan(whole.length);
    // Every data segment of the connection that carries a DATA byte shows up in some stream.
    const shown = new Set(streams.flat().map((s) => s.index));
    const bytes = [1, 3, 5, 7].map((s) => new StreamBytes(trace, 0, s));
    for (const s of whole) {
      const carries = bytes.some((b) => b.below(s.end) > b.below(s.seq));
      expect(shown.has(s.index)).toBe(carries);
    }
  });

  it("a window before the stream's first byte holds none of its packets, the handshake's ACKs included", () => {
    const trace = run('page=almanac24&http=2&link=broadband');
    const series = streamTspSeries(trace, 0, 9);
    const first = Math.min(series.segments[0].timeNs, series.acks[0].timeNs);
    // The connection's first ACKs (the TLS handshake's) come well before stream 9's data.
    expect(tspSeries(trace, 0).acks[0].timeNs).toBeLessThan(first);
    expect(packetsBetween(series, 0, first - 1)).toBe(0);
    expect(series.acks.every((a) => a.value > 0)).toBe(true);
  });

  it('under loss the resent bytes appear in the stream that lost them', () => {
    const trace = run(`${PAGE}&http=2&loss=5&seed=3`);
    const resent = trace.packets.filter(
      (p) => p.dir === 's2c' && p.len > 0 && !(p.flags & FLAG.SYN) && p.reason.includes('retransmit'),
    );
    expect(resent.length).toBeGreaterThan(0);
    const marked = [1, 3, 5, 7].flatMap((s) =>
      streamTspSeries(trace, 0, s).segments.filter((x) => x.retransmit),
    );
    expect(marked.length).toBeGreaterThan(0);
  });
});
