// What the worker does for each request, as plain functions (also the fallback when a browser
// cannot start the worker).
import { simulate, type SimProgress } from '../engine/simulate';
import { findPreset, PRESETS, type Preset } from '../scenario/presets';
import { measureFigure, withinTolerance } from '../scenario/figures';
import { runQuery } from '../scenario';
import type { Trace } from '../engine/trace';
import { toSimInput } from '../scenario/resolve';
import { describeRunFailure } from '../scenario/runFailure';
import type { Settings } from '../scenario/schema';
import type {
  FigureResult,
  PresetFigures,
  RunProgress,
  SideRun,
  WorkerRequest,
  WorkerResponse,
} from './protocol';

export function runSettings(settings: Settings, onProgress?: (p: SimProgress) => void): SideRun {
  const input = toSimInput(settings);
  const started = performance.now();
  const trace = simulate(input, onProgress);
  return {
    trace,
    path: {
      c2s: { bandwidthBps: input.c2s.bandwidthBps, oneWayDelayNs: input.c2s.oneWayDelayNs },
      s2c: { bandwidthBps: input.s2c.bandwidthBps, oneWayDelayNs: input.s2c.oneWayDelayNs },
    },
    simMs: performance.now() - started,
  };
}

/** Figures that compare the preset with a variant (`of`) do not depend on the run on screen. */
const fixedFigures = new Map<string, FigureResult>();

/** A preset's published figures measured on a trace of it (or on the runs a figure names). */
export function figureResults(preset: Preset, trace: Trace): FigureResult[] {
  return preset.published.map((fig, i) => {
    const key = `${preset.id}#${i}`;
    if (fig.of && fixedFigures.has(key)) return fixedFigures.get(key)!;
    try {
      const value = measureFigure(fig, preset, trace);
      const result = { value, within: withinTolerance(fig, value) };
      if (fig.of) fixedFigures.set(key, result);
      return result;
    } catch {
      return { value: null, within: null };
    }
  });
}

export function presetFigures(): PresetFigures[] {
  return PRESETS.map((preset) => {
    const { trace } = runQuery(`preset=${encodeURIComponent(preset.id)}`);
    return { id: preset.id, results: figureResults(preset, trace) };
  });
}

/** A page's run (also answered on the page's own thread, which needs nothing else from here). */
export function handleRun(
  request: Extract<WorkerRequest, { kind: 'run' }>,
  progress?: (p: RunProgress) => void,
): WorkerResponse {
  try {
    const runs = request.sides.map((settings, side) =>
      runSettings(settings, progress && ((p) => progress({ kind: 'progress', id: request.id, side, ...p }))),
    );
    const preset = request.preset ? findPreset(request.preset) : undefined;
    return {
      kind: 'run',
      id: request.id,
      runs,
      figures: preset ? figureResults(preset, runs[0].trace) : null,
    };
  } catch (error) {
    return failure(request.id, error);
  }
}

export function failure(id: number, error: unknown): WorkerResponse {
  const { message, eventCap } = describeRunFailure(error);
  return { kind: 'error', id, message, ...(eventCap ? { fault: 'event-cap' as const } : {}) };
}
