// One side of the lab as the panels see it: its run and a caption naming what differs.
import type { Config } from '../../scenario/codec';
import { SCHEMA, type ConfigKey, type Settings } from '../../scenario/schema';
import type { SideRun } from '../../worker/protocol';
import { labelFor, valueText } from '../controls/fieldModel';
import { bDifferences } from '../state/configModel';

export interface SideView {
  side: 'a' | 'b';
  run: SideRun;
  caption: string;
}

/** One difference in words: "Nagle's algorithm off", or an option's own name when it says the
 * value with more ("HTTP/2", "TLS 1.2" rather than "HTTP mode 2"). */
export function differenceText(key: ConfigKey, value: Settings[ConfigKey]): string {
  const row = SCHEMA[key];
  const value_ = String(value);
  if (row.kind === 'enum') {
    const options = row.options as Readonly<Record<string, string | undefined>>;
    const name = (options[value_] ?? '').split(':')[0].trim();
    if (name.length > value_.length && name.toLowerCase().includes(value_.toLowerCase())) return name;
  }
  const label = labelFor(key);
  // A count whose unit the label already names: "4 connections", "Server processes 0", not
  // "Connections 4 connections".
  if (row.kind === 'number' && typeof value === 'number' && !STANDARD_UNITS.has(row.unit)) {
    const noun = row.unit.replace(/(ss)es$|s$/, '$1');
    const said = label.toLowerCase();
    if (said === row.unit || said === `number of ${row.unit}`) return valueText(key, value);
    if (said.includes(noun)) return `${label} ${value}`;
  }
  return `${label} ${valueText(key, value)}`;
}

/** Units formatSetting writes as measures; any other unit is a count's noun ("connections"). */
const STANDARD_UNITS = new Set(['', 'bit/s', 'bytes', 'ms', 's', '%', 'KB/s']);

/** Side B's caption, naming what differs from A ("B: Nagle's algorithm off"): the lab and embeds alike. */
export function bCaption(config: Config): string {
  const differences = bDifferences(config);
  return differences.length > 0
    ? `B: ${differences.map((k) => differenceText(k, config.b![k]!)).join(', ')}`
    : 'B: same as A (change a knob on side B)';
}
