// The scenario layer's front door: a query string in, a trace and its figures out.
import { simulate } from '../engine/simulate';
import type { Trace } from '../engine/trace';
import { pathOf, type PathTiming } from '../engine/path';
import { parseQuery, type ParseResult } from './codec';
import { toSimInput } from './resolve';

export interface Run extends ParseResult {
  trace: Trace;
  /** The path it ran on. */
  path: PathTiming;
}

export function runQuery(query: string): Run {
  const parsed = parseQuery(query);
  const input = toSimInput(parsed.config.settings);
  return { ...parsed, trace: simulate(input), path: pathOf(input) };
}

export { encodeConfig, parseQuery } from './codec';
export { PRESETS, findPreset } from './presets';
export { toSimInput } from './resolve';
