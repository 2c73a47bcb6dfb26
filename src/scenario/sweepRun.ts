// Running a sweep's points: each is a full simulation of its query, measured by the sweep's metric.
import { pathOf, type PathTiming } from '../engine/path';
import { simulate } from '../engine/simulate';
import type { Trace } from '../engine/trace';
import { parseQuery } from './codec';
import { toSimInput } from './resolve';
import { measure, sweepQueries, type SweepPoint, type SweepSpec } from './sweeps';

/** A point's run: its trace, and the path it ran on. */
export function runPoint(query: string): { trace: Trace; path: PathTiming } {
  const input = toSimInput(parseQuery(query).config.settings);
  return { trace: simulate(input), path: pathOf(input) };
}

function measurePoint(metric: SweepSpec['y'], query: string): number {
  const { trace, path } = runPoint(query);
  return measure(metric, trace, path);
}

export function evaluatePoint(spec: SweepSpec, query: string): number {
  const y = measurePoint(spec.y, query);
  if (!spec.compare) return y;
  const other = measurePoint(spec.y, `${query}&${spec.compare.versus}`);
  return spec.compare.as === 'difference' ? other - y : (100 * (other - y)) / other;
}

export function runSweep(spec: SweepSpec): SweepPoint[] {
  return sweepQueries(spec).map((p) => ({ ...p, y: evaluatePoint(spec, p.query) }));
}
