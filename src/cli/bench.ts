// npm run bench: times the engine on a fixed set of scenarios and prints JSON (median of runs),
// with the targets beside the figures. Wall-clock times on a loaded machine vary by a factor of two.
// The engine is timed warm, as a page has it after a few runs: every scenario runs first, so a small
// run's figure is the engine's and not the JIT's warm-up (which had made a 16-packet run look 15
// times slower per packet than it is). The first run of a fresh engine is reported on its own.
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { simulate } from '../engine/simulate';
import type { SimInput } from '../engine/params';
import { parseQuery } from '../scenario/codec';
import { toSimInput } from '../scenario/resolve';
import { traceBuffers } from '../engine/traceTransfer';

/** Scenarios and the runs each gets (the long ones take about a second). */
const SCENARIOS: Array<{ name: string; query: string; runs: number }> = [
  { name: 'heidemann-short-initial', query: 'preset=heidemann-short-initial', runs: 101 },
  { name: 'heidemann-odd-final', query: 'preset=heidemann-odd-final', runs: 101 },
  {
    name: 'bulk-200KB-ethernet10',
    query: 'objects=200000&flush=none&link=ethernet10&window=65535',
    runs: 21,
  },
  { name: 'bulk-200KB-ppp28k', query: 'objects=200000&flush=none&link=ppp28k&window=65535', runs: 21 },
  {
    name: 'bulk-1MB-wan-1pct-loss',
    query: 'objects=1000000&flush=none&link=wan&loss=1&window=65535',
    runs: 21,
  },
  // The TCP issue's long runs: 20 MB at 100 Mb/s with each modern controller.
  {
    name: 'long-20MB-ethernet100-reno',
    query: 'objects=20000000&flush=none&link=ethernet100&window=16000000&cc=reno',
    runs: 5,
  },
  {
    name: 'long-20MB-longfat-cubic-sack',
    query: 'objects=20000000&flush=none&link=longfat&window=16000000&cc=cubic&sack=1',
    runs: 5,
  },
  {
    name: 'long-20MB-longfat-bbr-sack',
    query: 'objects=20000000&flush=none&link=longfat&window=16000000&cc=bbr&sack=1',
    runs: 5,
  },
];

/** Warm-up runs of every scenario before any is timed: a short run many times, a long one twice. */
const warmupRuns = (runs: number) => (runs > 5 ? 50 : 2);
const TARGET_MS_PER_500_PACKETS = 0.5;
const TARGET_KRUSE_MS = 50;
const TARGET_TRACE_MB = 20;
const MEMORY_QUERY = 'objects=100000000&flush=none&link=ethernet100&window=1000000';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function input(query: string): SimInput {
  const { config, problems } = parseQuery(query);
  if (problems.length) throw new Error(`${query}: ${problems.join('; ')}`);
  return toSimInput(config.settings);
}

/** The first run of a fresh engine: the default page, as a page opening with no query runs it. */
function firstRun() {
  const simInput = input('');
  const start = performance.now();
  const packets = simulate(simInput).packets.length;
  const ms = performance.now() - start;
  return { query: '(default page)', packets, ms: Number(ms.toFixed(2)) };
}

const first = firstRun();
const kruseInputs = kruseGridInputs();
for (const { query, runs } of SCENARIOS) {
  const simInput = input(query);
  for (let i = 0; i < warmupRuns(runs); i++) simulate(simInput);
}
for (const simInput of kruseInputs) simulate(simInput);

const results = SCENARIOS.map(({ name, query, runs }) => {
  const simInput = input(query);
  const times: number[] = [];
  let packets = 0;
  let events = 0;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const trace = simulate(simInput);
    times.push(performance.now() - start);
    packets = trace.packets.length;
    events = trace.eventCount;
  }
  const ms = median(times);
  const per500 = (ms * 500) / packets;
  return {
    scenario: name,
    query,
    runs,
    packets,
    events,
    median_ms: Number(ms.toFixed(3)),
    us_per_packet: Number(((ms * 1000) / packets).toFixed(2)),
    ms_per_500_packets: Number(per500.toFixed(3)),
    target_ms_per_500_packets: TARGET_MS_PER_500_PACKETS,
    meets_target: per500 <= TARGET_MS_PER_500_PACKETS,
  };
});

/** Kruse's grid: 4 pages x 4 connection counts x 4 windows x Keep-Alive on/off = 128 full runs. */
function kruseGridInputs(): SimInput[] {
  const inputs: SimInput[] = [];
  for (const page of ['lerc', 'acts', 'oufr', 'test'])
    for (const conns of [1, 4, 8, 16])
      for (const window of [8192, 16384, 65536, 98304])
        for (const http of ['1.0', '1.0ka'])
          inputs.push(input(`preset=kruse-${page}&conns=${conns}&window=${window}&http=${http}`));
  return inputs;
}

function kruseGrid(inputs: SimInput[]) {
  const times: number[] = [];
  let packets = 0;
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    packets = 0;
    for (const simInput of inputs) packets += simulate(simInput).packets.length;
    times.push(performance.now() - start);
  }
  const ms = median(times);
  return {
    runs: inputs.length,
    packets,
    ms: Number(ms.toFixed(1)),
    target_ms: TARGET_KRUSE_MS,
    meets_target: ms <= TARGET_KRUSE_MS,
  };
}

/**
 * The memory a 100,000-packet run's trace holds: the heap in use, and the typed arrays' buffers
 * (which live outside it), after a full collection with the trace kept, less the same before the
 * run (measured, not estimated).
 */
function traceMemory() {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const simInput = input(MEMORY_QUERY);
  gc();
  const before = process.memoryUsage().heapUsed;
  const trace = simulate(simInput);
  gc();
  const after = process.memoryUsage().heapUsed;
  const packets = trace.packets.length;
  // The tables' columns live in buffers outside the heap, freed lazily after a collection, so
  // they are counted by size (capacity included) rather than by the process's buffer total.
  const buffers = traceBuffers(trace).reduce((sum, b) => sum + b.byteLength, 0);
  const bytes = after - before + buffers;
  const mb = bytes / 1e6;
  return {
    query: MEMORY_QUERY,
    packets,
    trace_mb: Number(mb.toFixed(1)),
    bytes_per_packet: Math.round(bytes / packets),
    method: 'heap used after a full GC with the trace held, minus before the run, plus its column buffers',
    target_mb: TARGET_TRACE_MB,
    meets_target: mb <= TARGET_TRACE_MB,
  };
}

const kruse = kruseGrid(kruseInputs);
const memory = traceMemory();
process.stdout.write(
  `${JSON.stringify(
    {
      warmup: 'every scenario 50 times (a long one twice) and the Kruse grid once, before any is timed',
      node: process.version,
      first_run_of_a_fresh_engine: first,
      results,
      kruse_grid_128_runs: kruse,
      memory_100k_packet_run: memory,
    },
    null,
    2,
  )}\n`,
);
