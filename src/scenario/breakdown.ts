// "Where did the time go": the wall-clock time of the page load (the last load, as the headline
// reports it) split so that every instant goes to exactly one cause, and the parts add up to the
// page time. When several things happen at once, one wins:
//   1. packets in flight on a connection that is not stalled: "moving data" (a stall on one
//      connection costs the page nothing while another connection moves data), except a closing
//      connection's FINs and bare ACKs, which move none of the page;
//   2. else, with stalls under way, the stall that began first (later ones are often its
//      consequences; ties go to the longer stall; a wait that explains the one it sits in,
//      EXPLAINS below, wins over it), leaving out a stall whose link is busy sending data: the
//      bytes it holds up could not have come any sooner, so the wait costs nothing then (a server
//      thinking about the next pipelined request while its last response is still on a modem;
//      counting it had the callout offer "server think: 0", which saved nothing). The link is the
//      stalled side's own, but the sender's for head-of-line blocking (linkOf below);
//   3. else "moving data" if a link is sending data (behind such stalls) or packets that move none
//      of the page are under way (a closing connection's FIN, a bare packet lost on the wire), or
//      "idle": nothing in flight and nothing waiting.
// The panel, the headline's callout and a sweep's stall time all read this one breakdown, so no
// figure on screen counts a stall differently from another. The panel's note says the rule in one
// sentence (views/TimeBreakdown.tsx, loaded after the first picture).
import { reportedLoad } from '../engine/metrics';
import {
  droppedAtQueue,
  FLAG,
  type PacketRecord,
  type Side,
  type StallCause,
  type StallRecord,
  type Trace,
} from '../engine/trace';
import type { PathTiming } from '../engine/path';
import { serializationNs } from './linkTiming';

export type PartCause = StallCause | 'transfer' | 'idle';

export interface BreakdownPart {
  cause: PartCause;
  ns: number;
}

export interface Breakdown {
  /** The load shown: its index, and how many loads the run had. */
  load: number;
  loads: number;
  startNs: number;
  endNs: number;
  /** The page time: the load's wall-clock time, which the parts sum to exactly. */
  elapsedNs: number;
  /** Length of the bar (the page time). */
  totalNs: number;
  parts: BreakdownPart[];
}

interface Edge {
  atNs: number;
  conn: number;
  /** +1 or -1 to the connection's packets in flight, or a stall starting or ending. */
  flight: number;
  stall?: StallRecord;
  starts?: boolean;
  /** +1 or -1 to the data packets a side's link is sending (serializing), on `side`'s link. */
  sending?: number;
  /** +1 or -1 to packets under way that move none of the page (rule 3 only). */
  background?: number;
  side?: Side;
}

/**
 * Per connection and direction, the stretches of a TCP byte stream that hold TLS handshake
 * records (adjacent ones merged), in stream order: a segment inside one carries no data of the
 * page. Empty without TLS.
 */
function handshakeStretches(trace: Trace): Map<string, Array<[number, number]>> {
  const stretches = new Map<string, Array<[number, number]>>();
  // Records are written in stream order, so each stream's list comes sorted.
  for (const r of trace.tlsRecords ?? []) {
    if (r.plainBytes > 0) continue;
    const key = `${r.conn}:${r.dir}`;
    let list = stretches.get(key);
    if (!list) stretches.set(key, (list = []));
    const last = list[list.length - 1];
    if (last && last[1] === r.seq) last[1] = r.seq + r.wireBytes;
    else list.push([r.seq, r.seq + r.wireBytes]);
  }
  return stretches;
}

/** Whether a segment's bytes all lie in one stretch of TLS handshake records. */
function onlyHandshake(p: PacketRecord, stretches: Map<string, Array<[number, number]>>): boolean {
  const list = stretches.get(`${p.conn}:${p.dir}`);
  if (!list) return false;
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid][1] <= p.seq) lo = mid + 1;
    else if (list[mid][0] > p.seq) hi = mid - 1;
    else return p.seq + p.len <= list[mid][1];
  }
  return false;
}

function edgesOf(trace: Trace, path: PathTiming): Edge[] {
  const edges: Edge[] = [];
  const handshake = handshakeStretches(trace);
  // A connection closing moves none of the page: its FINs and their ACKs, in flight while the next
  // connection shakes hands, had hidden three of four HTTP/1.0 handshakes as "moving data". It
  // closes once it has sent a FIN and the last of its data has arrived: the duplicate ACKs that
  // ask again for data lost before the FIN still move the page (they had read as 88 ms of idle).
  // With nothing else under way, a page waiting on a close (for a free connection) is not idle.
  // Bare packets wait here until every connection's closing time is known. (One pass by index: a
  // long run's table makes a record object on every read.)
  const closingFromNs = new Map<number, number>();
  const lastDataNs = new Map<number, number>();
  const bare: Array<{ conn: number; sendNs: number; arriveNs: number }> = [];
  const packets = trace.packets;
  for (let i = 0; i < packets.length; i++) {
    const p = packets.get(i);
    if (p.flags & FLAG.FIN && !closingFromNs.has(p.conn)) closingFromNs.set(p.conn, p.sendNs);
    // Only data keeps a side's link busy for the rule above: a SYN, a bare ACK or a packet of TLS
    // handshake messages alone (a QUIC packet's CRYPTO frames, a TCP segment inside handshake
    // records) moves none of the page (a QUIC client's padded Initial on the wire had cut 10 ms
    // out of the 218 ms handshake its ladder shows, a modem's ClientHello and Finished 157 ms out
    // of a 1.82 s TLS handshake). Data lost on the wire kept it busy too (its loss shows as the
    // stall that follows, but its bytes were sent: on a modem a lost segment had read as 300 ms of
    // "idle"); data the queue dropped never reached the link.
    const data = p.len > (p.quic?.cryptoBytes ?? 0) && !onlyHandshake(p, handshake);
    if (data && !droppedAtQueue(p.drop)) {
      const side: Side = p.dir === 'c2s' ? 'client' : 'server';
      const doneNs = p.sendNs + serializationNs(p.wireBytes, path[p.dir].bandwidthBps);
      edges.push(
        { atNs: p.sendNs, conn: p.conn, flight: 0, sending: 1, side },
        { atNs: doneNs, conn: p.conn, flight: 0, sending: -1, side },
      );
    }
    // A bare packet (or one of handshake messages) lost on the wire kept its link busy all the
    // same (a modem's 13 ms ACK had read as idle), though it never counts against a stall as data does.
    if (!data && p.drop === 'loss') {
      const doneNs = p.sendNs + serializationNs(p.wireBytes, path[p.dir].bandwidthBps);
      edges.push(
        { atNs: p.sendNs, conn: p.conn, flight: 0, background: 1 },
        { atNs: doneNs, conn: p.conn, flight: 0, background: -1 },
      );
    }
    // A dropped packet moves nothing: its loss shows as the stall that follows.
    if (p.arriveNs === null || p.arriveNs <= p.sendNs) continue;
    if (p.len > 0 && p.arriveNs > (lastDataNs.get(p.conn) ?? 0)) lastDataNs.set(p.conn, p.arriveNs);
    if (p.len === 0) {
      bare.push({ conn: p.conn, sendNs: p.sendNs, arriveNs: p.arriveNs });
      continue;
    }
    edges.push({ atNs: p.sendNs, conn: p.conn, flight: 1 }, { atNs: p.arriveNs, conn: p.conn, flight: -1 });
  }
  for (const p of bare) {
    const closingNs = Math.max(closingFromNs.get(p.conn) ?? Infinity, lastDataNs.get(p.conn) ?? 0);
    if (p.sendNs >= closingNs)
      edges.push(
        { atNs: p.sendNs, conn: p.conn, flight: 0, background: 1 },
        { atNs: p.arriveNs, conn: p.conn, flight: 0, background: -1 },
      );
    else
      edges.push({ atNs: p.sendNs, conn: p.conn, flight: 1 }, { atNs: p.arriveNs, conn: p.conn, flight: -1 });
  }
  for (const s of trace.stalls) {
    if (s.endNs <= s.startNs) continue;
    edges.push({ atNs: s.startNs, conn: s.conn, flight: 0, stall: s, starts: true });
    edges.push({ atNs: s.endNs, conn: s.conn, flight: 0, stall: s, starts: false });
  }
  return edges.sort((a, b) => a.atNs - b.atNs);
}

/**
 * The side whose link, busy sending data, makes a stall free. Mostly the stalled side's own: its
 * bytes wait to leave (a sender waiting on a window, a timer or an ACK, a server thinking, a
 * client writing its requests). Head-of-line blocking is the receiver's: the data held back is
 * in already, and what it waits for, the lost segment sent again, comes over the sender's link:
 * while that link is full, nothing could arrive sooner (over a satellite, 5 s of a 16 s HTTP/2
 * load had read as HOL while the server sent at the full link rate, and HTTP/3 was no faster).
 */
function linkOf(s: StallRecord): Side {
  if (s.cause === 'hol-blocking') return s.side === 'client' ? 'server' : 'client';
  return s.side;
}

/**
 * A wait that says why a broader one on its connection lasts, and so takes the time they share:
 * QUIC's server, its first flight held by the 3x limit (RFC 9000 8.1), is why the client's
 * handshake takes a second round trip (it had hidden inside "connection handshake", which began
 * first). Named cause by cause: a stall that merely lies inside another (a client's think time
 * inside a parallel connection's handshake) does not explain it.
 */
const EXPLAINS: Partial<Record<StallCause, StallCause>> = { amplification: 'handshake' };

/** Whether stall `a` says why `b`, on its connection, lasts (EXPLAINS). */
export const explains = (a: StallRecord, b: StallRecord) =>
  a.conn === b.conn && EXPLAINS[a.cause] === b.cause;

/**
 * Rule 2: the stall that began first, the longer on a tie, then by name so the answer never
 * varies, among those whose link (`linkOf`) is not sending data (null when there is none); but a
 * stall that explains another (`EXPLAINS`) wins over it.
 */
function firstStall(active: Set<StallRecord>, sending: Record<Side, number>): StallRecord | null {
  let best: StallRecord | null = null;
  for (const s of active) {
    if (sending[linkOf(s)] > 0) continue;
    if (best && explains(best, s)) continue;
    if (
      !best ||
      explains(s, best) ||
      s.startNs < best.startNs ||
      (s.startNs === best.startNs && s.endNs - s.startNs > best.endNs - best.startNs) ||
      (s.startNs === best.startNs && s.endNs === best.endNs && s.cause < best.cause)
    )
      best = s;
  }
  return best;
}

/** Who owns the instants of the time window [startNs, endNs), by the rules at the top. */
function attribute(trace: Trace, path: PathTiming, startNs: number, endNs: number): Map<PartCause, number> {
  const flight = new Map<number, number>();
  const stalledBy = new Map<number, number>();
  const isMoving = (conn: number) => (flight.get(conn) ?? 0) > 0 && (stalledBy.get(conn) ?? 0) === 0;
  let moving = 0; // connections moving data: packets in flight and no stall
  const active = new Set<StallRecord>();
  const totals = new Map<PartCause, number>();
  const sending: Record<Side, number> = { client: 0, server: 0 };
  let background = 0;
  const edges = edgesOf(trace, path);
  let at = startNs;
  let i = 0;
  while (at < endNs) {
    for (; i < edges.length && edges[i].atNs <= at; i++) {
      const e = edges[i];
      if (e.sending) {
        sending[e.side!] += e.sending;
        continue;
      }
      if (e.background) {
        background += e.background;
        continue;
      }
      const was = isMoving(e.conn);
      if (e.stall) {
        stalledBy.set(e.conn, (stalledBy.get(e.conn) ?? 0) + (e.starts ? 1 : -1));
        if (e.starts) active.add(e.stall);
        else active.delete(e.stall);
      } else flight.set(e.conn, (flight.get(e.conn) ?? 0) + e.flight);
      moving += Number(isMoving(e.conn)) - Number(was);
    }
    const next = Math.min(endNs, i < edges.length ? edges[i].atNs : endNs);
    const stall = moving > 0 ? null : firstStall(active, sending);
    const underWay = sending.client > 0 || sending.server > 0 || background > 0;
    const cause: PartCause = moving > 0 ? 'transfer' : stall ? stall.cause : underWay ? 'transfer' : 'idle';
    totals.set(cause, (totals.get(cause) ?? 0) + (next - at));
    at = next;
  }
  return totals;
}

/** Traces never change once simulated (nor the path they ran on), so each is broken down once for every view that asks. */
const computed = new WeakMap<Trace, Breakdown>();

/** The breakdown of a run: its trace, and the path it ran on (whose bandwidth says when a link is busy). */
export function breakdown(trace: Trace, path: PathTiming): Breakdown {
  let b = computed.get(trace);
  if (!b) computed.set(trace, (b = breakdownOf(trace, path)));
  return b;
}

function breakdownOf(trace: Trace, path: PathTiming): Breakdown {
  const load = reportedLoad(trace);
  const totalNs = load.endNs - load.startNs;
  const order: Record<string, number> = { transfer: 1, idle: 2 };
  const parts = [...attribute(trace, path, load.startNs, load.endNs)]
    .filter(([, ns]) => ns > 0)
    .map(([cause, ns]) => ({ cause, ns }))
    // Stalls first, longest first; then moving data, then idle time.
    .sort((a, b) => (order[a.cause] ?? 0) - (order[b.cause] ?? 0) || b.ns - a.ns);
  return {
    load: load.index,
    loads: Math.max(1, trace.loads.length),
    startNs: load.startNs,
    endNs: load.endNs,
    elapsedNs: totalNs,
    totalNs,
    parts,
  };
}

/** The wall-clock time the breakdown gives a cause in the reported load (0 when none). */
export function partNs(b: Breakdown, cause: PartCause): number {
  return b.parts.find((p) => p.cause === cause)?.ns ?? 0;
}
