// A sweep chart's y axis: both ends carry a label, a negative region is labelled under a 0 line,
// and the axis reaches below 0 only for a negative value.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { axisIsNumeric, findSweep } from '../src/scenario/sweeps';
import { runSweep } from '../src/scenario/sweepRun';
import { seriesUnder, SWEEP_Y_TICKS, sweepXScale, sweepYScale } from '../src/views/sweepScales';
import { customSpec, parseSweepParam } from '../src/ui/sweep/sweepParam';
import { dodgeOffsets, polyline } from '../src/views/SweepChart';

/** The labelled lines the chart draws, and the axis's ends. */
function axis(values: number[]) {
  const y = sweepYScale(values, 20, 320);
  const [lo, hi] = y.domain();
  return { lo, hi, ticks: y.ticks(SWEEP_Y_TICKS) };
}

describe('the y axis of a sweep chart', () => {
  it('ends on a labelled line at both ends, with 0 labelled, whatever the values', () => {
    // Seconds, packets, bytes: figures a chart shows, not denormals.
    const figure = fc.oneof(
      fc.constant(0),
      fc.double({ min: -1e6, max: 1e6, noNaN: true }).filter((v) => Math.abs(v) >= 1e-6),
    );
    const values = fc.array(figure, { minLength: 1, maxLength: 40 });
    fc.assert(
      fc.property(values, (vs) => {
        const { lo, hi, ticks } = axis(vs);
        expect(ticks[0] === lo).toBe(true);
        expect(ticks[ticks.length - 1] === hi).toBe(true);
        expect(ticks.some((t) => t === 0)).toBe(true);
        expect(lo).toBeLessThanOrEqual(Math.min(...vs));
        expect(hi).toBeGreaterThanOrEqual(Math.max(...vs));
        if (vs.every((v) => v >= 0)) expect(lo).toBe(0);
      }),
      { numRuns: 1000 },
    );
  });

  it('Kruse Fig. 5: the time /Test loses with 16 connections sits above a labelled negative line', () => {
    const points = runSweep(findSweep('kruse-fig5')!);
    const { lo, ticks } = axis(points.map((p) => p.y));
    expect(Math.min(...points.map((p) => p.y))).toBeLessThan(0);
    expect(lo).toBeLessThan(0);
    expect(ticks[0]).toBe(lo);
    expect(ticks).toContain(0);
  });

  it('an empty or all-zero sweep still has an axis from 0', () => {
    expect(axis([]).lo).toBe(0);
    expect(axis([0, 0]).lo).toBe(0);
    expect(axis([0, 0]).hi).toBeGreaterThan(0);
  });
});

describe('the x axis of a sweep chart', () => {
  /** The x of each tick of a custom sweep's axis, as the panel draws it over 100..500 px. */
  function tickXs(param: string): number[] {
    const problems: string[] = [];
    const choice = parseSweepParam(param, problems);
    expect(problems).toEqual([]);
    if (choice?.kind !== 'custom') throw new Error(`not a custom sweep: ${param}`);
    const spec = customSpec(choice.custom, 'page=microscape');
    return sweepXScale(spec.x.values, 100, 500, axisIsNumeric(spec.x)).ticks.map((t) => t.x);
  }

  it('spaces choices evenly even when their names read as numbers (HTTP 1.0, 1.1, 2, 3)', () => {
    const xs = tickXs('custom:x=http:1.0,1.1,2,3;y=load_s');
    const gaps = xs.slice(1).map((x, i) => x - xs[i]);
    expect(Math.min(...gaps)).toBeGreaterThan(80); // a quarter of the width each, not 1.0 on 1.1
    expect(Math.max(...gaps) - Math.min(...gaps)).toBeLessThan(1e-6);
    expect(tickXs('custom:x=tls:1.2,1.3;y=load_s')).toHaveLength(2);
  });

  it('draws values that grow by one factor on a log axis, evenly apart (loss 0.25, 0.5, 1, 2, 4%)', () => {
    const spec = findSweep('mathis-loss')!;
    const scale = sweepXScale(spec.x.values, 100, 500, axisIsNumeric(spec.x));
    expect(scale.log).toBe(true);
    const xs = scale.ticks.map((t) => t.x);
    const gaps = xs.slice(1).map((x, i) => x - xs[i]);
    expect(Math.max(...gaps) - Math.min(...gaps)).toBeLessThan(1e-6); // 100 px each, not 25 px at the low end
    // Kruse's connections (1, 4, 8, 16) and windows keep the linear axis of the paper's figures.
    for (const id of ['kruse-fig2', 'kruse-fig7', 'pm-fig6-1'])
      expect(sweepXScale(findSweep(id)!.x.values, 100, 500).log, id).toBe(false);
  });

  it('places quantities by size (connections 1, 2, 4, 16)', () => {
    const [a, b, c, d] = tickXs('custom:x=conns:1,2,4,16;y=load_s');
    expect(d - c).toBeGreaterThan(4 * (c - b)); // 12 connections apart against 2
    expect(c - b).toBeCloseTo(2 * (b - a), 6);
  });
});

describe('lines a sweep chart draws on top of each other', () => {
  const pts = (series: string, ys: number[]) => ys.map((y, i) => ({ x: String(i), series, y, model: null }));

  it('quic-by-rtt: HTTP/1.1 lies under HTTP/2 (the same handshakes), HTTP/3 apart from both', () => {
    const spec = findSweep('quic-by-rtt')!;
    const points = runSweep(spec).map((p) => ({ ...p, model: null }));
    const under = seriesUnder(points, [], spec.series!.values);
    expect([...under]).toEqual([['1.1', '2']]);
  });

  it('a line within 1% of the axis of a later one is under it; 2% apart is not; an unfinished point never is', () => {
    const top = pts('b', [0, 50, 100]); // axis 0-100 after rounding
    expect(seriesUnder([...pts('a', [0.9, 50.9, 99.1]), ...top], [], ['a', 'b']).get('a')).toBe('b');
    expect(seriesUnder([...pts('a', [0, 52, 100]), ...top], [], ['a', 'b']).has('a')).toBe(false);
    // Drawn after, so on top: b is not hidden by a.
    expect(seriesUnder([...pts('a', [0, 50, 100]), ...top], [], ['a', 'b']).has('b')).toBe(false);
    const running = [
      ...pts('a', [0, 50, 100]),
      { x: '2', series: 'b', y: null, model: null },
      ...top.slice(0, 2),
    ];
    expect(seriesUnder(running, [], ['a', 'b']).size).toBe(0);
  });

  it('three equal lines: both lower ones name the line on top', () => {
    const points = [...pts('a', [1, 2, 3]), ...pts('b', [1, 2, 3]), ...pts('c', [1, 2, 3])];
    expect([...seriesUnder(points, [], ['a', 'b', 'c'])]).toEqual([
      ['a', 'c'],
      ['b', 'c'],
    ]);
  });
});

describe("a sweep's line", () => {
  it('goes straight from point to point, as d3-shape drew it, and is not drawn without points', () => {
    expect(
      polyline([
        [64, 20.5],
        [120, 300],
        [400, 12],
      ]),
    ).toBe('M64,20.5L120,300L400,12');
    expect(polyline([])).toBeUndefined();
  });
});

describe("a sweep's points at one spot", () => {
  const at = (key: string, cx: number, cy: number, order: number) => ({ key, cx, cy, order });

  it('are set side by side in series order, centred on their x; a point alone stays put', () => {
    const shifts = dodgeOffsets([
      at('oufr|8', 300, 120, 2),
      at('acts|8', 300, 121, 1),
      at('lerc|8', 300, 200, 0), // well below: alone
      at('acts|4', 100, 120, 1), // another x
    ]);
    expect(shifts.get('acts|8')).toBe(-6);
    expect(shifts.get('oufr|8')).toBe(6);
    expect(shifts.get('lerc|8')).toBe(0);
    expect(shifts.get('acts|4')).toBe(0);
  });

  it('spread over at most a third of the way to a close x, each showing a crescent', () => {
    // A log axis on a phone: x values 24 px apart, four series all at one spot.
    const points = [0, 1, 2, 3].flatMap((s) => [at(`${s}|a`, 100, 50, s), at(`${s}|b`, 124, 50, s + 4)]);
    const shifts = dodgeOffsets(points);
    const a = [0, 1, 2, 3].map((s) => shifts.get(`${s}|a`)!);
    expect(a).toEqual([...a].sort((p, q) => p - q)); // left to right in drawing order
    expect(a[3] - a[0]).toBeLessThanOrEqual(9);
    for (let i = 1; i < 4; i++) expect(a[i] - a[i - 1]).toBeGreaterThanOrEqual(3);
    expect(a.reduce((sum, d) => sum + d, 0)).toBeCloseTo(0); // centred on x
  });

  it('never leave two circles overlapping, and stay centred on their x', () => {
    const cloud = fc.array(
      fc.record({ column: fc.integer({ min: 0, max: 3 }), cy: fc.integer({ min: 0, max: 60 }) }),
      { maxLength: 8 },
    );
    fc.assert(
      fc.property(cloud, (drawn) => {
        const points = drawn.map((p, i) => at(String(i), 100 + 400 * p.column, p.cy, i));
        const shifts = dodgeOffsets(points);
        const placed = points.map((p) => ({ ...p, cx: p.cx + shifts.get(p.key)! }));
        for (const [i, p] of placed.entries()) {
          const column = points.filter((q) => q.cx === points[i].cx).length;
          expect(Math.abs(p.cx - points[i].cx)).toBeLessThanOrEqual(((column - 1) / 2) * 12);
          for (const q of placed.slice(i + 1))
            expect(Math.hypot(p.cx - q.cx, p.cy - q.cy)).toBeGreaterThanOrEqual(10);
        }
      }),
      { numRuns: 500 },
    );
  });
});
