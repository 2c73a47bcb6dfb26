// Horizontal layout of the ladder: a time axis on the left, then lanes, each with the client's
// line on the left and the server's on the right (Padmanabhan-Mogul Fig. 3-1). Connections open
// at the same time get lanes of their own; a connection opened later takes the first lane free
// by then, so HTTP/1.0 with four connections draws four lanes, not one per request.
import type { Trace } from '../engine/trace';
import type { Lane } from './packetGeometry';

export const LADDER_MARGIN = { top: 40, bottom: 14, axis: 64, right: 8 } as const;
/** The width each lane gets when the lanes do not fit the box and the ladder scrolls sideways (four
 * lanes fit a 1280 px page: at 190 they needed 10 px more, and the last lane's labels were cut at
 * the edge). */
export const MIN_LANE_PX = 180;
/** Lanes that fit the box this wide or wider take it, narrower than MIN_LANE_PX: a lone lane on a
 * 320 px phone had been 6 to 10 px wider than its box, and the ladder scrolled sideways, saying
 * the server was there to see when its line and name were already in view. */
const FIT_LANE_PX = 168;
/** Room between a lane's edge and its host line: the stall band, or band and label when wide. */
const LANE_INSET_PX = 26;
/** A lane at least this wide puts stall labels outside the host lines, away from packet labels. */
const OUTSIDE_LABELS_MIN_PX = 460;
const LANE_INSET_WIDE_PX = 96;

export interface LadderLayout {
  width: number;
  lanes: Lane[];
  laneWidth: number;
  /** Stall labels sit outside the client and server lines (as Padmanabhan and Mogul annotate). */
  labelsOutside: boolean;
}

/** When a connection is in use on the ladder, and the lane it is drawn in. */
export interface ConnectionSpan {
  conn: number;
  startNs: number;
  endNs: number;
  lane: number;
}

/** Each run's connections, found once: the time-sequence plot asks on every frame of playback,
 * and a scan of every packet each time had slowed the playback of a large run. */
const idsOf = new WeakMap<Trace, readonly number[]>();

export function connectionIds(trace: Trace): readonly number[] {
  let found = idsOf.get(trace);
  if (!found) {
    const ids = new Set<number>(trace.connections.map((c) => c.id));
    for (const p of trace.packets) ids.add(p.conn);
    found = [...ids].sort((a, b) => a - b);
    idsOf.set(trace, found);
  }
  return found;
}

/** Events after which the client is done with a connection. */
const CLIENT_DONE = new Set(['close', 'reset', 'timeout', 'abort']);

/**
 * Each connection's span, from its first packet to the client's last word on it (its close, or
 * without one its last segment sent), and the first lane free by then. The last packets may still
 * be crossing when the lane's next connection starts, as a browser reuses its connection slot.
 */
export function connectionSpans(trace: Trace): ConnectionSpan[] {
  const span = new Map<number, { startNs: number; endNs: number }>();
  const widen = (conn: number, from: number, to: number) => {
    const s = span.get(conn);
    if (!s) span.set(conn, { startNs: from, endNs: to });
    else {
      s.startNs = Math.min(s.startNs, from);
      s.endNs = Math.max(s.endNs, to);
    }
  };
  for (const c of trace.connections) widen(c.id, c.openNs, c.openNs);
  for (const p of trace.packets) widen(p.conn, p.sendNs, p.dir === 'c2s' ? p.sendNs : 0);
  // Once the client has closed, the connection no longer holds its slot: a FIN still queued behind
  // the next connection's SYN, or the last ACK, does not keep the lane.
  const closedAt = new Map<number, number>();
  for (const e of trace.events)
    if (e.side === 'client' && CLIENT_DONE.has(e.kind) && span.has(e.conn))
      closedAt.set(e.conn, Math.max(closedAt.get(e.conn) ?? 0, e.atNs));
  for (const [conn, at] of closedAt) {
    const s = span.get(conn)!;
    s.endNs = Math.max(s.startNs, at);
  }
  const spans = [...span].map(([conn, s]) => ({ conn, ...s, lane: 0 }));
  spans.sort((a, b) => a.startNs - b.startNs || a.conn - b.conn);
  const laneFreeAt: number[] = [];
  for (const s of spans) {
    const free = laneFreeAt.findIndex((end) => end <= s.startNs);
    s.lane = free >= 0 ? free : laneFreeAt.length;
    laneFreeAt[s.lane] = s.endNs;
  }
  return spans.sort((a, b) => a.conn - b.conn);
}

export function laneCount(spans: ConnectionSpan[]): number {
  return spans.reduce((n, s) => Math.max(n, s.lane + 1), 1);
}

/** Lanes across the available width; wider than the box when there are many. */
export function ladderLayout(lanesNeeded: number, boxWidth: number): LadderLayout {
  const n = Math.max(1, lanesNeeded);
  const inner = Math.max(0, boxWidth - LADDER_MARGIN.axis - LADDER_MARGIN.right);
  const laneWidth = inner / n < FIT_LANE_PX ? MIN_LANE_PX : inner / n;
  const width = LADDER_MARGIN.axis + laneWidth * n + LADDER_MARGIN.right;
  const labelsOutside = laneWidth >= OUTSIDE_LABELS_MIN_PX;
  const inset = labelsOutside ? LANE_INSET_WIDE_PX : LANE_INSET_PX;
  const lanes = Array.from({ length: n }, (_, index) => {
    const left = LADDER_MARGIN.axis + index * laneWidth;
    return { index, clientX: left + inset, serverX: left + laneWidth - inset };
  });
  return { width, lanes, laneWidth, labelsOutside };
}
