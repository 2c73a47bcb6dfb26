// npm run idle-check -- [--runs N] [--seed S] [--http MODE]
// "Where did the time go" names every instant of a page load; what no stall or moving data
// explains is "idle", and each idle stretch is a wait the engine does not name yet. This measures
// them on random configurations (every key of the schema; --http pins the HTTP mode, e.g. 3): it
// prints each run with over 1 ms idle, with the query that replays it, then the count. A measure,
// not a test: a few corners remain (waits on a 1 kb/s link for the idle timeout, for example).
import fc from 'fast-check';
import { runQuery } from '../src/scenario';
import { breakdown, partNs } from '../src/scenario/breakdown';
import { anyQuery } from '../tests/support/randomQuery';

function fail(message: string): never {
  process.stderr.write(
    `idle-check: ${message}\nusage: npm run idle-check -- [--runs N] [--seed S] [--http MODE]\n`,
  );
  process.exit(2);
}

function parseArgs(argv: string[]) {
  const options = { runs: 446, seed: 11, http: null as string | null };
  for (let i = 0; i < argv.length; i++) {
    const [flag, value] = [argv[i], argv[++i]];
    if (value === undefined) fail(`${flag} needs a value`);
    if (flag === '--http') options.http = value;
    else if (flag === '--runs' || flag === '--seed') {
      if (!/^\d+$/.test(value)) fail(`${flag} needs a whole number`);
      options[flag === '--runs' ? 'runs' : 'seed'] = Number(value);
    } else fail(`unknown argument ${flag}`);
  }
  return options;
}

const options = parseArgs(process.argv.slice(2));
const queries = fc
  .sample(anyQuery, { numRuns: options.runs, seed: options.seed })
  .map((q) => (options.http === null ? q : `${q.replace(/(^|&)http=[^&]*/, '')}&http=${options.http}`));
let withIdle = 0;
let ran = 0;
for (const query of queries) {
  let result;
  try {
    result = runQuery(query);
  } catch {
    continue; // over the event budget: the page says so; nothing to break down
  }
  ran++;
  const b = breakdown(result.trace, result.path);
  const idleMs = partNs(b, 'idle') / 1e6;
  if (idleMs <= 1) continue;
  withIdle++;
  process.stdout.write(
    `${idleMs.toFixed(1)} ms idle of ${(b.totalNs / 1e6).toFixed(1)} ms\n  npm run --silent sim -- '${query}'\n`,
  );
}
process.stdout.write(
  `idle-check: ${withIdle} of ${ran} runs have over 1 ms idle (seed ${options.seed}${options.http ? `, http=${options.http}` : ''})\n`,
);
