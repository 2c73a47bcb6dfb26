// The waterfall's time axis folds the idle time between page loads, as the ladder does, and
// never the time inside an object's bar.
import { describe, expect, it } from 'vitest';
import { runQuery } from '../src/scenario';
import { idleGaps, runEndNs } from '../src/views/timeScale';
import {
  gapsBetweenRows,
  foldedTimeAxis,
  loadGaps,
  type AxisFold,
  type FoldedTimeAxis,
} from '../src/views/foldedTimeAxis';
import { tspTimeAxis } from '../src/views/tspTimeAxis';
import { waterfallRows } from '../src/views/waterfallPhases';

const LEFT = 90;
const RIGHT = 1000;

function folded(query: string) {
  const trace = runQuery(query).trace!;
  const endNs = runEndNs(trace);
  const rows = waterfallRows(trace);
  const gaps = gapsBetweenRows(idleGaps([trace], endNs), rows);
  return { trace, endNs, rows, gaps, axis: foldedTimeAxis(endNs, [LEFT, RIGHT], RIGHT + 12, gaps) };
}

/** A label's extent as the axis estimates it (11 px text). */
const extent = (x: number, text: string): [number, number] => [
  x - text.length * 3.25,
  x + text.length * 3.25,
];

/** Every label an axis writes, ticks and folds' lengths, as anchored, left to right. */
const labelExtents = (axis: FoldedTimeAxis): Array<[number, number]> =>
  [
    ...axis.ticks.map((t): [number, number] =>
      t.anchor === 'end' ? [t.x - t.text.length * 6.5, t.x] : extent(t.x, t.text),
    ),
    ...axis.folds.filter((f) => f.text !== '').map(foldExtent),
  ].sort((a, b) => a[0] - b[0]);

/** A fold's length is centred under its band, or written from one of its edges. */
function foldExtent(f: AxisFold): [number, number] {
  const w = f.text.length * 6.5;
  if (f.anchor === 'end') return [f.x1 - w, f.x1];
  if (f.anchor === 'start') return [f.x0, f.x0 + w];
  return extent((f.x0 + f.x1) / 2, f.text);
}

describe("the waterfall's time axis", () => {
  it("Kruse's five loads: the four waits between them fold, and every load gets a readable width", () => {
    const { rows, gaps, axis, endNs } = folded('preset=kruse-test');
    expect(gaps).toHaveLength(4);
    // Drawn to scale, /Test's 4.6 s were 2.5% of a 183 s axis: about 23 px of these 910.
    const lastLoad = rows.filter((r) => r.startNs > gaps[3].endNs);
    const from = Math.min(...lastLoad.map((r) => r.startNs));
    const to = Math.max(...lastLoad.map((r) => r.endNs!));
    expect(axis.x(to) - axis.x(from)).toBeGreaterThan((((RIGHT - LEFT) * (to - from)) / endNs) * 5);
    // Each fold says how long it was, as the ladder's break marks do.
    expect(axis.folds.map((f) => f.text)).toEqual(
      gaps.map((g) => `⋯ ${((g.endNs - g.startNs) / 1e9).toFixed(1)}\u00a0s`),
    );
    // Ticks only where time runs, starting at 0, and no label over another.
    expect(axis.ticks[0].ns).toBe(0);
    for (const t of axis.ticks) expect(gaps.some((g) => t.ns > g.startNs && t.ns < g.endNs)).toBe(false);
    const labels = labelExtents(axis);
    for (let i = 1; i < labels.length; i++) expect(labels[i][0]).toBeGreaterThanOrEqual(labels[i - 1][1]);
  });

  it('on a phone the labels that do not fit are left out, never drawn over each other', () => {
    const { gaps, endNs } = folded('preset=kruse-test');
    const axis = foldedTimeAxis(endNs, [80, 350], 362, gaps);
    const labels = labelExtents(axis);
    expect(labels.length).toBeGreaterThan(1);
    for (let i = 1; i < labels.length; i++) expect(labels[i][0]).toBeGreaterThanOrEqual(labels[i - 1][1]);
    // The bands keep most of the width for the loads.
    const bands = axis.folds.reduce((sum, f) => sum + f.x1 - f.x0, 0);
    expect(bands).toBeLessThan(0.2 * (350 - 80));
  });

  // Each load is a stretch of the axis between two folds; on a phone Kruse's /acts load is 21 px.
  for (const query of ['preset=kruse-test', 'preset=kruse-lerc', 'loads=3&link=wan&loadgap=10']) {
    it(`every page load has a time written under it, at any width (${query})`, () => {
      const trace = runQuery(query).trace!;
      const endNs = runEndNs(trace);
      const gaps = loadGaps([trace], endNs);
      expect(gaps.length).toBe(trace.loads.length - 1);
      const axes = {
        'waterfall, 1012 px': foldedTimeAxis(endNs, [LEFT, RIGHT], RIGHT + 12, gaps),
        'waterfall, 362 px': foldedTimeAxis(endNs, [80, 350], 362, gaps),
        'time-sequence plot, 860 px': tspTimeAxis([0, endNs], 860, gaps),
        'time-sequence plot, 346 px': tspTimeAxis([0, endNs], 346, gaps),
      };
      for (const [name, axis] of Object.entries(axes)) {
        for (const load of trace.loads) {
          const next = trace.loads[load.index + 1]?.startNs ?? endNs;
          const own = axis.ticks.filter((t) => t.ns >= load.startNs && t.ns <= next);
          expect(own.length, `${name}: load ${load.index + 1}`).toBeGreaterThan(0);
        }
        for (const t of axis.ticks) expect(gaps.some((g) => t.ns > g.startNs && t.ns < g.endNs)).toBe(false);
        const labels = labelExtents(axis);
        for (let i = 1; i < labels.length; i++)
          expect(labels[i][0], `${name}: label ${i}`).toBeGreaterThanOrEqual(labels[i - 1][1]);
      }
    });
  }

  it("a stall inside an object's bar is not folded: the default page's delayed ACK and Nagle waits keep their length", () => {
    const { trace, rows, gaps, axis, endNs } = folded('');
    expect(idleGaps([trace], endNs).length).toBeGreaterThan(0); // the ladder folds these
    expect(gaps).toEqual([]);
    const html = rows[0];
    expect(axis.x(html.endNs!) - axis.x(html.startNs)).toBeCloseTo(
      ((RIGHT - LEFT) * (html.endNs! - html.startNs)) / endNs,
      6,
    );
  });
});

describe("a time axis's last label", () => {
  it('ends at its tick where, centred, it would run past the figure (Microscape on the LAN: "900 ms")', () => {
    // A waterfall 860 px wide, its bars from 100 to 848 px; the run ends at 905 ms.
    const width = 860;
    const axis = foldedTimeAxis(905e6, [100, width - 12], width, []);
    const last = axis.ticks[axis.ticks.length - 1];
    expect(last.text).toBe('900 ms');
    expect(extent(last.x, last.text)[1]).toBeGreaterThan(width);
    expect(last.anchor).toBe('end');
    expect(last.x).toBeLessThanOrEqual(width);
    for (const t of axis.ticks.slice(0, -1)) expect(t.anchor, t.text).toBe('middle');
  });
});

describe('a folded axis with a short load after a long wait', () => {
  it("writes each tick to its load's step, so neighbours never read alike", () => {
    // Two 8 ms loads 20 s apart: the axis counts in seconds, to the hundredth its 20 s ask for; the
    // loads' ticks, 2 ms apart, had read "0 s" three times, then "20 s, 20 s, 20.01 s, 20.01 s".
    const gaps = [{ startNs: 8e6, endNs: 20e9 }];
    const axis = foldedTimeAxis(20.008e9, [LEFT, RIGHT], RIGHT + 12, gaps);
    const texts = axis.ticks.map((t) => t.text);
    expect(texts.length).toBeGreaterThan(5);
    expect(new Set(texts).size, texts.join(', ')).toBe(texts.length);
    for (const t of axis.ticks) expect(Number.parseFloat(t.text) * 1e9).toBeCloseTo(t.ns, -1);
  });
});

describe("the time-sequence plot's zoomed axis", () => {
  it('writes ticks a fraction of a microsecond apart each to its own time', () => {
    // A 4 µs window: ticks half a microsecond apart, which three decimals of a ms had written alike.
    const axis = tspTimeAxis([322_000_000, 322_004_000], 1280);
    const texts = axis.ticks.map((t) => t.text);
    expect(texts.slice(0, 3)).toEqual(['322 ms', '322.0005 ms', '322.001 ms']);
    expect(new Set(texts).size, texts.join(', ')).toBe(texts.length);
  });
});
