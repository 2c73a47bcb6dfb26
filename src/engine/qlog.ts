// A QUIC run as a qlog (IETF qlog main schema and QUIC event definitions, draft version 0.3, in
// its JSON-SEQ serialization: RFC 7464 records, each an ASCII RS, a JSON text and a line feed),
// which qvis opens. Seen from the client: every QUIC packet it sent, and every one that reached
// it, with its type, number and frames; one datagram event per UDP datagram; and the client's
// congestion state whenever it changed. Connections are told apart by `group_id`.
import type { PacketRecord, Trace } from './trace';

const RS = '\u001e';
const UDP_IP_HEADER = 28;

const PACKET_TYPES = {
  Initial: 'initial',
  Handshake: 'handshake',
  '0-RTT': '0RTT',
  '1-RTT': '1RTT',
} as const;

/**
 * 'STREAM 4' -> { frame_type: 'stream', stream_id: 4 }; 'HANDSHAKE_DONE' -> 'handshake_done';
 * MAX_DATA and MAX_STREAM_DATA with their `maximum`, DATA_BLOCKED and STREAM_DATA_BLOCKED with
 * their `limit`, from the packet's `limits` and `blocked`.
 */
function frame(
  name: string,
  limits: Array<[number, number]> = [],
  blocked: Array<[number, number]> = [],
): Record<string, unknown> {
  const [type, id] = name.split(' ');
  const out: Record<string, unknown> = { frame_type: type.toLowerCase() };
  if (id !== undefined) out.stream_id = Number(id);
  const stream = id === undefined ? -1 : Number(id);
  if (type === 'MAX_DATA' || type === 'MAX_STREAM_DATA')
    out.maximum = limits.find(([s]) => s === stream)?.[1];
  if (type === 'DATA_BLOCKED' || type === 'STREAM_DATA_BLOCKED')
    out.limit = blocked.find(([s]) => s === stream)?.[1];
  return out;
}

interface QlogEvent {
  time: number; // ms since the start of the run
  name: string;
  group_id: string;
  data: Record<string, unknown>;
}

function packetEvents(p: PacketRecord, sent: boolean): QlogEvent[] {
  const time = (sent ? p.sendNs : p.arriveNs!) / 1e6;
  const group_id = String(p.conn);
  const verb = sent ? 'sent' : 'received';
  const events: QlogEvent[] = [
    {
      time,
      name: `transport:datagram_${verb}`,
      group_id,
      data: { raw: { length: p.ipBytes - UDP_IP_HEADER } },
    },
  ];
  for (const q of p.quic!.packets)
    events.push({
      time,
      name: `transport:packet_${verb}`,
      group_id,
      data: {
        header: { packet_type: PACKET_TYPES[q.type], packet_number: q.pn },
        frames: q.frames.map((name) => frame(name, q.limits, q.blocked)),
        ...(sent && p.reason !== 'data' ? { trigger: p.reason } : {}),
      },
    });
  return events;
}

/** The qlog of a QUIC run, as JSON-SEQ text; null when the run has no QUIC packet. */
export function buildQlog(trace: Trace, title: string): string | null {
  if (!trace.packets.some((p) => p.quic)) return null;
  const events: QlogEvent[] = [];
  for (const p of trace.packets) {
    if (!p.quic) continue;
    if (p.dir === 'c2s') events.push(...packetEvents(p, true));
    else if (p.arriveNs !== null) events.push(...packetEvents(p, false));
  }
  for (const s of trace.samples ?? []) {
    if (s.side !== 'client') continue;
    events.push({
      time: s.atNs / 1e6,
      name: 'recovery:metrics_updated',
      group_id: String(s.conn),
      data: {
        congestion_window: s.cwnd,
        ssthresh: s.ssthresh,
        ...(s.srttNs === null ? {} : { smoothed_rtt: s.srttNs / 1e6 }),
      },
    });
  }
  events.sort((a, b) => a.time - b.time); // stable: a datagram before its packets
  const header = {
    qlog_version: '0.3',
    qlog_format: 'JSON-SEQ',
    title,
    trace: {
      vantage_point: { name: 'roundtrip client', type: 'client' },
      common_fields: { time_format: 'relative', reference_time: 0, protocol_type: ['QUIC', 'HTTP3'] },
    },
  };
  return [header, ...events].map((r) => `${RS}${JSON.stringify(r)}\n`).join('');
}
