// npm run bench: times the engine on a fixed set of scenarios and prints JSON (median of runs).
import { performance } from 'node:perf_hooks';
import { simulate } from '../engine/simulate';
import { parseQuery } from '../scenario/codec';
import { toSimInput } from '../scenario/resolve';

const SCENARIOS: Record<string, string> = {
  'heidemann-short-initial': 'preset=heidemann-short-initial',
  'heidemann-odd-final': 'preset=heidemann-odd-final',
  'bulk-200KB-ethernet10': 'objects=200000&flush=none&link=ethernet10&window=65535',
  'bulk-200KB-ppp28k': 'objects=200000&flush=none&link=ppp28k&window=65535',
  'bulk-1MB-wan-1pct-loss': 'objects=1000000&flush=none&link=wan&loss=1&window=65535',
};

const WARMUP = 3;
const RUNS = 21;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const results = Object.entries(SCENARIOS).map(([name, query]) => {
  const { config, problems } = parseQuery(query);
  if (problems.length) throw new Error(`${name}: ${problems.join('; ')}`);
  const input = toSimInput(config.settings);
  const times: number[] = [];
  let packets = 0;
  let events = 0;
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const start = performance.now();
    const trace = simulate(input);
    const elapsed = performance.now() - start;
    if (i >= WARMUP) times.push(elapsed);
    packets = trace.packets.length;
    events = trace.eventCount;
  }
  const ms = median(times);
  return {
    scenario: name,
    query,
    packets,
    events,
    median_ms: Number(ms.toFixed(3)),
    us_per_packet: Number(((ms * 1000) / packets).toFixed(2)),
  };
});

process.stdout.write(`${JSON.stringify({ runs: RUNS, node: process.version, results }, null, 2)}\n`);
