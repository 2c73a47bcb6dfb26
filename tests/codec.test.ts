// The scenario contract: config -> URL -> config loses nothing, and no link breaks the parser.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  baseSettings,
  encodeConfig,
  formatZoom,
  parseQuery,
  parseZoom,
  presetSideB,
  sideBSettings,
  type Config,
} from '../src/scenario/codec';
import { PRESETS } from '../src/scenario/presets';
import { isEmbed } from '../src/ui/share/openingLink';
import { readLocation } from '../src/ui/state/useScenario';
import {
  choosePreset,
  editingSide,
  presetAsB,
  resetBKey,
  setCompare,
  setSetting,
  setOnSideOnly,
  setEditing,
  setLabelStyle,
  setSpeedInLink,
  setTspView,
  speedInLink,
  tspView,
} from '../src/ui/state/configModel';
import { CONFIG_KEYS, SCHEMA, type ConfigKey, type Row, type Settings } from '../src/scenario/schema';
import { readFileSync } from 'node:fs';
import { toSimInput } from '../src/scenario/resolve';

/** A valid value for one schema row: null too where the row's default follows another setting. */
function valueOf(row: Row): fc.Arbitrary<unknown> {
  const value = someValue(row);
  return row.default === null ? fc.oneof(value, fc.constant(null)) : value;
}

function someValue(row: Row): fc.Arbitrary<unknown> {
  switch (row.kind) {
    case 'enum':
      return fc.constantFrom(...row.values);
    case 'bool':
      return fc.boolean();
    case 'list':
      return fc.array(fc.integer({ min: row.min, max: Math.min(row.max, 1_000_000) }), {
        minLength: 1,
        maxLength: 5,
      });
    case 'number':
      return row.integer
        ? fc.integer({ min: row.min, max: Math.min(row.max, 2 ** 31) })
        : fc.double({ min: row.min, max: row.max, noNaN: true, noDefaultInfinity: true });
  }
}

const overrides = fc.record(
  Object.fromEntries(CONFIG_KEYS.map((k) => [k, valueOf(SCHEMA[k])])) as Record<
    ConfigKey,
    fc.Arbitrary<unknown>
  >,
  { requiredKeys: [] },
);

const randomConfig: fc.Arbitrary<Config> = fc
  .record({
    preset: fc.option(fc.constantFrom(...PRESETS.map((p) => p.id)), { nil: null }),
    a: overrides,
    b: fc.option(overrides, { nil: null }),
    t: fc.option(fc.integer({ min: 0, max: 10_000_000 }).map(String), { nil: undefined }),
  })
  .map(({ preset, a, b, t }) => {
    const base = parseQuery(preset ? `preset=${preset}` : '').config.settings;
    const settings = { ...base, ...a } as Settings;
    // HTTP/3 refuses a TLS other than 1.3 with a message (tests/quic.test.ts): draw only what holds.
    if (settings.http === '3' && settings.tls !== '1.3') settings.tls = 'auto';
    return {
      preset,
      settings,
      b: b && Object.keys(b).length > 0 ? (b as Partial<Settings>) : null,
      bPreset: null,
      view: (t === undefined ? {} : { t }) as Record<string, string>,
    };
  });

describe('URL codec', () => {
  it('survives config -> URL -> config unchanged', () => {
    fc.assert(
      fc.property(randomConfig, (config) => {
        const query = encodeConfig(config);
        const { config: back, problems } = parseQuery(query);
        expect(problems).toEqual([]);
        expect(back.preset).toBe(config.preset);
        expect(back.settings).toEqual(config.settings);
        expect(back.view).toEqual(config.view);
        // side B keeps only what differs from A once written out; what it holds must survive
        for (const [k, v] of Object.entries(config.b ?? {})) expect(back.b?.[k as ConfigKey]).toEqual(v);
      }),
      { numRuns: 500 },
    );
  });

  it('never throws on random or malformed query strings, and names what it could not read', () => {
    const junk = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc
        .array(
          fc.tuple(
            fc.oneof(
              fc.constantFrom(...CONFIG_KEYS, 'preset', 'v', 'b.nagle', 'b.link', 't'),
              fc.string({ maxLength: 12 }),
            ),
            fc.oneof(
              fc.string({ maxLength: 20 }),
              fc.constantFrom('', '-1', '1e309', 'NaN', '0x10', '1,2,,3', '<script>', '%ZZ'),
            ),
          ),
          { maxLength: 12 },
        )
        .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&')),
    );
    fc.assert(
      fc.property(junk, (query) => {
        const { config, problems } = parseQuery(query);
        expect(Array.isArray(problems)).toBe(true);
        expect(CONFIG_KEYS.every((k) => k in config.settings)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('reports each bad key and value, and runs the rest', () => {
    const { config, problems } = parseQuery(
      'v=1&link=moon&nagle=0&window=-5&colour=blue&preset=nope&objects=1,x',
    );
    expect(config.settings.nagle).toBe(false);
    expect(config.settings.link).toBe('ethernet10');
    expect(problems).toHaveLength(5);
    expect(problems.join('\n')).toMatch(/link.*moon/);
    expect(problems.join('\n')).toMatch(/colour/);
    expect(problems.join('\n')).toMatch(/preset.*nope/);
  });

  it('reports an empty item in a list of sizes and leaves it out; a list without one reads as before', () => {
    // `objects=1,,2` had read as 1,0,2: a third object of 0 bytes (the CLI's /o01, 226 bytes on the
    // wire), and no word of it.
    const doubled = parseQuery('objects=1,,2&b.req=190,,300,');
    expect(doubled.config.settings.objects).toEqual([1, 2]);
    expect(doubled.config.b).toEqual({ req: [190, 300] });
    expect(doubled.problems).toEqual([
      'objects="1,,2": empty items left out; using 1,2',
      'b.req="190,,300,": empty items left out; using 190,300',
    ]);
    expect(encodeConfig(doubled.config)).toContain('objects=1,2&');
    // Only commas: nothing to read, as for an empty value.
    expect(parseQuery('objects=,').problems).toEqual([
      'objects=",": must list 1 to 500 numbers; using the default',
    ]);
    const plain = parseQuery('objects=6651, 3883 ,1866&req=190');
    expect(plain.problems).toEqual([]);
    expect(plain.config.settings.objects).toEqual([6651, 3883, 1866]);
    expect(plain.config.settings.req).toEqual([190]);
  });

  it("reads a number typed with a unit the page writes, in the key's own unit; names the units where none fits", () => {
    // `rtt=100ms`, `bw=10Mbps`, `window=64k` had each been refused ("must be a number") and the
    // link's own figure run instead.
    const typed = parseQuery('rtt=100ms&bw=10Mbps&window=64k&loss=2%25&b.rtt=0.25%20s&sthink=1.5s');
    expect(typed.problems).toEqual([]);
    expect(typed.config.settings).toMatchObject({
      rtt: 100,
      bw: 10_000_000,
      window: 65_536,
      loss: 2,
      sthink: 1500,
    });
    expect(typed.config.b).toEqual({ rtt: 250 });
    expect(encodeConfig(typed.config)).toBe(
      encodeConfig(parseQuery('rtt=100&bw=10000000&window=65536&loss=2&b.rtt=250&sthink=1500').config),
    );
    expect(parseQuery('rtt=soon&bw=10%20parsecs&queue=lots&window=64%20ms').problems).toEqual([
      'rtt="soon": must be a number, in ms or s; using the default',
      'bw="10 parsecs": must be a number, in b/s, kb/s, Mb/s or Gb/s; using the default',
      'queue="lots": must be a number; using the default',
      'window="64 ms": must be a number, in bytes, KB, MB or GB; using the default',
    ]);
  });

  it('writes only what differs from the preset', () => {
    const { config } = parseQuery('preset=heidemann-odd-final&nagle=0');
    expect(encodeConfig(config)).toBe('v=1&preset=heidemann-odd-final&nagle=0');
  });

  it("writes a preset's link figure given back to the link as auto, so the link reopens the same run", () => {
    // mathis-loss sets bw=10 Mb/s and rtt=100 ms; choosing LTE gives both back to the link's.
    const lte = setSetting(parseQuery('preset=mathis-loss').config, 'a', 'link', 'lte');
    expect(lte.settings.bw).toBeNull();
    const query = encodeConfig(lte);
    expect(query).toBe('v=1&preset=mathis-loss&link=lte&bw=auto&rtt=auto');
    const { config, problems } = parseQuery(query);
    expect(problems).toEqual([]);
    expect(config.settings).toEqual(lte.settings);
    // The same on side B, from A and from a preset of its own.
    const fromA = setSetting(setCompare(parseQuery('preset=mathis-loss').config, true), 'b', 'link', 'lte');
    expect(sideBSettings(parseQuery(encodeConfig(fromA)).config)).toEqual(sideBSettings(fromA));
    const ownPreset = setSetting(
      parseQuery('preset=heidemann-odd-final&b.preset=mathis-loss').config,
      'b',
      'link',
      'lte',
    );
    const written = encodeConfig(ownPreset);
    expect(written).toContain('b.preset=mathis-loss&b.link=lte&b.bw=auto&b.rtt=auto');
    expect(sideBSettings(parseQuery(written).config)).toEqual(sideBSettings(ownPreset));
  });

  it('writes lists and sweeps as a lecturer types them, and reads them back', () => {
    const typed = 'v=1&objects=1000,2000&page=custom&zoom=12.5,40&sweep=custom:x=conns:1,4;y=load_s';
    const { config, problems } = parseQuery(typed);
    expect(problems).toEqual([]);
    const written = encodeConfig(config);
    expect(written).toContain('objects=1000,2000');
    expect(written).toContain('zoom=12.5,40');
    expect(written).toContain('sweep=custom:x=conns:1,4;y=load_s');
    expect(parseQuery(written).config).toEqual(config);
  });

  it('documents every key in the README', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const escape = (k: string) => k.replace(/\./g, '\\.');
    for (const key of CONFIG_KEYS) expect(readme).toMatch(new RegExp(`\\|\\s*\`${escape(key)}\`\\s*\\|`));
  });
});

describe('b.preset: side B of a comparison starts from another preset', () => {
  const pair = 'preset=heidemann-table1-phttp&b.preset=heidemann-table1-phttp-fix2';
  const bPresetIds = PRESETS.map((p) => p.id);

  it("reads B as that preset's settings, with no notice, and writes the link back as it was", () => {
    const { config, problems } = parseQuery(`v=1&${pair}`);
    expect(problems).toEqual([]);
    expect(config.bPreset).toBe('heidemann-table1-phttp-fix2');
    expect(config.settings).toEqual(baseSettings('heidemann-table1-phttp'));
    expect(sideBSettings(config)).toEqual(baseSettings('heidemann-table1-phttp-fix2'));
    expect(encodeConfig(config)).toBe(`v=1&${pair}`);
  });

  it("lays b.<key> over B's preset, not over A, and writes only what differs from B's preset", () => {
    const query = `v=1&${pair}&b.nagle=1&edit=b`;
    const { config } = parseQuery(query);
    expect(sideBSettings(config)).toEqual({ ...baseSettings('heidemann-table1-phttp-fix2'), nagle: true });
    expect(encodeConfig(config)).toBe(query);
    // A key of A's does not reach into B where B's preset sets it.
    const aChanged = parseQuery(`${pair}&flush=headers&nagle=0`).config;
    expect(sideBSettings(aChanged)?.flush).toBe('none');
  });

  it('works without a preset for A, and against random presets and keys survives URL -> config -> URL', () => {
    const { config } = parseQuery('b.preset=kruse-acts');
    expect(config.preset).toBeNull();
    expect(sideBSettings(config)).toEqual(baseSettings('kruse-acts'));
    fc.assert(
      fc.property(randomConfig, fc.constantFrom(...bPresetIds), overrides, (a, bPreset, keys) => {
        const config = { ...a, b: presetSideB(a.settings, bPreset, keys as Partial<Settings>), bPreset };
        const back = parseQuery(encodeConfig(config)).config;
        expect(back.bPreset).toBe(bPreset);
        expect(back.settings).toEqual(config.settings);
        expect(sideBSettings(back)).toEqual(sideBSettings(config));
      }),
      { numRuns: 300 },
    );
  });

  it('leaves every link without b.preset as it read before: B is A plus its b.<key>', () => {
    for (const query of [
      'v=1&preset=heidemann-odd-final&b.nagle=0',
      'v=1&preset=kruse-acts&b.window=32768&b.conns=4&edit=b',
      'v=1&link=geo&b.page=custom&b.objects=1000,2000',
      'v=1&preset=heidemann-table1-phttp&view=ladder,ab',
    ]) {
      const { config, problems } = parseQuery(query);
      expect(problems).toEqual([]);
      expect(config.bPreset).toBeNull();
      expect(encodeConfig(config)).toBe(query);
    }
    const { config } = parseQuery('preset=heidemann-odd-final&b.nagle=0');
    expect(config.b).toEqual({ nagle: false });
    expect(sideBSettings(config)).toEqual({ ...baseSettings('heidemann-odd-final'), nagle: false });
  });

  it('reports a preset it does not know, and runs the rest', () => {
    const { config, problems } = parseQuery('preset=heidemann-odd-final&b.preset=nope&b.nagle=0');
    expect(problems).toEqual(['b.preset="nope": no such preset, ignored']);
    expect(config.bPreset).toBeNull();
    expect(config.b).toEqual({ nagle: false });
  });

  it('comes with a comparison only: stopping it leaves it out', () => {
    const compared = parseQuery(pair).config;
    const stopped = setCompare(compared, false);
    expect(encodeConfig(stopped)).not.toMatch(/b\./);
    expect(encodeConfig(setCompare(stopped, true))).not.toMatch(/b\.preset/);
  });

  it("stays, with B's own changes, when another preset is chosen for A", () => {
    const changed = setSetting(parseQuery(pair).config, 'b', 'rtt', 50);
    const before = sideBSettings(changed);
    const next = choosePreset(changed, 'heidemann-table1-phttp-fix1');
    expect(next.settings).toEqual(baseSettings('heidemann-table1-phttp-fix1'));
    expect(sideBSettings(next)).toEqual(before);
    expect(encodeConfig(next)).toBe(
      'v=1&preset=heidemann-table1-phttp-fix1&b.preset=heidemann-table1-phttp-fix2&b.rtt=50',
    );
    // A B that is A plus changes goes back to a copy of the new A.
    const plain = setSetting(setCompare(parseQuery('').config, true), 'b', 'nagle', false);
    expect(choosePreset(plain, 'heidemann-odd-final').b).toEqual({});
  });

  it('setOnSideOnly changes one side: a B that followed A on the key keeps the value it ran with', () => {
    const compared = parseQuery('b.nagle=0').config;
    const onA = setOnSideOnly(compared, 'a', 'flush', 'none');
    expect(onA.settings.flush).toBe('none');
    expect(sideBSettings(onA)!.flush).toBe('headers');
    expect(sideBSettings(onA)!.nagle).toBe(false);
    expect(encodeConfig(onA)).toBe('v=1&flush=none&b.nagle=0&b.flush=headers');
    // On B, or with B's own value for the key, only that side changes, as setSetting does.
    expect(setOnSideOnly(compared, 'b', 'flush', 'none')).toEqual(setSetting(compared, 'b', 'flush', 'none'));
    expect(setOnSideOnly(compared, 'a', 'nagle', false)).toEqual(setSetting(compared, 'a', 'nagle', false));
    // Not comparing, it is setSetting.
    const alone = parseQuery('').config;
    expect(setOnSideOnly(alone, 'a', 'flush', 'none')).toEqual(setSetting(alone, 'a', 'flush', 'none'));
  });

  it('is what presetAsB gives, and a knob changed on B is written over its preset', () => {
    const single = parseQuery('preset=heidemann-table1-phttp').config;
    const paired = presetAsB(single, 'heidemann-table1-phttp-fix2');
    expect(editingSide(paired)).toBe('b');
    expect(encodeConfig(paired)).toBe(`v=1&${pair}&edit=b`);
    const changed = setSetting(paired, 'b', 'nagle', true);
    expect(encodeConfig(changed)).toBe(`v=1&${pair}&b.nagle=1&edit=b`);
    // A B its preset cannot describe (a knob reset to A's unset value) is written as before.
    const reset = resetBKey(paired, 'delackphase');
    expect(parseQuery(encodeConfig(reset)).config.bPreset).toBe(
      sideBSettings(reset)?.delackphase === null ? null : 'heidemann-table1-phttp-fix2',
    );
  });
});

describe("the view's switches: embed=, autoplay= and a lesson's reveal=", () => {
  it("read as the settings' switches do, and are written back as 1 or 0", () => {
    for (const [raw, want] of [
      ['yes', '1'],
      ['true', '1'],
      ['on', '1'],
      ['1', '1'],
      ['no', '0'],
      ['0', '0'],
    ]) {
      const { config, problems } = parseQuery(`embed=${raw}&autoplay=${raw}&reveal=${raw}`);
      expect([config.view.embed, config.view.autoplay, config.view.reveal]).toEqual([want, want, want]);
      expect(problems).toEqual([]);
    }
    expect(isEmbed({ embed: 'yes' })).toBe(true);
    expect(isEmbed({ embed: 'off' })).toBe(false);
  });

  it('report any other value and leave it out, as any bad value', () => {
    const { config, problems } = parseQuery('embed=maybe&autoplay=2&reveal=2');
    expect(config.view.embed).toBeUndefined();
    expect(config.view.autoplay).toBeUndefined();
    expect(config.view.reveal).toBeUndefined();
    expect(problems).toEqual([
      'embed="maybe": must be 1 or 0; opening the full lab',
      'autoplay="2": must be 1 or 0; waiting for Play',
      'reveal="2": must be 1 or 0; keeping the answer back',
    ]);
    expect(isEmbed({ embed: 'maybe' })).toBe(false);
  });
});

describe('the fold key: folding the link asks for where it differs from the run alone', () => {
  it('keeps 1 and 0, reads yes and no as any switch, and reports anything else like any bad value', () => {
    expect(parseQuery('preset=heidemann-odd-final&fold=1').config.view.fold).toBe('1');
    expect(parseQuery('preset=heidemann-odd-final&fold=0').config.view.fold).toBe('0');
    // `fold=yes` had been refused where `embed=yes` was read.
    expect(parseQuery('preset=heidemann-odd-final&fold=yes').config.view.fold).toBe('1');
    expect(parseQuery('preset=heidemann-odd-final&fold=off').config.view.fold).toBe('0');
    const { config, problems } = parseQuery('preset=heidemann-odd-final&fold=maybe');
    expect(config.view.fold).toBeUndefined();
    expect(problems).toEqual(['fold="maybe": must be 1 or 0; folding as the run suggests']);
  });

  it('is absent from a link that says nothing of folding, so old links keep their meaning', () => {
    expect(encodeConfig(parseQuery('preset=heidemann-odd-final').config)).not.toMatch(/fold/);
  });
});

describe('the edit key: the side a comparison link reopens its settings on', () => {
  const compared = parseQuery('preset=heidemann-odd-final&b.nagle=0').config;

  it('keeps a and b, and reports anything else like any bad value', () => {
    expect(parseQuery('preset=heidemann-odd-final&b.nagle=0&edit=b').config.view.edit).toBe('b');
    expect(encodeConfig(parseQuery('preset=heidemann-odd-final&b.nagle=0&edit=a').config)).not.toMatch(
      /edit/,
    );
    const { config, problems } = parseQuery('preset=heidemann-odd-final&b.nagle=0&edit=B-side');
    expect(config.view.edit).toBeUndefined();
    expect(problems).toEqual(['edit="B-side": must be a or b; the settings change side A']);
  });

  it('is written while the settings change B, and a link with it reopens on B', () => {
    expect(editingSide(compared)).toBe('a'); // absent: A, as every link before the key
    const onB = setEditing(compared, 'b');
    expect(encodeConfig(onB)).toMatch(/&edit=b$/);
    expect(editingSide(parseQuery(encodeConfig(onB)).config)).toBe('b');
    expect(encodeConfig(setEditing(onB, 'a'))).toBe(encodeConfig(compared));
  });

  it('starting a comparison edits B; stopping it, A, and the link says nothing of a side', () => {
    const single = parseQuery('preset=heidemann-odd-final').config;
    const started = setCompare(single, true);
    expect(editingSide(started)).toBe('b');
    const stopped = setCompare(started, false);
    expect(editingSide(stopped)).toBe('a');
    expect(encodeConfig(stopped)).not.toMatch(/edit/);
    // A side means nothing without a comparison: never written then.
    expect(encodeConfig({ ...single, view: { edit: 'b' } })).not.toMatch(/edit/);
  });
});

describe('the zoom key: the time window the ladder shows', () => {
  it('survives window -> URL -> window to the nanosecond', () => {
    const windows = fc
      .tuple(fc.integer({ min: 0, max: 3_600_000_000_000 }), fc.integer({ min: 1, max: 600_000_000_000 }))
      .map(([startNs, spanNs]) => ({ startNs, endNs: startNs + spanNs }));
    fc.assert(
      fc.property(windows, (w) => {
        const query = encodeConfig({
          ...parseQuery('preset=heidemann-odd-final').config,
          view: { zoom: formatZoom(w) },
        });
        const { config, problems } = parseQuery(query);
        expect(problems).toEqual([]);
        expect(parseZoom(config.view.zoom!)).toEqual(w);
      }),
      { numRuns: 500 },
    );
  });

  it('is written in ms, as t= is, without trailing zeros', () => {
    expect(formatZoom({ startNs: 12_500_000, endNs: 40_000_000 })).toBe('12.5,40');
    expect(formatZoom({ startNs: 0, endNs: 1 })).toBe('0,0.000001');
    expect(parseZoom('12.5,40')).toEqual({ startNs: 12_500_000, endNs: 40_000_000 });
  });

  it('is absent from a link that never zoomed, so old links keep their meaning', () => {
    expect(parseQuery('preset=heidemann-odd-final&t=25').config.view.zoom).toBeUndefined();
    expect(encodeConfig(parseQuery('preset=heidemann-odd-final').config)).not.toMatch(/zoom/);
  });

  it('reports a bad window like any bad value, ignores it and runs the rest', () => {
    for (const [raw, why] of [
      ['abc', 'must be a start and an end in ms, like zoom=12.5,40'],
      ['12', 'must be a start and an end in ms, like zoom=12.5,40'],
      ['1,2,3', 'must be a start and an end in ms, like zoom=12.5,40'],
      [',40', 'must be a start and an end in ms, like zoom=12.5,40'],
      ['1e309,2', 'must be a start and an end in ms, like zoom=12.5,40'],
      ['-5,40', 'must start at 0 ms or later'],
      ['40,12', 'must end after it starts'],
      ['12,12', 'must end after it starts'],
    ]) {
      const { config, problems } = parseQuery(`preset=heidemann-odd-final&nagle=0&zoom=${raw}`);
      expect(problems).toEqual([`zoom=${JSON.stringify(raw)}: ${why}; showing the whole run`]);
      expect(config.view.zoom).toBeUndefined();
      expect(config.settings.nagle).toBe(false);
    }
  });
});

describe("the time-sequence plot's keys: its window, connection and stream", () => {
  const base = parseQuery('http=2&page=microscape').config;

  it('survive view -> URL -> view, and say only what differs from the whole first connection', () => {
    const view = { window: { startNs: 250_000_000, endNs: 1_500_000_000 }, conn: 1, stream: 5 };
    const query = encodeConfig(setTspView(base, view));
    expect(query).toContain('tspzoom=250,1500');
    expect(query).toContain('tspconn=2'); // numbered from 1, as the page's Connection menu is
    expect(query).toContain('tspstream=5');
    const { config, problems } = parseQuery(query);
    expect(problems).toEqual([]);
    expect(tspView(config.view)).toEqual(view);
    const whole = encodeConfig(setTspView(config, { window: null, conn: 0, stream: null }));
    expect(whole).not.toMatch(/tsp/);
    expect(tspView(parseQuery(whole).config.view)).toEqual({ window: null, conn: 0, stream: null });
  });

  it('are absent from a link that never set them, so old links keep their meaning', () => {
    expect(encodeConfig(base)).not.toMatch(/tsp/);
    expect(setTspView(base, { window: null, conn: 0, stream: null })).toBe(base);
  });

  it('go with the old run when another scenario is chosen', () => {
    const set = setTspView(base, { window: { startNs: 0, endNs: 1e9 }, conn: 2, stream: 3 });
    expect(encodeConfig(choosePreset(set, 'heidemann-odd-final'))).not.toMatch(/tsp/);
  });

  it('report a bad value like any other, and the rest of the link runs', () => {
    for (const [raw, problem] of [
      [
        'tspzoom=5',
        'tspzoom="5": must be a start and an end in ms, like tspzoom=12.5,40; showing the whole run',
      ],
      ['tspzoom=9,3', 'tspzoom="9,3": must end after it starts; showing the whole run'],
      ['tspconn=0', 'tspconn="0": must be a connection number from 1; plotting connection 1'],
      ['tspconn=two', 'tspconn="two": must be a connection number from 1; plotting connection 1'],
      ['tspstream=-1', 'tspstream="-1": must be a stream number; plotting the whole connection'],
    ]) {
      const { config, problems } = parseQuery(`http=2&nagle=0&${raw}`);
      expect(problems).toEqual([problem]);
      expect(tspView(config.view)).toEqual({ window: null, conn: 0, stream: null });
      expect(config.settings.nagle).toBe(false);
    }
  });
});

describe('the speed key: how fast playback goes', () => {
  it('is written for slow motion and real time, and unsaid for the fitted pace', () => {
    const base = parseQuery('preset=heidemann-odd-final').config;
    for (const mode of ['slow', 'real'] as const) {
      const query = encodeConfig(setSpeedInLink(base, mode));
      expect(query).toContain(`speed=${mode}`);
      expect(speedInLink(parseQuery(query).config.view)).toBe(mode);
    }
    expect(encodeConfig(setSpeedInLink(base, 'fit'))).not.toMatch(/speed/);
    expect(speedInLink(base.view)).toBe('fit');
  });

  it("stays when another scenario is chosen: it is the reader's choice, not the run's", () => {
    const slow = setSpeedInLink(parseQuery('').config, 'slow');
    expect(encodeConfig(choosePreset(slow, 'heidemann-odd-final'))).toContain('speed=slow');
  });

  it('reports a bad value and plays at the fitted pace', () => {
    const { config, problems } = parseQuery('nagle=0&speed=fast');
    expect(problems).toEqual(['speed="fast": must be fit, slow or real; playing the whole run in 15 s']);
    expect(speedInLink(config.view)).toBe('fit');
    expect(config.settings.nagle).toBe(false);
  });
});

describe('the labels key: how the ladder names its packets', () => {
  it('is written for tcpdump names, unsaid for words, and a bad value is reported', () => {
    const base = parseQuery('preset=heidemann-odd-final').config;
    const tcpdump = encodeConfig(setLabelStyle(base, 'tcpdump'));
    expect(tcpdump).toContain('labels=tcpdump');
    expect(parseQuery(tcpdump).config.view.labels).toBe('tcpdump');
    expect(encodeConfig(setLabelStyle(parseQuery(tcpdump).config, 'words'))).not.toMatch(/labels/);
    expect(parseQuery('labels=words')).toEqual({ config: parseQuery('').config, problems: [] });
    const { config, problems } = parseQuery('nagle=0&labels=hex');
    expect(problems).toEqual(['labels="hex": must be words or tcpdump; naming packets in words']);
    expect(config.view.labels).toBeUndefined();
  });
});

describe('which settings apply', () => {
  it('hides what the scenario does not use, and shows it when it does', async () => {
    const { applies } = await import('../src/scenario/schema');
    const settings = (q: string) => parseQuery(q).config.settings;
    expect(applies('images', settings(''))).toBe(false);
    expect(applies('images', settings('page=pm-images'))).toBe(true);
    expect(applies('objects', settings('objects=1000'))).toBe(true);
    expect(applies('pipebuf', settings('http=1.1'))).toBe(false);
    expect(applies('pipebuf', settings('http=1.1pipe'))).toBe(true);
    expect(applies('ratio', settings('gzip=1'))).toBe(true);
    expect(applies('loadgap', settings('loads=1'))).toBe(false);
    expect(applies('loadgap', settings('loads=3'))).toBe(true);
    expect(applies('nagle', settings(''))).toBe(true);
    // Kruse's loop ends with the chosen page: with several loads of one of Kruse's pages only.
    expect(applies('pages', settings('loads=5&page=kruse-acts'))).toBe(true);
    expect(applies('pages', settings('loads=5'))).toBe(false);
    expect(applies('pages', settings('loads=5&page=microscape'))).toBe(false);
    expect(applies('pages', settings('page=kruse-acts'))).toBe(false);
  });

  it('reads TLS as the run has it: resumption and the certificate only where a handshake runs', async () => {
    const { applies } = await import('../src/scenario/schema');
    const settings = (q: string) => parseQuery(q).config.settings;
    // Automatic TLS is none under HTTP/1.x: resume=1 and cert= had been offered there, and ran alike.
    for (const key of ['resume', 'cert'] as const) {
      expect(applies(key, settings('')), key).toBe(false);
      expect(applies(key, settings('http=1.0')), key).toBe(false);
      expect(applies(key, settings('tls=none')), key).toBe(false);
      expect(applies(key, settings('http=2&tls=none')), key).toBe(false);
      expect(applies(key, settings('tls=1.3')), key).toBe(true);
      expect(applies(key, settings('tls=1.2')), key).toBe(true);
      expect(applies(key, settings('http=2')), key).toBe(true);
      expect(applies(key, settings('http=3')), key).toBe(true);
    }
    // QUIC runs TLS 1.3 whatever tls= says: no False Start, a TLS 1.2 option.
    expect(applies('falsestart', settings('tls=1.2'))).toBe(true);
    expect(applies('falsestart', settings('http=3&tls=1.2'))).toBe(false);
    // What the controls hide, the engine ignores: the same run with or without them.
    const same = (a: string, b: string) =>
      JSON.stringify(toSimInput(settings(a))) === JSON.stringify(toSimInput(settings(b)));
    expect(same('resume=1&cert=50000', '')).toBe(true);
    expect(same('http=2&resume=1', 'http=2')).toBe(false);
  });

  it("hides HTTP/1.x's server writes, processes and closes under HTTP/2 and HTTP/3, which never read them", async () => {
    const { applies } = await import('../src/scenario/schema');
    const settings = (q: string) => parseQuery(q).config.settings;
    // A keep-alive timeout of 1 s under HTTP/2 had been offered, and moved nothing: its server
    // never closes an idle connection (tests/hidden-settings.test.ts runs each).
    const keys = [
      'flush',
      'chunk',
      'saccept',
      'sbuf',
      'sprocs',
      'maxreq',
      'katimeout',
      'closestyle',
      'stale',
    ] as const;
    for (const key of keys) {
      for (const http of ['1.0', '1.0ka', '1.1', '1.1pipe', 'getall'])
        expect(applies(key, settings(`http=${http}`)), `${key} under ${http}`).toBe(true);
      for (const http of ['2', '3'])
        expect(applies(key, settings(`http=${http}`)), `${key} under ${http}`).toBe(false);
    }
    // Most idle processes goes with the processes it counts.
    expect(applies('maxspare', settings('http=1.0ka&sprocs=4'))).toBe(true);
    expect(applies('maxspare', settings('http=2&sprocs=4'))).toBe(false);
    expect(applies('maxspare', settings('http=3&sprocs=4'))).toBe(false);
    // What HTTP/2 and HTTP/3 do read stays: the server's think time, the headers' sizes.
    for (const key of ['sthink', 'srate', 'cthink', 'cparse', 'hdr', 'hdr304', 'req'] as const)
      expect(applies(key, settings('http=2')), key).toBe(true);
  });
});

/** Half of a character outside the BMP, without its other half. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe('a link text quoted in a problem', () => {
  it('is cut at 40 characters, never inside one: an emoji at the cut stays whole', () => {
    const typed = `${'a'.repeat(39)}🚀🚀rest`;
    const { problems } = parseQuery(`link=${encodeURIComponent(typed)}`);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(`"${'a'.repeat(39)}🚀…"`);
    // No lone surrogate anywhere in the line (it would print as a replacement mark).
    expect(problems[0]).not.toMatch(LONE_SURROGATE);
    // The page's own lines read through the same quote: t=, view=.
    const read = readLocation(`?t=${encodeURIComponent(typed)}&view=${encodeURIComponent(typed)}`);
    for (const line of read.problems) expect(line, line).not.toMatch(LONE_SURROGATE);
    expect(read.problems.filter((l) => l.includes('🚀…'))).toHaveLength(2);
  });
});
