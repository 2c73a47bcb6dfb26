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

/** Kruse's grid: 4 pages x 4 connection counts x 4 windows x Keep-Alive on/off = 128 full runs. */
function kruseGrid(): { runs: number; packets: number; ms: number } {
  const inputs = [];
  for (const page of ['lerc', 'acts', 'oufr', 'test'])
    for (const conns of [1, 4, 8, 16])
      for (const window of [8192, 16384, 65536, 98304])
        for (const http of ['1.0', '1.0ka']) {
          const q = `preset=kruse-${page}&conns=${conns}&window=${window}&http=${http}`;
          inputs.push(toSimInput(parseQuery(q).config.settings));
        }
  const times: number[] = [];
  let packets = 0;
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    packets = 0;
    for (const input of inputs) packets += simulate(input).packets.length;
    times.push(performance.now() - start);
  }
  return { runs: inputs.length, packets, ms: Number(median(times).toFixed(1)) };
}

const kruse = kruseGrid();
process.stdout.write(
  `${JSON.stringify({ runs: RUNS, node: process.version, results, kruse_grid_128_runs: kruse }, null, 2)}\n`,
);
