// How the schema table becomes controls: groups in a fixed order, the schema's labels, what a
// null ("inherited") value means, and a slider scale for each number row. Keys added to the
// schema later get a control from their row; nothing here has to change for them.
import { linkPreset } from '../../scenario/links';
import { formatSetting } from '../../views/format';
import { CONFIG_KEYS, SCHEMA, type ConfigKey, type Row, type Settings } from '../../scenario/schema';

const GROUP_ORDER = ['scenario', 'page', 'link', 'http', 'tcp', 'run'];
const GROUP_TITLES: Record<string, string> = {
  scenario: 'Scenario',
  page: 'Page',
  link: 'Link',
  http: 'HTTP server and client',
  tcp: 'TCP',
  run: 'Run',
};

/** The schema's label; a key the schema does not know reads as itself, capitalised. */
export function labelFor(key: string): string {
  const row = (SCHEMA as Record<string, Row | undefined>)[key];
  return row?.label ?? key.charAt(0).toUpperCase() + key.slice(1);
}

export function groupTitle(group: string): string {
  return GROUP_TITLES[group] ?? group.charAt(0).toUpperCase() + group.slice(1);
}

export interface FieldGroup {
  group: string;
  title: string;
  keys: ConfigKey[];
}

export function fieldGroups(): FieldGroup[] {
  const groups = new Map<string, ConfigKey[]>();
  for (const key of CONFIG_KEYS) {
    const group = (SCHEMA[key] as Row).group;
    groups.set(group, [...(groups.get(group) ?? []), key]);
  }
  const rank = (g: string) => (GROUP_ORDER.includes(g) ? GROUP_ORDER.indexOf(g) : GROUP_ORDER.length);
  return [...groups.entries()]
    .sort((a, b) => rank(a[0]) - rank(b[0]))
    .map(([group, keys]) => ({ group, title: groupTitle(group), keys }));
}

const LINK_FIGURE: Record<string, 'bandwidthBps' | 'rttMs' | 'mssBytes' | 'queuePackets'> = {
  bw: 'bandwidthBps',
  rtt: 'rttMs',
  mss: 'mssBytes',
  queue: 'queuePackets',
};

/** What a null value stands for, when the page can tell: the link's figure, or the general key's. */
export function inheritedValue(key: ConfigKey, settings: Settings): number | boolean | null {
  if (key in LINK_FIGURE) {
    try {
      return linkPreset(settings.link)[LINK_FIGURE[key]];
    } catch {
      return null;
    }
  }
  const dot = key.indexOf('.');
  if (dot > 0) {
    const general = settings[key.slice(0, dot) as ConfigKey];
    if (typeof general === 'boolean' || typeof general === 'number') return general;
  }
  return null;
}

/** What the chosen link is, in a sentence (empty for an unknown link). */
export function linkHelp(link: string): string {
  try {
    return linkPreset(link).help;
  } catch {
    return '';
  }
}

/** A value as the callout and the B summary print it: "none", "off", "4k", "16 KB", "10 Mb/s". */
export function valueText(key: ConfigKey, value: Settings[ConfigKey]): string {
  const row = SCHEMA[key] as Row;
  if (value === null) return 'default';
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  if (Array.isArray(value)) return value.join(', ');
  if (row.kind === 'number' && typeof value === 'number') return formatSetting(value, row.unit);
  return String(value);
}

/** A slider over a number row: logarithmic when the range spans three orders of magnitude. */
export interface SliderScale {
  toPosition: (value: number) => number;
  fromPosition: (position: number) => number;
}

export const SLIDER_STEPS = 1000;

export function sliderScale(row: Row): SliderScale | null {
  if (row.kind !== 'number' || row.unit === '') return null;
  const { min, max } = row;
  const logarithmic = max - min > 1000;
  const snap = (v: number) => {
    const clamped = Math.min(max, Math.max(min, v));
    if (row.integer) return Math.round(clamped);
    const digits = Math.max(0, 2 - Math.floor(Math.log10(Math.max(1e-9, Math.abs(clamped)))));
    return Number(clamped.toFixed(Math.min(3, digits)));
  };
  if (!logarithmic) {
    return {
      toPosition: (v) => Math.round(((v - min) / (max - min)) * SLIDER_STEPS),
      fromPosition: (p) => snap(min + ((max - min) * p) / SLIDER_STEPS),
    };
  }
  const span = Math.log1p(max - min);
  return {
    toPosition: (v) => Math.round((Math.log1p(Math.max(0, v - min)) / span) * SLIDER_STEPS),
    fromPosition: (p) => snap(min + Math.expm1((span * p) / SLIDER_STEPS)),
  };
}
