// The scenario layer's front door: a query string in, a trace and its figures out.
import { simulate } from '../engine/simulate';
import type { Trace } from '../engine/trace';
import { parseQuery, type ParseResult } from './codec';
import { toSimInput } from './resolve';

export interface Run extends ParseResult {
  trace: Trace;
}

export function runQuery(query: string): Run {
  const parsed = parseQuery(query);
  return { ...parsed, trace: simulate(toSimInput(parsed.config.settings)) };
}

export { encodeConfig, parseQuery } from './codec';
export { PRESETS, findPreset } from './presets';
export { toSimInput } from './resolve';
