// Messages between the page and the simulation worker. Everything is structured-cloneable data.
import type { Trace } from '../engine/trace';
import type { Settings } from '../scenario/schema';
import type { SweepMetric, SweepSpec } from '../scenario/sweeps';
import type { PathTiming } from '../engine/path';

/** One side's run: the trace, and the path figures the ladder needs for its geometry. */
export interface SideRun {
  trace: Trace;
  path: PathTiming;
  /** Wall-clock milliseconds the engine took (for the bench and the status line). */
  simMs: number;
}

/** A published figure as simulated: its value and whether it is within the preset's tolerance. */
export interface FigureResult {
  value: number | null;
  within: boolean | null;
}

/** Each preset's published figures as simulated (parallel to preset.published), for the gallery. */
export interface PresetFigures {
  id: string;
  results: FigureResult[];
}

export type WorkerRequest =
  | { kind: 'run'; id: number; sides: Settings[]; preset: string | null }
  | { kind: 'preset-figures'; id: number }
  /** The page time of each of `sides` alone (what a knob change would give): no trace comes back. */
  | { kind: 'page-times'; id: number; sides: Settings[] }
  | SweepPointRequest;

/** One point of a sweep: a full run of `query`, measured by `metric` (and the paper's model). */
export interface SweepPointRequest {
  kind: 'sweep-point';
  id: number;
  query: string;
  metric: SweepMetric;
  compare?: SweepSpec['compare'];
  model?: SweepSpec['model'];
}

export type WorkerResponse =
  /** `figures`: the loaded preset's published figures measured on side A's run. */
  | { kind: 'run'; id: number; runs: SideRun[]; figures: FigureResult[] | null }
  | { kind: 'preset-figures'; id: number; figures: PresetFigures[] }
  /** Parallel to the request's sides; null where the run failed (a budget, a refused setting). */
  | { kind: 'page-times'; id: number; pageNs: Array<number | null> }
  /** `model`: Kruse's analytic baseline for the point, when the sweep asks for it. */
  | { kind: 'sweep-point'; id: number; y: number; model: number | null }
  /** `fault`: the run hit the event cap, or the worker itself died (absent: the engine threw). */
  | { kind: 'error'; id: number; message: string; fault?: RunFault }
  /** Sent while a long run goes on (not an answer): how far side `side` has got. */
  | RunProgress;

export interface RunProgress {
  kind: 'progress';
  id: number;
  side: number;
  simulatedNs: number;
  packets: number;
}

export type RunFault = 'event-cap' | 'worker';
