// The series of a time-sequence plot (tcptrace/xplot style) for one connection, as seen at the
// server: each data segment it sends (a bar seq..seq+len at its send time), and the ACK and
// advertised-window lines drawn from the client's ACKs as they arrive, and the server's congestion
// window as recorded by the engine, drawn above the ACK line (ACK + cwnd, as tcptrace does).
import { FLAG, isResentReason, type DropCause, type Trace } from '../engine/trace';

export interface SegmentBar {
  index: number; // index in trace.packets
  timeNs: number;
  seq: number;
  end: number;
  retransmit: boolean;
  dropped: boolean;
  /** Where a dropped segment was lost: turned away by the full queue in front of the link (drawn
   * when it reached the queue, never having left the interface), or lost on the link after it left. */
  drop?: DropCause;
}

/** A SACK block the server learnt of: the range, at the ACK's arrival (tcptrace's "S" line). */
export interface SackMark {
  timeNs: number;
  start: number;
  end: number;
}

export interface StepPoint {
  timeNs: number;
  value: number;
}

export interface TspSeries {
  segments: SegmentBar[];
  acks: StepPoint[];
  window: StepPoint[];
  /** The highest sequence number cwnd allows: the ACK line plus the server's cwnd. */
  cwnd: StepPoint[];
  sacks: SackMark[];
  /** The highest sequence number the data reaches (the lines above it are seriesTop's to weigh). */
  maxSeq: number;
  /** The window line is QUIC's flow-control limit, not TCP's ACK + advertised window. */
  windowIsFlowControl?: boolean;
}

export function tspSeries(trace: Trace, conn: number): TspSeries {
  const segments: SegmentBar[] = [];
  const acks: StepPoint[] = [];
  const window: StepPoint[] = [];
  const sacks: SackMark[] = [];
  let maxSeq = 1;
  trace.packets.forEach((p, index) => {
    if (p.conn !== conn) return;
    if (p.dir === 's2c' && (p.len > 0 || p.flags & FLAG.FIN)) {
      const end = p.seq + Math.max(p.len, 1);
      segments.push({
        index,
        timeNs: p.sendNs,
        seq: p.seq,
        end,
        retransmit: isResentReason(p.reason),
        dropped: p.arriveNs === null,
        drop: p.drop,
      });
      maxSeq = Math.max(maxSeq, end);
    } else if (p.dir === 'c2s' && p.flags & FLAG.ACK && p.arriveNs !== null && !(p.flags & FLAG.SYN)) {
      acks.push({ timeNs: p.arriveNs, value: p.ack });
      window.push({ timeNs: p.arriveNs, value: p.ack + p.win });
      for (const [start, end] of p.sackBlocks ?? []) sacks.push({ timeNs: p.arriveNs, start, end });
    }
  });
  acks.sort((a, b) => a.timeNs - b.timeNs);
  window.sort((a, b) => a.timeNs - b.timeNs);
  return { segments, acks, window, cwnd: cwndLine(trace, conn, acks), sacks, maxSeq };
}

/**
 * The highest sequence cwnd allows, from the server's first cwnd sample on: at each recorded change
 * of cwnd the last ACK it had by then (`firstAck` before any: TCP's ISS + 1, QUIC's 0) plus the new
 * cwnd, and at each ACK after that the ACK plus the cwnd then. Drawn at the samples alone, the line
 * stood still through a loss recovery that changed no cwnd while the ACKs climbed past it.
 */
export function cwndLine(trace: Trace, conn: number, acks: StepPoint[], firstAck = 1): StepPoint[] {
  const out: StepPoint[] = [];
  let a = 0;
  let ack = firstAck;
  let cwnd: number | null = null;
  for (const s of trace.samples ?? []) {
    if (s.conn !== conn || s.side !== 'server') continue;
    for (; a < acks.length && acks[a].timeNs <= s.atNs; a++) {
      ack = acks[a].value;
      if (cwnd !== null) out.push({ timeNs: acks[a].timeNs, value: ack + cwnd });
    }
    cwnd = s.cwnd;
    out.push({ timeNs: s.atNs, value: ack + cwnd });
  }
  if (cwnd !== null)
    for (; a < acks.length; a++) out.push({ timeNs: acks[a].timeNs, value: acks[a].value + cwnd });
  return out;
}

/** The top of the whole plot's sequence axis: the data and the cwnd line (a small transfer's cwnd
 * can end well above its data), and the advertised window where it runs close above them (keepsInView). HTTP/2 over a 1 MB socket buffer had its 140 KB of
 * data in the bottom eighth of the plot, under a window line nobody needed to read. */
export function seriesTop(series: TspSeries): number {
  const lineTop = (line: StepPoint[]) => line.reduce((max, p) => Math.max(max, p.value), -Infinity);
  const top = Math.max(series.maxSeq, lineTop(series.cwnd));
  const windowTop = lineTop(series.window);
  return keepsInView(windowTop, 0, top) ? Math.max(top, windowTop) : top;
}

/** Whether a cwnd or window line reaching `top` is kept in view over data spanning [low, high]: at
 * most the data's own span higher. One far above would flatten the data, and runs off the top. */
function keepsInView(top: number, low: number, high: number): boolean {
  return top - high <= high - low;
}

/** Whether a line stays above `axisTop` all through [fromNs, toNs] (none of it drawn: the legend says so). */
export function runsAbove(points: StepPoint[], axisTop: number, fromNs: number, toNs: number): boolean {
  const range = stepRange(points, fromNs, toNs);
  return range !== null && range[0] > axisTop;
}

/** Step-after path points, cut at `untilNs` so the lines grow with the playhead. */
export function stepPoints(points: StepPoint[], untilNs: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const p of points) {
    if (p.timeNs > untilNs) break;
    out.push([p.timeNs, p.value]);
  }
  if (out.length > 0) out.push([untilNs, out[out.length - 1][1]]);
  return out;
}

/** How many of the series' segments were sent in [fromNs, toNs]: what decides a plot's drawing. */
export function segmentsBetween(series: TspSeries, fromNs: number, toNs: number): number {
  let count = 0;
  for (const s of series.segments) if (s.timeNs >= fromNs && s.timeNs <= toNs) count++;
  return count;
}

/** How many of the series' packets are in [fromNs, toNs]: segments sent then and ACKs arriving then.
 * None: the window shows only lines held flat from before it (a stream long finished). */
export function packetsBetween(series: TspSeries, fromNs: number, toNs: number): number {
  let count = segmentsBetween(series, fromNs, toNs);
  for (const a of series.acks) if (a.timeNs >= fromNs && a.timeNs <= toNs) count++;
  return count;
}

/** The margin a zoomed axis leaves above the data and below it, each a share of the data's span. */
const ZOOMED_MARGIN = 0.04;
/** A zoomed axis spans at least this many bytes: a lone FIN's byte had had ticks a byte apart. */
const MIN_ZOOMED_SPAN_BYTES = 100;

/** The lowest and highest value a step line takes over [fromNs, toNs] (the value it holds at
 * `fromNs` included), or null where it has none yet. */
function stepRange(points: StepPoint[], fromNs: number, toNs: number): [number, number] | null {
  let low = Infinity;
  let high = -Infinity;
  let held: number | null = null;
  for (const p of points) {
    if (p.timeNs > toNs) break;
    if (p.timeNs <= fromNs) held = p.value;
    else [low, high] = [Math.min(low, p.value), Math.max(high, p.value)];
  }
  if (held !== null) [low, high] = [Math.min(low, held), Math.max(high, held)];
  return low <= high ? [low, high] : null;
}

/** What a zoomed plot's sequence axis spans so the data between fromNs and toNs fills it: the
 * segments sent then, their SACK blocks and the ACK line, and the cwnd and window lines where they
 * run close above (keepsInView; a 16 MB socket buffer over a megabyte of data runs off the top). A
 * small margin above and below, at least MIN_ZOOMED_SPAN_BYTES in all; null when the window holds
 * none of the series' packets. */
export function zoomedRange(series: TspSeries, fromNs: number, toNs: number): [number, number] | null {
  // A window holding none of the series' packets has only lines held flat from before it to fit, a
  // single value: that had drawn a stream long finished as one line on an axis of 1-byte ticks.
  // Null: the plot keeps the whole series' axis, where the line stands at its real height.
  if (packetsBetween(series, fromNs, toNs) === 0) return null;
  let low = Infinity;
  let high = -Infinity;
  for (const s of series.segments)
    if (s.timeNs >= fromNs && s.timeNs <= toNs) [low, high] = [Math.min(low, s.seq), Math.max(high, s.end)];
  for (const s of series.sacks)
    if (s.timeNs >= fromNs && s.timeNs <= toNs) [low, high] = [Math.min(low, s.start), Math.max(high, s.end)];
  const acks = stepRange(series.acks, fromNs, toNs);
  if (acks) [low, high] = [Math.min(low, acks[0]), Math.max(high, acks[1])];
  if (low > high) return null;
  const dataHigh = high;
  for (const line of [series.cwnd, series.window]) {
    const top = stepRange(line, fromNs, toNs)?.[1];
    if (top !== undefined && keepsInView(top, low, dataHigh)) high = Math.max(high, top);
  }
  const margin = (high - low) * ZOOMED_MARGIN;
  const widen = Math.max(0, MIN_ZOOMED_SPAN_BYTES - (high - low) - 2 * margin) / 2;
  const bottom = Math.max(0, low - margin - widen);
  return [bottom, Math.max(high + margin + widen, bottom + MIN_ZOOMED_SPAN_BYTES)];
}

/**
 * When connection `conn` last had a packet on the wire (sent or arriving): its lines (ACK, window,
 * cwnd, and the strips' samples) end there, not at the run's end, so a connection that closed
 * early (one of HTTP/1.0's, 150 ms into a 2.5 s page) does not read as open until the page ends.
 */
export function connectionEndNs(trace: Trace, conn: number): number {
  let end = -Infinity;
  trace.packets.forEach((p) => {
    if (p.conn === conn) end = Math.max(end, p.arriveNs ?? p.sendNs);
  });
  return end;
}
