// Figures derived from a trace, counted as the papers count them: `bytes` are IP-level
// (TCP/IP headers plus payload, as tcpdump reports); link framing is reported apart.
import { isResentReason, type PacketRecord, type StallCause, type Trace } from './trace';
import { seconds } from './units';

export interface Metrics {
  packets: { total: number; c2s: number; s2c: number };
  bytes: number;
  payload_bytes: number; // TCP payload only: what Nielsen's tables count as Bytes
  framing_bytes: number;
  overhead_pct: number;
  elapsed_s: number;
  /** The last page load alone, when the page was loaded more than once (`loads`). */
  last_load_s: number | null;
  /** Each page load's time, from its start to its end (null if it never ended), in order. */
  loads_s: Array<number | null>;
  connections: number;
  max_parallel: number;
  objects: Array<{
    url: string;
    size: number;
    start_s: number;
    /** When the response's first byte reached the client (null if none did). */
    first_byte_s: number | null;
    end_s: number | null;
  }>;
  /** TLS runs only: each connection's handshake (TCP established to the client's first request
   * allowed) and the bytes TLS added: handshake records and every record's header and tag. */
  tls?: { handshake_s: Array<number | null>; overhead_bytes: number };
  /** QUIC runs only: each connection's handshake (opened to the client's first request allowed: 0
   * with 0-RTT) and the bytes QUIC added to the HTTP/3 stream data: UDP payload less STREAM data
   * (headers, tags, frames, ACKs, padding and the TLS handshake in CRYPTO frames). */
  quic?: { handshake_s: Array<number | null>; overhead_bytes: number };
  stalls: Array<{ cause: StallCause; conn: number; start_s: number; end_s: number }>;
  /** Data segments sent again (fast or timed-out retransmissions). */
  retransmits: number;
  /** Round trips the data senders measured: data sent to its first covering ACK (null without any). */
  rtt_ms: { min: number; p50: number; p95: number } | null;
}

const round = (x: number, digits: number) => Number(x.toFixed(digits));

/** From the first connection to the end of the last page load (or of the run, if a load never ended). */
export function elapsedNs(trace: Trace): number {
  const last = trace.loads[trace.loads.length - 1];
  return last?.endNs ?? trace.endNs;
}

export function lastLoadNs(trace: Trace): number | null {
  if (trace.loads.length < 2) return null;
  const last = trace.loads[trace.loads.length - 1];
  return last.endNs === null ? null : last.endNs - last.startNs;
}

/**
 * Objects of the reported load that never arrived: asked for (once or again), no attempt complete,
 * the client having given up on each (five connections in a row closed on it unanswered). Such a
 * load ends when the last object is settled, arrived or given up, so its time is not a whole page's.
 */
export function objectsNeverArrived(trace: Trace): { missing: number; asked: number } {
  const load = reportedLoad(trace).index;
  const asked = new Set<number>();
  const arrived = new Set<number>();
  for (const e of trace.exchanges) {
    if (e.load !== load) continue;
    asked.add(e.object);
    if (e.endNs !== null) arrived.add(e.object);
  }
  return { missing: asked.size - arrived.size, asked: asked.size };
}

/** The load the page's figures report: the last one, as the papers report repeated loads. */
export function reportedLoad(trace: Trace): { index: number; startNs: number; endNs: number } {
  const last = trace.loads[trace.loads.length - 1];
  if (!last) return { index: 0, startNs: 0, endNs: trace.endNs };
  return { index: last.index, startNs: last.startNs, endNs: last.endNs ?? trace.endNs };
}

/** The page time shown as "the page took": the reported load, from its start to its end. */
export function pageTimeNs(trace: Trace): number {
  const load = reportedLoad(trace);
  return load.endNs - load.startNs;
}

/** The response bytes of the reported load that arrived whole. */
export function reportedLoadResponseBytes(trace: Trace): number {
  const { index } = reportedLoad(trace);
  let bytes = 0;
  for (const e of trace.exchanges) if (e.load === index && e.endNs !== null) bytes += e.responseBytes;
  return bytes;
}

/** The most connections the client had open at once: from its SYN to its close (or a reset). */
export function maxParallel(trace: Trace): number {
  let open = 0;
  let most = 0;
  const ended = new Set<number>();
  for (const e of trace.events) {
    if (e.side !== 'client' || e.conn < 0) continue;
    if (e.kind === 'connect') open++;
    else if ((e.kind === 'close' || e.kind === 'reset' || e.kind === 'abort') && !ended.has(e.conn)) {
      ended.add(e.conn);
      open--;
    }
    most = Math.max(most, open);
  }
  return most;
}

/** The packets a capture at the trace's capture point saw: its own, sent, and the peer's that reached it. */
export function capturedPackets(trace: Trace): PacketRecord[] {
  const at = trace.capture ?? 'wire';
  if (at === 'wire') return trace.packets.all();
  const own = at === 'client' ? 'c2s' : 's2c';
  return trace.packets.filter((p) => p.dir === own || p.arriveNs !== null);
}

export function computeMetrics(trace: Trace): Metrics {
  let c2s = 0;
  let bytes = 0;
  let framing = 0;
  const packets = capturedPackets(trace);
  for (const p of packets) {
    if (p.dir === 'c2s') c2s++;
    bytes += p.ipBytes;
    framing += p.wireBytes - p.ipBytes;
  }
  const total = packets.length;
  const headerBytes = packets.reduce((sum, p) => sum + p.ipBytes - p.len, 0);
  return {
    packets: { total, c2s, s2c: total - c2s },
    bytes,
    payload_bytes: packets.reduce((sum, p) => sum + p.len, 0),
    framing_bytes: framing,
    overhead_pct: bytes === 0 ? 0 : round((100 * headerBytes) / bytes, 2),
    elapsed_s: round(seconds(elapsedNs(trace)), 6),
    last_load_s: lastLoadNs(trace) === null ? null : round(seconds(lastLoadNs(trace)!), 6),
    loads_s: trace.loads.map((l) => (l.endNs === null ? null : round(seconds(l.endNs - l.startNs), 6))),
    connections: trace.connections.length,
    max_parallel: maxParallel(trace),
    objects: trace.exchanges.map((e) => ({
      url: e.label,
      size: e.responseBytes,
      start_s: round(seconds(e.startNs), 6),
      first_byte_s: e.firstByteNs === null ? null : round(seconds(e.firstByteNs), 6),
      end_s: e.endNs === null ? null : round(seconds(e.endNs), 6),
    })),
    retransmits: trace.packets.filter(isRetransmission).length,
    rtt_ms: rttSummaryMs(trace),
    stalls: trace.stalls.map((s) => ({
      cause: s.cause,
      conn: s.conn,
      start_s: round(seconds(s.startNs), 6),
      end_s: round(seconds(s.endNs), 6),
    })),
    ...(trace.tlsRecords ? { tls: tlsFigures(trace) } : {}),
    ...(trace.packets.some((p) => p.quic) ? { quic: quicFigures(trace) } : {}),
  };
}

function quicFigures(trace: Trace): NonNullable<Metrics['quic']> {
  const ready = new Map<number, number>();
  for (const e of trace.events) if (e.kind === 'tls-ready' && !ready.has(e.conn)) ready.set(e.conn, e.atNs);
  let overhead = 0;
  for (const p of trace.packets)
    if (p.quic) overhead += p.ipBytes - UDP_IP_HEADER - (p.len - p.quic.cryptoBytes);
  return {
    handshake_s: trace.connections.map((c) => {
      const done = ready.get(c.id);
      return done === undefined ? null : round(seconds(done - c.openNs), 6);
    }),
    overhead_bytes: overhead,
  };
}

/** IPv4 and UDP headers under a QUIC datagram (quic/wire.ts). */
const UDP_IP_HEADER = 28;

function tlsFigures(trace: Trace): NonNullable<Metrics['tls']> {
  const connected = new Map<number, number>();
  for (const m of trace.milestones ?? []) if (m.kind === 'connected') connected.set(m.conn, m.atNs);
  const ready = new Map<number, number>();
  for (const e of trace.events) if (e.kind === 'tls-ready') ready.set(e.conn, e.atNs);
  return {
    handshake_s: trace.connections.map((c) => {
      const up = connected.get(c.id);
      const done = ready.get(c.id);
      return up === undefined || done === undefined ? null : round(seconds(done - up), 6);
    }),
    overhead_bytes: trace.tlsRecords!.reduce((sum, r) => sum + r.wireBytes - r.plainBytes, 0),
  };
}

/** The longest stall of a cause, in milliseconds (0 when there is none). */
export function longestStallMs(trace: Trace, cause: StallCause): number {
  let longest = 0;
  for (const s of trace.stalls) if (s.cause === cause) longest = Math.max(longest, s.endNs - s.startNs);
  return longest / 1e6;
}

/** Total time per stall cause, in nanoseconds. */
export function stallTotals(trace: Trace): Partial<Record<StallCause, number>> {
  const totals: Partial<Record<StallCause, number>> = {};
  for (const s of trace.stalls) totals[s.cause] = (totals[s.cause] ?? 0) + (s.endNs - s.startNs);
  return totals;
}

export const isRetransmission = (p: PacketRecord) => isResentReason(p.reason);

/**
 * RTT samples as tcptrace takes them: each data segment sent once (Karn: a range sent twice says
 * nothing) to the first ACK covering it that reaches its sender, in nanoseconds.
 */
export function rttSamplesNs(trace: Trace): number[] {
  const samples: number[] = [];
  // A connection's direction as a number, conn * 2 (+ 1 from the server; `^ 1` the opposite one):
  // a string made per packet had cost a long run's figures 30 ms.
  const key = (p: PacketRecord) => p.conn * 2 + +(p.dir === 's2c');
  const resent = new Map<number, Set<number>>(); // each direction's sequence numbers sent again
  for (const p of trace.packets)
    if (isRetransmission(p)) resent.set(key(p), (resent.get(key(p)) ?? new Set<number>()).add(p.seq));
  const acks = new Map<number, PacketRecord[]>(); // by the direction of the data they ACK
  for (const p of trace.packets) {
    if (p.arriveNs === null || p.ack === 0) continue;
    const list = acks.get(key(p) ^ 1) ?? [];
    if (list.length === 0) acks.set(key(p) ^ 1, list);
    list.push(p);
  }
  const cursor = new Map<number, number>();
  for (const p of trace.packets) {
    if (p.len === 0 || p.arriveNs === null || resent.get(key(p))?.has(p.seq)) continue;
    const k = key(p);
    const list = acks.get(k);
    if (!list) continue;
    let i = cursor.get(k) ?? 0;
    const end = p.seq + p.len;
    while (i < list.length && (list[i].ack < end || list[i].arriveNs! <= p.sendNs)) i++;
    cursor.set(k, i);
    if (i < list.length) samples.push(list[i].arriveNs! - p.sendNs);
  }
  return samples;
}

function rttSummaryMs(trace: Trace): Metrics['rtt_ms'] {
  const sorted = rttSamplesNs(trace).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const at = (q: number) =>
    round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] / 1e6, 3);
  return { min: at(0), p50: at(0.5), p95: at(0.95) };
}
