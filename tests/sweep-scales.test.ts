// A sweep chart's y axis: both ends carry a label, a negative region is labelled under a 0 line,
// and the axis reaches below 0 only for a negative value.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findSweep } from '../src/scenario/sweeps';
import { runSweep } from '../src/scenario/sweepRun';
import { SWEEP_Y_TICKS, sweepYScale } from '../src/views/sweepScales';

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
