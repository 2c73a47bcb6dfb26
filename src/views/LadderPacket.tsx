// The packet arrows on the ladder: a single path each (shaft, filled head, and an × where a
// dropped packet died); the bands of their serialization times are drawn with the others.
// One element per packet keeps big ladders quick; pointer and focus are handled by the ladder.
import { memo, useLayoutEffect, useRef } from 'react';
import type { Trace } from '../engine/trace';
import { KIND_STYLE } from './kindStyle';
import { arrowHead, DROP_CROSS_PX, packetKind, type PacketKind, type PacketShape } from './packetGeometry';

/** Each packet's kind (its arrow's style), worked out once per trace: arrows are redrawn every frame. */
const kinds = new WeakMap<Trace['packets'], PacketKind[]>();
export function packetKinds(trace: Trace): PacketKind[] {
  let k = kinds.get(trace.packets);
  if (!k) kinds.set(trace.packets, (k = trace.packets.map(packetKind)));
  return k;
}

export interface PacketArrowsProps {
  /** Packets to draw, in sending order. */
  visible: number[];
  shapes: PacketShape[];
  trace: Trace;
  /** Each packet's name for assistive technology (its tcpdump line). */
  describe: (index: number) => string;
  /** The one packet in the Tab order. */
  tabbable: number | undefined;
}

/**
 * The packets' arrows, one <path> each (shaft, filled head, and an × where a dropped packet died).
 * Written to the DOM directly rather than through the component tree: a knob change moves every
 * arrow of a run of hundreds, and diffing a virtual element per arrow cost more than setting the
 * attributes that changed. Each element keeps its packet; only changed attributes are written.
 */
export const PacketArrows = memo(function PacketArrows({
  visible,
  shapes,
  trace,
  describe,
  tabbable,
}: PacketArrowsProps) {
  const groupRef = useRef<SVGGElement>(null);
  /** Each packet's element, and what was last written to it. */
  const elements = useRef(
    new Map<
      number,
      { el: SVGPathElement; shape?: PacketShape; tabbable?: boolean; describe?: (i: number) => string }
    >(),
  );
  useLayoutEffect(() => {
    const group = groupRef.current;
    if (!group) return;
    const byIndex = elements.current;
    const keep = new Set(visible);
    for (const [i, entry] of byIndex)
      if (!keep.has(i) || entry.el.parentNode !== group) {
        entry.el.remove();
        byIndex.delete(i);
      }
    let next = group.firstChild;
    for (const i of visible) {
      let entry = byIndex.get(i);
      if (!entry) {
        const el = document.createElementNS(SVG_NS, 'path');
        el.setAttribute('data-packet', String(i));
        el.setAttribute('class', 'packet');
        el.setAttribute('role', 'img');
        byIndex.set(i, (entry = { el }));
      }
      // Shapes are made once per run and scale: the same object means the same arrow. Names change
      // once, when the tcpdump lines have loaded.
      if (entry.shape !== shapes[i] || entry.tabbable !== (i === tabbable) || entry.describe !== describe) {
        entry.shape = shapes[i];
        entry.tabbable = i === tabbable;
        entry.describe = describe;
        writeArrow(entry.el, shapes[i], packetKinds(trace)[i], describe(i), i === tabbable);
      }
      if (entry.el === next) next = next.nextSibling;
      else group.insertBefore(entry.el, next);
    }
  }, [visible, shapes, trace, describe, tabbable]);
  return <g ref={groupRef} />;
});

const SVG_NS = 'http://www.w3.org/2000/svg';

function writeArrow(
  el: SVGPathElement,
  shape: PacketShape,
  kind: PacketKind,
  description: string,
  tabbable: boolean,
) {
  const style = KIND_STYLE[kind];
  const { fromX, toX, leaveBottom, arriveBottom, dropped } = shape;
  let d = arrowPath(fromX, leaveBottom, toX, arriveBottom, !dropped);
  if (dropped) d += crossPath(toX, arriveBottom);
  set(el, 'd', d);
  set(el, 'tabindex', tabbable ? '0' : '-1');
  set(el, 'aria-label', description);
  set(el, 'stroke', style.stroke);
  set(el, 'stroke-width', String(dropped ? 2 : style.width));
  set(el, 'stroke-dasharray', style.dash ?? null);
  set(el, 'fill', style.stroke);
}

function set(el: Element, name: string, value: string | null) {
  if (value === null) {
    if (el.hasAttribute(name)) el.removeAttribute(name);
  } else if (el.getAttribute(name) !== value) el.setAttribute(name, value);
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
    if (band) byKind.set(packetKinds(trace)[i], (byKind.get(packetKinds(trace)[i]) ?? '') + band);
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
    const kind = packetKinds(trace)[i];
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

const f = (n: number) => n.toFixed(1);

/** The arrow as one path: the shaft, then a filled head at the far end (no SVG markers). */
export function arrowPath(x1: number, y1: number, x2: number, y2: number, head: boolean): string {
  const shaft = `M${f(x1)},${f(y1)}L${f(x2)},${f(y2)}`;
  const corners = head ? arrowHead(x1, y1, x2, y2) : null;
  if (!corners) return shaft;
  const [[ax, ay], [bx, by]] = corners;
  return `${shaft}M${f(x2)},${f(y2)}L${f(ax)},${f(ay)}L${f(bx)},${f(by)}Z`;
}

export function crossPath(x: number, y: number): string {
  const c = DROP_CROSS_PX;
  return `M${f(x - c)},${f(y - c)}L${f(x + c)},${f(y + c)}M${f(x - c)},${f(y + c)}L${f(x + c)},${f(y - c)}`;
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
