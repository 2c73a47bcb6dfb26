// Number formatting shared by the views: times in ms or s, sizes in bytes, rates in bit/s.

/** Between a number and its unit in running text: a no-break space, so a time in a sentence
 * never wraps apart ("12.3" at a line's end, "ms" on the next). */
export const UNIT_SPACE = '\u00a0';

/** Nanoseconds as a short human time: 0.24 ms, 118 ms, 1.52 s (number and unit kept together);
 * from 100 s in whole seconds, or to `longDecimals` (the playback clock's "113.76 s"). */
export function formatDuration(ns: number, longDecimals = 0): string {
  const ms = ns / 1e6;
  if (ms < 1) return `${trim(ms, 3)}${UNIT_SPACE}ms`;
  if (ms < 10) return `${trim(ms, 2)}${UNIT_SPACE}ms`;
  // 999.5 ms and up round to a second, written as one ("1 s", not "1000 ms" beside it).
  if (Math.round(ms) < 1000) return `${Math.round(ms)}${UNIT_SPACE}ms`;
  const s = ms / 1000;
  return `${trim(s, s < 100 ? 2 : longDecimals)}${UNIT_SPACE}s`;
}

/** The time formatDuration writes for `ns`, in nanoseconds: a difference of two times shown is
 * taken between these, so it adds up on screen ("390 ms, 201 ms more than A" beside A's "190 ms"
 * had been the true 200.6 ms). */
export function shownNs(ns: number): number {
  const [value, unit] = formatDuration(ns).split(UNIT_SPACE);
  return Number(value) * (unit === 's' ? 1e9 : 1e6);
}

/** Authored prose with times in it ("about 185 ms", "a 40 ms timer"): each number kept with its
 * time unit, as formatDuration writes them. */
export function keepTimesTogether(text: string): string {
  return text.replace(/(\d) (ms|s)\b/g, `$1${UNIT_SPACE}$2`);
}

/**
 * Nanoseconds as a tick label in ms (or s once the axis spans seconds, or reaches `axisEndNs` of
 * 10 s or more: an axis zoomed onto a moment late in a long run writes "174.2 s", as precise as its
 * span asks; "174200 ms" had been too long for the ladder's axis, which showed "74200 ms"). With
 * ticks `stepNs` apart, at least as many decimals as the step needs, so neighbours never read alike:
 * a ladder's 89 ms view, most of it folded, has ticks half a millisecond apart ("321.5 ms", "322 ms";
 * to the span's whole ms, "322 ms" twice).
 */
export function formatTick(ns: number, spanNs: number, axisEndNs = 0, stepNs = Infinity): string {
  if (spanNs >= 5e9) return `${trim(ns / 1e9, Math.max(2, stepDecimals(stepNs / 1e9)))} s`;
  const msDecimals = spanNs < 5e6 ? 3 : spanNs < 5e7 ? 1 : 0;
  if (secondsAxis(spanNs, axisEndNs))
    return `${trim(ns / 1e9, Math.max(msDecimals + 3, stepDecimals(stepNs / 1e9)))} s`;
  return `${trim(ns / 1e6, Math.max(msDecimals, stepDecimals(stepNs / 1e6)))} ms`;
}

/** The decimals a round step (1, 2 or 5 times a power of ten, as d3's ticks take) needs so that
 * its multiples are written exactly: a tenth or a half needs one, a twentieth two, 5 or 10 none. */
export function stepDecimals(step: number): number {
  return step > 0 && Number.isFinite(step) ? Math.max(0, Math.ceil(-Math.log10(step) - 1e-9)) : 0;
}

/** Whether formatTick writes an axis's ticks in seconds (else in ms). */
export const secondsAxis = (spanNs: number, axisEndNs = 0) => spanNs >= 5e9 || axisEndNs >= LATE_AXIS_NS;

/** An axis reaching this far writes its ticks in seconds: in ms they would take 5 digits or more. */
const LATE_AXIS_NS = 10e9;

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

/** A fixed number of decimals without trailing zeros. */
export function trim(x: number, decimals: number): string {
  return String(Number(x.toFixed(decimals)));
}
