// When the client set each connection up (began to open it, TCP's handshake done, TLS letting it
// send) and when each request left it. The HAR's connect, ssl and send timings and the waterfall's
// "connecting", "TLS handshake" and "request held" phases are read from here, so the two tell one
// story. QUIC's handshake is its transport's and TLS's at once (RFC 9001): it records no TCP
// establishment, only TLS's readiness.
import type { PacketRecord, Trace } from './trace';

export interface ConnectionSetup {
  /** When the client began to open it. */
  openNs: number;
  /** When TCP's handshake was done at the client; null over QUIC, or when it never was. */
  establishedNs: number | null;
  /** When TLS (QUIC's included) let the client send application data; null without TLS. */
  secureNs: number | null;
  /** The exchange the client wrote first on it; -1 before any. */
  firstExchange: number;
}

/** Each connection's setup, by connection id, from the client's first record of each step. */
export function connectionSetups(trace: Trace): Map<number, ConnectionSetup> {
  const out = new Map<number, ConnectionSetup>();
  for (const c of trace.connections)
    out.set(c.id, { openNs: c.openNs, establishedNs: null, secureNs: null, firstExchange: -1 });
  for (const event of trace.events) {
    const c = event.side === 'client' ? out.get(event.conn) : undefined;
    if (!c) continue;
    if (event.kind === 'established') c.establishedNs ??= event.atNs;
    else if (event.kind === 'tls-ready') c.secureNs ??= event.atNs;
    else if (event.kind === 'request-write' && c.firstExchange < 0) c.firstExchange = event.exchange ?? -1;
  }
  return out;
}

/** Each written request's end, as a relative sequence number on its connection, by exchange id. */
function requestEnds(trace: Trace): Map<number, number> {
  const sent = new Map<number, number>();
  const out = new Map<number, number>();
  for (const event of trace.events) {
    if (event.side !== 'client' || event.kind !== 'request-write' || event.exchange === undefined) continue;
    const total = (sent.get(event.conn) ?? 0) + (event.bytes ?? 0);
    sent.set(event.conn, total);
    out.set(event.exchange, total + 1); // sequence numbers start at 1 after the SYN
  }
  return out;
}

/**
 * When each written request's last byte first left the client (the first packet carrying it; the
 * request's writing, when none did), by exchange id. Only written requests have one.
 */
export function requestsSent(trace: Trace): Map<number, number> {
  const ends = requestEnds(trace);
  const sending = new Map<number, PacketRecord[]>();
  for (const p of trace.packets) {
    if (p.dir !== 'c2s' || p.len === 0) continue;
    const list = sending.get(p.conn);
    if (list) list.push(p);
    else sending.set(p.conn, [p]);
  }
  const out = new Map<number, number>();
  for (const e of trace.exchanges) {
    const endSeq = ends.get(e.id);
    if (endSeq === undefined) continue;
    const first = sending.get(e.conn)?.find((p) => p.seq + p.len >= endSeq && p.sendNs >= e.startNs);
    out.set(e.id, first?.sendNs ?? e.startNs);
  }
  return out;
}
