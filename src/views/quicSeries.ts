// The time-sequence plot of a QUIC connection, whole or one stream, as seen at the server. QUIC
// has no cumulative ACK number: the client acknowledges packet numbers, in ranges. For a stream
// the ACK line is drawn as tcptrace would draw TCP's: at each acknowledgement's arrival, the end of
// the first run of its bytes all acknowledged, so a lost packet holds the line until its bytes,
// resent in a new packet, are acknowledged. For the whole connection, the bytes acknowledged so far.
import type { PacketRecord, Trace } from '../engine/trace';
import { cwndLine, type SegmentBar, type StepPoint, type TspSeries } from './tspSeries';

/** Byte ranges [start, end) kept merged; `prefix` is how far they run unbroken from 0. */
class Covered {
  private ranges: Array<[number, number]> = [];

  add(start: number, end: number): void {
    if (end <= start) return;
    const kept: Array<[number, number]> = [];
    for (const [s, e] of this.ranges) {
      if (e < start || s > end) kept.push([s, e]);
      else {
        start = Math.min(start, s);
        end = Math.max(end, e);
      }
    }
    kept.push([start, end]);
    kept.sort((a, b) => a[0] - b[0]);
    this.ranges = kept;
  }

  /** How many bytes are covered in all. */
  get total(): number {
    return this.ranges.reduce((sum, [s, e]) => sum + e - s, 0);
  }

  prefix(from: number): number {
    const first = this.ranges[0];
    return first && first[0] <= from ? first[1] : from;
  }
}

/** Packet numbers count per space (RFC 9000 12.3): Initial, Handshake, and 0-RTT/1-RTT together. */
const SPACE_OF = { Initial: 0, Handshake: 1, '0-RTT': 2, '1-RTT': 2 } as const;

/**
 * The server's data and the client's acknowledgements of it. A stream: its STREAM frames at their
 * offsets in the stream, and the ACK line the end of the bytes acknowledged without a gap. The
 * whole connection has no byte sequence of its own (resent data goes out as new bytes in new
 * packets): each QUIC packet's CRYPTO and STREAM bytes at a running count of the bytes sent (the
 * datagram's `seq` on, packet by packet), and the ACK line the bytes acknowledged so far.
 */
export function quicTspSeries(trace: Trace, conn: number, stream: number | null): TspSeries {
  const segments: SegmentBar[] = [];
  /** What each of the server's packets carried, in the order they left. */
  const sent: Array<{ atNs: number; space: number; pn: number; pieces: Array<[number, number]> }> = [];
  let maxSeq = 1;
  let sentEnd = 0;
  trace.packets.forEach((p, index) => {
    if (p.conn !== conn || p.dir !== 's2c' || !p.quic) return;
    let offset = p.seq - 1;
    for (const q of p.quic.packets) {
      const data = (q.cryptoBytes ?? 0) + (q.streams ?? []).reduce((sum, [, , len]) => sum + len, 0);
      const mine: Array<[number, number]> =
        stream === null
          ? data > 0
            ? [[offset, offset + data]]
            : []
          : (q.streams ?? []).filter(([id]) => id === stream).map(([, off, len]) => [off, off + len]);
      offset += data;
      if (mine.length === 0) continue;
      sent.push({ atNs: p.sendNs, space: SPACE_OF[q.type], pn: q.pn, pieces: mine });
      for (const [start, end] of mine) {
        segments.push({
          index,
          timeNs: p.sendNs,
          seq: start,
          end,
          // a stream's resent bytes go back to their offsets; the connection's running count only grows
          retransmit:
            stream === null ? p.reason === 'retransmit' || p.reason === 'fast-retransmit' : start < sentEnd,
          dropped: p.arriveNs === null,
          drop: p.drop,
        });
        sentEnd = Math.max(sentEnd, end);
        maxSeq = Math.max(maxSeq, end);
      }
    }
  });
  // Acknowledgements in arrival order, checked against the packets sent and not yet acknowledged
  // by then (a few windows' worth), not against every packet of the run.
  const acks: StepPoint[] = [];
  const covered = new Covered();
  const outstanding = new Set<(typeof sent)[number]>();
  let next = 0;
  const arriving = trace.packets
    .filter((p) => p.conn === conn && p.dir === 'c2s' && p.quic && p.arriveNs !== null)
    .sort((a, b) => a.arriveNs! - b.arriveNs!);
  for (const p of arriving) {
    while (next < sent.length && sent[next].atNs <= p.arriveNs!) outstanding.add(sent[next++]);
    let changed = false;
    for (const q of p.quic!.packets) {
      if (!q.acked) continue;
      for (const s of outstanding) {
        if (s.space !== SPACE_OF[q.type] || !q.acked.some(([first, last]) => s.pn >= first && s.pn <= last))
          continue;
        outstanding.delete(s);
        for (const [start, end] of s.pieces) covered.add(start, end);
        changed = true;
      }
    }
    if (!changed) continue;
    const value = stream === null ? covered.total : covered.prefix(0);
    if (acks.length === 0 || acks[acks.length - 1].value !== value) acks.push({ timeNs: p.arriveNs!, value });
  }
  const window = flowControlLine(trace, conn, stream);
  return {
    segments,
    acks,
    window,
    cwnd: stream === null ? cwndLine(trace, conn, acks, 0) : [],
    sacks: [],
    maxSeq,
    ...(window.length > 0 ? { windowIsFlowControl: true } : {}),
  };
}

/**
 * How far flow control lets the server send (RFC 9000 4.1), when the run chose a window (h3window):
 * for a stream the client opened, its limit (the window, then each MAX_STREAM_DATA as it arrives);
 * for the whole connection, in the plot's running count, the count so far plus the credit MAX_DATA
 * leaves. CRYPTO and resent bytes take no credit, so they lift the line with the bars. Nothing when
 * the window was a browser's (not modelled), or for the server's own streams.
 */
function flowControlLine(trace: Trace, conn: number, stream: number | null): StepPoint[] {
  // The connection's first packet is its client's ClientHello, which names a chosen window.
  const window = trace.packets.find((p) => p.conn === conn)?.quic?.flowWindow;
  if (window === undefined || (stream !== null && stream % 4 !== 0)) return [];
  const line: StepPoint[] = [];
  const put = (timeNs: number, value: number) => {
    if (line.length === 0 || line[line.length - 1].value !== value) line.push({ timeNs, value });
  };
  // The server's packets as they leave and the client's limits as they arrive, in time order.
  const moments: Array<{ timeNs: number; sent?: PacketRecord; limits?: Array<[number, number]> }> = [];
  trace.packets.forEach((p) => {
    if (p.conn !== conn || !p.quic) return;
    if (p.dir === 's2c') moments.push({ timeNs: p.sendNs, sent: p });
    else if (p.arriveNs !== null) {
      const limits = p.quic.packets.flatMap((q) => q.limits ?? []);
      if (limits.length > 0) moments.push({ timeNs: p.arriveNs, limits });
    }
  });
  moments.sort((a, b) => a.timeNs - b.timeNs);
  let limit = window;
  let count = 0; // the running count of CRYPTO and STREAM bytes sent
  let credited = 0; // of them, what took credit: each stream's highest offset, summed
  const highest = new Map<number, number>();
  for (const m of moments) {
    if (m.limits) {
      for (const [id, max] of m.limits) if (id === (stream ?? -1)) limit = Math.max(limit, max);
    } else if (m.sent) {
      const quic = m.sent.quic!;
      count = m.sent.seq - 1 + m.sent.len;
      for (const q of quic.packets)
        for (const [id, offset, len] of q.streams ?? []) {
          const before = highest.get(id) ?? 0;
          if (offset + len > before) {
            highest.set(id, offset + len);
            credited += offset + len - before;
          }
        }
      if (
        stream !== null &&
        !quic.packets.some((q) => q.streams?.some(([id]) => id === stream)) &&
        line.length === 0
      )
        continue; // a stream's line starts with its first bytes
    }
    if (stream === null && line.length === 0 && !m.sent) continue;
    put(m.timeNs, stream === null ? count + limit - credited : limit);
  }
  return line;
}
