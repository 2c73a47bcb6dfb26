// Measures a preset's figure on a simulated run, so published and simulated sit side by side.
import { computeMetrics, longestStallMs, pageTimeNs, reportedLoadResponseBytes } from '../engine/metrics';
import type { SimInput } from '../engine/params';
import type { StallCause, Trace } from '../engine/trace';
import { parseQuery } from './codec';
import type { Preset, PublishedFigure } from './presets';
import { toSimInput } from './resolve';

/** Comparison runs by query: the engine is deterministic, so a knob change never re-runs them. */
const comparisonRuns = new Map<string, Trace>();
const MAX_CACHED_RUNS = 8;

/** What runs a scenario: the whole engine, or the page's thread's (without HTTP/3). */
export type Engine = (input: SimInput) => Trace;

function runOver(engine: Engine, query: string, extra: string | undefined): Trace {
  const full = extra ? `${query}&${extra}` : query;
  const cached = comparisonRuns.get(full);
  if (cached) return cached;
  const { config } = parseQuery(full);
  const trace = engine(toSimInput(config.settings));
  if (comparisonRuns.size >= MAX_CACHED_RUNS) comparisonRuns.delete(comparisonRuns.keys().next().value!);
  comparisonRuns.set(full, trace);
  return trace;
}

/** The page time the headline gives: the load it reports (the last, when loaded several times). */
const loadNs = pageTimeNs;

/** The reported load's bytes over its time, as a sweep's throughput counts them. */
function throughput(trace: Trace): number {
  return reportedLoadResponseBytes(trace) / loadNs(trace);
}

/** The figure on the preset's own run (`trace`), running the comparison side when there is one. */
export function measureFigure(
  engine: Engine,
  fig: PublishedFigure,
  preset: Pick<Preset, 'query'>,
  trace?: Trace,
): number {
  const self = fig.of
    ? runOver(engine, preset.query, fig.of)
    : (trace ?? runOver(engine, preset.query, undefined));
  if (fig.figure === 'reduction_pct') {
    const other = runOver(engine, preset.query, fig.versus);
    return (100 * (loadNs(other) - loadNs(self))) / loadNs(other);
  }
  if (fig.figure === 'throughput_pct')
    return (100 * throughput(self)) / throughput(runOver(engine, preset.query, fig.versus));
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
