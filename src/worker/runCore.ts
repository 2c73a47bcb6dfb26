// A page's run and its preset's figures, as plain functions of the engine that runs them: the
// worker's has everything (runSettings.ts), the page's own thread's leaves HTTP/3 out
// (mainThreadEngine.ts), so the page loads less before its first picture.
import type { SimInput } from '../engine/params';
import { pathOf } from '../engine/path';
import type { SimProgress } from '../engine/simulateCore';
import { findPreset, type Preset } from '../scenario/presets';
import { measureFigure, withinTolerance } from '../scenario/figures';
import type { Trace } from '../engine/trace';
import { toSimInput } from '../scenario/resolve';
import { describeRunFailure } from '../scenario/runFailure';
import type { Settings } from '../scenario/schema';
import type { FigureResult, RunProgress, SideRun, WorkerRequest, WorkerResponse } from './protocol';

/** An engine, with progress reports for long runs. */
export type RunEngine = (input: SimInput, onProgress?: (p: SimProgress) => void) => Trace;

export function runSettings(
  engine: RunEngine,
  settings: Settings,
  onProgress?: (p: SimProgress) => void,
): SideRun {
  const input = toSimInput(settings);
  const started = performance.now();
  const trace = engine(input, onProgress);
  return {
    trace,
    path: pathOf(input),
    simMs: performance.now() - started,
  };
}

/** A preset's published figures measured on a run (`trace`) of `settings`: the preset's, perhaps
 * changed (or on the runs a figure names, with the same changes). */
export function figureResults(
  engine: RunEngine,
  preset: Preset,
  settings: Settings,
  trace: Trace,
): FigureResult[] {
  return preset.published.map((fig) => {
    try {
      const value = measureFigure(engine, fig, settings, trace);
      return { value, within: withinTolerance(fig, value) };
    } catch {
      return { value: null, within: null };
    }
  });
}

/** A page's run (also answered on the page's own thread, which needs nothing else from here). */
export function handleRun(
  engine: RunEngine,
  request: Extract<WorkerRequest, { kind: 'run' }>,
  progress?: (p: RunProgress) => void,
): WorkerResponse {
  try {
    const runs = request.sides.map((settings, side) =>
      runSettings(
        engine,
        settings,
        progress && ((p) => progress({ kind: 'progress', id: request.id, side, ...p })),
      ),
    );
    const preset = request.preset ? findPreset(request.preset) : undefined;
    return {
      kind: 'run',
      id: request.id,
      runs,
      figures: preset ? figureResults(engine, preset, request.sides[0], runs[0].trace) : null,
    };
  } catch (error) {
    return failure(request.id, error);
  }
}

export function failure(id: number, error: unknown): WorkerResponse {
  const { message, eventCap } = describeRunFailure(error);
  return { kind: 'error', id, message, ...(eventCap ? { fault: 'event-cap' as const } : {}) };
}
