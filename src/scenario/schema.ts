// The scenario schema: one row per URL key, with its type, unit, default, range and help.
// This table drives parsing, validation, encoding, the CLI and the controls alike.
import { LINK_KEYS } from './links';

interface RowBase {
  help: string;
  group: 'scenario' | 'link' | 'tcp' | 'http' | 'page' | 'run';
}
export interface EnumRow extends RowBase {
  kind: 'enum';
  values: readonly string[];
  default: string;
}
export interface NumberRow extends RowBase {
  kind: 'number';
  unit: string;
  min: number;
  max: number;
  integer: boolean;
  /** null: taken from another setting (the link preset, or the general key of a per-side key). */
  default: number | null;
}
export interface BoolRow extends RowBase {
  kind: 'bool';
  default: boolean | null;
}
export interface ListRow extends RowBase {
  kind: 'list';
  unit: string;
  min: number;
  max: number;
  maxItems: number;
  default: readonly number[];
}
export type Row = EnumRow | NumberRow | BoolRow | ListRow;

const num = (
  group: RowBase['group'],
  unit: string,
  min: number,
  max: number,
  def: number | null,
  help: string,
  integer = true,
): NumberRow => ({ kind: 'number', group, unit, min, max, default: def, help, integer });

export const SCHEMA = {
  link: {
    kind: 'enum',
    group: 'link',
    values: LINK_KEYS,
    default: 'ethernet10',
    help: 'The network path: 10 Mb Ethernet through a geostationary satellite.',
  },
  bw: num('link', 'bit/s', 1_000, 100_000_000_000, null, "Bottleneck bandwidth each way (default: the link's)."),
  rtt: num('link', 'ms', 0, 10_000, null, "Round-trip propagation delay (default: the link's).", false),
  mss: num('link', 'bytes', 64, 65_495, null, "Largest TCP segment each host offers (default: the link's)."),
  queue: num('link', 'packets', 1, 100_000, null, "Router buffer before drop-tail loss (default: the link's)."),
  loss: num('link', '%', 0, 50, 0, 'Random packet loss in each direction.', false),
  nagle: {
    kind: 'bool',
    group: 'tcp',
    default: true,
    help: "Nagle's algorithm: hold a short segment while earlier data is unacknowledged.",
  },
  'nagle.client': { kind: 'bool', group: 'tcp', default: null, help: 'Nagle on the client only (default: nagle).' },
  'nagle.server': { kind: 'bool', group: 'tcp', default: null, help: 'Nagle on the server only (default: nagle).' },
  delack: {
    kind: 'enum',
    group: 'tcp',
    values: ['bsd', 'fixed', 'off'],
    default: 'bsd',
    help: 'Delayed ACK: bsd = next tick of a 200 ms clock; fixed = a timer; off = ACK every segment.',
  },
  delackms: num('tcp', 'ms', 1, 1_000, 200, 'Delayed-ACK timer (fixed) or clock period (bsd).'),
  delackphase: num(
    'tcp',
    'ms',
    0,
    1_000,
    null,
    "Where the client's 200 ms ACK clock ticks (default: drawn from the seed).",
    false,
  ),
  iw: {
    kind: 'enum',
    group: 'tcp',
    values: ['1', '2', '4k', '10'],
    default: '2',
    help: 'Initial congestion window: 2 = BSD (the ACK of the SYN opens it by one); 4k = RFC 2414.',
  },
  ssr: {
    kind: 'enum',
    group: 'tcp',
    values: ['off', 'bsd', 'rfc'],
    default: 'off',
    help: 'Slow-start restart after idle: off (SunOS), bsd (idle since last receive), rfc (idle since last send).',
  },
  window: num('tcp', 'bytes', 256, 1 << 30, 16_384, 'Socket buffer, and so the largest window (scaled above 64 KB).'),
  objects: {
    kind: 'list',
    group: 'page',
    unit: 'bytes',
    min: 0,
    max: 100_000_000,
    maxItems: 500,
    default: [6651, 3883, 1866],
    help: 'Response body sizes, fetched one after another (default: the Yahoo page of 1996).',
  },
  req: {
    kind: 'list',
    group: 'http',
    unit: 'bytes',
    min: 1,
    max: 65_536,
    maxItems: 500,
    default: [190],
    help: 'Request sizes in order; the last repeats (libwww sent about 190 bytes).',
  },
  hdr: num('http', 'bytes', 1, 65_536, 226, 'Response header bytes (a response is never empty: it has at least a status line).'),
  flush: {
    kind: 'enum',
    group: 'http',
    values: ['headers', 'none'],
    default: 'headers',
    help: 'headers = the server flushes its headers in a segment of their own (Apache 1.1b4).',
  },
  chunk: num('http', 'bytes', 1, 1 << 24, 4096, 'Server write size (Apache wrote 4 KB).'),
  sthink: num('http', 'ms', 0, 60_000, 2, 'Server time from reading a request to its first write.', false),
  cthink: num('http', 'ms', 0, 60_000, 0.5, 'Client time before each request.', false),
  close: {
    kind: 'enum',
    group: 'http',
    values: ['client', 'server'],
    default: 'client',
    help: 'Who closes the connection after the last response.',
  },
  closestyle: {
    kind: 'enum',
    group: 'http',
    values: ['full', 'half'],
    default: 'full',
    help: 'full = close both halves at once (data arriving later meets an RST); half = shutdown the sending half.',
  },
  seed: num('run', '', 0, 0xffffffff, 1, 'Seed for random loss and the ACK clocks.'),
} as const satisfies Record<string, Row>;

export type ConfigKey = keyof typeof SCHEMA;
type ValueOf<R> = R extends { kind: 'enum' }
  ? string
  : R extends { kind: 'number' }
    ? number | null
    : R extends { kind: 'bool' }
      ? boolean | null
      : R extends { kind: 'list' }
        ? number[]
        : never;

/** Every setting of a scenario, keyed as in the URL. */
export type Settings = { -readonly [K in ConfigKey]: ValueOf<(typeof SCHEMA)[K]> };

export const CONFIG_KEYS = Object.keys(SCHEMA) as ConfigKey[];

export function defaultSettings(): Settings {
  const out: Record<string, unknown> = {};
  for (const key of CONFIG_KEYS) {
    const row: Row = SCHEMA[key];
    out[key] = row.kind === 'list' ? [...row.default] : row.default;
  }
  return out as Settings;
}
