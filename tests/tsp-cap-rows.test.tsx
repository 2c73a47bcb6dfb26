// @vitest-environment jsdom
// Every cause that stalls a connection shows in the time-sequence plot's caps in its own colour:
// where stalls of two causes overlap in time, their caps lie in rows one under the other, and the
// rug and the bands' labels move under the rows used. A run whose stalls do not overlap keeps one row.
import { describe, expect, it, vi } from 'vitest';
import { capRows } from '../src/views/tspCapRows';
import type { StallCause, StallRecord, Trace } from '../src/engine/trace';
import { run } from './support/trace';
import { drawPlot } from './support/tspPlot';

// Counts how often the plot finds its caps' rows: once per run and window, not on each frame.
const found = vi.hoisted(() => ({ times: 0 }));
vi.mock('../src/views/tspCapRows', async (original) => {
  const real = await original<typeof import('../src/views/tspCapRows')>();
  return {
    ...real,
    capRows: (...args: Parameters<typeof real.capRows>) => {
      found.times++;
      return real.capRows(...args);
    },
  };
});

/** Today's hosts over LTE, HTTP/2 at 2% loss (the lesson "From 1997 to today", step 5): the
 * server's flow-control wait (471 ms to 1.72 s) overlaps its RTO (533 ms to 1.47 s), the client's
 * head-of-line blocking and the cwnd waits either side. */
const H2_LOSS =
  'page=microscape&nagle=0&iw=10&window=1048576&delack=fixed&delackms=40&link=lte&http=2&loss=2';

const draw = (trace: Trace, width: number, cursorNs = trace.endNs, box?: HTMLElement) =>
  drawPlot(trace, { width, cursorNs, box });

interface Cap {
  cause: string;
  y: number;
  x0: number;
  x1: number;
}

/** The caps as drawn, in the order drawn (a later one covers an earlier one where they meet). */
const capsOf = (box: Element): Cap[] =>
  [...box.querySelectorAll('[data-stall-cap]')].map((cap) => {
    const x = Number(cap.getAttribute('x'));
    return {
      cause: cap.closest('[data-stall]')!.getAttribute('data-stall')!,
      y: Number(cap.getAttribute('y')),
      x0: x,
      x1: x + Number(cap.getAttribute('width')),
    };
  });

/** How many pixels of a cap no cap drawn after it, across the same rows, covers. */
function shownPx(caps: Cap[], i: number): number {
  const cap = caps[i];
  const over = caps
    .slice(i + 1)
    .filter((c) => Math.abs(c.y - cap.y) < 6)
    .map((c) => [Math.max(cap.x0, c.x0), Math.min(cap.x1, c.x1)] as const)
    .filter(([a, b]) => b > a)
    .sort((p, q) => p[0] - q[0]);
  let shown = 0;
  let at = cap.x0;
  for (const [a, b] of over) {
    if (a > at) shown += a - at;
    at = Math.max(at, b);
  }
  return shown + Math.max(0, cap.x1 - at);
}

/** The causes whose caps show at least a pixel somewhere along the plot's top. */
const shownCauses = (caps: Cap[]) =>
  new Set(caps.filter((_, i) => shownPx(caps, i) >= 1).map((c) => c.cause));

describe("the time-sequence plot's stall caps", () => {
  const trace = run(H2_LOSS);
  const stalled = new Set(trace.stalls.filter((s) => s.conn === 0).map((s) => s.cause));

  for (const width of [1280, 390]) {
    it(`show every cause that stalls the connection, where stalls overlap (${width} px)`, () => {
      const box = draw(trace, width);
      const caps = capsOf(box);
      expect(stalled).toContain('flow-control');
      expect(stalled).toContain('rto');
      expect(stalled).toContain('hol-blocking');
      expect([...shownCauses(caps)].sort()).toEqual([...stalled].sort());
      // The flow-control wait overlaps the RTO: their caps lie in different rows, 7 px apart.
      const top = Number(box.querySelector('.tsp-brush')!.getAttribute('y'));
      const rowOf = (cause: string) => caps.filter((c) => c.cause === cause).map((c) => (c.y - top) / 7);
      expect(new Set([...rowOf('flow-control'), ...rowOf('rto')]).size).toBeGreaterThan(1);
      expect(Math.max(...caps.map((c) => c.y)) - top).toBeLessThanOrEqual(14); // three rows at most
    });
  }

  it("lie in the rows of their overlaps, the bands' tints and labels under the rows used", () => {
    const box = draw(trace, 1280);
    const top = Number(box.querySelector('.tsp-brush')!.getAttribute('y'));
    const caps = capsOf(box);
    const rows = Math.max(...caps.map((c) => (c.y - top) / 7)) + 1;
    expect(rows).toBe(3);
    for (const band of box.querySelectorAll('[data-stall]')) {
      const [tint, under, cap] = [...band.querySelectorAll('rect')];
      expect(Number(cap.getAttribute('y')) - top).toBe(7 * Number(cap.getAttribute('data-stall-cap')));
      expect(under.getAttribute('y')).toBe(cap.getAttribute('y'));
      expect(Number(tint.getAttribute('y'))).toBe(top + 7 * rows - 1);
    }
    // Two caps of different causes in one row never share a moment.
    const bands = [...box.querySelectorAll('[data-stall]')].map((g) => ({
      cause: g.getAttribute('data-stall')!,
      row: Number(g.querySelector('[data-stall-cap]')!.getAttribute('data-stall-cap')),
      x0: Number(g.querySelector('[data-stall-cap]')!.getAttribute('x')),
      x1:
        Number(g.querySelector('[data-stall-cap]')!.getAttribute('x')) +
        Number(g.querySelector('[data-stall-cap]')!.getAttribute('width')),
    }));
    const clashes = bands.flatMap((a, i) =>
      bands
        .slice(i + 1)
        .filter(
          (b) => b.row === a.row && b.cause !== a.cause && Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > 1,
        ),
    );
    expect(clashes).toEqual([]);
    for (const label of box.querySelectorAll('.stall-label')) {
      expect(Number(label.getAttribute('y'))).toBeGreaterThanOrEqual(top + 7 * rows + 12);
    }
  });

  it('keep their rows through playback: a cap does not move as the playhead runs on', () => {
    const rowsAt = (at: number) =>
      Object.fromEntries(
        [...draw(trace, 1280, trace.endNs * at).querySelectorAll('[data-stall-cap]')].map((cap) => [
          `${cap.closest('[data-stall]')!.getAttribute('data-stall')}@${cap.getAttribute('x')}`,
          cap.getAttribute('y'),
        ]),
      );
    const early = rowsAt(0.3);
    const late = rowsAt(1);
    expect(Object.keys(early).length).toBeGreaterThan(5);
    for (const [key, y] of Object.entries(early)) expect(late[key]).toBe(y);
  });

  it('are found once for a run and its window, not again on each frame of playback', () => {
    const box = document.createElement('div');
    const before = found.times;
    for (let frame = 1; frame <= 20; frame++) draw(trace, 1280, (trace.endNs * frame) / 20, box);
    expect(found.times - before).toBe(1);
  });

  it('keep one row where no two causes overlap', () => {
    // The 200 ms delayed-ACK stall of 1996's Yahoo page on the LAN.
    const box = draw(run('preset=heidemann-short-initial'), 1280);
    const top = Number(box.querySelector('.tsp-brush')!.getAttribute('y'));
    const caps = capsOf(box);
    expect(caps.length).toBeGreaterThan(0);
    for (const cap of caps) expect(cap.y).toBe(top);
  });
});

describe('capRows', () => {
  const stall = (cause: StallCause, fromMs: number, toMs: number): StallRecord => ({
    conn: 0,
    side: 'server',
    cause,
    startNs: fromMs * 1e6,
    endNs: toMs * 1e6,
  });
  const rowsOf = (stalls: StallRecord[]) => {
    const caps = capRows(stalls);
    return { rows: caps.rows, each: stalls.map((s) => caps.rowOf(s)) };
  };

  it('gives each stall the lowest row no other cause holds over its span', () => {
    expect(
      rowsOf([
        stall('hol-blocking', 378, 563),
        stall('flow-control', 471, 1716),
        stall('cwnd', 474, 532),
        stall('rto', 533, 1471),
        stall('cwnd', 1472, 1532),
      ]),
    ).toEqual({ rows: 3, each: [0, 1, 2, 2, 0] });
  });

  it('keeps stalls of one cause, and stalls that only touch, in one row', () => {
    expect(
      rowsOf([stall('cwnd', 0, 10), stall('cwnd', 5, 20), stall('rto', 20, 30), stall('cwnd', 30, 40)]),
    ).toEqual({ rows: 1, each: [0, 0, 0, 0] });
  });

  it('puts a stall of no length in the first row, and stops at three rows', () => {
    expect(
      rowsOf([
        stall('cwnd', 0, 100),
        stall('rto', 10, 100),
        stall('nagle', 20, 100),
        stall('delayed-ack', 30, 100),
        stall('server-think', 50, 50),
      ]),
    ).toEqual({ rows: 3, each: [0, 1, 2, 2, 0] });
  });
});
