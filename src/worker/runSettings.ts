// What the worker does for each request, with the whole engine (HTTP/3 included).
import { simulate } from '../engine/simulate';
import { runQuery } from '../scenario';
import { PRESETS } from '../scenario/presets';
import type { PresetFigures, RunProgress, WorkerRequest, WorkerResponse } from './protocol';
import { figureResults, handleRun as handleRunWith } from './runCore';

export { failure } from './runCore';

export function presetFigures(): PresetFigures[] {
  return PRESETS.map((preset) => {
    const { trace } = runQuery(`preset=${encodeURIComponent(preset.id)}`);
    return { id: preset.id, results: figureResults(simulate, preset, trace) };
  });
}

export function handleRun(
  request: Extract<WorkerRequest, { kind: 'run' }>,
  progress?: (p: RunProgress) => void,
): WorkerResponse {
  return handleRunWith(simulate, request, progress);
}
