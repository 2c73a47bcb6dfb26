// Pure edits of the scenario Config (the one object the URL, the CLI and the page share).
// Side A is `settings`; side B is A plus the overrides in `b` (null when not comparing), which
// hold B's preset's settings too when B starts from one (`bPreset`).
import {
  baseSettings,
  encodeConfig,
  formatZoom,
  parseQuery,
  parseZoom,
  presetOfB,
  presetSideB,
  sideBSettings,
  type Config,
  type LABEL_STYLES,
  type TimeWindow,
} from '../../scenario/codec';
import { CONFIG_KEYS, SCHEMA, type ConfigKey, type Settings } from '../../scenario/schema';
import type { SpeedMode } from './playbackModel';

export type SideKey = 'a' | 'b';
type Value = Settings[ConfigKey];

/** Link figures that follow the chosen link unless overridden; reset when the link changes. */
const LINK_DERIVED = CONFIG_KEYS.filter(
  (k) => SCHEMA[k].group === 'link' && k !== 'link' && SCHEMA[k].default === null,
);

export function sameValue(x: Value | undefined, y: Value | undefined): boolean {
  return JSON.stringify(x ?? null) === JSON.stringify(y ?? null);
}

export function settingsOf(config: Config, side: SideKey): Settings {
  return side === 'b' ? (sideBSettings(config) ?? config.settings) : config.settings;
}

/** The settings the worker runs: A, and B when comparing. */
export function sidesOf(config: Config): Settings[] {
  const b = sideBSettings(config);
  return b ? [config.settings, b] : [config.settings];
}

export function setSetting(config: Config, side: SideKey, key: ConfigKey, value: Value): Config {
  const patch: Partial<Record<ConfigKey, Value>> = { [key]: value };
  if (key === 'link') for (const k of LINK_DERIVED) patch[k] = null;
  // As in the URL, a list of object sizes describes a custom page.
  if (key === 'objects' && pageHasCustom()) patch.page = 'custom' as Value;
  if (side === 'a')
    return throughCodec({ ...config, settings: { ...config.settings, ...patch } as Settings }, side, patch);
  const b: Partial<Settings> = { ...(config.b ?? {}) };
  for (const [k, v] of Object.entries(patch) as Array<[ConfigKey, Value]>) {
    // B keeps only what differs from A, so later changes to A still flow into B.
    if (sameValue(v, config.settings[k])) delete b[k];
    else (b as Record<string, Value>)[k] = v;
  }
  return throughCodec({ ...config, b }, side, patch);
}

/**
 * Set `key` on `side` alone: while comparing, a B that follows A on `key` keeps the value it ran
 * with (the callout's "Try ... on A" changes A, and the comparison stays one).
 */
export function setOnSideOnly(config: Config, side: SideKey, key: ConfigKey, value: Value): Config {
  const next = setSetting(config, side, key, value);
  // Following A on `key`, B ran with A's value.
  return side === 'a' && config.b && !(key in config.b)
    ? setSetting(next, 'b', key, config.settings[key])
    : next;
}

/**
 * The config as its link would reopen it: encoded and parsed again, so the codec's own rules
 * apply (e.g. a list of object sizes implies a custom page). The value just chosen wins.
 */
function throughCodec(config: Config, side: SideKey, chosen: Partial<Record<ConfigKey, Value>>): Config {
  const parsed = parseQuery(encodeConfig({ ...config, view: {} })).config;
  const settings = side === 'a' ? ({ ...parsed.settings, ...chosen } as Settings) : parsed.settings;
  let b = config.b === null ? null : { ...(parsed.b ?? {}) };
  if (b && side === 'b') {
    for (const [k, v] of Object.entries(chosen) as Array<[ConfigKey, Value]>) {
      if (sameValue(v, settings[k])) delete b[k];
      else b = { ...b, [k]: v };
    }
  }
  return { ...config, settings, b };
}

function pageHasCustom(): boolean {
  const row = (SCHEMA as Record<string, { kind: string; values?: readonly string[] }>).page;
  return row?.kind === 'enum' && (row.values ?? []).includes('custom');
}

/** Apply several changes at once (used by the callout's suggestions). */
export function setSettings(config: Config, side: SideKey, patch: Partial<Settings>): Config {
  let next = config;
  for (const [k, v] of Object.entries(patch) as Array<[ConfigKey, Value]>)
    next = setSetting(next, side, k, v);
  return next;
}

export function resetBKey(config: Config, key: ConfigKey): Config {
  if (!config.b) return config;
  const b = { ...config.b };
  delete b[key];
  return { ...config, b };
}

/**
 * Load a preset (or the default scenario) as A: its settings. A B that starts from a preset of its
 * own stays as it was (that preset and what was changed on it): two papers' rows are compared by
 * changing one of them. A B that is A plus changes goes back to a copy of the new A.
 */
export function choosePreset(config: Config, preset: string | null): Config {
  const settings = baseSettings(preset);
  const view = newRunView(config.view);
  const bPreset = presetOfB(config);
  if (bPreset === null) return { preset, settings, b: config.b ? {} : null, bPreset: null, view };
  const sideB = sideBSettings(config)!;
  const bBase = baseSettings(bPreset);
  const own = Object.fromEntries(
    CONFIG_KEYS.filter((k) => !sameValue(sideB[k], bBase[k])).map((k) => [k, sideB[k]]),
  ) as Partial<Settings>;
  return { preset, settings, b: presetSideB(settings, bPreset, own), bPreset, view };
}

/**
 * Compare A with a preset (a paper's other row): side B starts from that preset's settings, and
 * the settings then change B. The same preset as A's compares A with an unchanged copy.
 */
export function presetAsB(config: Config, preset: string): Config {
  const b = presetSideB(config.settings, preset);
  return setEditing({ ...config, b, bPreset: preset, view: newRunView(config.view) }, 'b');
}

/**
 * The view for another scenario: the panels and the page's other choices stay; the playhead,
 * the ladder's zoom and its folding, all about the old run, go.
 */
export function newRunView(view: Record<string, string>): Record<string, string> {
  const next = { ...view };
  delete next.t;
  delete next.zoom;
  delete next.fold;
  delete next.tspzoom;
  delete next.tspconn;
  delete next.tspstream;
  return next;
}

/** Whether the link asks for the idle gaps folded (true), unfolded (false), or neither (null). */
export function foldInLink(view: Record<string, string>): boolean | null {
  return view.fold === undefined ? null : view.fold === '1';
}

/** Say in the link whether the gaps are folded (null: say nothing, as the run alone would choose). */
export function setFoldInLink(config: Config, fold: boolean | null): Config {
  const view = { ...config.view };
  if (fold === null) delete view.fold;
  else view.fold = fold ? '1' : '0';
  return view.fold === config.view.fold ? config : { ...config, view };
}

/** The ladder's zoom from `zoom=` (already checked by the codec), or null for the whole run. */
export function zoomWindow(zoom: string | undefined): TimeWindow | null {
  if (zoom === undefined) return null;
  const read = parseZoom(zoom);
  return 'why' in read ? null : read;
}

/** Zoom the ladder onto a time window (null: the whole run). */
export function setZoom(config: Config, window: TimeWindow | null): Config {
  const view = { ...config.view };
  if (window === null) delete view.zoom;
  else view.zoom = formatZoom(window);
  return view.zoom === config.view.zoom ? config : { ...config, view };
}

/** What the time-sequence plot shows: a time window (null: the whole run), a connection
 * (0-based; the link counts from 1, as the page does) and an HTTP stream (null: all of them). */
export interface TspView {
  window: TimeWindow | null;
  conn: number;
  stream: number | null;
}

/** The plot's view from `tspzoom=`, `tspconn=` and `tspstream=` (already checked by the codec). */
export function tspView(view: Record<string, string>): TspView {
  return {
    window: zoomWindow(view.tspzoom),
    conn: view.tspconn === undefined ? 0 : Number(view.tspconn) - 1,
    stream: view.tspstream === undefined ? null : Number(view.tspstream),
  };
}

/** Show `tsp` in the time-sequence plot; the link says only what differs from the whole first connection. */
export function setTspView(config: Config, tsp: TspView): Config {
  const view = { ...config.view };
  if (tsp.window === null) delete view.tspzoom;
  else view.tspzoom = formatZoom(tsp.window);
  if (tsp.conn === 0) delete view.tspconn;
  else view.tspconn = String(tsp.conn + 1);
  if (tsp.stream === null) delete view.tspstream;
  else view.tspstream = String(tsp.stream);
  const same = (['tspzoom', 'tspconn', 'tspstream'] as const).every((k) => view[k] === config.view[k]);
  return same ? config : { ...config, view };
}

/** The playback speed a link asks for (`speed=`, already checked by the codec); fitted when absent. */
export function speedInLink(view: Record<string, string>): SpeedMode {
  return (view.speed as SpeedMode | undefined) ?? 'fit';
}

/** Say the playback speed in the link (the fitted pace goes unsaid). */
export function setSpeedInLink(config: Config, mode: SpeedMode): Config {
  const view = { ...config.view };
  if (mode === 'fit') delete view.speed;
  else view.speed = mode;
  return view.speed === config.view.speed ? config : { ...config, view };
}

/** How the ladder names its packets: in plain words, or as tcpdump does (`labels=tcpdump`). */
export type LabelStyle = (typeof LABEL_STYLES)[number];

/** Say the ladder's label style in the link (words go unsaid). */
export function setLabelStyle(config: Config, style: LabelStyle): Config {
  const view = { ...config.view };
  if (style === 'words') delete view.labels;
  else view.labels = style;
  return view.labels === config.view.labels ? config : { ...config, view };
}

/** Start or stop comparing; the settings then change B (a new comparison) or A (none). */
export function setCompare(config: Config, on: boolean): Config {
  const bPreset = on ? config.bPreset : null;
  return setEditing({ ...config, b: on ? (config.b ?? {}) : null, bPreset }, on ? 'b' : 'a');
}

/** The side the settings change: B only in a comparison whose link says `edit=b`. */
export function editingSide(config: Config): SideKey {
  return config.b !== null && config.view.edit === 'b' ? 'b' : 'a';
}

/** Say in the link which side the settings change, so it reopens on the same side (A: unsaid). */
export function setEditing(config: Config, side: SideKey): Config {
  const view = { ...config.view };
  if (side === 'b' && config.b !== null) view.edit = 'b';
  else delete view.edit;
  return view.edit === config.view.edit ? config : { ...config, view };
}

/** Keys where B differs from A. */
export function bDifferences(config: Config): ConfigKey[] {
  if (!config.b) return [];
  return CONFIG_KEYS.filter((k) => k in config.b! && !sameValue(config.b![k], config.settings[k]));
}

export const PANELS = ['ladder', 'tsp', 'waterfall', 'time', 'metrics'] as const;
export type Panel = (typeof PANELS)[number];
export const PANEL_TITLES: Record<Panel, string> = {
  ladder: 'Packet ladder',
  tsp: 'Time-sequence plot',
  waterfall: 'Waterfall',
  time: 'Where did the time go',
  metrics: 'Figures',
};

/** Panels shown, from `view=` (comma-separated); all when absent or unreadable. */
export function panelsShown(config: Config): Set<Panel> {
  return panelsFromView(config.view.view);
}

export function panelsFromView(raw: string | undefined): Set<Panel> {
  if (!raw) return new Set(PANELS);
  const listed = raw.split(',').filter((p): p is Panel => (PANELS as readonly string[]).includes(p));
  return new Set(listed.length > 0 ? listed : PANELS);
}

export function setPanel(config: Config, panel: Panel, shown: boolean): Config {
  const panels = panelsShown(config);
  if (shown) panels.add(panel);
  else panels.delete(panel);
  const view = { ...config.view };
  if (panels.size === PANELS.length) delete view.view;
  else view.view = PANELS.filter((p) => panels.has(p)).join(',');
  return { ...config, view };
}

/**
 * The header's theme choice, where the link names a theme (`theme=`): the key follows it (System
 * takes it away), so the link, a reload and Share give what the reader now sees. A link without
 * the key keeps none: the choice is the device's, remembered apart.
 */
export function setThemeInLink(config: Config, choice: 'system' | 'light' | 'dark'): Config {
  if (config.view.theme === undefined) return config;
  const view = { ...config.view };
  if (choice === 'system') delete view.theme;
  else view.theme = choice;
  return view.theme === config.view.theme ? config : { ...config, view };
}
