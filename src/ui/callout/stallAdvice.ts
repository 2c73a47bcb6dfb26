// Which stall to point at, in words, and which knob removes it. The stall named is the first
// long one in time: later stalls are often its consequences. Suggestions only name keys the
// schema has and values that differ from the current ones, so keys added later (http, conns...)
// are suggested as soon as they exist.
import { elapsedNs } from '../../engine/metrics';
import type { StallRecord, Trace } from '../../engine/trace';
import { SCHEMA, type ConfigKey, type Settings } from '../../scenario/schema';
import { formatDuration } from '../../views/format';
import { causeStyle } from '../../views/stallStyle';

/** A stall is worth a callout when it is at least this share of the run and this long. */
const MIN_SHARE = 0.1;
const MIN_NS = 5e6;

export interface Suggestion {
  key: ConfigKey;
  value: Settings[ConfigKey];
}

export interface Advice {
  stall: StallRecord;
  sentence: string;
  suggestion: Suggestion | null;
  /** Total time lost to this cause across the run. */
  causeTotalNs: number;
  causeCount: number;
}

export function headlineStall(trace: Trace): StallRecord | null {
  const elapsed = elapsedNs(trace);
  const long = trace.stalls
    .filter((s) => s.endNs - s.startNs >= Math.max(MIN_NS, elapsed * MIN_SHARE))
    .sort((a, b) => a.startNs - b.startNs || b.endNs - a.endNs);
  return long[0] ?? null;
}

function sentenceFor(s: StallRecord): string {
  const who = s.side === 'client' ? 'client' : 'server';
  const d = formatDuration(s.endNs - s.startNs);
  switch (s.cause) {
    case 'delayed-ack':
      return `The ${who} waited ${d} for a delayed ACK`;
    case 'nagle':
      return `Nagle's algorithm held the ${who}'s short segment for ${d}`;
    case 'cwnd':
      return `The ${who} waited ${d} for its congestion window to open`;
    case 'rwnd':
      return `The ${who} waited ${d} for room in the receiver's window`;
    case 'handshake':
      return `The connection handshake took ${d}`;
    case 'server-think':
      return `The server spent ${d} thinking`;
    case 'client-think':
      return `The client spent ${d} thinking`;
    case 'flush-timer':
      return `The ${who} waited ${d} for its pipeline flush timer`;
    case 'parse':
      return `The client spent ${d} parsing the HTML`;
    case 'idle-restart':
      return `The ${who} lost ${d} to a slow-start restart after idle`;
    case 'rto':
      return `The ${who} waited ${d} for a retransmission timeout`;
    default:
      return `The ${who} stalled for ${d} (${String(s.cause)})`;
  }
}

function candidates(s: StallRecord, settings: Settings): Array<[string, unknown]> {
  const get = (k: string) => (settings as Record<string, unknown>)[k];
  switch (s.cause) {
    case 'delayed-ack':
      return [
        ['flush', 'none'],
        ['delack', 'off'],
      ];
    case 'nagle':
      return get(`nagle.${s.side}`) === true ? [[`nagle.${s.side}`, false]] : [['nagle', false]];
    case 'cwnd':
      return [
        ['iw', '4k'],
        ['iw', '10'],
      ];
    case 'rwnd':
      return [['window', Math.min(1 << 30, Math.max(65_536, Number(get('window') ?? 16_384) * 4))]];
    case 'handshake':
      // Only a connection per request pays a handshake per object; one connection pays it once.
      return get('http') === '1.0' || get('http') === '1.0ka' ? [['http', '1.1']] : [];
    case 'server-think':
      return [['sthink', 0]];
    case 'client-think':
      return [['cthink', 0]];
    case 'idle-restart':
      return [['ssr', 'off']];
    case 'rto':
      return [['loss', 0]];
    default:
      return [];
  }
}

/** The first candidate the schema knows and the settings do not already have. */
export function suggestionFor(s: StallRecord, settings: Settings): Suggestion | null {
  for (const [key, value] of candidates(s, settings)) {
    if (!Object.prototype.hasOwnProperty.call(SCHEMA, key)) continue;
    const row = SCHEMA[key as ConfigKey];
    if (row.kind === 'enum' && !(row.values as readonly string[]).includes(value as string)) continue;
    if (JSON.stringify((settings as Record<string, unknown>)[key]) === JSON.stringify(value)) continue;
    return { key: key as ConfigKey, value: value as Settings[ConfigKey] };
  }
  return null;
}

/** When no single stall is long, the cause whose many small stalls add up to the most. */
function costliestCause(trace: Trace): { stall: StallRecord; totalNs: number; count: number } | null {
  const elapsed = elapsedNs(trace);
  const byCause = new Map<string, { stall: StallRecord; totalNs: number; count: number }>();
  for (const s of trace.stalls) {
    const entry = byCause.get(s.cause) ?? { stall: s, totalNs: 0, count: 0 };
    entry.totalNs += s.endNs - s.startNs;
    entry.count++;
    if (s.endNs - s.startNs > entry.stall.endNs - entry.stall.startNs) entry.stall = s;
    byCause.set(s.cause, entry);
  }
  const best = [...byCause.values()].sort((a, b) => b.totalNs - a.totalNs)[0];
  return best && best.count > 1 && best.totalNs >= Math.max(MIN_NS, elapsed * MIN_SHARE) ? best : null;
}

export function adviceFor(trace: Trace, settings: Settings): Advice | null {
  const single = headlineStall(trace);
  const many = single ? null : costliestCause(trace);
  const stall = single ?? many?.stall;
  if (!stall) return null;
  const same = trace.stalls.filter((s) => s.cause === stall.cause);
  const words = causeStyle(stall.cause).words;
  return {
    stall,
    sentence: single
      ? sentenceFor(stall)
      : `${words.charAt(0).toUpperCase()}${words.slice(1)}: ${same.length} short stalls, ${formatDuration(many!.totalNs)} in all`,
    suggestion: suggestionFor(stall, settings),
    causeTotalNs: same.reduce((sum, s) => sum + s.endNs - s.startNs, 0),
    causeCount: same.length,
  };
}
