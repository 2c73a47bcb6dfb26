// A setting typed with its unit, as the page writes it ("64 KB", "10 Mb/s", "1.5 s"): the controls'
// boxes read it, and so does a link (`?bw=10Mb/s&rtt=100ms`), each in the schema's own unit.

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
  '%': { '%': 1 },
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
  const m = /^\s*(\d+(?:\.\d*)?|\.\d+)\s*([a-z/%]+)\s*$/i.exec(text);
  const factor = m ? READ_UNITS[unit]?.[m[2].toLowerCase()] : undefined;
  if (!m || factor === undefined) return null;
  const value = Number(m[1]) * factor;
  return unit === 'bytes' || unit === 'bit/s' ? Math.round(value) : Number(value.toPrecision(12));
}
