// A scenario in a few words, for export file names and the title line drawn into pictures. A file
// name is the preset id (or the link and HTTP mode) and the keys changed from it, in the URL's own
// spelling; a title is the preset's title as the gallery shows it, then the settings.
import { baseSettings, formatValue } from './codec';
import { findPreset } from './presets';
import { applies, CONFIG_KEYS, defaultSettings, SCHEMA, type ConfigKey, type Settings } from './schema';
import { initialWindowOf, sideAcks } from './resolve';

/** Settings worth naming in a title even when they are the preset's own. */
const KEY_SETTINGS: ConfigKey[] = ['page', 'visit', 'link', 'http', 'nagle', 'delack', 'iw'];
/**
 * The path's figures, named after the link wherever they are not the link's own: a preset's
 * `bw=10000000 rtt=250` over `link=ethernet10` had been titled a LAN under a 250 ms ladder.
 */
const LINK_FIGURES: ConfigKey[] = ['bw', 'rtt', 'mss', 'queue', 'loss'];
const DEFAULTS = defaultSettings();
const MAX_NAME = 80;

const text = (key: ConfigKey, settings: Settings) => formatValue(SCHEMA[key], settings[key]);

/**
 * One key's word in a name: the key and its value run together (`nagle0`, `iw4k`, `tls1.3`), and
 * the HTTP mode as ALPN names it (`http1.1`, `h2`, `h3`): a bare `3` or `1.1` said nothing.
 */
function word(key: ConfigKey, settings: Settings): string {
  const value = text(key, settings) ?? '';
  if (key !== 'http') return `${key}${value}`;
  if (value === '2' || value === '3') return `h${value}`;
  return value === 'getall' ? value : `http${value}`;
}

/** Keys changed from the preset (or the defaults) that apply to these settings. */
function changedKeys(preset: string | null, settings: Settings): ConfigKey[] {
  const base = baseSettings(preset);
  return CONFIG_KEYS.filter((k) => text(k, settings) !== text(k, base) && applies(k, settings));
}

/** `heidemann-odd-final-nagle0`, `roundtrip-geo-http1.1`: safe in a file name, at most 80 characters,
 * the words that do not fit left out whole. */
export function scenarioName(preset: string | null, settings: Settings): string {
  const head = preset ? [preset] : ['roundtrip', settings.link, word('http', settings)];
  const changed = changedKeys(preset, settings).filter((k) => preset || (k !== 'link' && k !== 'http'));
  const words = [...head, ...changed.map((k) => word(k, settings))];
  const slug = words
    .join('-')
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length <= MAX_NAME) return slug;
  // Cut between words (or a list's items), never inside one: `h2window629` named a window of 6 MB.
  const cut = slug.slice(0, MAX_NAME + 1);
  return cut.slice(0, cut.lastIndexOf('-')).replace(/-+$/, '');
}

/** A picture's heading: the name a reader knows the scenario by, and its settings. */
export interface ScenarioHeading {
  /** The preset's title as the gallery shows it ("The odd, short final segment (Heidemann Fig. 4)"), or Roundtrip. */
  name: string;
  /** `page=... link=ethernet10 http=1.0 nagle=0 ...`: the key settings and every change. */
  settings: string;
  /** The preset's id, for whatever reads the picture by machine; null without a preset. */
  id: string | null;
}

/** The key settings and every change, leaving out what does not apply (no Nagle or delayed ACK
 * over QUIC); the name is the preset's title (its id only if no preset has it). */
export function scenarioHeading(preset: string | null, settings: Settings): ScenarioHeading {
  const figures = LINK_FIGURES.filter((k) => text(k, settings) !== text(k, DEFAULTS));
  const named = KEY_SETTINGS.flatMap((k) => (k === 'link' ? [k, ...figures] : [k]));
  const keys = [...new Set([...named, ...changedKeys(preset, settings)])].filter((k) => applies(k, settings));
  const pairs = [...new Map(keys.flatMap((k) => inForce(k, settings)))].filter(
    ([, v]) => v !== null && v !== '',
  );
  return {
    name: preset ? (findPreset(preset)?.title ?? preset) : 'Roundtrip',
    settings: pairs.map(([k, v]) => `${k}=${v}`).join(' '),
    id: preset,
  };
}

/** `The odd, short final segment (Heidemann Fig. 4): page=... nagle=0 ...`, a HAR's or qlog's title. */
export function scenarioTitle(preset: string | null, settings: Settings): string {
  const { name, settings: said } = scenarioHeading(preset, settings);
  return `${name}: ${said}`;
}

/**
 * A key setting as the hosts run it: the initial window and the delayed ACK each host's stack
 * may decide (a title had said `iw=2 delack=bsd` of Linux hosts running IW10 and Linux's ACKs);
 * per host, in the URL's spelling, when the two differ.
 */
function inForce(key: ConfigKey, settings: Settings): Array<[string, string | null]> {
  const of =
    key === 'iw'
      ? (side: 'client' | 'server') => initialWindowOf(settings, side)
      : key === 'delack'
        ? (side: 'client' | 'server') => sideAcks(settings, side).delack
        : null;
  if (of === null) return [[key, text(key, settings)]];
  const [server, client] = [of('server'), of('client')];
  return server === client
    ? [[key, server]]
    : [
        [`${key}.server`, server],
        [`${key}.client`, client],
      ];
}
