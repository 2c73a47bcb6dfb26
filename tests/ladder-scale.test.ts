// The ladder at any scale: lanes shared by connections that do not overlap, packets named in
// plain words, labels placed without collisions, idle gaps folded by default when they dominate.
import { describe, expect, it } from 'vitest';
import { runQuery } from '../src/scenario';
import { connectionSpans, laneCount } from '../src/views/ladderLayout';
import { packetNamer } from '../src/views/packetNames';
import { labelRect, placeLabels, segmentHitsRect } from '../src/views/labelPlacement';
import { idleGaps, runEndNs, shouldFoldByDefault } from '../src/views/timeScale';

describe('lanes', () => {
  it('puts HTTP/1.0 with four connections in four lanes, never two live connections in one', () => {
    const { trace } = runQuery('preset=nielsen-lan-1.0-first');
    const spans = connectionSpans(trace);
    expect(spans.length).toBe(trace.connections.length);
    expect(laneCount(spans)).toBe(4);
    for (const a of spans)
      for (const b of spans)
        if (a !== b && a.lane === b.lane) expect(a.endNs <= b.startNs || b.endNs <= a.startNs).toBe(true);
  });

  it('gives a single connection one lane', () => {
    const { trace } = runQuery('');
    expect(laneCount(connectionSpans(trace))).toBe(1);
  });
});

describe('packet names', () => {
  it('names the default page in plain words', () => {
    const { trace } = runQuery('');
    const name = packetNamer(trace);
    const names = trace.packets.map(name);
    expect(names.slice(0, 3)).toEqual(['SYN', 'SYN-ACK', expect.stringMatching(/^ACK 1$|^GET \//)]);
    expect(names.filter((n) => n.startsWith('GET /')).length).toBe(trace.exchanges.length);
    expect(names.some((n) => /^200 OK \(\d+ B\)$/.test(n))).toBe(true);
    expect(names).toContain('data 1460 B');
    expect(names.some((n) => /^ACK \d+$/.test(n))).toBe(true);
    expect(names.some((n) => n.startsWith('FIN'))).toBe(true);
  });

  it('names one request per exchange on pipelined connections too', () => {
    const { trace } = runQuery('preset=nielsen-ppp-pipe-first');
    const names = trace.packets.map(packetNamer(trace));
    const requests = names
      .filter((n) => n.startsWith('GET /'))
      .reduce((sum, n) => sum + 1 + Number(/\+(\d+)$/.exec(n)?.[1] ?? 0), 0);
    expect(requests).toBe(trace.exchanges.length);
  });
});

describe('label placement', () => {
  it('never overlaps two labels and never puts one across an obstacle line', () => {
    const requests = Array.from({ length: 40 }, (_, i) => ({
      item: i,
      text: `label ${i}`,
      spots: [
        { x: 10, y: 20 + i * 4, anchor: 'start' as const },
        { x: 120, y: 20 + i * 4, anchor: 'start' as const },
      ],
    }));
    const arrow = { x0: 0, y0: 100, x1: 300, y1: 110 };
    const placed = placeLabels(requests, [arrow], { x0: 0, y0: 0, x1: 400, y1: 400 });
    expect(placed.length).toBeGreaterThan(4);
    expect(placed.length).toBeLessThan(40);
    for (const a of placed) {
      expect(segmentHitsRect(arrow, a.rect)).toBe(false);
      for (const b of placed)
        if (a !== b)
          expect(
            a.rect.x0 < b.rect.x1 && b.rect.x0 < a.rect.x1 && a.rect.y0 < b.rect.y1 && b.rect.y0 < a.rect.y1,
          ).toBe(false);
    }
  });

  it('measures a label from its anchor', () => {
    const r = labelRect({ x: 100, y: 50, anchor: 'end' }, 'ACK 1');
    expect(r.x1).toBeGreaterThan(100);
    expect(r.x1).toBeLessThan(103);
    expect(r.x0).toBeLessThan(100 - 5 * 6);
  });
});

describe('folding by default', () => {
  it('folds the default page (mostly idle) but not a busy transfer', () => {
    const idle = runQuery('').trace;
    const busy = runQuery('link=geo&objects=100000').trace;
    const folds = (t: typeof idle) => shouldFoldByDefault(idleGaps([t], runEndNs(t)), runEndNs(t));
    expect(folds(idle)).toBe(true);
    expect(folds(busy)).toBe(false);
  });
});
