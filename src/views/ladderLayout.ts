// Horizontal layout of the ladder: a time axis on the left, then one lane per connection, each
// with the client's line on the left and the server's on the right (Padmanabhan-Mogul Fig. 3-1).
import type { Trace } from '../engine/trace';
import type { Lane } from './packetGeometry';

export const LADDER_MARGIN = { top: 40, bottom: 14, axis: 64, right: 8 } as const;
/** Narrowest a lane may be before the ladder scrolls sideways instead. */
export const MIN_LANE_PX = 190;
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

export function connectionIds(trace: Trace): number[] {
  const ids = new Set<number>(trace.connections.map((c) => c.id));
  for (const p of trace.packets) ids.add(p.conn);
  return [...ids].sort((a, b) => a - b);
}

/** Lanes across the available width; wider than the box when there are many connections. */
export function ladderLayout(conns: number[], boxWidth: number): LadderLayout {
  const n = Math.max(1, conns.length);
  const inner = Math.max(0, boxWidth - LADDER_MARGIN.axis - LADDER_MARGIN.right);
  const laneWidth = Math.max(MIN_LANE_PX, inner / n);
  const width = LADDER_MARGIN.axis + laneWidth * n + LADDER_MARGIN.right;
  const labelsOutside = laneWidth >= OUTSIDE_LABELS_MIN_PX;
  const inset = labelsOutside ? LANE_INSET_WIDE_PX : LANE_INSET_PX;
  const lanes = conns.map((conn, i) => {
    const left = LADDER_MARGIN.axis + i * laneWidth;
    return { conn, clientX: left + inset, serverX: left + laneWidth - inset };
  });
  return { width, lanes, laneWidth, labelsOutside };
}
