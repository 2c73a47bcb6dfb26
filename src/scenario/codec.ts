// The URL codec: query string <-> Config. Versioned with v=1; a bad value never throws: it is
// reported in `problems` and the rest of the scenario runs.
import { didYouMean, didYouMeanValue, nearestName, sameName } from './didYouMean';
import { findPreset, PRESETS } from './presets';
import { readSetting, unitChoices } from './units';
import { CONFIG_KEYS, SCHEMA, defaultSettings, type ConfigKey, type Row, type Settings } from './schema';

export const CODEC_VERSION = '1';

/** Keys that describe the view, not the simulation: passed through untouched. */
export const VIEW_KEYS = [
  't',
  'view',
  'embed',
  'controls',
  'autoplay',
  'note',
  'lesson',
  'step',
  'reveal',
  'sweep',
  'theme',
  'zoom',
  'fold',
  'edit',
  'tspzoom',
  'tspconn',
  'tspstream',
  'speed',
  'labels',
] as const;

/** `theme=`: the colours a link asks for (an embed matching its course page); absent = the system's. */
export const THEMES = ['light', 'dark'] as const;

/** `speed=`: how fast playback goes: the whole run in a few seconds (absent), slow motion, or real time. */
export const SPEEDS = ['fit', 'slow', 'real'] as const;

/** `labels=`: the ladder names packets in plain words (absent) or in the papers' tcpdump shorthand. */
export const LABEL_STYLES = ['words', 'tcpdump'] as const;

/** `zoom=`: the time window the ladder shows, from the top of its run to its bottom edge. */
export interface TimeWindow {
  startNs: number;
  endNs: number;
}

/** `zoom=12.5,40`: start and end in ms, like `t=`; absent means the whole run (unzoomed). */
export function parseZoom(text: string): TimeWindow | { why: string } {
  const parts = text.split(',');
  const ms = parts.map((p) => (p.trim() === '' ? NaN : Number(p)));
  if (parts.length !== 2 || ms.some((n) => !Number.isFinite(n)))
    return { why: 'must be a start and an end in ms, like zoom=12.5,40' };
  const [startNs, endNs] = ms.map((n) => Math.round(n * 1e6)) as [number, number];
  if (startNs < 0) return { why: 'must start at 0 ms or later' };
  if (endNs <= startNs) return { why: 'must end after it starts' };
  return { startNs, endNs };
}

/** The `zoom=` text for a window: ms to the nanosecond, no trailing zeros. */
export function formatZoom(window: TimeWindow): string {
  const ms = (ns: number) => String(Number((Math.round(ns) / 1e6).toFixed(6)));
  return `${ms(window.startNs)},${ms(window.endNs)}`;
}

const PRESET_IDS = PRESETS.map((p) => p.id);

export interface Config {
  preset: string | null;
  settings: Settings;
  /**
   * Side B of a comparison: the keys where B differs from A (`b.<key>`, and the settings of B's
   * preset where they differ from A's); null when not comparing. Keys B does not name follow A.
   */
  b: Partial<Settings> | null;
  /**
   * `b.preset`: the preset side B started from (a paper's other row, to compare with A's), or null
   * when B starts from A. Only meaningful while comparing; `b` already holds its settings.
   */
  bPreset: string | null;
  view: Record<string, string>;
}

export interface ParseResult {
  config: Config;
  problems: string[];
}

/** `note`: what was left out of a value read all the same (the link's notice says it). */
type Parsed = { ok: true; value: Settings[ConfigKey]; note?: string } | { ok: false; why: string };

/** A switch's value as a link may spell it (`1`, `true`, `on`, `yes` or their opposites); null: neither. */
export function readFlag(raw: string): boolean | null {
  const text = raw.trim();
  if (['1', 'true', 'on', 'yes'].includes(text)) return true;
  if (['0', 'false', 'off', 'no'].includes(text)) return false;
  return null;
}

export function parseValue(row: Row, raw: string): Parsed {
  const text = raw.trim();
  switch (row.kind) {
    case 'enum': {
      // The table's own string, not the one cut from the query: V8 keeps literals internalized, so
      // the engine's comparisons of these values (some on every segment) are pointer checks.
      const i = row.values.indexOf(text);
      return i >= 0
        ? { ok: true, value: row.values[i] }
        : { ok: false, why: `must be one of ${row.values.join(', ')}` };
    }
    case 'bool': {
      const on = readFlag(text);
      return on === null ? { ok: false, why: 'must be 1 or 0' } : { ok: true, value: on };
    }
    case 'number': {
      // With a unit the page writes (`rtt=100ms`, `bw=10Mb/s`, `window=64KB`), read in the key's own.
      const n = text === '' ? NaN : (readSetting(text, row.unit) ?? Number(text));
      if (!Number.isFinite(n)) {
        const units = unitChoices(row.unit);
        return { ok: false, why: units ? `must be a number, in ${units}` : 'must be a number' };
      }
      if (row.integer && !Number.isInteger(n)) return { ok: false, why: 'must be a whole number' };
      if (n < row.min || n > row.max) return { ok: false, why: `must be between ${row.min} and ${row.max}` };
      return { ok: true, value: n };
    }
    case 'list': {
      // An empty item (`1,,2`, `1,2,`) is a slip of the comma, left out: Number('') had read it as
      // an object of 0 bytes, silently.
      const all = text.split(',').map((s) => s.trim());
      const parts = all.filter(Boolean);
      if (parts.length === 0 || parts.length > row.maxItems)
        return { ok: false, why: `must list 1 to ${row.maxItems} numbers` };
      const values = parts.map(Number);
      if (values.some((n) => !Number.isInteger(n) || n < row.min || n > row.max)) {
        return { ok: false, why: `must be whole numbers between ${row.min} and ${row.max}, comma-separated` };
      }
      const note = parts.length < all.length ? `empty items left out; using ${values}` : undefined;
      return { ok: true, value: values, note };
    }
  }
}

/**
 * `auto`: a knob whose default follows another setting (the link's bandwidth, the general Nagle
 * switch) left to follow it. A link needs the word where a preset sets such a knob and the reader
 * gave it back to the link (by choosing another link): without it the link reopens the preset's.
 */
export const FOLLOW = 'auto';

/** A setting's value as a link spells it: `auto` names a null (following) value where the row has one. */
function parseSetting(row: Row, raw: string): Parsed {
  if (row.default === null && raw.trim() === FOLLOW) return { ok: true, value: null };
  return parseValue(row, raw);
}

/** The text a link writes for a value where it differs from `base`'s (null where it goes unsaid). */
function differing(key: ConfigKey, value: Settings[ConfigKey], base: Settings[ConfigKey]): string | null {
  const text = formatValue(SCHEMA[key], value) ?? FOLLOW;
  return text === (formatValue(SCHEMA[key], base) ?? FOLLOW) ? null : text;
}

export function formatValue(row: Row, value: Settings[ConfigKey]): string | null {
  if (value === null) return null;
  if (row.kind === 'bool') return value ? '1' : '0';
  if (row.kind === 'list') return (value as number[]).join(',');
  return String(value);
}

function isKey(key: string): key is ConfigKey {
  return Object.prototype.hasOwnProperty.call(SCHEMA, key);
}

/**
 * Printable, never interpreted: URL text in a problem is quoted and cut to 40 characters, counted
 * as code points so an emoji is never cut in half (a lone surrogate prints as a replacement mark).
 */
export function quote(text: string): string {
  const chars = [...text];
  return JSON.stringify(chars.length > 40 ? `${chars.slice(0, 40).join('')}…` : text);
}

/** The settings a query of settings sets (a preset's, a hint's): other keys and bad values left out. */
export function querySettings(query: string): Partial<Settings> {
  const out: Record<string, unknown> = {};
  for (const [key, raw] of new URLSearchParams(query)) {
    if (!isKey(key)) continue;
    const parsed = parseSetting(SCHEMA[key], raw);
    if (parsed.ok) out[key] = parsed.value;
  }
  return out as Partial<Settings>;
}

/** Defaults with a preset's own settings applied. */
export function baseSettings(preset: string | null): Settings {
  const settings = defaultSettings();
  const found = preset ? findPreset(preset) : undefined;
  if (!found) return settings;
  Object.assign(settings, querySettings(found.query));
  const params = new URLSearchParams(found.query);
  if (params.has('objects') && !params.has('page')) settings.page = 'custom';
  return settings;
}

/**
 * The notice's line for a `preset=` that names no preset, before any hint: the page adds one when
 * the name is a sweep's (ui/lessons/openGuides.ts), which this module does not load.
 */
export function noSuchPreset(typed: string): string {
  return `preset=${quote(typed)}: no such preset`;
}

/** Every key a link may hold, as the tables spell them. */
const LINK_KEYS = [
  'v',
  'preset',
  'b.preset',
  ...VIEW_KEYS,
  ...CONFIG_KEYS,
  ...CONFIG_KEYS.map((k) => `b.${k}`),
];

/**
 * The link with its keys and names spelt as the tables spell them, case and stray spaces aside:
 * `Nagle=0`, `preset=Heidemann-Odd-Final%20`, `cc=BBR`, `lesson=The-200ms-Mystery` had each been
 * dropped with a "did you mean" though nothing else could be meant. The same string when nothing
 * needed it.
 */
/**
 * A key given twice: a setting's last value holds (a key added at a link's end overrides it); the
 * version and the presets keep their first, as links have always read them, so an old link with
 * two opens what it opened.
 */
export const FIRST_VALUE_KEYS: readonly string[] = ['v', 'preset', 'b.preset'];

export function speltQuery(query: string): string {
  const lead = query.startsWith('?') ? '?' : '';
  const out = new URLSearchParams();
  let changed = false;
  for (const [rawKey, raw] of new URLSearchParams(query.slice(lead.length))) {
    const key = sameName(rawKey, LINK_KEYS) ?? rawKey;
    const value = speltValue(key.startsWith('b.') ? key.slice(2) : key, raw);
    changed ||= key !== rawKey || value !== raw;
    out.append(key, value);
  }
  return changed ? `${lead}${readableQuery(out)}` : query;
}

function speltValue(key: string, raw: string): string {
  if (key === 'preset') return sameName(raw, PRESET_IDS) ?? raw;
  // Lessons and ready-made sweeps load apart from this module; their names are all lower case.
  if (key === 'lesson' || (key === 'sweep' && !/^\s*custom:/i.test(raw))) return raw.trim().toLowerCase();
  const row = isKey(key) ? SCHEMA[key] : null;
  return row?.kind === 'enum' ? (sameName(raw, row.values) ?? raw) : raw;
}

export function parseQuery(query: string): ParseResult {
  const problems: string[] = [];
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(speltQuery(query.startsWith('?') ? query.slice(1) : query));
  } catch {
    params = new URLSearchParams();
    problems.push('the link could not be read');
  }
  const version = params.get('v');
  if (version !== null && version !== CODEC_VERSION) {
    problems.push(`v=${quote(version)}: this link is for version ${version}; reading it as version 1`);
  }
  let preset = params.get('preset');
  if (preset !== null && !findPreset(preset)) {
    problems.push(noSuchPreset(preset) + didYouMean(preset, PRESET_IDS));
    preset = null;
  }
  let bPreset = params.get('b.preset');
  if (bPreset !== null && !findPreset(bPreset)) {
    problems.push(`b.preset=${quote(bPreset)}: no such preset, ignored${didYouMean(bPreset, PRESET_IDS)}`);
    bPreset = null;
  }
  const settings = baseSettings(preset);
  const view: Record<string, string> = {};
  let b: Partial<Settings> | null = null;
  /** Side B's own keys (`b.<key>`), laid over B's preset once A is known. */
  const bKeys: Partial<Settings> = {};
  for (const [rawKey, raw] of params) {
    if (rawKey === 'v' || rawKey === 'preset' || rawKey === 'b.preset') continue;
    if ((VIEW_KEYS as readonly string[]).includes(rawKey)) {
      view[rawKey] = raw;
      continue;
    }
    const sideB = rawKey.startsWith('b.');
    const key = sideB ? rawKey.slice(2) : rawKey;
    if (!isKey(key)) {
      const known = sideB ? [...CONFIG_KEYS, 'preset'] : [...CONFIG_KEYS, ...VIEW_KEYS, 'preset'];
      const near = nearestName(key, known);
      const hint = near === null ? '' : `; did you mean ${sideB ? 'b.' : ''}${near}?`;
      problems.push(`${quote(rawKey)}: unknown setting, ignored${hint}`);
      continue;
    }
    const row = SCHEMA[key];
    const parsed = parseSetting(row, raw);
    if (!parsed.ok) {
      const hint = row.kind === 'enum' ? didYouMeanValue(raw, rawKey, row.values, row.options) : '';
      problems.push(`${rawKey}=${quote(raw)}: ${parsed.why}; using the default${hint}`);
      continue;
    }
    if (parsed.note) problems.push(`${rawKey}=${quote(raw)}: ${parsed.note}`);
    if (sideB) (b ??= {})[key] = bKeys[key] = parsed.value as never;
    else (settings as Record<string, unknown>)[key] = parsed.value;
  }
  // QUIC always runs TLS 1.3 (RFC 9001): another tls= cannot hold with http=3.
  if (settings.http === '3' && settings.tls !== 'auto' && settings.tls !== '1.3') {
    problems.push(`tls=${settings.tls}: HTTP/3 always runs TLS 1.3 inside QUIC; using TLS 1.3`);
    settings.tls = 'auto';
  }
  if (view.theme !== undefined && !(THEMES as readonly string[]).includes(view.theme)) {
    problems.push(`theme=${quote(view.theme)}: must be light or dark; following the system's setting`);
    delete view.theme;
  }
  if (view.labels !== undefined && view.labels !== 'tcpdump') {
    if (!(LABEL_STYLES as readonly string[]).includes(view.labels))
      problems.push(`labels=${quote(view.labels)}: must be words or tcpdump; naming packets in words`);
    delete view.labels; // words go unsaid
  }
  if (view.speed !== undefined && !(SPEEDS as readonly string[]).includes(view.speed)) {
    problems.push(`speed=${quote(view.speed)}: must be fit, slow or real; playing the whole run in 15 s`);
    delete view.speed;
  }
  // `edit=b`: in a comparison, the settings change side B (A when absent).
  if (view.edit !== undefined && view.edit !== 'b') {
    if (view.edit !== 'a')
      problems.push(`edit=${quote(view.edit)}: must be a or b; the settings change side A`);
    delete view.edit; // A goes unsaid
  }
  // The view's switches read as the settings' do (`embed=yes` had opened the full lab,
  // `autoplay=2` had waited for Play and `reveal=yes` had kept a lesson's answer back, all without
  // a word); written back as 1 or 0. `fold` is written only where the ladder's folding differs
  // from what its run alone would choose.
  const offMeans = {
    embed: 'opening the full lab',
    autoplay: 'waiting for Play',
    reveal: 'keeping the answer back',
    fold: 'folding as the run suggests',
  };
  for (const key of ['embed', 'autoplay', 'reveal', 'fold'] as const) {
    if (view[key] === undefined) continue;
    const on = readFlag(view[key]);
    if (on !== null) view[key] = on ? '1' : '0';
    else {
      problems.push(`${key}=${quote(view[key])}: must be 1 or 0; ${offMeans[key]}`);
      delete view[key];
    }
  }
  for (const key of ['zoom', 'tspzoom'] as const) {
    if (view[key] === undefined) continue;
    const zoom = parseZoom(view[key]);
    if ('why' in zoom) {
      problems.push(
        `${key}=${quote(view[key])}: ${zoom.why.replace('zoom=', `${key}=`)}; showing the whole run`,
      );
      delete view[key];
    }
  }
  // The time-sequence plot's connection (numbered from 1, as the page shows it) and HTTP stream.
  if (view.tspconn !== undefined && !/^[1-9]\d{0,5}$/.test(view.tspconn)) {
    problems.push(
      `tspconn=${quote(view.tspconn)}: must be a connection number from 1; plotting connection 1`,
    );
    delete view.tspconn;
  }
  if (view.tspstream !== undefined && !/^\d{1,9}$/.test(view.tspstream)) {
    problems.push(
      `tspstream=${quote(view.tspstream)}: must be a stream number; plotting the whole connection`,
    );
    delete view.tspstream;
  }
  // A list of object sizes describes a custom page unless the link names the page.
  if (params.has('objects') && !params.has('page')) settings.page = 'custom';
  if (params.has('b.objects') && !params.has('b.page')) (b ??= {}).page = bKeys.page = 'custom';
  if (bPreset !== null) b = presetSideB(settings, bPreset, bKeys);
  return { config: { preset, settings, b, bPreset, view }, problems };
}

/**
 * Side B that starts from a preset: the preset's settings with B's own keys on top, kept as what
 * differs from A (so `sideBSettings` gives it, and a knob B leaves alone still follows A).
 */
export function presetSideB(
  settings: Settings,
  bPreset: string,
  bKeys: Partial<Settings> = {},
): Partial<Settings> {
  const wanted: Settings = { ...baseSettings(bPreset), ...bKeys };
  const b: Partial<Settings> = {};
  for (const key of CONFIG_KEYS) {
    if (key in bKeys || !sameText(key, wanted[key], settings[key]))
      (b as Record<string, unknown>)[key] = wanted[key];
  }
  return b;
}

function sameText(key: ConfigKey, x: Settings[ConfigKey], y: Settings[ConfigKey]): boolean {
  return formatValue(SCHEMA[key], x) === formatValue(SCHEMA[key], y);
}

/**
 * A query string with its lists' commas, and a sweep's colons, semicolons and equals signs, left as
 * they are: legal in a query (RFC 3986 3.4; a pair splits at its first "="), and what a lecturer
 * reads and types in a link.
 */
export function readableQuery(params: URLSearchParams): string {
  return params
    .toString()
    .replace(/%2C/gi, ',')
    .replace(/%3A/gi, ':')
    .replace(/%3B/gi, ';')
    .replace(/%3D/gi, '=');
}

export function encodeConfig(config: Config): string {
  const params = new URLSearchParams();
  params.set('v', CODEC_VERSION);
  if (config.preset) params.set('preset', config.preset);
  const base = baseSettings(config.preset);
  for (const key of CONFIG_KEYS) {
    const text = differing(key, config.settings[key], base[key]);
    if (text !== null) params.set(key, text);
  }
  // objects= alone reads as page=custom, so name the page whenever objects are written.
  if (params.has('objects') && !params.has('page')) params.set('page', config.settings.page);
  const bPreset = presetOfB(config);
  if (bPreset !== null) {
    // B from its preset: the preset named, then only where B differs from the preset.
    params.set('b.preset', bPreset);
    const sideB = sideBSettings(config)!;
    const bBase = baseSettings(bPreset);
    for (const key of CONFIG_KEYS) {
      const text = differing(key, sideB[key], bBase[key]);
      if (text !== null) params.set(`b.${key}`, text);
    }
    if (params.has('b.objects') && !params.has('b.page')) params.set('b.page', sideB.page);
  } else {
    for (const key of CONFIG_KEYS) {
      const value = config.b?.[key];
      if (value === undefined) continue;
      params.set(`b.${key}`, formatValue(SCHEMA[key], value) ?? FOLLOW);
    }
    if (params.has('b.objects') && !params.has('b.page'))
      params.set('b.page', config.b?.page ?? config.settings.page);
  }
  for (const [key, value] of Object.entries(config.view)) {
    if (key === 'edit' && !config.b) continue; // a side to edit means nothing without a comparison
    params.set(key, value);
  }
  return readableQuery(params);
}

/** The preset side B is written from (then only where B differs from it), or null: none, or not comparing. */
export function presetOfB(config: Config): string | null {
  return config.b && config.bPreset && findPreset(config.bPreset) ? config.bPreset : null;
}

/** The settings of side B: side A's with B's overrides on top. */
export function sideBSettings(config: Config): Settings | null {
  return config.b ? { ...config.settings, ...config.b } : null;
}
