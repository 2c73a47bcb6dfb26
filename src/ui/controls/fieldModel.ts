// How the schema table becomes controls: groups in a fixed order, the schema's labels, what a
// null ("inherited") value means, and a slider scale for each number row. Keys added to the
// schema later get a control from their row; nothing here has to change for them.
import { STACK_LABELS } from '../../scenario/hosts/profiles';
import { linkPreset } from '../../scenario/links';
import {
  delackKeyOf,
  SENDER_KEYS,
  senderSetting,
  sideAcks,
  sideStack,
  type SenderKey,
} from '../../scenario/resolve';
import { countNoun, formatSetting } from '../../views/format';
import { readSetting, unitChoices } from '../../scenario/units';
import {
  CONFIG_KEYS,
  SCHEMA,
  type ConfigKey,
  type NumberRow,
  type Row,
  type Settings,
} from '../../scenario/schema';

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

/**
 * Whether a count's label already names its unit ("Connections", "Server processes"): the unit
 * then goes unsaid beside it, not "Connections (connections)".
 */
export function labelNamesUnit(key: ConfigKey): boolean {
  const row = SCHEMA[key] as Row;
  if (row.kind !== 'number') return false;
  const noun = countNoun(row.unit);
  return noun !== null && labelFor(key).toLowerCase().includes(noun);
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

type LinkFigureKey = 'bw' | 'rtt' | 'mss' | 'queue';
const LINK_FIGURE: Record<LinkFigureKey, 'bandwidthBps' | 'rttMs' | 'mssBytes' | 'queuePackets'> = {
  bw: 'bandwidthBps',
  rtt: 'rttMs',
  mss: 'mssBytes',
  queue: 'queuePackets',
};

/** What a null value stands for, when the page can tell: the link's figure, or the general key's. */
export function inheritedValue(key: ConfigKey, settings: Settings): number | boolean | null {
  if (key in LINK_FIGURE) {
    try {
      return linkPreset(settings.link)[LINK_FIGURE[key as LinkFigureKey]];
    } catch {
      return null;
    }
  }
  if (key === 'delackms') {
    // The period in force, when both hosts run the same (a stack's, else BSD's 200 ms).
    const { client, server } = hostAcks(settings);
    return client.delackMs === server.delackMs ? server.delackMs : null;
  }
  if (key === 'minrto') {
    // The floor in force, when both hosts have the same (a stack's, else BSD's 1 s).
    const { client, server } = senderSetting(settings, 'minrto');
    return client.value === server.value ? (server.value as number) : null;
  }
  const dot = key.indexOf('.');
  if (dot > 0) {
    const general = settings[key.slice(0, dot) as ConfigKey];
    if (typeof general === 'boolean' || typeof general === 'number') return general;
  }
  return null;
}

/**
 * What a host's stack decides in a field's place, in words: for an unset sender key (initial
 * window, congestion control, restart, SACK, RTO floor) "Linux (today) sets it: 10 segments (RFC
 * 6928)", or each side's when they differ; for the delayed ACK and its timer, what each host runs
 * where its stack or own key decides. Undefined where the field's value is what the hosts run.
 */
export function stackHelp(key: ConfigKey, settings: Settings): string | undefined {
  if (key === 'delack') return generalDelackHelp(settings);
  if (key === 'delackms') return delackPeriodHelp(settings);
  if (key === 'window') return linuxBufferHelp(settings);
  if (!(SENDER_KEYS as readonly string[]).includes(key)) return undefined;
  const { client, server } = senderSetting(settings, key as SenderKey);
  if (client.fromStack === null && server.fromStack === null) return undefined;
  const words = (value: string | number | boolean) => {
    const row = SCHEMA[key] as Row;
    if (row.kind === 'enum') return row.options?.[String(value)] ?? String(value);
    return valueText(key, value as Settings[ConfigKey]);
  };
  const by = (side: typeof client) =>
    side.fromStack === null ? 'the default' : STACK_LABELS[side.fromStack];
  if (client.value === server.value && client.fromStack === server.fromStack)
    return `${by(server)} sets it: ${words(server.value)}. Choose a value to override it.`;
  return `Set by each host's stack: the server's is “${words(server.value)}” (${by(server)}), the client's “${words(client.value)}” (${by(client)}). Choose a value to override both.`;
}

/** Linux's largest receive buffer (net.ipv4.tcp_rmem, third field). */
const LINUX_RMEM_MAX = 6_291_456;

/**
 * The socket buffer is the scenario's for every host: a Linux stack does not size it. Linux grows
 * its buffers as a transfer needs (receive-buffer autotuning, up to tcp_rmem's 6 MB), so a Linux
 * host left at the 1990s 16 KB default waits on its receive window where today's would not.
 */
function linuxBufferHelp(settings: Settings): string | undefined {
  const linux = (['client', 'server'] as const).some((side) => sideStack(settings, side) === 'linux');
  if (!linux || settings.window !== SCHEMA.window.default) return undefined;
  return `Linux grows its buffers as a transfer needs them, up to ${valueText('window', LINUX_RMEM_MAX)} (tcp_rmem); this model keeps the size set here. For a Linux host today, choose a larger one.`;
}

/** Each host's delayed ACK as it runs: its own key, else its stack's, else the general keys. */
const hostAcks = (settings: Settings) => ({
  client: sideAcks(settings, 'client'),
  server: sideAcks(settings, 'server'),
});
const otherSide = (side: 'client' | 'server') => (side === 'client' ? 'server' : 'client');

/**
 * The general Delayed ACK gives way, on each host, to that host's own key and to its stack's
 * profile: say so where it does (under a Linux stack it had shown "BSD" and changed nothing).
 */
function generalDelackHelp(settings: Settings): string | undefined {
  const elsewhere = (['client', 'server'] as const).filter(
    (side) => delackKeyOf(settings, side) !== 'delack',
  );
  if (elsewhere.length === 0) return undefined;
  const acks = hostAcks(settings);
  const mode = (side: 'client' | 'server') =>
    (SCHEMA.delack.options as Record<string, string>)[acks[side].delack] ?? acks[side].delack;
  if (elsewhere.length === 2)
    return mode('client') === mode('server')
      ? `Both hosts' own settings or stacks decide instead: ${mode('server')}. Set Delayed ACK (client) or (server) to change it.`
      : `Each host's own setting or stack decides instead: the server's is “${mode('server')}”, the client's “${mode('client')}”. Set Delayed ACK (client) or (server) to change them.`;
  const side = elsewhere[0];
  return `It applies to the ${otherSide(side)} only: the ${side}'s own setting or stack decides its own (${mode(side)}).`;
}

/** The period each host's delayed ACK runs at, where a stack's differs from the one shown. */
function delackPeriodHelp(settings: Settings): string | undefined {
  const acks = hostAcks(settings);
  // Only BSD's clock and the fixed timer have a period; Linux's timer adapts, and off has none.
  const timed = (['client', 'server'] as const).filter((side) =>
    ['bsd', 'fixed'].includes(acks[side].delack),
  );
  if (timed.length === 0) return 'Neither host uses it: their delayed ACKs have no fixed period.';
  if (timed.length === 1)
    return `Only the ${timed[0]} uses it (${acks[timed[0]].delackMs} ms): the ${otherSide(timed[0])}'s delayed ACK has no fixed period.`;
  const [client, server] = [acks.client.delackMs, acks.server.delackMs];
  if (client !== server)
    return `The hosts' stacks set it: the server's ${server} ms, the client's ${client} ms.`;
  return settings.delackms === null || settings.delackms === client
    ? undefined
    : `Both hosts' stacks set it: ${client} ms.`;
}

/** How the link help names a figure the scenario sets (the schema's labels are headings). */
const LINK_FIGURE_NOUN: Record<LinkFigureKey, string> = {
  bw: 'bandwidth',
  rtt: 'RTT',
  mss: 'MSS',
  queue: 'router queue',
};

/** What the chosen link is, in a sentence (empty for an unknown link). The link type's sentence
 * describes it as it comes; where the scenario sets the link's figures to other values, the help
 * first says which and to what, so it never contradicts the figures in force. */
export function linkHelp(settings: Settings): string {
  let link;
  try {
    link = linkPreset(settings.link);
  } catch {
    return '';
  }
  const set = (Object.keys(LINK_FIGURE) as LinkFigureKey[]).flatMap((key) => {
    const value = settings[key];
    const own = link[LINK_FIGURE[key]];
    if (value === null || value === own) return [];
    const unit = SCHEMA[key].unit;
    return [
      `${LINK_FIGURE_NOUN[key]} set to ${formatSetting(value, unit)} (the link's: ${formatSetting(own, unit)})`,
    ];
  });
  if (set.length === 0) return link.help;
  const changes = set.length === 1 ? set[0] : `${set.slice(0, -1).join(', ')} and ${set[set.length - 1]}`;
  // Every link's help is a noun phrase ("A 1990s office LAN: ..."), so it continues the sentence.
  const unchanged = link.help.charAt(0).toLowerCase() + link.help.slice(1);
  return `${link.label}, ${changes}. Unchanged, the link type is ${unchanged}`;
}

/** A value as the callout and the B summary print it: "none", "off", "4k", "16 KB", "10 Mb/s". */
export function valueText(key: ConfigKey, value: Settings[ConfigKey]): string {
  const row = SCHEMA[key] as Row;
  if (value === null) return 'default';
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  if (Array.isArray(value)) return value.join(', ');
  if (row.kind === 'number' && typeof value === 'number')
    return value === 0 && row.zero ? row.zero : formatSetting(value, row.unit);
  return String(value);
}

/**
 * A suggested value as a sentence carries it: an option by its short name ("BBR v1", "HTTP/1.1",
 * "About 4 KB", "10 segments"), or by its value where the name only restates it ("none", "off");
 * any other value as `valueText` prints it.
 */
export function suggestedValueText(key: ConfigKey, value: Settings[ConfigKey]): string {
  const text = valueText(key, value);
  const name = optionName(key, text);
  return name === '' || name.toLowerCase() === text.toLowerCase() ? text : name;
}

/** An enum option's short name, its label before any colon or bracket ("Default", "Linux",
 * "BBR v1"); '' for a value with no label or a row of another kind. */
export function optionName(key: ConfigKey, text: string): string {
  const row = SCHEMA[key] as Row;
  if (row.kind !== 'enum') return '';
  const label = (row.options as Readonly<Record<string, string | undefined>>)[text] ?? '';
  return label.split(/:| \(/)[0].trim();
}

/** A slider over a number row: logarithmic when the range spans three orders of magnitude. */
export interface SliderScale {
  toPosition: (value: number) => number;
  /** The value at a position. Given the value now shown, a position that rounds back to it moves
   * on to the next value the row can hold, so an arrow key always changes the value. */
  fromPosition: (position: number, current?: number) => number;
}

export const SLIDER_STEPS = 1000;

/** A log scale needs a positive floor: on a row that starts at 0, the smallest value after 0 is
 * this fraction of the maximum (or 1 for whole numbers). */
const ZERO_ROW_FLOOR_FRACTION = 1e-6;

export function sliderScale(row: Row): SliderScale | null {
  if (row.kind !== 'number' || row.unit === '') return null;
  const { min, max } = row;
  const snap = (v: number) => {
    const clamped = Math.min(max, Math.max(min, v));
    if (row.integer) return Math.round(clamped);
    const digits = Math.max(0, 2 - Math.floor(Math.log10(Math.max(1e-9, Math.abs(clamped)))));
    return Number(clamped.toFixed(Math.min(3, digits)));
  };
  const { toPosition, valueAt } = max - min > 1000 ? logarithmic(min, max, row.integer) : linear(min, max);
  const position = (v: number) => Math.min(SLIDER_STEPS, Math.max(0, Math.round(toPosition(v))));
  const fromPosition = (at: number, current?: number) => {
    let p = Math.min(SLIDER_STEPS, Math.max(0, Math.round(at)));
    const value = snap(valueAt(p));
    if (current === undefined || value !== current) return value;
    const direction = Math.sign(p - position(current));
    if (direction === 0) return value;
    for (; p >= 0 && p <= SLIDER_STEPS; p += direction) {
      const next = snap(valueAt(p));
      if (next !== current) return next;
    }
    return value;
  };
  return { toPosition: position, fromPosition };
}

interface Mapping {
  toPosition: (value: number) => number;
  valueAt: (position: number) => number;
}

function linear(min: number, max: number): Mapping {
  return {
    toPosition: (v) => ((v - min) / (max - min)) * SLIDER_STEPS,
    valueAt: (p) => min + ((max - min) * p) / SLIDER_STEPS,
  };
}

/** Equal distances along the track are equal ratios of the value: the midpoint is the geometric
 * mean of the ends. A row that starts at 0 keeps position 0 for 0 and spreads the rest of the
 * track from a positive floor to its maximum. */
function logarithmic(min: number, max: number, integer: boolean): Mapping {
  if (min > 0) return logBetween(min, max, 0);
  const floor = integer ? 1 : max * ZERO_ROW_FLOOR_FRACTION;
  const rest = logBetween(floor, max, 1);
  return {
    toPosition: (v) => (v <= min ? 0 : rest.toPosition(v)),
    valueAt: (p) => (p < 1 ? min : rest.valueAt(p)),
  };
}

/** low at position `first`, high at the end of the track, geometric in between. */
function logBetween(low: number, high: number, first: number): Mapping {
  const span = Math.log(high / low);
  const steps = SLIDER_STEPS - first;
  return {
    toPosition: (v) => first + (Math.log(Math.max(low, v) / low) / span) * steps,
    valueAt: (p) => low * Math.exp((span * (p - first)) / steps),
  };
}

/**
 * The codec's reason for refusing a number, its bounds written as the field's readout writes values
 * ("must be between 1 kb/s and 100 Gb/s", not "between 1000 and 100000000000" under a box that
 * takes "2 Mb/s"); a count keeps its noun once ("between 1 and 64 connections"). Text that is no
 * number says the units the box takes ("64 parsecs" in Bandwidth had read only "must be a number").
 */
export function refusal(row: NumberRow, why: string): string {
  const units = unitChoices(row.unit);
  if (why === 'must be a number' && units !== null) return `${why}, in ${units}`;
  if (!why.startsWith('must be between')) return why;
  const count = countNoun(row.unit) !== null;
  // A bound the readout's words round ("64 KB" for 65495 bytes) is written whole in the field's unit.
  const written = (n: number) => {
    const words = formatSetting(n, row.unit);
    const read = readSetting(words, row.unit);
    if (read !== null && read !== n) return `${n} ${row.unit}`;
    return n === 1 && row.unit === 'bytes' ? '1 byte' : words;
  };
  const bound = (n: number) => (count || row.unit === '' ? String(n) : written(n));
  return `must be between ${bound(row.min)} and ${bound(row.max)}${count ? ` ${row.unit}` : ''}`;
}
