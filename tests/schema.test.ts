// One table per knob: every schema row says what the controls call it, in what unit, and why;
// the sweep knobs, the preset hints and the number formats are read from (or checked against) it.
import { describe, expect, it } from 'vitest';
import { encodeConfig, parseQuery, sideBSettings } from '../src/scenario/codec';
import { toSimInput } from '../src/scenario/resolve';
import { LINKS } from '../src/scenario/links';
import { PRESETS } from '../src/scenario/presets';
import { PRESET_TEXTS } from '../src/scenario/presetTexts';
import { CONFIG_KEYS, SCHEMA, type Row } from '../src/scenario/schema';
import { SWEEPS } from '../src/scenario/sweeps';
import { labelFor, suggestedValueText, valueText } from '../src/ui/controls/fieldModel';
import { applyTryNext, changedKeys, compareWithPreset, tryNextApplied } from '../src/ui/state/presetChanges';
import { SWEEP_KNOBS, findKnob } from '../src/ui/sweep/sweepKnobs';
import { formatSetting } from '../src/views/format';
import { readSetting } from '../src/scenario/units';

/** Rows whose value is a pure number: a fraction and a seed. */
const UNITLESS = ['ratio', 'seed'];

describe('the schema table', () => {
  it('gives every row a human label (never its raw key) and a help sentence', () => {
    for (const key of CONFIG_KEYS) {
      const row: Row = SCHEMA[key];
      expect(row.label, key).toMatch(/\w/);
      expect(row.label.toLowerCase(), key).not.toBe(key.toLowerCase());
      expect(labelFor(key)).toBe(row.label);
      expect(row.help.length, key).toBeGreaterThan(10);
    }
    expect(new Set(CONFIG_KEYS.map((k) => SCHEMA[k].label)).size).toBe(CONFIG_KEYS.length);
  });

  it("names another setting in its help by the setting's words, never by its key ('default: nagle')", () => {
    const escape = (k: string) => k.replace(/\./g, '\\.');
    for (const key of CONFIG_KEYS)
      for (const other of CONFIG_KEYS)
        expect(SCHEMA[key].help, `${key} names ${other}`).not.toMatch(
          new RegExp(`(default: |else )${escape(other)}\\)`),
        );
  });

  it('names every value of every choice in words', () => {
    for (const key of CONFIG_KEYS) {
      const row: Row = SCHEMA[key];
      if (row.kind !== 'enum') continue;
      for (const v of row.values) expect(row.options[v], `${key}=${v}`).toMatch(/[A-Za-z]{3}/);
    }
  });

  it("mentions every page in the Web page setting's help", () => {
    // Each option's source in brackets (Heidemann, Web Almanac...) or its first word.
    const row: Row = SCHEMA.page;
    if (row.kind !== 'enum') throw new Error('page is a choice');
    for (const v of row.values) {
      const words = row.options[v];
      const named = /\(([^)]+)\)/.exec(words)?.[1] ?? words.split(/[ :,]/)[0];
      expect(row.help.toLowerCase(), `${v}: ${words}`).toContain(named.toLowerCase());
    }
  });

  it('gives every numeric row a unit, except the pure numbers', () => {
    for (const key of CONFIG_KEYS) {
      const row: Row = SCHEMA[key];
      if (row.kind !== 'number' && row.kind !== 'list') continue;
      if (UNITLESS.includes(key)) expect(row.unit, key).toBe('');
      else expect(row.unit, key).toMatch(/\w|%/);
    }
  });

  it('derives the sweep knobs from the rows with sweep values, values and needs included', () => {
    const rows = CONFIG_KEYS.filter((k) => (SCHEMA[k] as Row).sweep);
    expect(SWEEP_KNOBS.map((k) => k.key)).toEqual(rows);
    for (const key of rows) {
      const sweep = (SCHEMA[key] as Row).sweep!;
      expect(findKnob(key)!.values).toEqual([...sweep.values]);
      expect(findKnob(key)!.needs).toBe(sweep.needs);
      expect(findKnob(key)!.label).toContain(SCHEMA[key].label);
      // Every value a knob tries is one the URL accepts.
      for (const v of sweep.values) {
        const query = `${sweep.needs ? `${sweep.needs}&` : ''}${key}=${v}`;
        expect(parseQuery(query).problems, query).toEqual([]);
      }
    }
    expect(findKnob('conns')!.values).toEqual(['1', '2', '4', '8', '16']);
    expect(findKnob('images')!.needs).toBe('page=pm-images');
  });
});

describe('what the controls say', () => {
  it('formats values in their unit as people write them', () => {
    expect(formatSetting(10_000_000, 'bit/s')).toBe('10 Mb/s');
    expect(formatSetting(28_800, 'bit/s')).toBe('28.8 kb/s');
    expect(formatSetting(16_384, 'bytes')).toBe('16 KB');
    expect(formatSetting(1460, 'bytes')).toBe('1460 bytes');
    expect(formatSetting(200, 'ms')).toBe('200 ms');
    expect(formatSetting(3000, 'ms')).toBe('3 s');
    expect(formatSetting(1, 'connections')).toBe('1 connection');
    expect(formatSetting(1, 'processes')).toBe('1 process');
    expect(formatSetting(1000, 'KB/s')).toBe('1000 KB/s');
    expect(valueText('window', 65_536)).toBe('64 KB');
    expect(valueText('bw', 1_544_000)).toBe('1.54 Mb/s');
  });

  it("reads a value typed as the page writes it, in the row's unit", () => {
    // What the page writes reads back exactly, for each measure.
    for (const [value, unit] of [
      [16_384, 'bytes'],
      [65_536, 'bytes'],
      [1_048_576, 'bytes'],
      [10_000_000, 'bit/s'],
      [28_800, 'bit/s'],
      [200, 'ms'],
      [3000, 'ms'],
      [0.5, 's'],
      [2048, 'KB/s'],
      [2, '%'],
    ] as const)
      expect(readSetting(formatSetting(value, unit), unit), `${value} ${unit}`).toBe(value);
    expect(readSetting('64k', 'bytes')).toBe(65_536);
    expect(readSetting('1.5 s', 'ms')).toBe(1500);
    expect(readSetting('250 ms', 's')).toBe(0.25);
    // A bare number is the box's own business; a unit of another measure is no reading.
    expect(readSetting('65536', 'bytes')).toBeNull();
    expect(readSetting('64 KB', 'ms')).toBeNull();
    expect(readSetting('10 Mb/s', 'bytes')).toBeNull();
    expect(readSetting('KB', 'bytes')).toBeNull();
  });

  it("names a suggested option as people say it, never by the URL's raw value", () => {
    expect(suggestedValueText('cc', 'bbr')).toBe('BBR v1');
    expect(suggestedValueText('iw', '4k')).toBe('About 4 KB');
    expect(suggestedValueText('iw', '10')).toBe('10 segments');
    expect(suggestedValueText('http', '1.1')).toBe('HTTP/1.1');
    expect(suggestedValueText('tls', '1.3')).toBe('TLS 1.3');
    // Where the option's name is the value, the value reads better mid-sentence.
    expect(suggestedValueText('flush', 'none')).toBe('none');
    expect(suggestedValueText('delack', 'off')).toBe('off');
    expect(suggestedValueText('nagle', false)).toBe('off');
    expect(suggestedValueText('window', 65_536)).toBe('64 KB');
    // A rate of 0 is no rate at all: the row says what it stands for.
    expect(suggestedValueText('srate', 0)).toBe('instant');
    expect(suggestedValueText('srate', 1000)).toBe('1000 KB/s');
  });

  it('describes each link in its own words', () => {
    const helps = LINKS.map((l) => l.help);
    expect(new Set(helps).size).toBe(LINKS.length);
    for (const help of helps) expect(help.length).toBeGreaterThan(20);
    expect(SCHEMA.link.help).not.toMatch(/satellite|Ethernet/);
  });
});

describe("presets' Try next hints", () => {
  it('are sentences (no URL syntax) whose settings parse and change the preset', () => {
    for (const p of PRESETS) {
      const { tryNext } = PRESET_TEXTS[p.id];
      expect(tryNext.length, p.id).toBeGreaterThan(0);
      for (const t of tryNext) {
        expect(t.sentence, p.id).toMatch(/^[A-Z].*[.)]$/);
        expect(t.sentence, p.id).not.toMatch(/\w=\w/);
        const { config, problems } = parseQuery(`preset=${p.id}&${t.settings}`);
        expect(problems, `${p.id}: ${t.settings}`).toEqual([]);
        expect(changedKeys(config).length, `${p.id}: ${t.settings}`).toBeGreaterThan(0);
      }
    }
  });

  it('read as applied once the settings hold their changes, and only then', () => {
    for (const p of PRESETS) {
      const preset = parseQuery(`preset=${p.id}`).config;
      for (const t of PRESET_TEXTS[p.id].tryNext) {
        expect(tryNextApplied(preset.settings, t.settings), `${p.id}: ${t.settings}`).toBe(false);
        const tried = applyTryNext(preset, t.settings);
        expect(tryNextApplied(tried.settings, t.settings), `${p.id}: ${t.settings}`).toBe(true);
      }
    }
    const odd = parseQuery('preset=heidemann-odd-final&nagle.server=0').config;
    expect(tryNextApplied(odd.settings, 'nagle.server=0')).toBe(true);
    expect(tryNextApplied(odd.settings, 'nagle.server=0&flush=headers')).toBe(false);
    // The same run set another way: Nagle off on both hosts holds "Nagle off on the server".
    const bothOff = parseQuery('preset=heidemann-odd-final&nagle=0').config;
    expect(tryNextApplied(bothOff.settings, 'nagle.server=0')).toBe(true);
    const clientOff = parseQuery('preset=heidemann-odd-final&nagle.client=0').config;
    expect(tryNextApplied(clientOff.settings, 'nagle.server=0')).toBe(false);
  });

  it('tried while comparing, change A only: B runs with what it ran before', () => {
    // B as the preset plus a window of its own, following A on the hint's keys: trying the hint on
    // A had changed B too (the button beside A's story reads "Try it on A").
    for (const p of PRESETS) {
      const compared = parseQuery(`preset=${p.id}&b.window=4096`).config;
      const before = JSON.stringify(toSimInput(sideBSettings(compared)!));
      for (const t of PRESET_TEXTS[p.id].tryNext) {
        const tried = applyTryNext(compared, t.settings);
        expect(tryNextApplied(tried.settings, t.settings), `${p.id}: ${t.settings}`).toBe(true);
        expect(JSON.stringify(toSimInput(sideBSettings(tried)!)), `${p.id}: ${t.settings}`).toBe(before);
        // And the link reopens it so.
        const reopened = parseQuery(encodeConfig(tried)).config;
        expect(JSON.stringify(toSimInput(sideBSettings(reopened)!)), `${p.id}: ${t.settings}`).toBe(before);
      }
    }
  });

  it('once applied, compare the preset (A) with the settings now (B)', () => {
    const odd = parseQuery('preset=heidemann-odd-final&nagle.server=0&rtt=2').config;
    const side = compareWithPreset(odd);
    expect(side.settings).toEqual(parseQuery('preset=heidemann-odd-final').config.settings);
    expect(side.b).toEqual({ 'nagle.server': false, rtt: 2 });
    expect(side.view.edit).toBe('b');
  });
});

describe('sweep claims', () => {
  it('name only the protocols the x axis plots (Nielsen has no HTTP/1.0 row on PPP)', () => {
    for (const s of SWEEPS.filter((s) => s.id.startsWith('nielsen-'))) {
      const plotsHttp10 = s.x.values.some((v) => v.includes('-1.0-'));
      expect(s.claim.includes('HTTP/1.0'), s.id).toBe(plotsHttp10);
    }
  });

  it('do not claim what a sweep without Keep-Alive cannot show', () => {
    const fig6 = SWEEPS.find((s) => s.id === 'kruse-fig6')!;
    expect(fig6.base).toContain('http=1.0');
    expect(fig6.claim).not.toMatch(/persistent/);
  });
});
