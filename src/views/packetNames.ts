// Packets named in plain words: `SYN`, `GET /img3.gif`, `200 OK (1460 B)`, `data 1460 B`,
// `ACK 8761`, `FIN`. A segment's bytes are matched to the request or response they carry through
// the app's writes (request-write, response-write), which the trace records in application-stream
// order; under TLS those offsets are mapped past the records' headers (streamOffsets.ts). An
// HTTP/2 segment is named by its frames instead (`HEADERS 3, DATA 1`).
import { FLAG, isResentReason, type PacketRecord, type Trace } from '../engine/trace';
import { frameNames, framesInPackets } from './framePacketNames';
import { wireSeqOf } from './streamOffsets';
import { tlsPacketName } from './tlsPacketNames';
import { quicPacketName } from './quicPacketNames';

/** One application message's bytes in a side's stream: [start, end) in relative sequence numbers. */
interface Message {
  start: number; // application-stream offsets
  end: number;
  exchange: number;
  wireStart: number; // the relative sequence number of its first byte
}

type Streams = Map<string, Message[]>;

const key = (conn: number, dir: 'c2s' | 's2c') => `${conn}:${dir}`;

/** Each connection's two byte streams cut into the messages written to them. */
function messageStreams(trace: Trace): Streams {
  const multiplexed = new Set((trace.frames ?? []).map((f) => f.conn));
  const wireSeq = wireSeqOf(trace);
  const streams: Streams = new Map();
  const next = new Map<string, number>();
  for (const e of trace.events) {
    if ((e.kind !== 'request-write' && e.kind !== 'response-write') || e.exchange === undefined) continue;
    if (multiplexed.has(e.conn)) continue; // named by its frames
    const dir = e.kind === 'request-write' ? 'c2s' : 's2c';
    const k = key(e.conn, dir);
    const start = next.get(k) ?? 0; // application-stream offsets
    const end = start + (e.bytes ?? 0);
    next.set(k, end);
    const list = streams.get(k) ?? [];
    const last = list[list.length - 1];
    // A response written in several pieces is one message.
    if (last && last.exchange === e.exchange && last.end === start) last.end = end;
    else list.push({ start, end, exchange: e.exchange, wireStart: wireSeq(e.conn, dir, start) });
    streams.set(k, list);
  }
  return streams;
}

/** Messages whose first byte lies in [seq, seq + len). */
function startingIn(list: Message[] | undefined, seq: number, len: number): Message[] {
  if (!list) return [];
  return list.filter((m) => m.wireStart >= seq && m.wireStart < seq + len);
}

/** A function naming each packet of the trace; build once per trace. */
export function packetNamer(trace: Trace): (p: PacketRecord) => string {
  const streams = messageStreams(trace);
  const framesIn = framesInPackets(trace);
  const exchanges = new Map(trace.exchanges.map((x) => [x.id, x]));
  const request = (id: number) => {
    const x = exchanges.get(id);
    if (!x) return 'request';
    const path = x.label.startsWith('/') || x.kind === 'GETALL' ? x.label : `/${x.label}`;
    return x.kind === 'GETALL' ? 'GETALL' : `${x.kind === 'HEAD' ? 'HEAD' : 'GET'} ${path}`;
  };
  const status = (id: number) => (exchanges.get(id)?.kind === 'CGET' ? '304' : '200 OK');
  /**
   * The HTTP/1.x message a segment begins (`GET /a.gif`, `200 OK (1460 B)`: the segment's size, the
   * headers' included; "200 OK + 226 B" had read as 226 bytes more than the headers), or null.
   */
  const messageWords = (p: PacketRecord): string | null => {
    const starts = startingIn(streams.get(key(p.conn, p.dir)), p.seq, p.len);
    if (starts.length === 0) return null;
    const more = starts.length > 1 ? ` +${starts.length - 1}` : '';
    if (p.dir === 'c2s') return `${request(starts[0].exchange)}${more}`;
    return `${status(starts[0].exchange)}${more} (${p.len} B)`;
  };
  return (p) => {
    const again =
      p.reason === 'tlp'
        ? ' (TLP, resent)'
        : p.reason === 'tlp-new'
          ? ' (TLP)'
          : isResentReason(p.reason)
            ? ' (resent)'
            : '';
    const quic = quicPacketName(p); // a QUIC datagram is named by its packets and frames
    if (quic) return `${quic}${again}`;
    if (p.flags & FLAG.RST) return 'RST';
    if (p.flags & FLAG.SYN) return (p.flags & FLAG.ACK ? 'SYN-ACK' : 'SYN') + again;
    const fin = p.flags & FLAG.FIN ? 'FIN' : '';
    if (p.len === 0) {
      if (fin) return fin + again;
      if (p.reason === 'probe') return 'window probe';
      if (p.reason === 'window-update') return `window ${p.win}`;
      return `ACK ${p.ack}`;
    }
    // What the application wrote: HTTP/2 frames, or the HTTP/1.x message the segment begins. A TLS
    // run's handshake records are named by what they are (ClientHello, Certificate 3.5 KB), with
    // the application's words in their place among them (0-RTT: `GET /, EndOfEarlyData, Finished`).
    const app = frameNames(framesIn(p), p) ?? messageWords(p);
    const tls = tlsPacketName(trace, p, app ?? undefined);
    const words = tls ?? app ?? `data ${p.len} B`;
    return `${words}${fin ? ' + FIN' : ''}${again}`;
  };
}
