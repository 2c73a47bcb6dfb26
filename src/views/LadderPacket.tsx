// One packet arrow on the ladder: a single path (shaft, filled head, and an × where a dropped
// packet died); the band of its serialization time is drawn by the ladder with the others.
// One element per packet keeps big ladders quick; pointer and focus are handled by the ladder.
import { memo } from 'react';
import type { Trace } from '../engine/trace';
import { KIND_STYLE } from './kindStyle';
import { packetKind, type PacketKind, type PacketShape } from './packetGeometry';

export interface LadderPacketProps {
  index: number;
  shape: PacketShape;
  kind: PacketKind;
  description: string;
  tabbable: boolean;
}

function LadderPacketImpl({ index, shape, kind, description, tabbable }: LadderPacketProps) {
  const style = KIND_STYLE[kind];
  const { fromX, toX, leaveBottom, arriveBottom, dropped } = shape;
  let d = arrowPath(fromX, leaveBottom, toX, arriveBottom, !dropped);
  if (dropped) d += crossPath(toX, arriveBottom);
  return (
    <path
      data-packet={index}
      className="packet"
      tabIndex={tabbable ? 0 : -1}
      role="img"
      aria-label={description}
      d={d}
      stroke={style.stroke}
      strokeWidth={dropped ? 2 : style.width}
      strokeDasharray={style.dash}
      fill={style.stroke}
    />
  );
}

/** The band of a packet's serialization time, when tall enough to see ('' otherwise). The ladder
 * draws all bands of a kind as one path, so a dense run costs one element, not one per packet. */
export function bandPath({
  fromX,
  toX,
  leaveTop,
  leaveBottom,
  arriveTop,
  arriveBottom,
}: PacketShape): string {
  if (leaveBottom - leaveTop <= 1.5) return '';
  return `M${f(fromX)},${f(leaveTop)}L${f(fromX)},${f(leaveBottom)}L${f(toX)},${f(arriveBottom)}L${f(toX)},${f(arriveTop)}Z`;
}

export const LadderPacket = memo(LadderPacketImpl);

interface BandsProps {
  /** Packets in view, in sending order; the first `count` have been sent. */
  sorted: number[];
  count: number;
  shapes: PacketShape[];
  trace: Trace;
}

/** The serialization bands of the packets sent so far, one path per kind: redrawn when a packet
 * is sent, not on every frame, and one element however dense the run. */
export const LadderBands = memo(function LadderBands({ sorted, count, shapes, trace }: BandsProps) {
  const byKind = new Map<PacketKind, string>();
  for (let n = 0; n < count; n++) {
    const i = sorted[n];
    const band = bandPath(shapes[i]);
    if (band)
      byKind.set(packetKind(trace.packets[i]), (byKind.get(packetKind(trace.packets[i])) ?? '') + band);
  }
  return (
    <g className="packet-bands" pointerEvents="none">
      {[...byKind].map(([kind, d]) => (
        <path key={kind} d={d} fill={KIND_STYLE[kind].stroke} fillOpacity={0.09} />
      ))}
    </g>
  );
});

/**
 * The arrows of the packets sent so far as one path per style, without an element (nor a name for
 * assistive technology) per packet: the ladder draws this while a slider is dragged, where
 * rewriting hundreds of elements every frame would cost more than the frame has.
 */
export const ProvisionalArrows = memo(function ProvisionalArrows({
  indices,
  shapes,
  trace,
}: {
  indices: number[];
  shapes: PacketShape[];
  trace: Trace;
}) {
  const byStyle = new Map<string, { kind: PacketKind; dropped: boolean; d: string }>();
  for (const i of indices) {
    const shape = shapes[i];
    const kind = packetKind(trace.packets[i]);
    const key = `${kind} ${shape.dropped}`;
    let group = byStyle.get(key);
    if (!group) byStyle.set(key, (group = { kind, dropped: shape.dropped, d: '' }));
    group.d += arrowPath(shape.fromX, shape.leaveBottom, shape.toX, shape.arriveBottom, !shape.dropped);
    if (shape.dropped) group.d += crossPath(shape.toX, shape.arriveBottom);
  }
  return (
    <g aria-hidden="true" pointerEvents="none">
      {[...byStyle].map(([key, { kind, dropped, d }]) => {
        const style = KIND_STYLE[kind];
        return (
          <path
            key={key}
            d={d}
            stroke={style.stroke}
            strokeWidth={dropped ? 2 : style.width}
            strokeDasharray={style.dash}
            fill={style.stroke}
          />
        );
      })}
    </g>
  );
});

const HEAD_PX = 7;
const f = (n: number) => n.toFixed(1);

/** The arrow as one path: the shaft, then a filled head at the far end (no SVG markers). */
export function arrowPath(x1: number, y1: number, x2: number, y2: number, head: boolean): string {
  const shaft = `M${f(x1)},${f(y1)}L${f(x2)},${f(y2)}`;
  const length = Math.hypot(x2 - x1, y2 - y1);
  if (!head || length < HEAD_PX) return shaft;
  const ux = (x2 - x1) / length;
  const uy = (y2 - y1) / length;
  const bx = x2 - ux * HEAD_PX;
  const by = y2 - uy * HEAD_PX;
  const wx = -uy * (HEAD_PX / 2.4);
  const wy = ux * (HEAD_PX / 2.4);
  return `${shaft}M${f(x2)},${f(y2)}L${f(bx + wx)},${f(by + wy)}L${f(bx - wx)},${f(by - wy)}Z`;
}

export function crossPath(x: number, y: number): string {
  return `M${f(x - 5)},${f(y - 5)}L${f(x + 5)},${f(y + 5)}M${f(x - 5)},${f(y + 5)}L${f(x + 5)},${f(y - 5)}`;
}

/** Distance in pixels from a point to a packet's shaft, for pointer hit-testing. */
export function distanceToShape(s: PacketShape, x: number, y: number): number {
  const dx = s.toX - s.fromX;
  const dy = s.arriveBottom - s.leaveBottom;
  const lengthSq = dx * dx + dy * dy;
  const t =
    lengthSq === 0 ? 0 : Math.max(0, Math.min(1, ((x - s.fromX) * dx + (y - s.leaveBottom) * dy) / lengthSq));
  return Math.hypot(x - (s.fromX + t * dx), y - (s.leaveBottom + t * dy));
}
