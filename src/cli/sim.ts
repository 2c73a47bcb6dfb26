// npm run --silent sim -- '<query>' [--format metrics|json|tcpdump|har|qlog] [--pcap FILE] | --presets | --keys
// Prints the run's metrics as JSON (`json`: the whole trace; `tcpdump`: the trace as lines in the
// papers' style; `har`: the page loads as an HTTP Archive; `qlog`: an HTTP/3 run's QUIC events as
// JSON-SEQ, for qvis); a bad query exits 2 with a one-line reason.
import { writeFileSync } from 'node:fs';
import { buildHar } from '../engine/har';
import { buildQlog } from '../engine/qlog';
import { computeMetrics } from '../engine/metrics';
import { writePcap } from '../engine/pcap';
import { simulate } from '../engine/simulate';
import { formatTcpdump } from '../engine/captureFile';
import { noSuchPreset, parseQuery } from '../scenario/codec';
import { didYouMeanKey } from '../scenario/didYouMean';
import { PRESETS } from '../scenario/presets';
import { PRESET_TEXTS } from '../scenario/presetTexts';
import { reasonOf } from '../scenario/presetTypes';
import { CONFIG_KEYS, SCHEMA, type Row } from '../scenario/schema';
import { toSimInput } from '../scenario/resolve';
import { describeRunFailure } from '../scenario/runFailure';
import { scenarioTitle } from '../scenario/scenarioName';
import { SWEEPS } from '../scenario/sweeps';

const FORMATS = ['metrics', 'json', 'tcpdump', 'har', 'qlog'];
const FORMAT_LIST = 'metrics, json, tcpdump, har or qlog';

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
      // Each figure with its reason in words, so the words it named are not printed again.
      const presets = PRESETS.map((p) => {
        const texts = PRESET_TEXTS[p.id];
        const published = p.published.map((f) => ({ ...f, reason: reasonOf(f, texts) }));
        return { ...p, ...texts, reasons: undefined, published };
      });
      process.stdout.write(`${JSON.stringify(presets, null, 2)}\n`);
      return;
    } else if (arg === '--keys') {
      process.stdout.write(keysTable());
      return;
    } else if (arg === '--format') format = argv[++i] ?? fail(`--format needs ${FORMAT_LIST}`);
    else if (arg.startsWith('--format=')) format = arg.slice('--format='.length);
    else if (arg === '--pcap') pcapPath = argv[++i] ?? fail('--pcap needs a file name');
    else if (arg.startsWith('--')) fail(`unknown option ${arg}`);
    else if (query === null) query = arg;
    else fail(`unexpected argument ${JSON.stringify(arg)}`);
  }
  if (!FORMATS.includes(format)) fail(`unknown format ${format} (${FORMAT_LIST})`);
  const { config, problems } = parseQuery(query ?? '');
  if (problems.length > 0) fail(problems.map((line) => line + sweepNamed(line, query ?? '')).join('; '));
  const input = toSimInput(config.settings);
  let trace;
  try {
    trace = simulate(input);
  } catch (err) {
    fail(describeRunFailure(err).message);
  }
  if (pcapPath) writeFileSync(pcapPath, writePcap(trace, input.http));
  if (format === 'tcpdump') process.stdout.write(formatTcpdump(trace));
  else if (format === 'har')
    process.stdout.write(
      `${JSON.stringify(buildHar(trace, input.http, scenarioTitle(config.preset, config.settings)), null, 1)}\n`,
    );
  else if (format === 'qlog') {
    const qlog = buildQlog(trace, scenarioTitle(config.preset, config.settings));
    if (qlog === null) fail('qlog is for HTTP/3 runs over QUIC (http=3)');
    process.stdout.write(qlog);
  } else if (format === 'json') process.stdout.write(`${JSON.stringify(trace)}\n`);
  else process.stdout.write(`${JSON.stringify(computeMetrics(trace))}\n`);
}

main(process.argv.slice(2));

/**
 * A sweep's name given as a preset's (`preset=kruse-fig2`): said so, as the page says it. The
 * page draws sweeps (`?sweep=kruse-fig2`); this command runs one scenario.
 */
function sweepNamed(line: string, query: string): string {
  const preset = new URLSearchParams(query).get('preset');
  if (preset === null || line !== noSuchPreset(preset)) return '';
  const hint = didYouMeanKey(
    preset,
    'sweep',
    SWEEPS.map((w) => w.id),
  );
  return hint && `${hint} (the page draws sweeps; this command runs one scenario)`;
}
