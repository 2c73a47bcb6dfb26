// A QUIC run as a qlog (IETF qlog main schema and QUIC event definitions, draft version 0.3:
// draft-ietf-quic-qlog-main-schema-05 and draft-ietf-quic-qlog-quic-events-04, the last drafts of
// that version), in its JSON-SEQ serialization (main schema 6.2: RFC 7464 records, each an ASCII
// RS, a JSON text and a line feed; the file SHOULD be named .sqlog), which qvis opens. Seen from
// the client: every QUIC packet it sent, and every one that reached it, with its type, number,
// size and frames; one datagrams event per UDP datagram; and the client's congestion state
// whenever it changed. Connections are told apart by `group_id`.
//
// Every value comes from the trace; a field the trace does not record is left out, and the
// comment where it would go says why.
import type { PacketRecord, Trace } from './trace';

const RS = '\u001e';
const UDP_IP_HEADER = 28;

const PACKET_TYPES = {
  Initial: 'initial',
  Handshake: 'handshake',
  '0-RTT': '0RTT',
  '1-RTT': '1RTT',
} as const;

type QuicRecord = NonNullable<PacketRecord['quic']>['packets'][number];
type Frame = Record<string, unknown>;

/**
 * Each request stream's final size, by `conn dir stream`: the client writes a request and the
 * server a response in one write that ends the stream, so the request's bytes and the sum of the
 * response's writes are where each FIN falls.
 */
function finalSizes(trace: Trace): Map<string, number> {
  const sizes = new Map<string, number>();
  const byExchange = new Map(trace.exchanges.map((e) => [e.id, e]));
  for (const e of trace.exchanges)
    if (e.stream !== undefined) sizes.set(`${e.conn} c2s ${e.stream}`, e.requestBytes);
  for (const ev of trace.events) {
    const e = ev.kind === 'response-write' ? byExchange.get(ev.exchange!) : undefined;
    if (e?.stream === undefined) continue;
    const key = `${e.conn} s2c ${e.stream}`;
    sizes.set(key, (sizes.get(key) ?? 0) + (ev.bytes ?? 0));
  }
  return sizes;
}

/**
 * The frames of a QUIC packet as quic-events 8.11 names them. The ladder's names give each kind
 * once; the packet's records give each frame's values:
 * - STREAM (8.11.8): one frame per recorded [stream, offset, length]; `fin: true` on the frame
 *   that reaches the stream's final size (the draft logs fin only when true). The HTTP/3 control
 *   streams never end (RFC 9114 6.2.1), so their frames carry none.
 * - ACK (8.11.3): `acked_ranges` as recorded, a single packet as [n] (the draft's SHOULD). No
 *   `ack_delay`: the trace keeps the ranges, not the delay the ACK carried.
 * - CRYPTO (8.11.6): no `offset` or `length`: the trace keeps only the packet's CRYPTO byte total,
 *   not each frame's place in the handshake stream.
 * - PADDING (8.11.1): no `payload_length`: the padding is what the other frames leave of the
 *   datagram, and their encoded sizes are not recorded.
 * - MAX_DATA and MAX_STREAM_DATA with their `maximum`, DATA_BLOCKED and STREAM_DATA_BLOCKED with
 *   their `limit`.
 */
function frames(q: QuicRecord, finKey: string, sizes: Map<string, number>): Frame[] {
  const out: Frame[] = [];
  for (const name of q.frames) {
    const [type, id] = name.split(' ');
    const stream = id === undefined ? -1 : Number(id);
    const frame_type = type.toLowerCase();
    if (type === 'STREAM') {
      const end = sizes.get(`${finKey} ${stream}`);
      for (const [s, offset, length] of q.streams ?? [])
        if (s === stream)
          out.push({
            frame_type,
            stream_id: s,
            offset,
            length,
            ...(offset + length === end ? { fin: true } : {}),
          });
      continue;
    }
    const f: Frame = { frame_type };
    if (id !== undefined) f.stream_id = stream;
    if (type === 'ACK' && q.acked) f.acked_ranges = q.acked.map(([a, b]) => (a === b ? [a] : [a, b]));
    if (type === 'MAX_DATA' || type === 'MAX_STREAM_DATA')
      f.maximum = q.limits?.find(([s]) => s === stream)?.[1];
    if (type === 'DATA_BLOCKED' || type === 'STREAM_DATA_BLOCKED')
      f.limit = q.blocked?.find(([s]) => s === stream)?.[1];
    out.push(f);
  }
  return out;
}

interface QlogEvent {
  time: number; // ms since the start of the run
  name: string;
  group_id: string;
  data: Record<string, unknown>;
}

/**
 * A datagram's events (quic-events 5.5, 5.6, 5.10, 5.11): the datagram with its UDP payload, then
 * each QUIC packet in it, tied to it by `datagram_id` (the packet record's id). A packet alone in
 * its datagram fills it, padding included, so its `raw.length` (main schema 5.1) is the UDP
 * payload. Coalesced packets are marked `is_coalesced` and carry no `raw`: the trace records the
 * datagram's size, not each packet's share, which the datagram event gives. No `payload_length`
 * either: where a packet's header ends is not recorded.
 */
function packetEvents(p: PacketRecord, sent: boolean, sizes: Map<string, number>): QlogEvent[] {
  const time = (sent ? p.sendNs : p.arriveNs!) / 1e6;
  const group_id = String(p.conn);
  const verb = sent ? 'sent' : 'received';
  const length = p.ipBytes - UDP_IP_HEADER;
  const packets = p.quic!.packets;
  const events: QlogEvent[] = [
    {
      time,
      name: `transport:datagrams_${verb}`,
      group_id,
      data: { count: 1, raw: [{ length }], datagram_ids: [p.id] },
    },
  ];
  for (const q of packets)
    events.push({
      time,
      name: `transport:packet_${verb}`,
      group_id,
      data: {
        header: { packet_type: PACKET_TYPES[q.type], packet_number: q.pn },
        ...(packets.length > 1 ? { is_coalesced: true } : { raw: { length } }),
        datagram_id: p.id,
        frames: frames(q, `${p.conn} ${p.dir}`, sizes),
        ...(sent && p.reason !== 'data' ? { trigger: p.reason } : {}),
      },
    });
  return events;
}

/** The qlog of a QUIC run, as JSON-SEQ text; null when the run has no QUIC packet. */
export function buildQlog(trace: Trace, title: string): string | null {
  if (!trace.packets.some((p) => p.quic)) return null;
  const events: QlogEvent[] = [];
  const sizes = finalSizes(trace);
  for (const p of trace.packets) {
    if (!p.quic) continue;
    if (p.dir === 'c2s') events.push(...packetEvents(p, true, sizes));
    else if (p.arriveNs !== null) events.push(...packetEvents(p, false, sizes));
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
