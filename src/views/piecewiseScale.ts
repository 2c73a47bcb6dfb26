// A linear scale over numbers, piecewise when its domain has more than two points: the few parts
// of d3's scaleLinear the views use (apply, invert, domain, range, copy, ticks, nice), computed
// exactly as d3 does, without d3-scale's interpolators, colours and number formats.
import { bisectRight, tickIncrement, ticks as arrayTicks } from 'd3';

export interface LinearScale {
  (x: number): number;
  domain(): number[];
  domain(domain: readonly number[]): LinearScale;
  range(): number[];
  range(range: readonly number[]): LinearScale;
  invert(y: number): number;
  copy(): LinearScale;
  ticks(count?: number): number[];
  nice(count?: number): LinearScale;
}

type Map1 = (x: number) => number;

/** d3's normalize: x -> t in [0, 1] over [a, b] (a degenerate span maps everything to 0.5). */
function normalize(a: number, b: number): Map1 {
  const span = b - a;
  if (span) return (x) => (x - a) / span;
  const c = Number.isNaN(span) ? NaN : 0.5;
  return () => c;
}

/** d3's interpolateNumber. */
function interpolate(a: number, b: number): Map1 {
  return (t) => a * (1 - t) + b * t;
}

/** d3's bimap/polymap: from `from` onto `to`, one linear piece between consecutive breakpoints. */
function piecewise(fromIn: readonly number[], toIn: readonly number[]): Map1 {
  let from = fromIn.slice();
  let to = toIn.slice();
  if (Math.min(from.length, to.length) <= 2) {
    let [d0, d1] = from as [number, number];
    let [r0, r1] = to as [number, number];
    if (d1 < d0) {
      [d0, d1] = [d1, d0];
      [r0, r1] = [r1, r0];
    }
    const n = normalize(d0, d1);
    const i = interpolate(r0, r1);
    return (x) => i(n(x));
  }
  const j = Math.min(from.length, to.length) - 1;
  if (from[j]! < from[0]!) {
    from = from.reverse();
    to = to.reverse();
  }
  const d: Map1[] = [];
  const r: Map1[] = [];
  for (let k = 0; k < j; k++) {
    d.push(normalize(from[k]!, from[k + 1]!));
    r.push(interpolate(to[k]!, to[k + 1]!));
  }
  return (x) => {
    const k = bisectRight(from, x, 1, j) - 1;
    return r[k]!(d[k]!(x));
  };
}

export function scaleLinear(
  domainIn: readonly number[] = [0, 1],
  rangeIn: readonly number[] = [0, 1],
): LinearScale {
  let domain = domainIn.map(Number);
  let range = rangeIn.map(Number);
  let output: Map1 | null = null;
  let input: Map1 | null = null;

  const scale = ((x: number) => {
    if (Number.isNaN(x)) return NaN;
    output ??= piecewise(domain, range);
    return output(x);
  }) as LinearScale;
  const rescale = () => {
    output = null;
    input = null;
    return scale;
  };

  scale.invert = (y: number) => {
    input ??= piecewise(range, domain);
    return input(y);
  };
  scale.domain = ((d?: readonly number[]) => {
    if (d === undefined) return domain.slice();
    domain = d.map(Number);
    return rescale();
  }) as LinearScale['domain'];
  scale.range = ((r?: readonly number[]) => {
    if (r === undefined) return range.slice();
    range = r.map(Number);
    return rescale();
  }) as LinearScale['range'];
  scale.copy = () => scaleLinear(domain, range);
  scale.ticks = (count = 10) => arrayTicks(domain[0]!, domain[domain.length - 1]!, count);
  scale.nice = (count = 10) => {
    const d = domain.slice();
    let i0 = 0;
    let i1 = d.length - 1;
    let start = d[i0]!;
    let stop = d[i1]!;
    let prestep: number | undefined;
    if (stop < start) {
      [start, stop] = [stop, start];
      [i0, i1] = [i1, i0];
    }
    for (let maxIter = 10; maxIter-- > 0;) {
      const step = tickIncrement(start, stop, count);
      if (step === prestep) {
        d[i0] = start;
        d[i1] = stop;
        return scale.domain(d);
      } else if (step > 0) {
        start = Math.floor(start / step) * step;
        stop = Math.ceil(stop / step) * step;
      } else if (step < 0) {
        start = Math.ceil(start * step) / step;
        stop = Math.floor(stop * step) / step;
      } else break;
      prestep = step;
    }
    return scale;
  };
  return scale;
}
