// Number formatting shared by the views: times in ms or s, sizes in bytes, rates in bit/s.

/** Between a number and its unit in running text: a no-break space, so a time in a sentence
 * never wraps apart ("12.3" at a line's end, "ms" on the next). */
export const UNIT_SPACE = '\u00a0';

/** Nanoseconds as a short human time: 0.24 ms, 118 ms, 1.52 s (number and unit kept together). */
export function formatDuration(ns: number): string {
  const ms = ns / 1e6;
  if (ms < 1) return `${trim(ms, 3)}${UNIT_SPACE}ms`;
  if (ms < 10) return `${trim(ms, 2)}${UNIT_SPACE}ms`;
  // 999.5 ms and up round to a second, written as one ("1 s", not "1000 ms" beside it).
  if (Math.round(ms) < 1000) return `${Math.round(ms)}${UNIT_SPACE}ms`;
  const s = ms / 1000;
  return s < 100 ? `${trim(s, 2)}${UNIT_SPACE}s` : `${Math.round(s)}${UNIT_SPACE}s`;
}

/** Authored prose with times in it ("about 185 ms", "a 40 ms timer"): each number kept with its
 * time unit, as formatDuration writes them. */
export function keepTimesTogether(text: string): string {
  return text.replace(/(\d) (ms|s)\b/g, `$1${UNIT_SPACE}$2`);
}

/** Nanoseconds as a tick label in ms (or s once the axis spans seconds). */
export function formatTick(ns: number, spanNs: number): string {
  if (spanNs >= 5e9) return `${trim(ns / 1e9, 2)} s`;
  const ms = ns / 1e6;
  if (spanNs < 5e6) return `${trim(ms, 3)} ms`;
  if (spanNs < 5e7) return `${trim(ms, 1)} ms`;
  return `${trim(ms, 0)} ms`;
}

export function formatBitRate(bps: number): string {
  if (bps >= 1e9) return `${trim(bps / 1e9, 2)} Gb/s`;
  if (bps >= 1e6) return `${trim(bps / 1e6, 2)} Mb/s`;
  if (bps >= 1e3) return `${trim(bps / 1e3, 1)} kb/s`;
  return `${bps} b/s`;
}

export interface ByteUnit {
  name: 'GB' | 'MB' | 'KB' | 'B';
  bytes: number;
}

const BYTE_UNITS: ByteUnit[] = [
  { name: 'GB', bytes: 2 ** 30 },
  { name: 'MB', bytes: 2 ** 20 },
  { name: 'KB', bytes: 2 ** 10 },
  { name: 'B', bytes: 1 },
];

/** The unit a size is written in: the largest it makes at least one of. */
export function byteUnit(bytes: number): ByteUnit {
  return BYTE_UNITS.find((u) => bytes >= u.bytes) ?? BYTE_UNITS[BYTE_UNITS.length - 1];
}

export function formatBytes(bytes: number): string {
  const unit = byteUnit(bytes);
  return unit.bytes === 1 ? `${bytes} B` : `${trim(bytes / unit.bytes, 1)} ${unit.name}`;
}

/** Units formatSetting writes as measures; any other unit is a count's noun ("connections"). */
const MEASURES = new Set(['', 'bit/s', 'bytes', 'ms', 's', '%', 'KB/s']);

/** A count's noun in the singular: connections -> connection, processes -> process. */
export function countNoun(unit: string): string | null {
  return MEASURES.has(unit) ? null : unit.replace(/(ss)es$|s$/, '$1');
}

/** A setting's value in its schema unit, as people write it: 10 Mb/s, 16 KB, 1460 bytes, 200 ms,
 * 1 connection. Sizes below 10 KB that are not whole kilobytes stay exact (an MSS, an image). */
export function formatSetting(value: number, unit: string): string {
  switch (unit) {
    case '':
      return String(value);
    case 'bit/s':
      return formatBitRate(value);
    case 'bytes':
      return value < 10_000 && (value < 1024 || value % 1024 !== 0) ? `${value} bytes` : formatBytes(value);
    case 'ms':
      return value >= 1000 ? `${trim(value / 1000, 3)} s` : `${trim(value, 3)} ms`;
    case 's':
      return `${trim(value, 3)} s`;
    case '%':
      return `${trim(value, 3)}%`;
    case 'KB/s':
      return value >= 1024 ? `${trim(value / 1024, 2)} MB/s` : `${trim(value, 3)} KB/s`;
    default:
      // A count: "1 connection", "4 connections", "1 process".
      return `${trim(value, 3)} ${value === 1 ? countNoun(unit) : unit}`;
  }
}

/** What a measure's written units stand for, in the schema's unit (sizes in binary units, as formatBytes writes them). */
const READ_UNITS: Record<string, Record<string, number>> = {
  bytes: {
    b: 1,
    byte: 1,
    bytes: 1,
    k: 1024,
    kb: 1024,
    kib: 1024,
    m: 2 ** 20,
    mb: 2 ** 20,
    mib: 2 ** 20,
    g: 2 ** 30,
    gb: 2 ** 30,
    gib: 2 ** 30,
  },
  'bit/s': { 'b/s': 1, bps: 1, 'kb/s': 1e3, kbps: 1e3, 'mb/s': 1e6, mbps: 1e6, 'gb/s': 1e9, gbps: 1e9 },
  ms: { ms: 1, s: 1000 },
  s: { ms: 0.001, s: 1 },
  'KB/s': { 'kb/s': 1, 'mb/s': 1024 },
};

/** The units a setting's box reads (READ_UNITS), written as the page writes them, smallest first. */
const WRITTEN_UNITS: Record<string, string[]> = {
  bytes: ['bytes', 'KB', 'MB', 'GB'],
  'bit/s': ['b/s', 'kb/s', 'Mb/s', 'Gb/s'],
  ms: ['ms', 's'],
  s: ['ms', 's'],
  'KB/s': ['KB/s', 'MB/s'],
};

/** The units a box of this unit takes after its number, as a list in words ("b/s, kb/s, Mb/s or
 * Gb/s"), or null for a unit written with no words of its own (a count, a percentage). */
export function unitChoices(unit: string): string | null {
  const words = WRITTEN_UNITS[unit];
  if (!words) return null;
  return `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}

/**
 * A setting typed as formatSetting writes it ("64 KB", "10 Mb/s", "1.5 s") in the schema's unit, or
 * null when the text is no number with one of the unit's names (a bare number is read as it is).
 */
export function readSetting(text: string, unit: string): number | null {
  const m = /^\s*(\d+(?:\.\d*)?|\.\d+)\s*([a-z/]+)\s*$/i.exec(text);
  const factor = m ? READ_UNITS[unit]?.[m[2].toLowerCase()] : undefined;
  if (!m || factor === undefined) return null;
  const value = Number(m[1]) * factor;
  return unit === 'bytes' || unit === 'bit/s' ? Math.round(value) : Number(value.toPrecision(12));
}

/** A fixed number of decimals without trailing zeros. */
export function trim(x: number, decimals: number): string {
  return String(Number(x.toFixed(decimals)));
}
