// npm run bench:against -- [ref] [rounds]: the engine of this checkout against the engine at a git
// ref, on the same harness, in alternating processes; prints JSON (median of the processes' figures).
// `npm run bench` compares nothing, and its own scenarios and warm-up have changed since older
// commits: an old commit's `npm run bench` times a colder engine than today's does. Here both
// engines run one harness: every scenario warmed first, then the best of seven loops of each.
// The default ref is the commit that recorded the trace-hash fixture, "before the refactor" of
// the engine-seams issue. The ref is checked out in a temporary git worktree, removed at the end.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

const root = resolve(import.meta.dirname, '..');
const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
const fixtureCommit = () =>
  git('log', '--diff-filter=A', '--format=%H', '--', 'tests/traceHashes.test.ts').split('\n').pop();
const ref = process.argv[2] || fixtureCommit();
const rounds = Number(process.argv[3] || 5);

/** The harness each engine runs: the bench's first five scenarios (older commits have them all) and Kruse's grid. */
const HARNESS = `
import { performance } from 'node:perf_hooks';
import { simulate } from '../engine/simulate';
import { parseQuery } from '../scenario/codec';
import { toSimInput } from '../scenario/resolve';
const SCENARIOS = [
  ['heidemann-short-initial', 'preset=heidemann-short-initial', 2000],
  ['heidemann-odd-final', 'preset=heidemann-odd-final', 2000],
  ['bulk-200KB-ethernet10', 'objects=200000&flush=none&link=ethernet10&window=65535', 300],
  ['bulk-200KB-ppp28k', 'objects=200000&flush=none&link=ppp28k&window=65535', 200],
  ['bulk-1MB-wan-1pct-loss', 'objects=1000000&flush=none&link=wan&loss=1&window=65535', 60],
];
const input = (q) => toSimInput(parseQuery(q).config.settings);
const kruse = [];
for (const page of ['lerc', 'acts', 'oufr', 'test'])
  for (const conns of [1, 4, 8, 16])
    for (const window of [8192, 16384, 65536, 98304])
      for (const http of ['1.0', '1.0ka'])
        kruse.push(input('preset=kruse-' + page + '&conns=' + conns + '&window=' + window + '&http=' + http));
for (const [, q] of SCENARIOS) { const i = input(q); for (let k = 0; k < 50; k++) simulate(i); }
for (const i of kruse) simulate(i);
const out = {};
for (const [name, q, runs] of SCENARIOS) {
  const i = input(q);
  let best = Infinity;
  let packets = 0;
  for (let loop = 0; loop < 7; loop++) {
    const start = performance.now();
    for (let k = 0; k < runs; k++) packets = simulate(i).packets.length;
    best = Math.min(best, (performance.now() - start) / runs);
  }
  out[name] = { us: best * 1000, packets };
}
let best = Infinity;
let packets = 0;
for (let loop = 0; loop < 5; loop++) {
  const start = performance.now();
  packets = 0;
  for (const i of kruse) packets += simulate(i).packets.length;
  best = Math.min(best, performance.now() - start);
}
out['kruse-grid-128-runs'] = { us: best * 1000, packets };
console.log(JSON.stringify(out));
`;

async function bundle(tree, outfile) {
  await build({
    stdin: { contents: HARNESS, resolveDir: join(tree, 'src', 'cli'), loader: 'ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile,
    logLevel: 'warning',
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const work = mkdtempSync(join(tmpdir(), 'roundtrip-bench-'));
const before = join(work, 'before');
try {
  git('worktree', 'add', '--detach', '--quiet', before, ref);
  if (!existsSync(join(before, 'node_modules')))
    symlinkSync(join(root, 'node_modules'), join(before, 'node_modules'));
  const engines = { before: join(work, 'before.mjs'), now: join(work, 'now.mjs') };
  await bundle(before, engines.before);
  await bundle(root, engines.now);
  const figures = { before: [], now: [] };
  for (let r = 0; r < rounds; r++)
    for (const side of ['before', 'now'])
      figures[side].push(JSON.parse(execFileSync(process.execPath, [engines[side]], { encoding: 'utf8' })));
  const rows = Object.keys(figures.now[0]).map((scenario) => {
    const was = median(figures.before.map((f) => f[scenario].us));
    const is = median(figures.now.map((f) => f[scenario].us));
    return {
      scenario,
      packets_before: figures.before[0][scenario].packets,
      packets_now: figures.now[0][scenario].packets,
      us_before: Number(was.toFixed(1)),
      us_now: Number(is.toFixed(1)),
      now_over_before: Number((is / was).toFixed(3)),
      // Later issues changed some runs on purpose (Kruse's hosts: 157k packets where there were 95k).
      per_packet_now_over_before: Number(
        (is / figures.now[0][scenario].packets / (was / figures.before[0][scenario].packets)).toFixed(3),
      ),
    };
  });
  console.log(JSON.stringify({ ref: git('rev-parse', '--short', ref), rounds, results: rows }, null, 2));
} finally {
  execFileSync('git', ['worktree', 'remove', '--force', before], { cwd: root, stdio: 'ignore' });
  rmSync(work, { recursive: true, force: true });
}
