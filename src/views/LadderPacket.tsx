// One packet arrow on the ladder: a single path (shaft, filled head, and an × where a dropped
// packet died), plus the band of its serialization time when that is tall enough to see.
// One element per packet keeps big ladders quick; pointer and focus are handled by the ladder.
import { memo } from 'react';
import { KIND_STYLE } from './kindStyle';
import type { PacketKind, PacketShape } from './packetGeometry';

export interface LadderPacketProps {
  index: number;
  shape: PacketShape;
  kind: PacketKind;
  description: string;
  tabbable: boolean;
}

function LadderPacketImpl({ index, shape, kind, description, tabbable }: LadderPacketProps) {
  const style = KIND_STYLE[kind];
  const { fromX, toX, leaveTop, leaveBottom, arriveTop, arriveBottom, dropped } = shape;
  let d = arrowPath(fromX, leaveBottom, toX, arriveBottom, !dropped);
  if (dropped) d += crossPath(toX, arriveBottom);
  const arrow = (
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
  if (leaveBottom - leaveTop <= 1.5) return arrow;
  return (
    <>
      <polygon
        points={`${fromX},${leaveTop} ${fromX},${leaveBottom} ${toX},${arriveBottom} ${toX},${arriveTop}`}
        fill={style.stroke}
        fillOpacity={0.09}
        pointerEvents="none"
      />
      {arrow}
    </>
  );
}

export const LadderPacket = memo(LadderPacketImpl);

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

function crossPath(x: number, y: number): string {
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
