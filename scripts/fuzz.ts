// npm run fuzz -- [--runs N] [--seed S] [--jobs J] [--keys 'sack=1&rack=on']
// The engine's invariants (tests/support/invariants.ts, as the property test checks them) on N
// random configurations over every key of the schema; one in 50 is also run twice to check that
// it gives the same trace. Failures are grouped by kind and printed with the queries that replay
// them (`npm run --silent sim -- '<query>'`). Exit status 1 when anything failed. CI runs the
// property test's short run instead; this is for long runs by hand. `--keys` sets the keys it
// gives on every configuration drawn, to search one mechanism's corner (a key that does not apply,
// RACK under HTTP/3 say, is ignored there as in any link).
import { fork } from 'node:child_process';
import { availableParallelism } from 'node:os';
import fc from 'fast-check';
import { traceHash } from '../src/engine/hash';
import { SimulationLimitError } from '../src/engine/sim';
import { simulate } from '../src/engine/simulate';
import { parseQuery } from '../src/scenario/codec';
import { toSimInput } from '../src/scenario/resolve';
import { checkInvariants } from '../tests/support/invariants';
import { anyQuery } from '../tests/support/randomQuery';

const BLOCK = 500; // queries drawn per fast-check sample
/** Block b's fast-check seed: spread by a multiplier, so runs with seeds 1 apart share no block
 * (with seed + b, seed S's block 1 was seed S+1's block 0). */
const blockSeed = (seed: number, block: number) => (Math.imul(seed, 0x9e3779b1) + block) | 0;
const TWICE_EVERY = 50;
const CAPPED = 'capped';

interface Failure {
  kind: string;
  message: string;
  query: string;
}
interface ShardResult {
  runs: number;
  failures: Failure[];
  /** Runs stopped by the event or packet budget: a designed refusal (the page says so), not a failure. */
  capped: Failure[];
  slowest: { ms: number; query: string }[];
}

function fail(message: string): never {
  process.stderr.write(
    `fuzz: ${message}\nusage: npm run fuzz -- [--runs N] [--seed S] [--jobs J] [--keys 'key=value&...']\n`,
  );
  process.exit(2);
}

function parseArgs(argv: string[]) {
  const options = { runs: 1000, seed: Date.now() % 1_000_000_000, jobs: 1, shard: -1, keys: '' };
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i].replace(/^--/, '');
    if (!(name in options) || !argv[i].startsWith('--')) fail(`unknown argument ${argv[i]}`);
    if (name === 'keys') {
      options.keys = argv[++i] ?? '';
      if (parseQuery(options.keys).problems.length > 0)
        fail(`--keys: ${parseQuery(options.keys).problems.join('; ')}`);
      continue;
    }
    const value = Number(argv[++i]);
    if (!Number.isInteger(value) || value < (name === 'shard' ? 0 : 1))
      fail(`--${name} needs a whole number`);
    options[name as 'runs' | 'seed' | 'jobs' | 'shard'] = value;
  }
  return options;
}

/** One configuration: the first broken invariant, 'capped' when it ran past a budget, or null. */
function check(query: string, twice: boolean): Omit<Failure, 'query'> | null {
  const { config, problems } = parseQuery(query);
  if (problems.length > 0) return { kind: 'query not accepted', message: problems.join('; ') };
  try {
    const trace = simulate(toSimInput(config.settings));
    checkInvariants(trace);
    if (twice && traceHash(simulate(toSimInput(config.settings))) !== traceHash(trace))
      return { kind: 'not deterministic', message: 'a second run gave another trace' };
    return null;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof SimulationLimitError) return { kind: CAPPED, message };
    const name = error instanceof Error ? error.name : 'thrown';
    // The kind: the message without its numbers, so one bug is one group.
    return { kind: `${name}: ${message.replace(/\d+(\.\d+)?/g, '#')}`, message };
  }
}

/** A drawn query with the `--keys` set over it. */
function withKeys(query: string, keys: string): string {
  if (keys === '') return query;
  const q = new URLSearchParams(query);
  for (const [key, value] of new URLSearchParams(keys)) q.set(key, value);
  return q.toString();
}

function runShard(runs: number, seed: number, shard: number, jobs: number, keys: string): ShardResult {
  const result: ShardResult = { runs: 0, failures: [], capped: [], slowest: [] };
  for (let block = shard; block * BLOCK < runs; block += jobs) {
    const count = Math.min(BLOCK, runs - block * BLOCK);
    const queries = fc.sample(anyQuery, { numRuns: count, seed: blockSeed(seed, block) });
    queries.forEach((drawn, i) => {
      const query = withKeys(drawn, keys);
      // The parent names this query if the job dies on it (out of memory cannot be caught here).
      if (process.send) process.send({ running: query });
      const started = performance.now();
      const failure = check(query, (block * BLOCK + i) % TWICE_EVERY === 0);
      const ms = performance.now() - started;
      result.runs++;
      if (failure?.kind === CAPPED) result.capped.push({ ...failure, query });
      else if (failure) result.failures.push({ ...failure, query });
      if (result.slowest.length < 3 || ms > result.slowest[2].ms)
        result.slowest = [...result.slowest, { ms, query }].sort((a, b) => b.ms - a.ms).slice(0, 3);
    });
    if (process.send) process.send({ progress: count });
  }
  return result;
}

function report(
  results: ShardResult[],
  options: { runs: number; seed: number; jobs: number; keys: string },
  ms: number,
) {
  const failures = results.flatMap((r) => r.failures);
  const seconds = ms / 1000;
  const rate = Math.round(options.runs / seconds);
  console.log(
    `fuzz: ${options.runs} configurations in ${seconds.toFixed(1)} s (${rate}/s, ${options.jobs} job${options.jobs > 1 ? 's' : ''}, seed ${options.seed}${options.keys ? `, keys ${options.keys}` : ''}): ${failures.length === 0 ? 'no failures' : `${failures.length} failed`}`,
  );
  const capped = results.flatMap((r) => r.capped);
  if (capped.length > 0) {
    console.log(
      `\n${capped.length} stopped at the event or packet budget (the page says so and suggests a smaller setting), e.g.`,
    );
    for (const f of [...capped].sort((a, b) => a.query.length - b.query.length).slice(0, 3))
      console.log(`  ${f.message}\n  npm run --silent sim -- '${f.query}'`);
  }
  const groups = new Map<string, Failure[]>();
  for (const f of failures) groups.set(f.kind, [...(groups.get(f.kind) ?? []), f]);
  for (const [kind, group] of [...groups].sort((a, b) => b[1].length - a[1].length)) {
    console.log(`\n${group.length} x ${kind}`);
    for (const f of [...group].sort((a, b) => a.query.length - b.query.length).slice(0, 3))
      console.log(`  ${f.message}\n  npm run --silent sim -- '${f.query}'`);
  }
  const slowest = results
    .flatMap((r) => r.slowest)
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 3);
  console.log(`\nslowest: ${slowest.map((s) => `${s.ms.toFixed(0)} ms`).join(', ')}`);
  if (slowest[0]) console.log(`  npm run --silent sim -- '${slowest[0].query}'`);
  process.exitCode = failures.length === 0 ? 0 : 1;
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  if (options.shard >= 0) {
    process.send!({
      result: runShard(options.runs, options.seed, options.shard, options.jobs, options.keys),
    });
    return;
  }
  options.jobs = Math.min(options.jobs, availableParallelism());
  process.stderr.write(
    `fuzz: ${options.runs} configurations, seed ${options.seed}, ${options.jobs} job(s)${options.keys ? `, keys ${options.keys}` : ''}\n`,
  );
  const started = performance.now();
  let done = 0;
  let told = 0;
  const results = await Promise.all(
    Array.from({ length: options.jobs }, (_, shard) => {
      const args = ['--runs', options.runs, '--seed', options.seed, '--jobs', options.jobs, '--shard', shard];
      if (options.keys !== '') args.push('--keys', options.keys);
      const child = fork(process.argv[1], args.map(String));
      let running = '';
      return new Promise<ShardResult>((resolve, reject) => {
        child.on('message', (m: { progress?: number; result?: ShardResult; running?: string }) => {
          if (m.running !== undefined) running = m.running;
          if (m.result) resolve(m.result);
          if (!m.progress) return;
          done += m.progress;
          if (done - told >= options.runs / 20 || done === options.runs) {
            told = done;
            const s = (performance.now() - started) / 1000;
            process.stderr.write(`fuzz: ${done}/${options.runs} after ${s.toFixed(0)} s\n`);
          }
        });
        child.on('exit', (code) =>
          reject(
            new Error(
              `a fuzz job stopped (exit ${code}) while running: npm run --silent sim -- '${running}'`,
            ),
          ),
        );
      });
    }),
  );
  report(results, options, performance.now() - started);
}

void main();
