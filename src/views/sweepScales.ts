// Scales and labels of a sweep chart. Quantities get a linear axis (logarithmic when the values
// span fifty-fold or more, or each is the one before times the same factor: loss 0.25, 0.5, 1, 2,
// 4%); anything else (presets, links, modes, '4k') gets evenly spaced points.
import { scaleLinear } from './piecewiseScale';

export interface SweepXScale {
  at: (value: string) => number;
  ticks: Array<{ value: string; x: number; label: string }>;
  log: boolean;
}

/** `quantities`: the axis's knob measures something (its values are placed by size when they all
 * read as numbers); else its values are choices, spaced evenly in their order. */
export function sweepXScale(
  values: string[],
  left: number,
  right: number,
  quantities = true,
  names?: string[],
): SweepXScale {
  const labels = names ?? shortLabels(values);
  const numbers = values.map(Number);
  const numeric = quantities && values.length > 1 && numbers.every((n) => Number.isFinite(n));
  if (!numeric) {
    const s = pointScale(values, left, right, 0.4);
    return {
      at: (v) => s(v) ?? left,
      ticks: values.map((v, i) => ({ value: v, x: s(v)!, label: labels[i] })),
      log: false,
    };
  }
  const lo = Math.min(...numbers);
  const hi = Math.max(...numbers);
  const log = lo > 0 && (hi / lo >= 50 || geometric(numbers));
  const s = log
    ? logScale(lo, hi, left, right)
    : scaleLinear()
        .domain(lo === hi ? [lo - 1, hi + 1] : [lo, hi])
        .range([left, right]);
  return {
    at: (v) => s(Number(v)),
    ticks: values.map((v, i) => ({ value: v, x: s(Number(v)), label: labels[i] })),
    log,
  };
}

/**
 * Three or more values, each the one before times the same factor (1.5 or more): drawn linear,
 * the small ones crowd together (0.25% and 0.5% loss a few pixels apart on a phone).
 */
function geometric(values: number[]): boolean {
  if (values.length < 3) return false;
  const sorted = [...values].sort((a, b) => a - b);
  const factor = sorted[1] / sorted[0];
  return factor >= 1.5 && sorted.every((v, i) => i === 0 || Math.abs(v / sorted[i - 1] / factor - 1) < 0.01);
}

/** d3's scalePoint with `padding` (outer): evenly spaced points, centred in the range. */
function pointScale(domain: string[], r0: number, r1: number, padding: number) {
  const index = new Map<string, number>();
  for (const v of domain) if (!index.has(v)) index.set(v, index.size);
  const n = index.size;
  const reverse = r1 < r0;
  let start = reverse ? r1 : r0;
  const stop = reverse ? r0 : r1;
  const step = (stop - start) / Math.max(1, n - 1 + padding * 2);
  start += (stop - start - step * (n - 1)) * 0.5;
  const at = (i: number) => start + step * (reverse ? n - 1 - i : i);
  return (v: string): number | undefined => {
    const i = index.get(v);
    return i === undefined ? undefined : at(i);
  };
}

/** d3's scaleLog over a positive [lo, hi]: linear in log(x). */
function logScale(lo: number, hi: number, r0: number, r1: number) {
  const linear = scaleLinear([Math.log(lo), Math.log(hi)], [r0, r1]);
  return (x: number) => linear(Math.log(x));
}

/** Names without what they all share: nielsen-lan-1.0-first, nielsen-lan-pipe-first -> 1.0, pipe. */
export function shortLabels(values: string[]): string[] {
  if (values.length < 2 || values.some((v) => !v.includes('-'))) return compactNumbers(values);
  const parts = values.map((v) => v.split('-'));
  let head = 0;
  while (parts.every((p) => p.length > head + 1 && p[head] === parts[0][head])) head++;
  let tail = 0;
  while (
    parts.every(
      (p) => p.length > head + tail + 1 && p[p.length - 1 - tail] === parts[0][parts[0].length - 1 - tail],
    )
  )
    tail++;
  return parts.map((p) => p.slice(head, p.length - tail).join('-'));
}

/**
 * Numbers written alike along one axis or legend, and short: 1024 ... 512000 -> 1K ... 500K,
 * 1544000 -> 1.5M. Sizes that are all whole multiples of 1024 read in K; a list with other sizes
 * in it (the papers' 2544- and 45566-byte images) keeps every number exact below a million,
 * rather than mixing 2544 with 10K.
 */
export function compactNumbers(values: string[]): string[] {
  const numbers = values.map(Number);
  if (numbers.some((n) => !Number.isFinite(n))) return values;
  const large = numbers.filter((n) => Math.abs(n) >= 1024);
  if (large.length > 0 && large.every((n) => n % 1024 === 0))
    return values.map((v, i) => {
      const n = numbers[i];
      if (Math.abs(n) < 1024) return v;
      return n % 1048576 === 0 ? `${n / 1048576}M` : `${n / 1024}K`;
    });
  return values.map((v, i) => {
    const n = numbers[i];
    if (Math.abs(n) < 1e6) return v;
    const scaled = n / 1e6;
    return `${Number.isInteger(scaled) ? scaled : scaled.toFixed(1)}M`;
  });
}

/** About this many labelled lines across a sweep chart's height. */
export const SWEEP_Y_TICKS = 5;

/**
 * From 0 (or the lowest value, when one is negative) to a little above the highest (or 0, when
 * all are negative), widened to
 * the labelled lines drawn: both ends of the axis then carry a label. Rounded to 10 ticks while
 * 5 were drawn, a negative region ended at an unlabelled -4 under the 0 line.
 */
export function sweepYScale(values: number[], top: number, bottom: number) {
  const finite = values.filter((v) => Number.isFinite(v));
  const lo = Math.min(0, ...finite);
  const hi = Math.max(0, ...finite);
  return scaleLinear()
    .domain([lo, hi > lo ? hi + (hi - lo) * 0.05 : lo + 1])
    .range([bottom, top])
    .nice(SWEEP_Y_TICKS);
}

/** The values a sweep chart's y axis must hold: the simulated points, the model's, the paper's. */
export function chartYValues(
  points: Array<{ y: number | null; model: number | null }>,
  published: Array<{ y: number }>,
): number[] {
  return [
    ...points.flatMap((p) => [p.y, p.model]).filter((v): v is number => v !== null),
    ...published.map((p) => p.y),
  ];
}

/** Lines closer than this share of the y axis (about 3 px on the chart) read as one line. */
export const COINCIDE_SHARE = 0.01;

/**
 * Series the chart draws under a later series' line: at every x both have a value and they differ
 * by at most COINCIDE_SHARE of the y axis, so a reader sees one line and a legend colour with none.
 * Each maps to the last such series, the one on top. (quic-by-rtt: HTTP/2 pays the same TCP and
 * TLS round trips as HTTP/1.1 for one object, and hides its line.)
 */
export function seriesUnder(
  points: Array<{ x: string; series: string | null; y: number | null; model: number | null }>,
  published: Array<{ y: number }>,
  seriesValues: Array<string | null>,
): Map<string | null, string | null> {
  const [lo, hi] = sweepYScale(chartYValues(points, published), 1, 0).domain();
  const near = COINCIDE_SHARE * (hi - lo);
  const line = (s: string | null) => new Map(points.filter((p) => p.series === s).map((p) => [p.x, p.y]));
  const lines = seriesValues.map(line);
  const under = new Map<string | null, string | null>();
  seriesValues.forEach((s, i) => {
    for (let j = seriesValues.length - 1; j > i; j--) {
      const [a, b] = [lines[i], lines[j]];
      const same =
        a.size > 0 &&
        [...a].every(([x, ya]) => {
          const yb = b.get(x);
          return ya !== null && yb != null && Math.abs(ya - yb) <= near;
        });
      if (same) {
        under.set(s, seriesValues[j]);
        break;
      }
    }
  });
  return under;
}

/** Okabe-Ito: colour-blind-safe, dark enough against white for lines and markers. */
export const SERIES_COLOURS = [
  '#0072B2',
  '#D55E00',
  '#009E73',
  '#CC79A7',
  '#E69F00',
  '#56B4E9',
  'var(--ink)',
];

/** A y value as the table and the tooltips print it. */
export function formatSweepValue(y: number): string {
  if (!Number.isFinite(y)) return '—';
  if (Math.abs(y) >= 1000) return String(Math.round(y));
  return String(Number(y.toPrecision(4)));
}
