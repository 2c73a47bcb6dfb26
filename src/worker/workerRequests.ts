// Every request the worker answers. A sweep's points are answered only here, so the page's own
// thread, which runs small scenarios with runSettings.ts, does not load the sweeps' code.
import { failure, handleRun, pageTimes, presetFigures } from './runSettings';
import { evaluateSweepPoint } from './sweepPoint';
import type { RunProgress, WorkerRequest, WorkerResponse } from './protocol';

/** `progress` hears how far a long run has got (the worker posts it to the page). */
export function handleRequest(request: WorkerRequest, progress?: (p: RunProgress) => void): WorkerResponse {
  if (request.kind === 'run') return handleRun(request, progress);
  try {
    if (request.kind === 'sweep-point') return evaluateSweepPoint(request);
    if (request.kind === 'page-times')
      return { kind: 'page-times', id: request.id, pageNs: pageTimes(request.sides) };
    return { kind: 'preset-figures', id: request.id, figures: presetFigures() };
  } catch (error) {
    return failure(request.id, error);
  }
}
