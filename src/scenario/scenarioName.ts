// A scenario in a few words, for export file names and the title line drawn into pictures. A file
// name is the preset id (or the link and HTTP mode) and the keys changed from it, in the URL's own
// spelling; a title is the preset's title as the gallery shows it, then the settings.
import { baseSettings, formatValue, type TimeWindow } from './codec';
import { findPreset } from './presets';
import { applies, CONFIG_KEYS, defaultSettings, SCHEMA, type ConfigKey, type Settings } from './schema';
import { initialWindowOf, sideAcks } from './resolve';

/**
 * Settings worth naming in a title even when they are the preset's own: the connections too, where
 * they apply (HTTP/1.0 and Keep-Alive), for there they are the slide's point.
 */
const KEY_SETTINGS: ConfigKey[] = ['page', 'visit', 'link', 'http', 'conns', 'nagle', 'delack', 'iw'];
/**
 * The path's figures, named after the link wherever they are not the link's own: a preset's
 * `bw=10000000 rtt=250` over `link=ethernet10` had been titled a LAN under a 250 ms ladder.
 */
const LINK_FIGURES: ConfigKey[] = ['bw', 'rtt', 'mss', 'queue', 'loss'];
const DEFAULTS = defaultSettings();
const MAX_NAME = 80;
/** A whole file name, its view and type included: under 100 characters. */
const MAX_FILE = 99;

const text = (key: ConfigKey, settings: Settings) => formatValue(SCHEMA[key], settings[key]);

/** A word of a name, or its ways to be written, longest first: the first that fits is taken. */
type Word = string | readonly string[];

/**
 * One key's word in a name: the key and its value run together (`nagle0`, `iw4k`, `tls1.3`), and
 * the HTTP mode as ALPN names it (`http1.1`, `h2`, `h3`): a bare `3` or `1.1` said nothing. A list
 * that does not fit whole is counted (`2objects`): its first items alone (`objects100000` of
 * `objects=100000,100000`) had named another page.
 */
function word(key: ConfigKey, settings: Settings): Word {
  const value = text(key, settings) ?? '';
  const items = settings[key];
  if (Array.isArray(items)) return [`${key}${value}`, `${items.length}${key}`];
  if (key !== 'http') return `${key}${value}`;
  if (value === '2' || value === '3') return `h${value}`;
  return value === 'getall' ? value : `http${value}`;
}

/** Keys changed from `base` (the preset's settings, or the defaults) that apply to these settings. */
function changedKeys(preset: string | null, settings: Settings, base = baseSettings(preset)): ConfigKey[] {
  return CONFIG_KEYS.filter((k) => text(k, settings) !== text(k, base) && applies(k, settings));
}

const safe = (word: string) =>
  word
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** A word's ways, longest first. */
const waysOf = (word: Word): readonly string[] => (typeof word === 'string' ? [word] : word);

/** The room a shortened name's tail takes: a dash and HASH_LENGTH characters. */
const HASH_LENGTH = 6;

/** A short stable hash of a text (FNV-1a, 32 bits), in HASH_LENGTH base-36 characters. */
function shortHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return (h % 36 ** HASH_LENGTH).toString(36).padStart(HASH_LENGTH, '0');
}

/**
 * Words joined into a name safe in a file name, at most `max` characters: a word that does not fit
 * is left out whole, never cut (`h2window629` named a window of 6 MB), and the words after it that
 * fit are kept. Only a first word longer than `max` (a name made before) is cut, between its own.
 * A name so shortened ends in a hash of the whole (every word in its longest way): two scenarios
 * that differ only in what was left out (`seed1` and `seed4` past the 80th character) had been
 * saved under one name, the second file replacing the first.
 */
function slug(words: readonly Word[], max: number): string {
  const whole = words
    .map((w) => safe(waysOf(w)[0]))
    .filter(Boolean)
    .join('-');
  if (whole.length <= max) return whole;
  return `${fitted(words, max - 1 - HASH_LENGTH)}-${shortHash(whole)}`;
}

/** The words that fit in `max` characters, each in the longest of its ways that fits. */
function fitted(words: readonly Word[], max: number): string {
  let name = '';
  for (const word of words) {
    for (const way of waysOf(word)) {
      const next = [name, safe(way)].filter(Boolean).join('-');
      if (next.length > max) continue;
      name = next;
      break;
    }
    if (name === '' && typeof word === 'string')
      name = safe(word)
        .slice(0, max + 1)
        .replace(/-?[^-]*$/, '');
  }
  return name;
}

/**
 * `heidemann-odd-final-nagle0`, `roundtrip-geo-http1.1`: safe in a file name, at most 80 characters
 * (or `max`), the words that do not fit left out whole. `leaveOut`: keys not to name (a sweep's
 * own, which its points vary).
 */
export function scenarioName(
  preset: string | null,
  settings: Settings,
  max = MAX_NAME,
  leaveOut: readonly string[] = [],
): string {
  const head = preset ? [preset] : ['roundtrip', settings.link, word('http', settings)];
  const keys = changedKeys(preset, settings);
  const changed = keys.filter(
    (k) =>
      (preset || (k !== 'link' && k !== 'http')) &&
      !leaveOut.includes(k) &&
      !(k === 'page' && keys.includes('objects')), // the objects' sizes say it is a custom page
  );
  return slug([...head, ...changed.map((k) => word(k, settings))], max);
}

/** One side of a comparison as a name sees it: the preset it starts from and its settings. */
export interface NamedSide {
  preset: string | null;
  settings: Settings;
}

/**
 * A comparison's name: A's, then `vs-b-` and what B is: its own preset and its changes from that,
 * or its changes from A (`roundtrip-ethernet10-http1.0-vs-b-conns16`). A's words give way to B's:
 * B's difference is what tells two comparisons' files apart.
 */
export function comparisonName(a: NamedSide, b: NamedSide, max = MAX_NAME): string {
  const own = b.preset !== null && b.preset !== a.preset;
  const changed = own ? changedKeys(b.preset, b.settings) : changedKeys(null, b.settings, a.settings);
  const words = [...(own ? [b.preset!] : []), ...changed.map((k) => word(k, b.settings))];
  const versus = `vs-${slug(['b', ...words], Math.floor(max / 2))}`;
  return `${scenarioName(a.preset, a.settings, max - versus.length - 1)}-${versus}`;
}

/** `zoom2-12.5ms`: a time window in a file name (to the microsecond), or '' for the whole run. */
export function windowWord(window: TimeWindow | null): string {
  if (window === null) return '';
  const ms = (ns: number) => String(Number((ns / 1e6).toFixed(3)));
  return `zoom${ms(window.startNs)}-${ms(window.endNs)}ms`;
}

/**
 * A file's name: the scenario's (or comparison's) name, then `parts` (a side, a window, the view),
 * then the type; under 100 characters, the name cut to the room the rest leaves. `name` is given
 * that room and returns a name of at most it.
 */
export function fileName(
  name: string | ((max: number) => string),
  extension: string,
  parts: readonly string[] = [],
): string {
  const tail = `${parts
    .filter(Boolean)
    .map((p) => `-${p}`)
    .join('')}.${extension}`;
  const room = Math.min(MAX_NAME, MAX_FILE - tail.length);
  return `${typeof name === 'string' ? slug([name], room) : name(room)}${tail}`;
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

/**
 * The key settings and every setting that is not the default's, the preset's own included (two
 * presets' pictures told apart only by `flush=headers` had had the same line), and every change from
 * the preset, leaving out what does not apply (no Nagle or delayed ACK over QUIC) and the keys in
 * `leaveOut` (a sweep's own); the name is the preset's title (its id only if no preset has it).
 */
export function scenarioHeading(
  preset: string | null,
  settings: Settings,
  leaveOut: readonly string[] = [],
): ScenarioHeading {
  const figures = LINK_FIGURES.filter((k) => text(k, settings) !== text(k, DEFAULTS));
  const named = KEY_SETTINGS.flatMap((k) => (k === 'link' ? [k, ...figures] : [k]));
  const changed = [...changedKeys(null, settings), ...changedKeys(preset, settings)];
  const keys = [...new Set([...named, ...changed])].filter(
    (k) => applies(k, settings) && !leaveOut.includes(k),
  );
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
