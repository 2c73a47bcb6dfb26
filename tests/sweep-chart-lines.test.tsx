// @vitest-environment jsdom
// A sweep's points are joined by a line only along a quantity (round-trip time, connections): over
// choices (link types, HTTP versions) nothing lies between two points, and a line would say it did.
import { describe, expect, it } from 'vitest';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { SweepChart, type SweepChartPoint } from '../src/views/SweepChart';
import { SweepLegend } from '../src/ui/sweep/SweepLegend';
import { axisIsNumeric, type SweepSpec } from '../src/scenario/sweeps';
import { customSpec, parseSweepParam } from '../src/ui/sweep/sweepParam';

function specOf(param: string, base = 'link=wan'): SweepSpec {
  const choice = parseSweepParam(param, []);
  if (choice?.kind !== 'custom') throw new Error(`not a custom sweep: ${param}`);
  return customSpec(choice.custom, base);
}

function draw(spec: SweepSpec) {
  const series = spec.series ? spec.series.values : [null];
  const points: SweepChartPoint[] = series.flatMap((s, j) =>
    spec.x.values.map((x, i) => ({ x, series: s, y: 1 + i + j * 0.5, model: null, query: `q${i}` })),
  );
  const box = document.createElement('div');
  act(() =>
    render(
      <div>
        <SweepChart
          xValues={spec.x.values}
          xNames={spec.x.names}
          xNumeric={axisIsNumeric(spec.x)}
          seriesValues={series}
          points={points}
          published={[]}
          xLabel={spec.x.label}
          yLabel="page load (s)"
          seriesLabel={spec.series?.label ?? null}
          width={800}
          height={340}
          onOpen={() => {}}
        />
        <SweepLegend spec={spec} under={new Map()} />
      </div>,
      box,
    ),
  );
  return box;
}

/** The drawn lines' paths, with at least one segment each. */
const linePaths = (box: Element) =>
  [...box.querySelectorAll('.sweep-line')]
    .map((p) => p.getAttribute('d') ?? '')
    .filter((d) => d.includes('L'));

describe('sweep chart lines', () => {
  it('draws link types as points alone, with no line between them', () => {
    const box = draw(specOf('custom:x=link;y=load_s'));
    const points = box.querySelectorAll('[data-sweep-point]');
    expect(points.length).toBeGreaterThan(3);
    expect(linePaths(box)).toEqual([]);
  });

  it('draws HTTP versions with an initial-window series as points alone, and keys them so', () => {
    const spec = specOf('custom:x=http;series=iw;y=load_s');
    expect(spec.title).toBe('Page load (s) against HTTP mode, one colour and shape per Initial window');
    const box = draw(spec);
    expect(box.querySelectorAll('[data-sweep-point]').length).toBeGreaterThan(6);
    expect(linePaths(box)).toEqual([]);
    // The legend's swatches: a dot, no line.
    const swatches = box.querySelectorAll('.sweep-legend li svg');
    expect(swatches.length).toBeGreaterThan(1);
    for (const s of swatches) expect(s.querySelector('line')).toBeNull();
  });

  it("joins a quantity's points in order (round-trip time), and keys its series with a line", () => {
    const spec = specOf('custom:x=rtt:50,90,250;series=http:1.1,2;y=load_s');
    expect(spec.title).toMatch(/, one line per /);
    const box = draw(spec);
    const paths = linePaths(box);
    expect(paths).toHaveLength(2);
    // Three points each: two segments.
    for (const d of paths) expect(d.split('L')).toHaveLength(3);
    for (const s of box.querySelectorAll('.sweep-legend li svg'))
      expect(s.querySelector('line')).not.toBeNull();
  });

  it('gives each series its own marker shape, on the chart and in the legend alike', () => {
    // Over choices the points stand alone: without a shape each, four initial windows were told
    // apart by colour only (not by a colour-blind student, nor on a greyscale printout).
    const spec = specOf('custom:x=http;series=iw:1,2,4k,10;y=load_s');
    const box = draw(spec);
    const series = spec.series!.values;
    const shapeOf = (s: string) => box.querySelectorAll(`[data-sweep-point][data-series="${s}"]`);
    const chart = series.map((s) => [...shapeOf(s)].map((m) => outline(m.getAttribute('d') ?? '')));
    chart.forEach((marks, i) => {
      expect(marks.length, series[i]).toBe(spec.x.values.length);
      // One shape for all of a series' points, wherever they stand.
      for (const m of marks) expect(sameOutline(m, marks[0]), series[i]).toBe(true);
    });
    // No two series share a shape.
    for (let i = 0; i < series.length; i++)
      for (let j = i + 1; j < series.length; j++)
        expect(sameOutline(chart[i][0], chart[j][0]), `${series[i]} and ${series[j]}`).toBe(false);
    // The legend's swatch for each series is its shape, smaller, inside the swatch's 22 x 12 box.
    const swatches = [...box.querySelectorAll('.sweep-legend li svg path')];
    expect(swatches).toHaveLength(series.length);
    swatches.forEach((p, i) => {
      const key = outline(p.getAttribute('d') ?? '');
      const scaled = chart[i][0].map((v) => (typeof v === 'number' ? (v * 4) / 5 : v));
      expect(sameOutline(key, scaled), series[i]).toBe(true);
      const [xs, ys] = corners(p.getAttribute('d') ?? '');
      expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
      expect(Math.max(...xs)).toBeLessThanOrEqual(22);
      expect(Math.min(...ys)).toBeGreaterThanOrEqual(0);
      expect(Math.max(...ys)).toBeLessThanOrEqual(12);
    });
  });
});

/** The x and y of a marker's corners (a circle's leftmost point and its far side). */
function corners(d: string): [number[], number[]] {
  const numbers = (d.match(/-?[\d.]+/g) ?? []).map(Number);
  if (d.includes('a')) {
    const [x, y, r] = numbers;
    return [
      [x, x + 2 * r],
      [y - r, y + r],
    ];
  }
  return [numbers.filter((_, i) => i % 2 === 0), numbers.filter((_, i) => i % 2 === 1)];
}

/** A marker's outline wherever it stands: a circle's radius, or a polygon's corners from its first. */
function outline(d: string): Array<number | string> {
  const numbers = (d.match(/-?[\d.]+/g) ?? []).map(Number);
  if (d.includes('a')) return ['circle', numbers[2]];
  return numbers.map((v, i) => v - numbers[i % 2]);
}

function sameOutline(a: Array<number | string>, b: Array<number | string>): boolean {
  return (
    a.length === b.length &&
    a.every((v, i) => (typeof v === 'number' ? Math.abs(v - (b[i] as number)) < 0.05 : v === b[i]))
  );
}
