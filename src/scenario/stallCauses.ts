// Every stall cause the engine names, one row each: its label, plain words, colour (light and dark
// theme), the callout's sentence and the knob changes that remove it. The engine declares the
// causes (StallCause in engine/trace.ts); this table must cover exactly those, so a cause added
// there fails the type check until it has a row here. Colours are the Okabe-Ito and Tol
// colour-blind-safe sets, moved where two causes that stall one run had read as one colour (at
// least CIEDE2000 10 apart as drawn, tests/stall-colours.test.ts), used only as fills, never for text.
import { DEFAULT_WINDOW } from '../engine/http/h2frames';
import { INITIAL_WINDOWS } from '../engine/params';
import type { DropCause, Side, StallCause, StallRecord } from '../engine/trace';
import type { Settings } from './schema';
import {
  congestionControlOf,
  delackKeyOf,
  initialWindowOf,
  minRtoMs,
  mssOf,
  queueOf,
  senderValue,
} from './resolve';

/** Linux's floor of the retransmission timeout (TCP_RTO_MIN, include/net/tcp.h), in ms. */
const LINUX_MIN_RTO_MS = 200;

/** A knob change that removes a cause, suggested only when the schema has the key and the value. */
export interface StallFix {
  key: string;
  value: unknown;
}

/** What a fix may depend on: the stalled side, the current settings and the load's stalls of the cause. */
export interface FixContext {
  side: Side;
  settings: Settings;
  /** The length of the stall named. */
  stallNs: number;
  /** The load's stalls of this cause, the one named among them. */
  stalls: readonly StallRecord[];
  /** The page time the breakdown gives the cause (overlapping stalls of it count once). */
  causeNs: number;
  /**
   * The stalled side's retransmission timeout when the stall began, as the trace sampled it (null:
   * unknown). A function: only the fixes that need it pay for reading the samples.
   */
  rtoNs(): number | null;
  /** Whether the load lost packets this way (the router's full queue, its CoDel, the random loss). */
  dropped(cause: DropCause): boolean;
}

export interface StallCauseRow {
  /** Short label drawn beside the shading. */
  label: string;
  /** Plain words for legends, tooltips and callouts. */
  words: string;
  /** Fill on a light background; `dark` on the dark theme's (where the light fill would vanish). */
  colour: { light: string; dark: string };
  /** The callout's sentence for one stall: `who` stalled (client or server) for `duration`, with `settings`. */
  sentence(who: Side, duration: string, settings: Settings): string;
  /**
   * Why no knob here shortens it, when `fixes` offers none that applies: the callout's clause after
   * "which no knob here shortens:". Without it, each knob that would is set already.
   */
  noKnob?(c: FixContext): string;
  /**
   * A stall of this cause is many short waits between segments that keep leaving (pacing spaces
   * every one), not one wait: the callout's `duration` is then the load's total for the cause.
   */
  manyShortWaits?: boolean;
  /** Knob changes that remove the cause, best first. */
  fixes(c: FixContext): StallFix[];
}

const same = (fill: string) => ({ light: fill, dark: fill });
/** Initial windows larger than the side's own (a stack's when the key is at its default). */
function largerInitialWindows(settings: Settings, side: Side): StallFix[] {
  const current = INITIAL_WINDOWS.indexOf(initialWindowOf(settings, side));
  return (['4k', '10'] as const)
    .filter((iw) => INITIAL_WINDOWS.indexOf(iw) > current)
    .map((iw) => ({ key: 'iw', value: iw }));
}

/** Indigo: a lost tail's wait for the timer that resends it, TCP's RTO and QUIC's PTO alike. */
const TIMEOUT_COLOUR = { light: '#332288', dark: '#8b80e6' };
const none = (): StallFix[] => [];
/** A wait on a loss whose only fix, less loss, is already taken: the queue dropped it. */
const lossIsZero = () => 'only less loss would, and Packet loss is already 0%';
const get = (c: FixContext, key: string) => (c.settings as Record<string, unknown>)[key];

/** Whether a TCP sender's timer was its floor, or the floor doubled by back-off, when the stall began. */
function atFloor(c: FixContext): boolean {
  const floorMs = minRtoMs(c.settings, c.side);
  const rtoNs = floorMs <= LINUX_MIN_RTO_MS ? null : c.rtoNs();
  return rtoNs !== null && Number.isInteger(Math.log2(rtoNs / (floorMs * 1e6)));
}

export const STALL_CAUSES: Record<StallCause, StallCauseRow> = {
  'delayed-ack': {
    label: 'delayed ACK',
    words: 'waiting for a delayed ACK',
    colour: same('#D55E00'),
    sentence: (who, d) => `The ${who} waited ${d} for a delayed ACK`,
    // QUIC's peer holds its ACKs up to its max_ack_delay (RFC 9000 18.2), no TCP key's.
    noKnob: (c) => (get(c, 'http') === '3' ? "QUIC's receiver holds its ACKs up to 25 ms" : ''),
    // Writing the headers with the body saves the wait, unless the window is one segment (the
    // initial window, or a receive window under two segments, which never lets the two full
    // segments arrive that earn an ACK at once): then only the receiver's ACK policy helps.
    // The ACKs are the peer's: its own key when its stack or that key decides them.
    fixes: (c) => {
      const acks = { key: delackKeyOf(c.settings, c.side === 'server' ? 'client' : 'server'), value: 'off' };
      return initialWindowOf(c.settings, c.side) !== '1' &&
        (get(c, 'window') as number) >= 2 * mssOf(c.settings)
        ? [{ key: 'flush', value: 'none' }, acks]
        : [acks];
    },
  },
  nagle: {
    label: 'Nagle',
    words: "Nagle's algorithm holding a short segment",
    colour: same('#CC79A7'),
    sentence: (who, d) => `Nagle's algorithm held the ${who}'s short segment for ${d}`,
    // Nagle holds the segment until the peer's ACK, which the peer may delay (Heidemann 2.3): either
    // fix removes the stall, but without Nagle the same delayed ACK can hold a window that the
    // short segment's packetization no longer earns an ACK for. Then the peer's ACKs are next.
    fixes: (c) => [
      get(c, `nagle.${c.side}`) === true
        ? { key: `nagle.${c.side}`, value: false }
        : { key: 'nagle', value: false },
      { key: delackKeyOf(c.settings, c.side === 'server' ? 'client' : 'server'), value: 'off' },
    ],
  },
  cwnd: {
    label: 'cwnd',
    words: 'congestion window full',
    colour: same('#0072B2'),
    sentence: (who, d) => `The ${who} waited ${d} for its congestion window to open`,
    noKnob: (c) =>
      `${get(c, 'http') === '3' ? "QUIC's window starts at 10 packets and" : 'the window'} grows by itself each round trip (slow start)`,
    // A larger initial window than the current one (a smaller one only adds waits); past the
    // largest, on a lossy path, a controller that does not read loss as congestion. QUIC's window
    // is RFC 9002's (10 packets, NewReno), which no knob sets: on a lossy path what keeps it small
    // is the loss, each loss halving it (RFC 9002 7.3.2, kLossReductionFactor), so less loss is
    // offered, as for a timeout.
    fixes: (c) => {
      if (get(c, 'http') === '3') return Number(get(c, 'loss') ?? 0) > 0 ? [{ key: 'loss', value: 0 }] : [];
      // The sender's own window and controller: a stack's (Linux: 10 segments, CUBIC) when the keys
      // are at their defaults, so a Linux server is never offered a 4 KB window as a larger one.
      const fixes = largerInitialWindows(c.settings, c.side);
      if (Number(get(c, 'loss') ?? 0) > 0 && congestionControlOf(c.settings, c.side) !== 'bbr')
        fixes.push({ key: 'cc', value: 'bbr' });
      return fixes;
    },
  },
  rwnd: {
    label: 'rwnd',
    words: "receiver's window full",
    // Lighter than cwnd's blue, as a window the peer sets beside the sender's own.
    colour: same('#66BBEE'),
    sentence: (who, d) => `The ${who} waited ${d} for room in the receiver's window`,
    fixes: (c) => [
      { key: 'window', value: Math.min(1 << 30, Math.max(65_536, Number(get(c, 'window') ?? 16_384) * 4)) },
    ],
  },
  sndbuf: {
    label: 'send buffer',
    words: 'send buffer full',
    colour: { light: '#882255', dark: '#d77fab' },
    sentence: (who, d) => `The ${who} waited ${d} for room in its send buffer`,
    // A buffer as large as the receiver's window (the default) leaves the window as the limit.
    fixes: (c) => [{ key: 'sndbuf', value: Math.min(1 << 30, Math.max(Number(get(c, 'window')), 65_536)) }],
  },
  handshake: {
    label: 'handshake',
    words: 'connection handshake',
    colour: same('#009E73'),
    sentence: (_, d) => `The connection handshake took ${d}`,
    noKnob: () => 'a page waits a round trip to open its first connection',
    // A connection per request pays a handshake per object, but the page pays only those not
    // under another (parallel connections shake hands at once): when the page's handshake time is
    // one handshake's, no connection kept saves any. The connection kept is pipelined: without
    // pipelining it waits a round trip per request, and Nielsen et al. found HTTP/1.1 so slower
    // than HTTP/1.0's four connections (the model too: Microscape over the WAN takes 3.8 s with
    // 1.0, 13.4 s with 1.1, 2.2 s pipelined).
    // One pipelined connection grows one congestion window where four grew four: on a large page
    // or a long path it can be slower, and then Keep-Alive, which keeps the four, is next.
    // QUIC's handshake is TLS's too: resumption sends the request in the first flight (0-RTT).
    fixes: (c) =>
      (get(c, 'http') === '1.0' || get(c, 'http') === '1.0ka') && c.causeNs > 1.5 * c.stallNs
        ? [
            { key: 'http', value: '1.1pipe' },
            { key: 'http', value: '1.0ka' },
          ]
        : get(c, 'http') === '3' && get(c, 'resume') !== true
          ? [{ key: 'resume', value: true }]
          : [],
  },
  'server-think': {
    label: 'server think',
    words: 'server think time',
    colour: same('#E69F00'),
    sentence: (_, d) => `The server spent ${d} thinking before one response`,
    // The wait has three parts (http/serverBase.ts thinkNs): the think time of every request, the
    // delay before each new connection's first, and the processing per byte. The part that made
    // most of the load's waits is offered first: "server think: 0" left a 10 s new-connection
    // delay as it was, and one connection's delay is little beside Nielsen's 43 requests' think.
    fixes: (c) => {
      const totalMs = c.stalls.reduce((sum, s) => sum + (s.endNs - s.startNs), 0) / 1e6;
      const thinkMs = Number(get(c, 'sthink') ?? 0);
      const acceptMs = Number(get(c, 'saccept') ?? 0);
      const think = thinkMs * c.stalls.length;
      // A connection opened in an earlier load paid its delay then: only a wait as long counts.
      const opened = c.stalls.filter((s) => s.endNs - s.startNs >= (thinkMs + acceptMs) * 1e6);
      const accept = acceptMs * new Set(opened.map((s) => s.conn)).size;
      const perByte = Number(get(c, 'srate') ?? 0) > 0 ? totalMs - think - accept : 0;
      const parts: Array<[string, number]> = [
        ['sthink', think],
        ['saccept', accept],
        ['srate', perByte],
      ];
      return parts
        .filter(([, ms]) => ms > 0)
        .sort((a, b) => b[1] - a[1])
        .map(([key]) => ({ key, value: 0 }));
    },
  },
  'server-process': {
    label: 'process wait',
    words: 'waiting for a server process (all were busy)',
    colour: same('#CC6677'),
    sentence: (_, d) =>
      `A request waited ${d} for a server process: all were busy, and the server starts one more a second`,
    // Apache 1.2 serves a connection per process and starts at most one more a second (Kruse
    // appendix A): no limit removes the wait, and so does opening no more connections than the
    // server has processes (Kruse 4.2: little benefit beyond four).
    fixes: (c) => {
      const processes = Number(get(c, 'sprocs') ?? 0);
      const fixes: StallFix[] = [{ key: 'sprocs', value: 0 }];
      if (processes > 0 && Number(get(c, 'conns') ?? 0) > processes)
        fixes.push({ key: 'conns', value: processes });
      return fixes;
    },
  },
  'client-think': {
    label: 'client think',
    words: 'client think time',
    colour: same('#F0E442'),
    sentence: (_, d) => `The client spent ${d} thinking before one request`,
    fixes: () => [{ key: 'cthink', value: 0 }],
  },
  'flush-timer': {
    label: 'flush timer',
    words: 'pipeline flush timer',
    colour: same('#999999'),
    sentence: (who, d) => `The ${who} waited ${d} for its pipeline flush timer`,
    // Nielsen et al. 1997 found an explicit flush by the application much faster than the timer;
    // flushing as soon as the requests of the moment are written is that flush.
    fixes: () => [{ key: 'pipeflush', value: 0 }],
  },
  'idle-restart': {
    label: 'idle restart',
    words: 'slow-start restart after idle',
    // Teal, but bluer than the handshake's green (7.2 apart as Tol's #44AA99).
    colour: same('#00A0B0'),
    sentence: (who, d) => `The ${who} lost ${d} to a slow-start restart after idle`,
    fixes: () => [{ key: 'ssr', value: 'off' }],
  },
  rto: {
    label: 'RTO',
    words: 'retransmission timeout',
    colour: TIMEOUT_COLOUR,
    sentence: (who, d) => `The ${who} waited ${d} for a retransmission timeout`,
    noKnob: lossIsZero,
    // A timer at its floor (BSD's two 500 ms ticks; RFC 6298 2.4 asks for 1 s), or the floor
    // doubled by back-off, is the floor's doing: Linux's 200 ms floor shortens the wait. A timer
    // above it (a long or slow path's RTT) is not, and then only less loss helps.
    // With SACK, RACK-TLP (RFC 8985) probes a lost tail after about two round trips, well before
    // the timer (the advice runs it and offers it only when the page gets faster).
    fixes: (c) => [
      ...(get(c, 'rack') === 'off' && senderValue(c.settings, 'sack', c.side)
        ? [{ key: 'rack', value: 'on' }]
        : []),
      atFloor(c) ? { key: 'minrto', value: LINUX_MIN_RTO_MS } : { key: 'loss', value: 0 },
    ],
  },
  pto: {
    label: 'PTO',
    words: 'probe timeout',
    // QUIC's wait on a lost tail, as the RTO is TCP's: one colour for one kind of wait.
    colour: TIMEOUT_COLOUR,
    sentence: (who, d) =>
      `The ${who} waited ${d} for its probe timeout (PTO): it sends one or two probes and, unlike TCP's RTO, keeps its congestion window`,
    // The timer is smoothed RTT + 4 rttvar + the peer's max_ack_delay (RFC 9002 6.2.1), with no
    // floor a knob sets and no tail probe to turn on: only less loss helps.
    fixes: () => [{ key: 'loss', value: 0 }],
    noKnob: lossIsZero,
  },
  'loss-timer': {
    label: 'loss timer',
    words: 'waiting out the reordering window (time threshold)',
    // A brighter violet than the timeouts' indigo: a timer's wait on a loss too, but no timeout.
    colour: { light: '#8925d0', dark: '#a64df0' },
    // One cause for one mechanism, loss found by time once a reordering window has passed.
    sentence: (who, d, settings) =>
      settings.http === '3'
        ? `The ${who} waited ${d} to call a packet lost: fewer than three later packets were acknowledged, so QUIC waited 9/8 of a round trip in case it was only reordered (RFC 9002 6.1.2)`
        : `The ${who} waited ${d} to call a segment lost: a later one was SACKed, so RACK waited a reordering window (a quarter of the minimum round trip) in case it was only reordered (RFC 8985 6.2)`,
    // The wait is QUIC's 9/8 of a round trip, or RACK's min_RTT / 4 (tcp/rack.ts reoWnd), which no
    // knob sets: only less loss helps.
    fixes: (c) => (Number(get(c, 'loss') ?? 0) > 0 ? [{ key: 'loss', value: 0 }] : []),
    noKnob: lossIsZero,
  },
  'tail-probe': {
    label: 'tail probe',
    words: 'waiting for a tail loss probe (the last data sent was lost)',
    // A pale violet beside the RTO's indigo: both wait on a lost tail. Tol's pear had read as
    // client think's yellow and flow control's olive.
    colour: same('#C5BAEE'),
    sentence: (who, d) =>
      `The ${who}'s last data was lost and no ACK came back to say so: it waited ${d} for its tail loss probe (TLP)`,
    // The probe waits two round trips (RFC 8985 7.2), a fixed part of the path: only less loss helps.
    fixes: (c) => (Number(get(c, 'loss') ?? 0) > 0 ? [{ key: 'loss', value: 0 }] : []),
    noKnob: lossIsZero,
  },
  recovery: {
    label: 'recovery',
    words: 'repairing losses one per round trip (no SACK)',
    colour: { light: '#CC3311', dark: '#ee7755' },
    sentence: (who, d) =>
      `The ${who} waited ${d} repairing its losses one per round trip: without SACK, each partial ACK shows only the next hole (NewReno)`,
    // SACK reports every hole at once and the sender repairs them in one round trip (RFC 6675);
    // else only less loss helps.
    fixes: (c) => [
      ...(get(c, 'http') !== '3' && !senderValue(c.settings, 'sack', c.side)
        ? [{ key: 'sack', value: true }]
        : []),
      ...(Number(get(c, 'loss') ?? 0) > 0 ? [{ key: 'loss', value: 0 }] : []),
    ],
    noKnob: lossIsZero,
  },
  'stale-connection': {
    label: 'stale connection',
    words: 'a request sent on a connection the server had closed',
    colour: same('#AA4499'),
    sentence: (_, d) => `The client lost ${d} to a request sent on a connection the server had closed`,
    fixes: () => [{ key: 'stale', value: false }],
  },
  'tls-handshake': {
    label: 'TLS',
    words: 'TLS handshake',
    // A pale green beside the TCP handshake's deep one (Tol's dark green had read as it).
    colour: same('#9DE9A2'),
    sentence: (_, d) => `The TLS handshake took ${d}`,
    // TLS 1.3 saves a round trip over 1.2, but not over 1.2 with False Start, which sends the
    // request after one round trip too. Resumed, a handshake sends no certificate (1.3 sends the
    // request in the first flight, 0-RTT), and a certificate flight larger than the server's
    // initial window waits a round trip for its ACKs, which a larger window saves (RFC 6928's
    // case): over the WAN with False Start, 217 ms of handshake, 127 ms with IW10, 96 ms resumed.
    // QUIC runs only 1.3, and its initial window is RFC 9002's.
    fixes: (c) => {
      if (get(c, 'http') === '3') return [{ key: 'resume', value: true }];
      return [
        ...(get(c, 'tls') === '1.2' && get(c, 'falsestart') !== true ? [{ key: 'tls', value: '1.3' }] : []),
        { key: 'resume', value: true },
        ...largerInitialWindows(c.settings, 'server'),
      ];
    },
  },
  'flow-control': {
    label: 'flow control',
    words: 'flow-control window spent',
    colour: same('#999933'),
    sentence: (who, d) => `The ${who} waited ${d} for flow-control credit`,
    fixes: (c) =>
      get(c, 'http') === '3'
        ? [{ key: 'h3window', value: Math.min(2 ** 30 - 1, Number(get(c, 'h3window') ?? 65_536) * 16) }]
        : [
            {
              key: 'h2window',
              value: Math.min(2 ** 31 - 1, Number(get(c, 'h2window') ?? DEFAULT_WINDOW) * 16),
            },
          ],
  },
  'hol-blocking': {
    label: 'HOL',
    words: "head-of-line blocking: in, but behind another stream's loss",
    // Tol's greys: his sand (#DDCC77) read as one colour with client think and flow control.
    colour: { light: '#555555', dark: '#dddddd' },
    sentence: (_, d) =>
      `Data already in waited ${d} behind a lost segment of another stream (head-of-line blocking)`,
    // The wait lasts until the server repairs the loss: SACK repairs every hole of a window in one
    // round trip (RFC 6675) where NewReno repairs one a round trip, and with SACK on RACK finds a
    // lost retransmission without the timer (RFC 8985). Less loss: a deeper queue or CoDel where
    // the queue overflowed, a controller that does not fill it (BBR). HTTP/3 delivers each stream
    // apart. The advice runs each and offers the first that helps: a page the link's rate bounds
    // gains nothing (HTTP/3 always being a candidate, "no knob" is never said).
    fixes: (c) => {
      const sack = senderValue(c.settings, 'sack', 'client') && senderValue(c.settings, 'sack', 'server');
      const queueFull = c.dropped('queue');
      return [
        sack ? { key: 'rack', value: 'on' } : { key: 'sack', value: true },
        ...(Number(get(c, 'loss')) > 0 ? [{ key: 'loss', value: 0 }] : []),
        ...(queueFull ? [{ key: 'queue', value: Math.min(100_000, queueOf(c.settings) * 4) }] : []),
        ...(queueFull ? [{ key: 'aqm', value: 'codel' }] : []),
        ...(congestionControlOf(c.settings, 'server') !== 'bbr' ? [{ key: 'cc', value: 'bbr' }] : []),
        { key: 'http', value: '3' },
      ];
    },
  },
  amplification: {
    label: '3x limit',
    words: 'anti-amplification limit: 3x the bytes received',
    colour: { light: '#661100', dark: '#d9826b' },
    // RFC 9000 8.1: before it has validated the client's address, a server sends at most three
    // times the bytes it has received; its handshake flight waits for more from the client.
    sentence: (_, d) =>
      `The server waited ${d} on QUIC's anti-amplification limit: until the client's address is validated, it may send at most three times the bytes it has received (RFC 9000 8.1)`,
    // A smaller chain (ECDSA, about 2 KB) fits the server's first flight in 3x the client's 1200 bytes.
    fixes: () => [{ key: 'cert', value: 2000 }],
  },
  pacing: {
    label: 'pacing',
    words: 'pacing: the next segment waits for its departure time',
    // Cyan: Tol's pale cyan had read as rwnd's sky blue.
    colour: same('#66CCCC'),
    sentence: (who, d) => `Pacing spaced the ${who}'s segments: ${d} of short waits in all`,
    manyShortWaits: true,
    fixes: none,
    // Spacing is the point (BBR always paces): bursts would fill the router's queue.
    noKnob: () => 'pacing spaces segments on purpose, so bursts do not fill the queue',
  },
};

/** Every cause, in the table's order (legends, sweep metrics). */
export const KNOWN_CAUSES = Object.keys(STALL_CAUSES) as StallCause[];

/** How views draw a cause: its label, words and fills. */
export interface CauseStyle {
  short: string;
  words: string;
  fill: string;
  darkFill: string;
}

/** The style of a cause; one this table does not know (from a newer trace) is a grey "stall". */
export function causeStyle(cause: string): CauseStyle {
  const row = (STALL_CAUSES as Record<string, StallCauseRow | undefined>)[cause];
  if (!row) return { short: cause, words: cause, fill: '#777777', darkFill: '#777777' };
  return { short: row.label, words: row.words, fill: row.colour.light, darkFill: row.colour.dark };
}

/** The dark theme's fill, as the custom property app.css reads on a stall band. */
export function darkFill(style: CauseStyle): Record<string, string> {
  return { '--stall-dark': style.darkFill };
}
