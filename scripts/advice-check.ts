// npm run advice-check -- [--runs N] [--seed S] [--loss]
// The callout's promise on random configurations: apply the fix it offers, and the page gets
// faster. The presets' test (tests/stall-advice.test.ts) holds it on every preset; random
// configurations reach corners no preset does (a 260-byte window, a one-packet router queue), so
// here it is a measure, not a test: the share of fixes that helped, and every one that did not,
// with the query that replays it. Loss is set to 0 unless --loss is given: a changed knob draws
// other losses, and the page time then says more about the draw than about the fix. It measures
// the rules' first fix; the page runs its candidates first (over loss draws when lossy) and offers
// one only if it helps: the last line counts what the page then offers.
import fc from 'fast-check';
import { pathOf } from '../src/engine/path';
import { pageTimeNs } from '../src/engine/metrics';
import { simulate } from '../src/engine/simulate';
import type { Trace } from '../src/engine/trace';
import { parseQuery } from '../src/scenario/codec';
import { toSimInput } from '../src/scenario/resolve';
import type { Settings } from '../src/scenario/schema';
import { adviceFor, checkedFix, checkRuns, losesOnItsDraw } from '../src/ui/callout/stallAdvice';
import { pageTimes } from '../src/worker/runSettings';
import { breakdown } from '../src/scenario/breakdown';
import { anyQuery } from '../tests/support/randomQuery';

function fail(message: string): never {
  process.stderr.write(
    `advice-check: ${message}\nusage: npm run advice-check -- [--runs N] [--seed S] [--loss]\n`,
  );
  process.exit(2);
}

function parseArgs(argv: string[]) {
  const options = { runs: 600, seed: 7, loss: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--loss') options.loss = true;
    else if (argv[i] === '--runs' || argv[i] === '--seed') {
      const value = Number(argv[++i]);
      if (!Number.isInteger(value) || value < 0) fail(`${argv[i - 1]} needs a whole number`);
      options[argv[i - 1] === '--runs' ? 'runs' : 'seed'] = value;
    } else fail(`unknown argument ${argv[i]}`);
  }
  return options;
}

/** A run's trace, or null when it stops on a budget or a refused setting (not the callout's business). */
function run(settings: Settings): Trace | null {
  try {
    return simulate(toSimInput(settings));
  } catch {
    return null;
  }
}

const options = parseArgs(process.argv.slice(2));
const byFix = new Map<string, { offered: number; faster: number }>();
const slower: string[] = [];
let offered = 0;
/** What the page's own check makes of the callouts with candidates: a fix offered, or none. */
const checked = { withFix: 0, noneHelps: 0, losesOnItsDraw: 0, costlierHelps: 0 };
for (const drawn of fc.sample(anyQuery, { numRuns: options.runs, seed: options.seed })) {
  const query = options.loss ? drawn : drawn.replace(/(^|&)loss=[0-9.]+/, '$1loss=0');
  const { config, problems } = parseQuery(query);
  if (problems.length > 0) continue;
  const trace = run(config.settings);
  if (!trace) continue;
  const advice = adviceFor(trace, config.settings, breakdown(trace, pathOf(toSimInput(config.settings))));
  const fix = advice?.candidates[0];
  if (!advice || !fix) continue;
  const check = checkedFix(
    advice.candidates,
    config.settings,
    pageTimes(checkRuns(config.settings, advice.candidates)),
    pageTimeNs(trace),
  );
  if (check?.fix) checked.withFix++;
  else {
    checked.noneHelps++;
    // Then the page runs the costlier cause's knobs, and offers the first that helps.
    const costlier = advice.costlier?.candidates ?? [];
    const other = checkedFix(
      costlier,
      config.settings,
      pageTimes(checkRuns(config.settings, costlier)),
      pageTimeNs(trace),
    );
    if (other?.fix) checked.costlierHelps++;
  }
  if (check && losesOnItsDraw(check)) checked.losesOnItsDraw++; // the callout says so
  const fixed = run({ ...config.settings, [fix.key]: fix.value } as Settings);
  if (!fixed) continue;
  offered++;
  const name = `${advice.stall.cause} -> ${fix.key}=${JSON.stringify(fix.value)}`;
  const entry = byFix.get(name) ?? { offered: 0, faster: 0 };
  entry.offered++;
  const [before, after] = [pageTimeNs(trace), pageTimeNs(fixed)];
  if (after < before) entry.faster++;
  else slower.push(`${name}: ${(before / 1e6).toFixed(1)} -> ${(after / 1e6).toFixed(1)} ms\n  ${query}`);
  byFix.set(name, entry);
}
const faster = offered - slower.length;
process.stdout.write(
  `${options.runs} configurations (seed ${options.seed}${options.loss ? '' : ', loss set to 0'}): ` +
    `${offered} fixes offered, ${faster} made the page faster (${((100 * faster) / Math.max(1, offered)).toFixed(1)}%)\n\n`,
);
for (const [name, { offered: n, faster: f }] of [...byFix].sort((a, b) => b[1].offered - a[1].offered))
  process.stdout.write(`${String(f).padStart(5)} of ${String(n).padEnd(5)} ${name}\n`);
if (slower.length) process.stdout.write(`\nNot faster:\n${slower.join('\n')}\n`);
process.stdout.write(
  `\nAs the page checks them (each candidate run${options.loss ? ', medians of loss draws' : ''}): ` +
    `${checked.withFix} offer a fix that helps, ${checked.noneHelps} say none of theirs would ` +
    `(of those, ${checked.costlierHelps} offer the fix of a costlier cause they name)` +
    (options.loss
      ? `; ${checked.losesOnItsDraw} of the fixes lose on the page's own draw, and say so\n`
      : '\n'),
);
