// Packets named in plain words: `SYN`, `GET /img3.gif`, `200 OK + 1460 B`, `data 1460 B`,
// `ACK 8761`, `FIN`. A segment's bytes are matched to the request or response they carry through
// the app's writes (request-write, response-write), which the trace records in stream order.
import { FLAG, type PacketRecord, type Trace } from '../engine/trace';
import { tlsPacketName } from './tlsPacketNames';
import { quicPacketName } from './quicPacketNames';

/** One application message's bytes in a side's stream: [start, end) in relative sequence numbers. */
interface Message {
  start: number;
  end: number;
  exchange: number;
}

type Streams = Map<string, Message[]>;

const key = (conn: number, dir: 'c2s' | 's2c') => `${conn}:${dir}`;

/** Each connection's two byte streams cut into the messages written to them. */
function messageStreams(trace: Trace): Streams {
  const streams: Streams = new Map();
  const next = new Map<string, number>();
  for (const e of trace.events) {
    if ((e.kind !== 'request-write' && e.kind !== 'response-write') || e.exchange === undefined) continue;
    const k = key(e.conn, e.kind === 'request-write' ? 'c2s' : 's2c');
    const start = next.get(k) ?? 1; // the SYN takes sequence number 0
    const end = start + (e.bytes ?? 0);
    next.set(k, end);
    const list = streams.get(k) ?? [];
    const last = list[list.length - 1];
    // A response written in several pieces is one message.
    if (last && last.exchange === e.exchange && last.end === start) last.end = end;
    else list.push({ start, end, exchange: e.exchange });
    streams.set(k, list);
  }
  return streams;
}

/** Messages whose first byte lies in [seq, seq + len). */
function startingIn(list: Message[] | undefined, seq: number, len: number): Message[] {
  if (!list) return [];
  return list.filter((m) => m.start >= seq && m.start < seq + len);
}

/** A function naming each packet of the trace; build once per trace. */
export function packetNamer(trace: Trace): (p: PacketRecord) => string {
  const streams = messageStreams(trace);
  const exchanges = new Map(trace.exchanges.map((x) => [x.id, x]));
  const request = (id: number) => {
    const x = exchanges.get(id);
    if (!x) return 'request';
    const path = x.label.startsWith('/') || x.kind === 'GETALL' ? x.label : `/${x.label}`;
    return x.kind === 'GETALL' ? 'GETALL' : `${x.kind === 'HEAD' ? 'HEAD' : 'GET'} ${path}`;
  };
  const status = (id: number) => (exchanges.get(id)?.kind === 'CGET' ? '304' : '200 OK');
  return (p) => {
    const again = p.reason === 'retransmit' || p.reason === 'fast-retransmit' ? ' (resent)' : '';
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
    // A TLS run's handshake records are named by what they are (ClientHello, Certificate 3.5 KB).
    const tls = tlsPacketName(trace, p);
    if (tls) return `${tls}${fin ? ' + FIN' : ''}${again}`;
    const starts = startingIn(streams.get(key(p.conn, p.dir)), p.seq, p.len);
    const more = starts.length > 1 ? ` +${starts.length - 1}` : '';
    let words: string;
    if (starts.length === 0) words = `data ${p.len} B`;
    else if (p.dir === 'c2s') words = `${request(starts[0].exchange)}${more}`;
    else words = `${status(starts[0].exchange)}${more} + ${p.len} B`;
    return `${words}${fin ? ' + FIN' : ''}${again}`;
  };
}
