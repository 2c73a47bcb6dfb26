// npm run reproduce: one markdown table of every preset's published figures beside the simulated ones.
import { simulate } from '../engine/simulate';
import { isKnownDifference, measureFigure, withinTolerance } from '../scenario/figures';
import { PRESETS, type PublishedFigure } from '../scenario/presets';
import { PRESET_TEXTS } from '../scenario/presetTexts';
import { reasonOf } from '../scenario/presetTypes';
import { runQuery } from '../scenario';

const fmt = (x: number) =>
  Math.abs(x) >= 100 ? x.toFixed(0) : Math.abs(x) >= 10 ? x.toFixed(1) : x.toFixed(3);
const bound = (f: PublishedFigure) =>
  f.bound === 'lt' ? '< ' : f.bound === 'gt' ? '> ' : f.bound === 'between' ? `${fmt(f.min ?? 0)} to ` : '';

const lines = [
  '| preset | source | figure | published | simulated | ratio | within tolerance |',
  '|---|---|---|---|---|---|---|',
];
let inside = 0;
let total = 0;
const known: string[] = [];
for (const preset of PRESETS) {
  const { trace, config } = runQuery(`preset=${preset.id}`);
  for (const fig of preset.published) {
    const simulated = measureFigure(simulate, fig, config.settings, trace);
    const ok = withinTolerance(fig, simulated);
    total++;
    if (ok) inside++;
    const knownDifference = isKnownDifference(fig, simulated);
    if (knownDifference)
      known.push(`- ${preset.id}, ${fig.label}: ${reasonOf(fig, PRESET_TEXTS[preset.id])}.`);
    const tolerance = fig.bound && fig.bound !== 'approx' ? '' : ` ± ${fmt(fig.tolerance)}`;
    lines.push(
      `| ${preset.id} | ${preset.source} | ${fig.label} | ${bound(fig)}${fmt(fig.value)}${tolerance} ${fig.unit} | ${fmt(simulated)} ${fig.unit} | ${fmt(simulated / fig.value)} | ${ok ? 'yes' : 'NO'}${knownDifference ? ' (known difference)' : ''} |`,
    );
  }
  if (preset.published.length === 0) {
    lines.push(
      `| ${preset.id} | ${preset.source} | (no numbers in the paper; claims checked by tests) | | | | |`,
    );
  }
}
lines.push(
  '',
  `${inside} of ${total} figures within tolerance, ${known.length} of them only with a known difference:`,
);
lines.push('', ...known);
process.stdout.write(`${lines.join('\n')}\n`);
