// npm run --silent sim -- '<query>' [--format metrics|json|tcpdump] [--pcap FILE] | --presets | --keys
// Prints the run's metrics as JSON (`json`: the whole trace; `tcpdump`: the trace as lines in the
// papers' style); a bad query exits 2 with a one-line reason.
import { writeFileSync } from 'node:fs';
import { computeMetrics } from '../engine/metrics';
import { writePcap } from '../engine/pcap';
import { simulate } from '../engine/simulate';
import { formatTcpdump } from '../engine/tcpdump';
import { parseQuery } from '../scenario/codec';
import { PRESETS } from '../scenario/presets';
import { CONFIG_KEYS, SCHEMA, type Row } from '../scenario/schema';
import { toSimInput } from '../scenario/resolve';
import { describeRunFailure } from '../scenario/runFailure';

function fail(message: string): never {
  process.stderr.write(`sim: ${message}\n`);
  process.exit(2);
}

/** The scenario keys as a markdown table, straight from the schema (the README carries a copy). */
function keysTable(): string {
  const rows = CONFIG_KEYS.map((key) => {
    const row: Row = SCHEMA[key];
    const values =
      row.kind === 'enum'
        ? row.values.join(', ')
        : row.kind === 'bool'
          ? '1, 0'
          : row.kind === 'list'
            ? `list of ${row.unit}`
            : `${row.min} to ${row.max}${row.unit ? ` ${row.unit}` : ''}`;
    const def =
      row.default === null
        ? '(see help)'
        : typeof row.default === 'boolean'
          ? row.default
            ? '1'
            : '0'
          : Array.isArray(row.default)
            ? row.default.join(',')
            : String(row.default);
    return `| \`${key}\` | ${values} | ${def} | ${row.help} |`;
  });
  return ['| key | values | default | meaning |', '|---|---|---|---|', ...rows, ''].join('\n');
}

function main(argv: string[]): void {
  let query: string | null = null;
  let format = 'metrics';
  let pcapPath: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--presets') {
      process.stdout.write(`${JSON.stringify(PRESETS, null, 2)}\n`);
      return;
    } else if (arg === '--keys') {
      process.stdout.write(keysTable());
      return;
    } else if (arg === '--format') format = argv[++i] ?? fail('--format needs metrics, json or tcpdump');
    else if (arg.startsWith('--format=')) format = arg.slice('--format='.length);
    else if (arg === '--pcap') pcapPath = argv[++i] ?? fail('--pcap needs a file name');
    else if (arg.startsWith('--')) fail(`unknown option ${arg}`);
    else if (query === null) query = arg;
    else fail(`unexpected argument ${JSON.stringify(arg)}`);
  }
  if (!['metrics', 'json', 'tcpdump'].includes(format))
    fail(`unknown format ${format} (metrics, json or tcpdump)`);
  const { config, problems } = parseQuery(query ?? '');
  if (problems.length > 0) fail(problems.join('; '));
  let trace;
  try {
    trace = simulate(toSimInput(config.settings));
  } catch (err) {
    fail(describeRunFailure(err).message);
  }
  if (pcapPath) writeFileSync(pcapPath, writePcap(trace));
  if (format === 'tcpdump') process.stdout.write(formatTcpdump(trace));
  else if (format === 'json') process.stdout.write(`${JSON.stringify(trace)}\n`);
  else process.stdout.write(`${JSON.stringify(computeMetrics(trace))}\n`);
}

main(process.argv.slice(2));
