// Running a sweep's points: each is a full simulation of its query, measured by the sweep's metric.
import { simulate } from '../engine/simulate';
import type { Trace } from '../engine/trace';
import { parseQuery } from './codec';
import { toSimInput } from './resolve';
import { measure, sweepQueries, type SweepPoint, type SweepSpec } from './sweeps';

export function runPoint(query: string): Trace {
  return simulate(toSimInput(parseQuery(query).config.settings));
}

export function evaluatePoint(spec: SweepSpec, query: string): number {
  const y = measure(spec.y, runPoint(query));
  if (!spec.compare) return y;
  const other = measure(spec.y, runPoint(`${query}&${spec.compare.versus}`));
  return spec.compare.as === 'difference' ? other - y : (100 * (other - y)) / other;
}

export function runSweep(spec: SweepSpec): SweepPoint[] {
  return sweepQueries(spec).map((p) => ({ ...p, y: evaluatePoint(spec, p.query) }));
}
