// A segment of a multiplexed connection (HTTP/2) named by the frames it carries: `HEADERS 1`,
// `DATA 3 1.2 KB`, `SETTINGS`, `WINDOW_UPDATE`, several joined (`HEADERS 3, DATA 1`). A frame
// begun in an earlier segment is named without its size, so a long DATA frame reads as its
// stream's number on each segment. Pure: it reads the trace only.
import type { FrameRecord, PacketRecord, Trace } from '../engine/trace';
import { wireSeqOf } from './streamOffsets';

/** A frame placed in the TCP stream: [start, end) in relative sequence numbers. */
export interface PlacedFrame {
  frame: FrameRecord;
  start: number;
  end: number;
}

export type FramesIn = (p: PacketRecord) => PlacedFrame[];

const MAX_NAMES = 3;

export function formatKB(bytes: number): string {
  return bytes >= 1000 ? `${(bytes / 1000).toFixed(1)} KB` : `${bytes} B`;
}

/** The frames of each connection and direction, in stream order, placed in the TCP stream. */
function placedFrames(trace: Trace): Map<string, PlacedFrame[]> {
  const wireSeq = wireSeqOf(trace);
  const out = new Map<string, PlacedFrame[]>();
  for (const frame of trace.frames ?? []) {
    const key = `${frame.conn}:${frame.dir}`;
    const start = wireSeq(frame.conn, frame.dir, frame.offset);
    // The last byte's place, plus one: under TLS a frame may span records.
    const end = wireSeq(frame.conn, frame.dir, frame.offset + frame.bytes - 1) + 1;
    const list = out.get(key) ?? [];
    list.push({ frame, start, end });
    out.set(key, list);
  }
  return out;
}

/** The first placed frame ending after `seq` (binary search: frames are in stream order). */
function firstEndingAfter(list: PlacedFrame[], seq: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid].end > seq) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** A function listing the frames a segment's bytes overlap; build once per trace. */
export function framesInPackets(trace: Trace): FramesIn {
  const placed = placedFrames(trace);
  return (p) => {
    const list = placed.get(`${p.conn}:${p.dir}`);
    if (!list || p.len === 0) return [];
    const end = p.seq + p.len;
    const found: PlacedFrame[] = [];
    for (let i = firstEndingAfter(list, p.seq); i < list.length && list[i].start < end; i++)
      found.push(list[i]);
    return found;
  };
}

interface Named {
  type: string;
  stream: number;
  size: number | null; // DATA begun in this segment: its payload; else no size is stated
}

/** Frames in order, a run of one stream's frames of one type counted once. */
function named(frames: PlacedFrame[], p: PacketRecord): Named[] {
  const out: Named[] = [];
  for (const f of frames) {
    const { stream, payload } = f.frame;
    const type = f.frame.ack ? 'SETTINGS ACK' : f.frame.type;
    const last = out[out.length - 1];
    if (last && last.type === type && last.stream === stream) continue;
    out.push({ type, stream, size: type === 'DATA' && f.start >= p.seq ? payload : null });
  }
  return out;
}

/** The ladder's label for a segment of a multiplexed connection, or null if it holds no frame:
 * `HEADERS 3, DATA 1`; a type named once for a run of streams (`HEADERS 5, 7, 9 +25`). */
export function frameNames(frames: PlacedFrame[], p: PacketRecord): string | null {
  const items = named(frames, p);
  if (items.length === 0) return null;
  const words = items.slice(0, MAX_NAMES).map((n, i) => {
    const sameType = i > 0 && items[i - 1].type === n.type && n.stream !== 0;
    const head = sameType ? '' : n.stream === 0 ? n.type : `${n.type} `;
    const stream = n.stream === 0 ? '' : String(n.stream);
    return head + stream + (n.size === null ? '' : ` ${formatKB(n.size)}`);
  });
  const more = items.length > MAX_NAMES ? ` +${items.length - MAX_NAMES}` : '';
  return words.join(', ') + more;
}
