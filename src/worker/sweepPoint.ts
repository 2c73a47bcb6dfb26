// One sweep point, as the worker evaluates it: the scenario layer's own evaluatePoint (so the page
// and the tests agree to the bit), plus Kruse's analytic baseline when the sweep draws it.
import { kruseBaselineFor } from '../scenario/kruseModel';
import { evaluatePoint } from '../scenario/sweepRun';
import type { SweepSpec } from '../scenario/sweeps';
import type { SweepPointRequest, WorkerResponse } from './protocol';

export function evaluateSweepPoint(request: SweepPointRequest): WorkerResponse {
  // evaluatePoint reads only the metric and the comparison from the spec.
  const spec = { y: request.metric, compare: request.compare } as SweepSpec;
  const y = evaluatePoint(spec, request.query);
  const model = request.model === 'kruse-baseline' ? kruseBaselineFor(request.query) : null;
  return { kind: 'sweep-point', id: request.id, y, model };
}
