// One side of the lab as the panels see it: its run and a caption naming what differs.
import { baseSettings, formatValue, sideBSettings, type Config } from '../../scenario/codec';
import { findPreset, type Preset } from '../../scenario/presets';
import {
  CONFIG_KEYS,
  failingRule,
  ruleValue,
  SCHEMA,
  type ConfigKey,
  type Settings,
} from '../../scenario/schema';
import type { SideRun } from '../../worker/protocol';
import type { Gap } from '../../views/timeScale';
import { labelFor, labelNamesUnit, valueText } from '../controls/fieldModel';
import { bDifferences } from '../state/configModel';

/** What the panels that draw the run against time (waterfall, time-sequence plot) are given. */
export interface TimePanelProps {
  sides: SideView[];
  endNs: number;
  cursorNs: number;
  /** Idle time between page loads folded out of the time axis (loadGaps), or none. */
  gaps: Gap[];
}

export interface SideView {
  side: 'a' | 'b';
  run: SideRun;
  caption: string;
  /** Side B's own preset (`b.preset`), whose paper figures the figures table gives beside A's. */
  preset?: Preset;
}

/** A switch's states, said after the label as words ("Delayed ACK off"), not as a name. */
const STATES = new Set(['off', 'on', 'none']);

/**
 * An option's name as a caption says it: its words before any colon and parenthesis ("Off",
 * "About 4 KB"), or its whole text when another option of the row shares that start ("Kruse,
 * the LeRC page").
 */
function optionName(options: Readonly<Record<string, string | undefined>>, value: string): string {
  const short = (text: string) =>
    text
      .split(':')[0]
      .replace(/\s*\(.*\)\s*$/, '')
      .trim();
  const name = short(options[value] ?? '');
  const shared = Object.entries(options).some(([v, text]) => v !== value && short(text ?? '') === name);
  return shared ? (options[value] ?? '').replace(/\s*\(.*\)\s*$/, '').replace(': ', ', ') : name;
}

/**
 * One difference in words: the label and the value ("Nagle's algorithm off", "Round-trip time
 * 100 ms"), an option by label and name ("Initial window: About 4 KB", "Link type: LTE mobile"),
 * or the name alone when it begins as the label does ("HTTP/1.1 pipelined", "TLS 1.2").
 */
export function differenceText(key: ConfigKey, value: Settings[ConfigKey]): string {
  const row = SCHEMA[key];
  const label = labelFor(key);
  if (value === null && row.group === 'link') return `${label} as the link's`;
  if (row.kind === 'enum') {
    const name = optionName(row.options as Readonly<Record<string, string | undefined>>, String(value));
    const firstWord = (text: string) => text.split(/[^A-Za-z]/)[0].toLowerCase();
    if (name === '') return `${label} ${String(value)}`;
    if (firstWord(name) === firstWord(label)) return name;
    if (STATES.has(name.toLowerCase())) return `${label} ${name.toLowerCase()}`;
    return `${label}: ${name}`;
  }
  // A count whose label names its unit: "8 connections", "Server processes 3", not
  // "Connections 8 connections".
  if (labelNamesUnit(key) && typeof value === 'number') {
    const said = label.toLowerCase();
    const unit = (row as { unit: string }).unit;
    return said === unit || said === `number of ${unit}` ? valueText(key, value) : `${label} ${value}`;
  }
  return `${label} ${valueText(key, value)}`;
}

/**
 * Why a setting does nothing on a side, or null when it is used: "not used: HTTP/3 runs over
 * QUIC...", "not used with Delayed ACK off" (the schema's rule, see `applies`). A change the run
 * ignores had been named as if it ran: "B: Congestion control: BBR v1" over HTTP/3, as long as A.
 */
export function notUsedText(key: ConfigKey, settings: Settings): string | null {
  const rule = failingRule(key, settings);
  if (!rule) return null;
  return rule.why
    ? `not used: ${rule.why}`
    : `not used with ${differenceText(rule.key as ConfigKey, ruleValue(rule, settings))}`;
}

/** Changes as a caption names them, each that does nothing on its side (`settings`) with why, said once for a run of them. */
function changesText(keys: ConfigKey[], settings: Settings): string {
  const why = keys.map((k) => notUsedText(k, settings));
  return keys
    .map((k, i) => differenceText(k, settings[k]) + (why[i] && why[i] !== why[i + 1] ? ` (${why[i]})` : ''))
    .join(', ');
}

/** A title's closing source in brackets ("(Heidemann Table 1)"). */
export const TITLE_SOURCE = / \(([^()]*)\)$/;

/**
 * Side A's caption: "A", or, beside a B that starts from a preset, A's own preset by its title
 * ("A: P-HTTP with both problems (Heidemann Table 1)"), so the two rows read as a pair. Under a
 * heading that names both presets with their sources (an embed's, presetsTitle.ts), `cited` false
 * leaves the source to it ("A: P-HTTP with both problems"), so a caption takes one line.
 */
export function aCaption(config: Config, cited = true): string {
  const preset = config.b && config.bPreset && config.preset ? findPreset(config.preset) : undefined;
  if (!preset) return 'A';
  const base = baseSettings(config.preset);
  const changed = CONFIG_KEYS.filter((k) => !sameText(k, config.settings[k], base[k]));
  return `A: ${presetName(preset, cited)}${changed.length > 0 ? ', changed' : ''}`;
}

/** A preset's title, with its source ("(Heidemann Fig. 4)") or without. */
function presetName(preset: Preset, cited: boolean): string {
  return cited ? preset.title : preset.title.replace(TITLE_SOURCE, '');
}

const sameText = (key: ConfigKey, x: Settings[ConfigKey], y: Settings[ConfigKey]) =>
  formatValue(SCHEMA[key], x) === formatValue(SCHEMA[key], y);

/** A link figure back to the link's own with another link: the link names it ("Bandwidth default" did not). */
function givenBackToLink(key: ConfigKey, value: Settings[ConfigKey], linkChanged: boolean): boolean {
  return linkChanged && value === null && key !== 'link' && SCHEMA[key].group === 'link';
}

/**
 * Side B's caption, naming what differs from A ("B: Nagle's algorithm off"): the lab and embeds
 * alike. A B that starts from a preset is named by the preset's title, then what differs from it
 * ("B: P-HTTP with both fixes (Heidemann Table 1), then Nagle's algorithm on"); `cited` as for A.
 */
export function bCaption(config: Config, cited = true): string {
  const bPreset = config.b && config.bPreset ? findPreset(config.bPreset) : undefined;
  if (bPreset) {
    const sideB = sideBSettings(config)!;
    const base = baseSettings(bPreset.id);
    const differs = CONFIG_KEYS.filter((k) => !sameText(k, sideB[k], base[k]));
    const changed = differs.filter((k) => !givenBackToLink(k, sideB[k], differs.includes('link')));
    const then = changesText(changed, sideB);
    return `B: ${presetName(bPreset, cited)}${then ? `, then ${then}` : ''}`;
  }
  const all = bDifferences(config);
  const differences = all.filter((k) => !givenBackToLink(k, config.b![k]!, all.includes('link')));
  const sideB = sideBSettings(config)!;
  return differences.length > 0
    ? `B: ${changesText(differences, sideB)}`
    : 'B: same as A (change a knob on side B)';
}
