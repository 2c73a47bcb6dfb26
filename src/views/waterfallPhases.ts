// One waterfall row per HTTP exchange, split into phases as far as the trace tells them:
// queued (known but not yet asked for) | connect | TLS handshake | request (held at the client by
// a stall, or on the wire) | server wait (read, but the server busy: no free process, or earlier
// requests on the connection) | server (think) | first byte | receiving. The connection's setup
// and the request's leaving are read as the HAR reads them (engine/clientTimes.ts), first byte from the milestones the
// engine records; a trace without them (read from a capture, or saved before they existed) falls
// back to the SYN-ACK's arrival and to the first 'deliver' of a byte of this response. A request lost with
// its connection (closed before the response was complete) ends where the client asked again, or
// left the connection having given up on it.
import { connectionSetups, requestsSent, type ConnectionSetup } from '../engine/clientTimes';
import { FLAG, type MilestoneKind, type StallCause, type StallRecord, type Trace } from '../engine/trace';
import { causeStyle } from '../scenario/stallCauses';
import {
  exchangesOf,
  FirstTimes,
  isWritten,
  lossesOf,
  spanOf,
  type Exchange,
  type Loss,
} from './exchangeSpans';

export type PhaseKind =
  'queued' | 'connect' | 'tls' | 'held' | 'request' | 'server-wait' | 'server' | 'first-byte' | 'receiving';

export interface Phase {
  kind: PhaseKind;
  startNs: number;
  endNs: number;
  /** What this one was, where the kind's words say less ("request held by Nagle"). */
  words?: string;
}

export interface WaterfallRow {
  key: string;
  label: string;
  conn: number;
  startNs: number;
  endNs: number | null;
  firstByteNs: number | null;
  /** Its connection closed before the response was complete, then. */
  lostNs: number | null;
  /** The client asked for it again (else it gave up on the object). */
  askedAgain: boolean;
  /** Whether the request was written at all (a lost one may have waited its turn or the client's think). */
  written: boolean;
  phases: Phase[];
  /** The stream it travelled on, where streams share a connection (HTTP/2). */
  stream?: number;
  /** The page load it belongs to (0 for the first; absent in traces made before loads were recorded). */
  load?: number;
}

export const PHASE_WORDS: Record<PhaseKind, string> = {
  queued: 'waiting its turn',
  connect: 'connecting',
  tls: 'TLS handshake',
  held: 'request held at the client',
  request: 'request on the wire',
  'server-wait': 'waiting at the busy server',
  server: 'server think',
  'first-byte': 'waiting for the first byte',
  receiving: 'receiving',
};

/** A phase as a row's tooltip names it. */
export const phaseWords = (p: Phase): string => p.words ?? PHASE_WORDS[p.kind];

/**
 * The written exchanges of one connection in request order (responses come back in the same
 * order; a request never written has no place in its stream).
 */
function onConnection(trace: Trace, conn: number): Exchange[] {
  return exchangesOf(trace)
    .filter((e) => e.conn === conn && isWritten(e))
    .sort((a, b) => a.startNs - b.startNs || (a.id ?? a.index ?? 0) - (b.id ?? b.index ?? 0));
}

function firstDeliverNs(trace: Trace, ex: Exchange, startSeq: number): number | null {
  const endSeq = startSeq + ex.responseBytes;
  let first: number | null = null;
  for (const e of trace.events) {
    if (e.kind !== 'deliver' || e.side !== 'client' || e.conn !== ex.conn || e.seq === undefined) continue;
    const last = e.seq + (e.bytes ?? 0);
    if (last > startSeq && e.seq < endSeq && (first === null || e.atNs < first)) first = e.atNs;
  }
  return first;
}

function eventNs(times: FirstTimes, ex: Exchange, kind: 'request-read' | 'response-write'): number | null {
  return times.get(kind, ex.conn, ex.id ?? ex.index);
}

function milestoneNs(times: FirstTimes, conn: number, kind: MilestoneKind, exchange?: number): number | null {
  return times.get(kind, conn, exchange);
}

/** When the client learned its connection was open, in a trace that records no setup. */
function connectedNs(trace: Trace, times: FirstTimes, conn: number): number | null {
  if (trace.milestones) return milestoneNs(times, conn, 'connected');
  const synAck = trace.packets.find(
    (p) => p.conn === conn && p.dir === 's2c' && p.flags & FLAG.SYN && p.arriveNs !== null,
  );
  return synAck?.arriveNs ?? null;
}

/**
 * The phases of setting a connection up: TCP's handshake, then TLS's. QUIC's one handshake is
 * both (RFC 9001), as the breakdown's "connection handshake" and the HAR's connect (all of it
 * ssl too) have it: one phase, that says so.
 */
function setupPhases(
  trace: Trace,
  times: FirstTimes,
  conn: number,
  setup: ConnectionSetup | undefined,
): Phase[] {
  const openNs = setup?.openNs ?? trace.connections.find((c) => c.id === conn)?.openNs ?? null;
  if (openNs === null) return [];
  const phase = (kind: PhaseKind, endNs: number | null, words?: string): Phase[] =>
    endNs !== null && endNs > openNs ? [{ kind, startNs: openNs, endNs, ...(words ? { words } : {}) }] : [];
  const tcpUp = setup?.establishedNs ?? null;
  const secure = setup?.secureNs ?? null;
  if (tcpUp === null && secure !== null) return phase('connect', secure, 'connecting (QUIC and TLS at once)');
  const connect = phase('connect', tcpUp ?? connectedNs(trace, times, conn));
  if (tcpUp === null || secure === null || secure <= tcpUp) return connect;
  return [...connect, { kind: 'tls', startNs: tcpUp, endNs: secure }];
}

/** Why a connection's client held what it had to send: causes of waits on other things left out. */
const NOT_HOLDING = new Set<StallCause>([
  'handshake',
  'tls-handshake',
  'client-think',
  'server-think',
  'server-process',
  'stale-connection',
  'hol-blocking',
]);

/**
 * The stretches of [fromNs, toNs) in which the client held its bytes on a connection, and why. A
 * wait after the request left (an RTO's, for data lost on the wire) is not a hold of it.
 */
function heldStretches(trace: Trace, conn: number, fromNs: number, toNs: number): Phase[] {
  const stalls = trace.stalls
    .filter(
      (s) =>
        s.conn === conn &&
        s.side === 'client' &&
        !NOT_HOLDING.has(s.cause) &&
        s.endNs > fromNs &&
        s.startNs < toNs,
    )
    .sort((a, b) => a.startNs - b.startNs);
  const out: Phase[] = [];
  let at = fromNs;
  // Of overlapping stalls the one that began first wins, as in the breakdown.
  for (const s of stalls) {
    const startNs = Math.max(s.startNs, at);
    const endNs = Math.min(s.endNs, toNs);
    if (endNs <= startNs) continue;
    out.push({ kind: 'held', startNs, endNs, words: `request held by ${causeStyle(s.cause).short}` });
    at = endNs;
  }
  return out;
}

/**
 * When the response's first byte reached the client: the milestone, else the exchange's own
 * record, and only in a trace with neither (a capture, an old save) the first delivery of a byte
 * of it. A response that never began has none: searching the deliveries then found other bytes
 * (an HTTP/2 request lost with its connection "received" the TLS handshake's).
 */
function firstByteOf(trace: Trace, times: FirstTimes, ex: Exchange, startSeq: number): number | null {
  if (trace.milestones && ex.id !== undefined) return milestoneNs(times, ex.conn, 'first-byte', ex.id);
  if (ex.firstByteNs !== undefined) return ex.firstByteNs;
  return firstDeliverNs(trace, ex, startSeq);
}

/**
 * The servers' think times, found by how each server records one (http/serverBase.ts): HTTP/1.x
 * serves a connection's requests one at a time, so a think ends as its response is written;
 * HTTP/2 and 3 think about each request as it is read, in parallel. Indexed once, not searched per row.
 */
class ServerThinks {
  private readonly byEnd = new Map<string, StallRecord>();
  private readonly byStart = new Map<string, StallRecord>();

  constructor(trace: Trace) {
    for (const s of trace.stalls) {
      if (s.cause !== 'server-think') continue;
      const end = `${s.conn} ${s.endNs}`;
      const start = `${s.conn} ${s.startNs}`;
      if (!this.byEnd.has(end)) this.byEnd.set(end, s);
      if (!this.byStart.has(start)) this.byStart.set(start, s);
    }
  }

  /** The think that ended when the response was written (its request waited before it began). */
  endingAt(conn: number, writeNs: number): StallRecord | null {
    return this.byEnd.get(`${conn} ${writeNs}`) ?? null;
  }

  /** The think that began when the request was read (its response may wait after it). */
  startingAt(conn: number, readNs: number): StallRecord | null {
    return this.byStart.get(`${conn} ${readNs}`) ?? null;
  }
}

function rowFor(
  trace: Trace,
  times: FirstTimes,
  setups: Map<number, ConnectionSetup>,
  sent: Map<number, number>,
  thinks: ServerThinks,
  ex: Exchange,
  loss: Loss | undefined,
): WaterfallRow {
  const { startNs, lostNs, drawnEndNs: endNs } = spanOf(trace, ex, loss);
  const phases: Phase[] = [];
  const push = (kind: PhaseKind, s: number | null | undefined, e: number | null | undefined) => {
    if (s != null && e != null && e > s) phases.push({ kind, startNs: s, endNs: e });
  };
  const row: WaterfallRow = {
    key: `${ex.conn}-${ex.id ?? ex.index}`,
    label: ex.label,
    conn: ex.conn,
    startNs,
    endNs: ex.endNs,
    firstByteNs: null,
    lostNs,
    askedAgain: loss?.askedAgain ?? false,
    written: isWritten(ex),
    phases,
  };
  if (ex.stream !== undefined) row.stream = ex.stream;
  if (ex.load !== undefined) row.load = ex.load;
  if (!row.written) {
    push('queued', startNs, endNs);
    return row;
  }
  const siblings = onConnection(trace, ex.conn);
  const position = siblings.indexOf(ex);
  const startSeq = 1 + siblings.slice(0, position).reduce((sum, o) => sum + o.responseBytes, 0);
  const received = firstByteOf(trace, times, ex, startSeq);
  const firstByteNs = received !== null && received <= endNs ? received : null;
  row.firstByteNs = firstByteNs;
  if (position === 0) {
    const setup = setupPhases(trace, times, ex.conn, setups.get(ex.conn));
    if (ex.queuedNs !== undefined && setup.length > 0) push('queued', ex.queuedNs, setup[0].startNs);
    phases.push(...setup);
    if (setup.length > 0) push('queued', setup[setup.length - 1].endNs, ex.startNs);
  } else {
    const previous = siblings[position - 1];
    push('queued', ex.queuedNs ?? previous.endNs, ex.startNs);
  }
  const read = eventNs(times, ex, 'request-read');
  const write = eventNs(times, ex, 'response-write');
  if (read !== null && write !== null && read >= ex.startNs && write >= read && write <= endNs) {
    // A request the client held (Nagle's algorithm, a full window) was not yet on the wire.
    const leftNs = Math.min(read, (ex.id !== undefined ? sent.get(ex.id) : undefined) ?? ex.startNs);
    let at = ex.startNs;
    for (const held of heldStretches(trace, ex.conn, ex.startNs, leftNs)) {
      push('request', at, held.startNs);
      phases.push(held);
      at = held.endNs;
    }
    push('request', at, read);
    // "Server think" is only the think: a request read while the server was busy (no free
    // process, or earlier requests on its connection) waited first, and an HTTP/2 response
    // thought about at once may wait after, behind other streams, for its first byte.
    const served = thinks.endingAt(ex.conn, write);
    const prepared = served === null ? thinks.startingAt(ex.conn, read) : null;
    if (served !== null && served.startNs >= read) {
      push('server-wait', read, served.startNs);
      push('server', served.startNs, write);
      push('first-byte', write, firstByteNs ?? endNs);
    } else if (prepared !== null && prepared.endNs <= write) {
      push('server', read, prepared.endNs);
      push('first-byte', prepared.endNs, firstByteNs ?? endNs);
    } else {
      push('server', read, write);
      push('first-byte', write, firstByteNs ?? endNs);
    }
  } else {
    push('first-byte', ex.startNs, firstByteNs ?? endNs);
  }
  push('receiving', firstByteNs, endNs);
  return row;
}

export function waterfallRows(trace: Trace): WaterfallRow[] {
  const times = new FirstTimes(trace);
  const losses = lossesOf(trace, times);
  const thinks = new ServerThinks(trace);
  const setups = connectionSetups(trace);
  const sent = requestsSent(trace);
  return [...exchangesOf(trace)]
    .sort(
      (a, b) =>
        (a.queuedNs ?? a.startNs) - (b.queuedNs ?? b.startNs) || a.startNs - b.startNs || a.conn - b.conn,
    )
    .map((ex) => rowFor(trace, times, setups, sent, thinks, ex, losses.get(ex)));
}
