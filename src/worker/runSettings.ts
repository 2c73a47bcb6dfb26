// What the worker does for each request, with the whole engine (HTTP/3 included).
import { pageTimeNs } from '../engine/metrics';
import { simulate } from '../engine/simulate';
import { toSimInput } from '../scenario/resolve';
import { runQuery } from '../scenario';
import { PRESETS } from '../scenario/presets';
import type { PresetFigures, RunProgress, WorkerRequest, WorkerResponse } from './protocol';
import type { Settings } from '../scenario/schema';
import { figureResults, handleRun as handleRunWith } from './runCore';

export { failure } from './runCore';

export function presetFigures(): PresetFigures[] {
  return PRESETS.map((preset) => {
    const { trace, config } = runQuery(`preset=${encodeURIComponent(preset.id)}`);
    return { id: preset.id, results: figureResults(simulate, preset, config.settings, trace) };
  });
}

export function handleRun(
  request: Extract<WorkerRequest, { kind: 'run' }>,
  progress?: (p: RunProgress) => void,
): WorkerResponse {
  return handleRunWith(simulate, request, progress);
}

/** Each variant's page time, or null when its run fails: a fix is offered only if it helps. */
export function pageTimes(sides: readonly Settings[]): Array<number | null> {
  return sides.map((settings) => {
    try {
      return pageTimeNs(simulate(toSimInput(settings)));
    } catch {
      return null;
    }
  });
}
