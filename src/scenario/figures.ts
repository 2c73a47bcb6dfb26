// Measures a preset's figure on a simulated run, so published and simulated sit side by side.
import { computeMetrics, longestStallMs, pageTimeNs, reportedLoadResponseBytes } from '../engine/metrics';
import type { SimInput } from '../engine/params';
import type { StallCause, Trace } from '../engine/trace';
import { parseQuery, querySettings } from './codec';
import type { PublishedFigure } from './presets';
import { toSimInput } from './resolve';
import type { Settings } from './schema';

/** A scenario's settings as its query gives them: a preset's, or a preset's with changes. */
export function settingsOf(query: string): Settings {
  return parseQuery(query).config.settings;
}

/** Comparison runs by settings: the engine is deterministic, so a knob change never re-runs them. */
const comparisonRuns = new Map<string, Trace>();
const MAX_CACHED_RUNS = 8;

/** What runs a scenario: the whole engine, or the page's thread's (without HTTP/3). */
export type Engine = (input: SimInput) => Trace;

/** The scenario with a figure's variant (`of`, `versus`) laid over it, run once. */
function runOver(engine: Engine, settings: Settings, variant: string | undefined): Trace {
  const run = variant ? { ...settings, ...querySettings(variant) } : settings;
  const key = JSON.stringify(run);
  const cached = comparisonRuns.get(key);
  if (cached) return cached;
  const trace = engine(toSimInput(run));
  if (comparisonRuns.size >= MAX_CACHED_RUNS) comparisonRuns.delete(comparisonRuns.keys().next().value!);
  comparisonRuns.set(key, trace);
  return trace;
}

/** The page time the headline gives: the load it reports (the last, when loaded several times). */
const loadNs = pageTimeNs;

/** The reported load's bytes over its time, as a sweep's throughput counts them. */
function throughput(trace: Trace): number {
  return reportedLoadResponseBytes(trace) / loadNs(trace);
}

/**
 * The figure on the scenario `settings` (whose run is `trace`), running its variants where the
 * figure compares two: on a changed preset, both are the changed scenario's (a sweep's point at 15
 * images had shown the preset's own cut at 10 images as its own).
 */
export function measureFigure(
  engine: Engine,
  fig: PublishedFigure,
  settings: Settings,
  trace?: Trace,
): number {
  const self = fig.of ? runOver(engine, settings, fig.of) : (trace ?? runOver(engine, settings, undefined));
  if (fig.figure === 'reduction_pct') {
    const other = runOver(engine, settings, fig.versus);
    return (100 * (loadNs(other) - loadNs(self))) / loadNs(other);
  }
  if (fig.figure === 'throughput_pct')
    return (100 * throughput(self)) / throughput(runOver(engine, settings, fig.versus));
  if (fig.figure.startsWith('longest_stall_ms:')) {
    return longestStallMs(self, fig.figure.slice('longest_stall_ms:'.length) as StallCause);
  }
  const m = computeMetrics(self);
  switch (fig.figure) {
    case 'elapsed_ms':
      return loadNs(self) / 1e6;
    case 'elapsed_s':
      return loadNs(self) / 1e9;
    case 'packets':
      return m.packets.total;
    case 'payload_bytes':
      return m.payload_bytes;
    case 'overhead_pct':
      return m.overhead_pct;
  }
  throw new Error(`unknown figure ${fig.figure}`);
}

export function withinTolerance(fig: PublishedFigure, simulated: number): boolean {
  if (fig.bound === 'lt') return simulated < fig.value;
  if (fig.bound === 'gt') return simulated > fig.value;
  if (fig.bound === 'between') return simulated >= (fig.min ?? 0) && simulated <= fig.value;
  return Math.abs(simulated - fig.value) <= fig.tolerance;
}

/** Within the preset's tolerance but beyond the bound the paper's rows are held to: a known difference. */
export function isKnownDifference(fig: PublishedFigure, simulated: number): boolean {
  return (
    fig.target !== undefined &&
    withinTolerance(fig, simulated) &&
    Math.abs(simulated - fig.value) > fig.target
  );
}
