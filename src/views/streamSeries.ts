// A time-sequence plot of one stream of a multiplexed connection (HTTP/2): the y axis is the
// stream's own bytes (its DATA payload, 0 to the response's length), so a student sees when this
// response's bytes left, and when the client's cumulative ACK covered them. The connection's
// window and cwnd belong to every stream at once and are not drawn here.
import type { Trace } from '../engine/trace';
import { wireRangesOf } from './streamOffsets';
import { tspSeries, type StepPoint, type TspSeries } from './tspSeries';
import { quicTspSeries } from './quicSeries';
import { isQuicConnection } from './streams';

/** Each trace's series, by connection and stream, built once: a comparison's panel counts each
 * side's segments from the series its plot draws. */
const built = new WeakMap<Trace, Map<string, TspSeries>>();

/** What the time-sequence plot draws for a connection, whole (`stream` null) or one stream. */
export function connectionSeries(trace: Trace, conn: number, stream: number | null): TspSeries {
  let ofTrace = built.get(trace);
  if (!ofTrace) built.set(trace, (ofTrace = new Map()));
  const key = `${conn}/${stream ?? ''}`;
  let series = ofTrace.get(key);
  if (!series) ofTrace.set(key, (series = buildSeries(trace, conn, stream)));
  return series;
}

function buildSeries(trace: Trace, conn: number, stream: number | null): TspSeries {
  if (isQuicConnection(trace, conn)) return quicTspSeries(trace, conn, stream);
  return stream === null ? tspSeries(trace, conn) : streamTspSeries(trace, conn, stream);
}

/** One run of the stream's bytes in the TCP stream. */
interface Piece {
  wireStart: number;
  wireEnd: number;
  streamStart: number;
}

/** Where one stream's bytes lie in its connection's server-to-client TCP stream. */
export class StreamBytes {
  private readonly pieces: Piece[] = [];
  readonly total: number;

  constructor(trace: Trace, conn: number, stream: number) {
    const ranges = wireRangesOf(trace);
    let streamOffset = 0;
    for (const f of trace.frames ?? []) {
      if (f.conn !== conn || f.dir !== 's2c' || f.type !== 'DATA' || f.stream !== stream) continue;
      const payloadFrom = f.offset + f.bytes - f.payload; // after the frame header
      for (const [wireStart, wireEnd] of ranges(conn, 's2c', payloadFrom, f.offset + f.bytes)) {
        this.pieces.push({ wireStart, wireEnd, streamStart: streamOffset });
        streamOffset += wireEnd - wireStart;
      }
    }
    this.total = streamOffset;
  }

  /** The stream's bytes that lie below sequence number `seq` (binary search over the pieces). */
  below(seq: number): number {
    let lo = 0;
    let hi = this.pieces.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.pieces[mid].wireStart < seq) lo = mid + 1;
      else hi = mid;
    }
    if (lo === 0) return 0;
    const p = this.pieces[lo - 1];
    return p.streamStart + Math.min(seq, p.wireEnd) - p.wireStart;
  }
}

/** The connection's series seen through one stream: its segments and ACKs in the stream's bytes. */
export function streamTspSeries(trace: Trace, conn: number, stream: number): TspSeries {
  const whole = tspSeries(trace, conn);
  const bytes = new StreamBytes(trace, conn, stream);
  const segments = whole.segments.flatMap((s) => {
    const seq = bytes.below(s.seq);
    const end = bytes.below(s.end);
    return end > seq ? [{ ...s, seq, end }] : [];
  });
  const acks: StepPoint[] = [];
  for (const a of whole.acks) {
    const value = bytes.below(a.value);
    // An ACK of none of the stream's bytes is not the stream's: counted, the handshake's ACKs had
    // made a window before the stream's data read as holding its packets (an empty 0-100 B plot).
    if (value === 0) continue;
    if (acks.length === 0 || acks[acks.length - 1].value !== value) acks.push({ timeNs: a.timeNs, value });
  }
  return { segments, acks, window: [], cwnd: [], sacks: [], maxSeq: Math.max(1, bytes.total) };
}
