// Which stall to point at, in words, and which knob removes it. It speaks of the load the
// headline reports (the last) and counts time as "where did the time go" does (breakdown()),
// so its figures and the breakdown's are the same numbers. The stall named is the first long
// one in time: later stalls are often its consequences. Suggestions only name keys the
// schema has and values that differ from the current ones, so keys added later (http, conns...)
// are suggested as soon as they exist.
import type { StallRecord, Trace } from '../../engine/trace';
import { SCHEMA, type ConfigKey, type Settings } from '../../scenario/schema';
import { breakdown, partNs, type Breakdown } from '../../views/breakdown';
import { formatDuration } from '../../views/format';
import { causeStyle } from '../../views/stallStyle';

/** A single stall is named when it is at least this share of the page time and this long. */
const MIN_SHARE = 0.1;
const MIN_NS = 5e6;
/** A cause (and the fix for it) is never put forward when it cost the page less than this share or this long. */
export const MIN_WORTH_SHARE = 0.05;
export const MIN_WORTH_NS = 10e6;

export interface Suggestion {
  key: ConfigKey;
  value: Settings[ConfigKey];
}

export interface Advice {
  stall: StallRecord;
  sentence: string;
  suggestion: Suggestion | null;
  /** Wall-clock time of the page load given to this cause, as in the breakdown. */
  causeTotalNs: number;
  /** Stalls of this cause in the load. */
  causeCount: number;
}

/** Whether a cause cost the page enough to be worth a fix. */
export function worthFixing(b: Breakdown, cause: StallRecord['cause']): boolean {
  return partNs(b, cause) >= Math.max(MIN_WORTH_NS, b.totalNs * MIN_WORTH_SHARE);
}

/** Stalls of the reported load whose cause is worth fixing, in time order. */
function worthyStalls(trace: Trace, b: Breakdown): StallRecord[] {
  return trace.stalls
    .filter((s) => s.endNs > b.startNs && s.startNs < b.endNs && worthFixing(b, s.cause))
    .sort((a, b) => a.startNs - b.startNs || b.endNs - a.endNs);
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
    case 'stale-connection':
      return `The client lost ${d} to a request sent on a connection the server had closed`;
    case 'tls-handshake':
      return `The TLS handshake took ${d}`;
    case 'flow-control':
      return `The ${who} waited ${d} for HTTP/2 flow-control credit`;
    case 'hol-blocking':
      return `Data already in waited ${d} behind a lost segment of another stream (head-of-line blocking)`;
    case 'amplification':
      return `The server waited ${d} on QUIC's anti-amplification limit (3x the bytes it had received)`;
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
    case 'stale-connection':
      return [['stale', false]];
    case 'tls-handshake':
      // TLS 1.3 saves a round trip over 1.2; resumption saves the rest (0-RTT).
      return get('tls') === '1.2' ? [['tls', '1.3']] : get('resume') === false ? [['resume', true]] : [];
    case 'flow-control':
      return [['h2window', Math.min(2 ** 31 - 1, Number(get('h2window') ?? 65_535) * 16)]];
    case 'amplification':
      // A smaller chain (ECDSA, about 2 KB) fits the server's first flight in 3x the client's 1200 bytes.
      return [['cert', 2000]];
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

/** When no single stall is long, the cause whose many small stalls cost the page the most. */
function costliestCause(stalls: StallRecord[], b: Breakdown): StallRecord | null {
  const byCause = new Map<string, { stall: StallRecord; count: number }>();
  for (const s of stalls) {
    const entry = byCause.get(s.cause) ?? { stall: s, count: 0 };
    entry.count++;
    if (s.endNs - s.startNs > entry.stall.endNs - entry.stall.startNs) entry.stall = s;
    byCause.set(s.cause, entry);
  }
  const best = [...byCause.values()].sort((x, y) => partNs(b, y.stall.cause) - partNs(b, x.stall.cause))[0];
  return best && best.count > 1 ? best.stall : null;
}

export function adviceFor(trace: Trace, settings: Settings, b: Breakdown = breakdown(trace)): Advice | null {
  const stalls = worthyStalls(trace, b);
  const single = stalls.find((s) => s.endNs - s.startNs >= Math.max(MIN_NS, b.totalNs * MIN_SHARE));
  const stall = single ?? costliestCause(stalls, b);
  if (!stall) return null;
  const count = stalls.filter((s) => s.cause === stall.cause).length;
  const total = partNs(b, stall.cause);
  const words = causeStyle(stall.cause).words;
  return {
    stall,
    sentence: single
      ? sentenceFor(stall)
      : `${words.charAt(0).toUpperCase()}${words.slice(1)}: ${count} short stalls`,
    suggestion: suggestionFor(stall, settings),
    causeTotalNs: total,
    causeCount: count,
  };
}
