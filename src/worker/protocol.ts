// Messages between the page and the simulation worker. Everything is structured-cloneable data.
import type { Trace } from '../engine/trace';
import type { Settings } from '../scenario/schema';
import type { PathTiming } from '../views/packetGeometry';

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
  | { kind: 'preset-figures'; id: number };

export type WorkerResponse =
  /** `figures`: the loaded preset's published figures measured on side A's run. */
  | { kind: 'run'; id: number; runs: SideRun[]; figures: FigureResult[] | null }
  | { kind: 'preset-figures'; id: number; figures: PresetFigures[] }
  | { kind: 'error'; id: number; message: string };
