// One side of the lab as the panels see it: its run and a caption naming what differs.
import type { Config } from '../../scenario/codec';
import { SCHEMA, type ConfigKey, type Settings } from '../../scenario/schema';
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
}

/** One difference in words: "Nagle's algorithm off", or an option's own name when it says the
 * value with more: a name holding the value ("HTTP/2", "TLS 1.2" rather than "HTTP mode 2"), or
 * one that begins as the label does ("HTTP/1.1 pipelined" rather than "HTTP mode 1.1pipe"). */
export function differenceText(key: ConfigKey, value: Settings[ConfigKey]): string {
  const row = SCHEMA[key];
  const value_ = String(value);
  const label = labelFor(key);
  if (row.kind === 'enum') {
    const options = row.options as Readonly<Record<string, string | undefined>>;
    const name = (options[value_] ?? '').split(':')[0].trim();
    const firstWord = (text: string) => text.split(/[^A-Za-z]/)[0].toLowerCase();
    if (
      name.length > value_.length &&
      (name.toLowerCase().includes(value_.toLowerCase()) || firstWord(name) === firstWord(label))
    )
      return name;
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

/** Side B's caption, naming what differs from A ("B: Nagle's algorithm off"): the lab and embeds alike. */
export function bCaption(config: Config): string {
  const differences = bDifferences(config);
  return differences.length > 0
    ? `B: ${differences.map((k) => differenceText(k, config.b![k]!)).join(', ')}`
    : 'B: same as A (change a knob on side B)';
}
