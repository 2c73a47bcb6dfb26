// Stall colours a student can tell apart: two causes that show up in the same run must differ by
// at least ΔE2000 10 as drawn, a band or key swatch (the fill at its opacity over the panel's
// card) in each theme, a band's cap along the time-sequence plot's top (likewise), and a part of
// "Where did the time go" (the light fill, opaque, in both themes). Below about 10 two small patches of one hue family read as one colour at a glance
// (client think, flow control and HOL were 8.5 and 9.1 apart, all olive in the dark key).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LESSONS } from '../src/scenario/lessons';
import { PRESETS } from '../src/scenario/presets';
import { STALL_CAUSES } from '../src/scenario/stallCauses';
import { composite, deltaE2000, lab, rgb, type Rgb } from './support/colour';
import { run } from './support/trace';

const MIN_DELTA_E = 10;

const source = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');

/** The opacity the ladder's bands and its key's swatches are drawn at (views/LadderStalls.tsx, views/LadderLegend.tsx). */
const BAND_OPACITY = 0.55;
/**
 * The opacity the time-sequence plot's band caps are drawn at, each over the card (views/
 * TimeSequencePlot.tsx): the strip along the plot's top that names a band's cause. The band under
 * it is a lighter tint, so that the lines over it keep their contrast; drawn at 0.22, the bands had
 * been the only colour of their cause there, and cwnd and rwnd were 4.3 apart.
 */
const PLOT_CAP_OPACITY = 0.55;

/** The panels' background in each theme: --card in app.css. */
function card(theme: 'light' | 'dark'): Rgb {
  const css = source('src/ui/app.css');
  const block =
    theme === 'light'
      ? css.slice(0, css.indexOf("[data-theme='dark']"))
      : css.slice(css.indexOf("[data-theme='dark']"));
  return rgb(/--card: (#[0-9a-f]{6});/i.exec(block)![1]);
}

/** What a student sees of a cause's colour, in each place it is drawn. */
const SEEN = {
  'light band': (cause: string) => composite(rgb(fill(cause, 'light')), BAND_OPACITY, card('light')),
  'dark band': (cause: string) => composite(rgb(fill(cause, 'dark')), BAND_OPACITY, card('dark')),
  'light plot band cap': (cause: string) =>
    composite(rgb(fill(cause, 'light')), PLOT_CAP_OPACITY, card('light')),
  'dark plot band cap': (cause: string) =>
    composite(rgb(fill(cause, 'dark')), PLOT_CAP_OPACITY, card('dark')),
  'breakdown bar': (cause: string) => rgb(fill(cause, 'light')),
};
type Place = keyof typeof SEEN;

const fill = (cause: string, theme: 'light' | 'dark') =>
  STALL_CAUSES[cause as keyof typeof STALL_CAUSES].colour[theme];

const difference = (place: Place, a: string, b: string) =>
  deltaE2000(lab(SEEN[place](a)), lab(SEEN[place](b)));

/** Runs a student meets: every preset, every lesson step, and today's pages under loss and BBR. */
const SCENARIOS = [
  ...PRESETS.map((p) => `preset=${p.id}`),
  ...LESSONS.flatMap((l) => l.steps.map((s) => s.query)),
  'http=2&page=almanac24&link=lte&loss=1',
  'http=3&page=almanac24&link=geo&loss=2',
  'http=2&page=almanac24&link=lte&loss=2&sack=1&rack=on',
  'http=2&page=almanac24&link=lte&cc=bbr&tls=1.2',
];

const key = (a: string, b: string) => [a, b].sort().join(' / ');

describe('stall colours a student meets together', () => {
  it('measures colour difference as CIEDE2000 does (Sharma, Wu and Dalal, table 1)', () => {
    const pairs: Array<[[number, number, number], [number, number, number], number]> = [
      [[50, 2.6772, -79.7751], [50, 0, -82.7485], 2.0425],
      [[50, 2.5, 0], [50, 0, -2.5], 4.3065],
      [[50, 2.5, 0], [73, 25, -18], 27.1492],
      [[60.2574, -34.0099, 36.2677], [60.4626, -34.1751, 39.4387], 1.2644],
      [[22.7233, 20.0904, -46.694], [23.0331, 14.973, -42.5619], 2.0373],
      [[2.0776, 0.0795, -1.135], [0.9033, -0.0636, -0.5514], 0.9082],
    ];
    for (const [p, q, expected] of pairs) expect(deltaE2000(p, q)).toBeCloseTo(expected, 3);
    expect(lab([255, 255, 255])[0]).toBeCloseTo(100, 3);
    // Half-opaque black over white is mid grey.
    expect(composite([0, 0, 0], 0.5, [255, 255, 255])).toEqual([127.5, 127.5, 127.5]);
  });

  it('draws bands and key swatches at the opacity measured here, over the card colours measured here', () => {
    for (const view of ['src/views/LadderStalls.tsx', 'src/views/LadderLegend.tsx'])
      expect(source(view)).toContain(`fillOpacity={${BAND_OPACITY}}`);
    expect(source('src/views/TimeSequencePlot.tsx')).toMatch(
      new RegExp(`fillOpacity=\\{${PLOT_CAP_OPACITY} \\* ink\\}\\s+data-stall-cap`),
    );
    expect(card('light')).toEqual(rgb('#ffffff'));
    expect(card('dark')).toEqual(rgb('#181c21'));
  });

  it('tells client think, flow control and head-of-line blocking apart in both themes', () => {
    const trio = ['client-think', 'flow-control', 'hol-blocking'];
    const short: string[] = [];
    for (const place of Object.keys(SEEN) as Place[])
      for (const [i, a] of trio.entries())
        for (const b of trio.slice(i + 1))
          if (difference(place, a, b) < MIN_DELTA_E)
            short.push(`${a} / ${b}, ${place}: ΔE ${difference(place, a, b).toFixed(1)}`);
    expect(short).toEqual([]);
  });

  it('tells apart every two causes that stall the same run', () => {
    const together = new Map<string, string>();
    for (const query of SCENARIOS) {
      const causes = [...new Set(run(query).stalls.map((s) => s.cause))];
      for (const a of causes) for (const b of causes) if (a < b) together.set(key(a, b), query);
    }
    const short: string[] = [];
    for (const [pair, query] of together) {
      const [a, b] = pair.split(' / ');
      const worst = Math.min(...(Object.keys(SEEN) as Place[]).map((p) => difference(p, a, b)));
      if (worst < MIN_DELTA_E) short.push(`${pair}: ΔE ${worst.toFixed(1)} (${query})`);
    }
    expect(short).toEqual([]);
  }, 120_000);
});
