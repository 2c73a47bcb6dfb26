// The packet ladder: client and server lines per connection, time flowing down, every packet a
// slanted arrow, every stall shaded on the side that waited. A pure function of (trace, scale,
// cursor): what happened after the cursor is clipped away, so playback is just a moving cursor.
import {
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type Ref,
} from 'react';
import type { ScaleLinear } from 'd3';
import { formatTcpdumpLine } from '../engine/tcpdump';
import type { Trace } from '../engine/trace';
import { LadderAxis } from './LadderAxis';
import { connectionIds, LADDER_MARGIN, ladderLayout } from './ladderLayout';
import { distanceToShape, LadderPacket } from './LadderPacket';
import { LadderStalls } from './LadderStalls';
import { PLAYHEAD_COLOUR } from './kindStyle';
import { labelledPackets, packetKind, packetShape, shortLabel, type PathTiming } from './packetGeometry';
import { formatDuration } from './format';
import type { Gap } from './timeScale';
import type { PacketShape } from './packetGeometry';

function densePath(indices: number[], shapes: PacketShape[]): string {
  let d = '';
  for (const i of indices) {
    const s = shapes[i];
    d += `M${s.fromX.toFixed(1)},${s.leaveBottom.toFixed(1)}L${s.toX.toFixed(1)},${s.arriveBottom.toFixed(1)}`;
  }
  return d;
}

/** Above this many arrows in view, the ladder draws one path instead of an element per packet. */
export const MAX_ARROWS = 3000;
/** How near the pointer must pass to a packet to show its line. */
const HOVER_PX = 6;

export interface LadderProps {
  trace: Trace;
  path: PathTiming;
  side: 'a' | 'b';
  /** Time -> y, already zoomed; its range is [LADDER_MARGIN.top, height - LADDER_MARGIN.bottom] at rest. */
  y: ScaleLinear<number, number>;
  width: number;
  height: number;
  cursorNs: number;
  gaps: Gap[];
  onInspect: (index: number | null, x?: number, y?: number) => void;
  svgRef?: Ref<SVGSVGElement>;
}

export function Ladder({
  trace,
  path,
  side,
  y,
  width,
  height,
  cursorNs,
  gaps,
  onInspect,
  svgRef,
}: LadderProps) {
  const top = LADDER_MARGIN.top;
  const bottom = height - LADDER_MARGIN.bottom;
  const conns = useMemo(() => connectionIds(trace), [trace]);
  const layout = useMemo(() => ladderLayout(conns, width), [conns, width]);
  const order = useMemo(
    () =>
      trace.packets
        .map((_, i) => i)
        .sort((a, b) => trace.packets[a].sendNs - trace.packets[b].sendNs || a - b),
    [trace],
  );
  // tcpdump lines for the aria-labels and the tooltip, computed once per packet per trace.
  const describe = useMemo(() => {
    const lines: string[] = [];
    return (i: number) => (lines[i] ??= formatTcpdumpLine(trace, trace.packets[i]));
  }, [trace]);
  const shapes = useMemo(() => {
    const laneOf = new Map(layout.lanes.map((l) => [l.conn, l]));
    return trace.packets.map((p) => packetShape(p, laneOf.get(p.conn)!, y, path));
  }, [trace, layout, y, path]);
  const labelled = useMemo(
    () =>
      labelledPackets(
        order.map((i) => trace.packets[i]),
        y,
        13,
        layout.laneWidth < 440,
      ),
    [order, trace, y, layout.laneWidth],
  );

  const inView = order.filter((i) => {
    const p = trace.packets[i];
    const s = shapes[i];
    return (
      p.sendNs <= cursorNs && Math.max(s.arriveBottom, s.leaveBottom) >= top - 2 && s.leaveTop <= bottom + 2
    );
  });
  // Too many arrows for the DOM: draw them as one path and ask the reader to zoom in.
  const dense = inView.length > MAX_ARROWS;
  const visible = dense ? [] : inView;
  const [active, setActive] = useState<number | null>(null);
  const tabbable = active !== null && visible.includes(active) ? active : visible[visible.length - 1];
  const groupRef = useRef<SVGGElement>(null);

  const onKeyDown = (event: KeyboardEvent<SVGGElement>) => {
    const at = visible.indexOf(tabbable);
    const moves: Record<string, number> = {
      ArrowDown: at + 1,
      ArrowRight: at + 1,
      ArrowUp: at - 1,
      ArrowLeft: at - 1,
      Home: 0,
      End: visible.length - 1,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = visible[Math.max(0, Math.min(visible.length - 1, moves[event.key]))];
    if (next === undefined) return;
    setActive(next);
    groupRef.current?.querySelector<SVGGElement>(`[data-packet="${next}"]`)?.focus();
  };

  // Whichever packet gets focus (Tab, click) becomes the one the arrow keys move from.
  const onFocus = (event: FocusEvent<SVGGElement>) => {
    const index = Number((event.target as Element).getAttribute('data-packet'));
    if (!Number.isInteger(index)) return;
    setActive(index);
    inspectAt(index);
  };
  const inspectAt = (index: number) => {
    const s = shapes[index];
    onInspect(index, (s.fromX + s.toX) / 2, (s.leaveBottom + s.arriveBottom) / 2);
  };
  // Hover: the packet whose shaft passes nearest the pointer, within a few pixels.
  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    if (event.buttons !== 0) return;
    const box = event.currentTarget.getBoundingClientRect();
    const x = event.clientX - box.left;
    const py = event.clientY - box.top;
    let best = -1;
    let bestDistance = HOVER_PX;
    for (const i of visible) {
      const d = distanceToShape(shapes[i], x, py);
      if (d < bestDistance) {
        best = i;
        bestDistance = d;
      }
    }
    if (best === hovered) return;
    setHovered(best);
    if (best >= 0) inspectAt(best);
    else onInspect(null);
  };
  const [hovered, setHovered] = useState(-1);

  const clipId = `ladder-clip-${side}`;
  const cursorY = y(cursorNs);
  const clipBottom = Math.min(bottom, Math.max(top, cursorY));

  return (
    <svg
      ref={svgRef}
      className={hovered >= 0 ? 'ladder-svg pointing' : 'ladder-svg'}
      width={layout.width}
      height={height}
      viewBox={`0 0 ${layout.width} ${height}`}
      role="group"
      aria-label={`Packet ladder, side ${side.toUpperCase()}: ${trace.packets.length} packets, time flows down`}
      onPointerMove={onPointerMove}
      onPointerLeave={() => {
        setHovered(-1);
        onInspect(null);
      }}
    >
      <defs>
        <clipPath id={clipId}>
          <rect x={0} y={top - 1} width={layout.width} height={Math.max(0, clipBottom - top + 1)} />
        </clipPath>
        <pattern
          id="fold-hatch"
          width="8"
          height="8"
          patternUnits="userSpaceOnUse"
          patternTransform="rotate(45)"
        >
          <line x1="0" y1="0" x2="0" y2="8" stroke="var(--line)" strokeWidth="3" />
        </pattern>
      </defs>
      <rect x={0} y={0} width={layout.width} height={height} fill="var(--card)" />
      <LadderAxis
        y={y}
        lanes={layout.lanes}
        gaps={gaps}
        width={layout.width}
        top={top}
        bottom={bottom}
        axisX={LADDER_MARGIN.axis}
        showConnNames={conns.length > 1}
      />
      <g clipPath={`url(#${clipId})`}>
        <LadderStalls
          stalls={trace.stalls}
          lanes={layout.lanes}
          y={y}
          cursorNs={cursorNs}
          top={top}
          bottom={bottom}
          outside={layout.labelsOutside}
        />
      </g>
      {dense && (
        <g clipPath={`url(#${clipId})`}>
          <path
            d={densePath(inView, shapes)}
            stroke="var(--packet-data)"
            strokeWidth={0.6}
            strokeOpacity={0.6}
            fill="none"
          />
          <text x={LADDER_MARGIN.axis + 8} y={top + 14} className="dense-note">
            {`${inView.length} packets in view: zoom in to see each one`}
          </text>
        </g>
      )}
      <g
        ref={groupRef}
        clipPath={`url(#${clipId})`}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        onBlur={() => onInspect(null)}
        className="packets"
      >
        {visible.map((i) => (
          <LadderPacket
            key={i}
            index={i}
            shape={shapes[i]}
            kind={packetKind(trace.packets[i])}
            description={describe(i)}
            tabbable={i === tabbable}
          />
        ))}
      </g>
      <g className="packet-labels" clipPath={`url(#${clipId})`}>
        {visible
          .filter((i) => labelled.has(trace.packets[i].id))
          .map((i) => {
            const s = shapes[i];
            const rightward = s.toX > s.fromX;
            return (
              <text
                key={i}
                x={s.fromX + (rightward ? 6 : -6)}
                y={s.leaveTop - 3}
                textAnchor={rightward ? 'start' : 'end'}
                className="packet-label"
                fill="var(--ink)"
              >
                {shortLabel(trace.packets[i])}
              </text>
            );
          })}
      </g>
      <Playhead cursorNs={cursorNs} cursorY={cursorY} top={top} bottom={bottom} right={layout.width} />
    </svg>
  );
}

/** The playhead: a line across the ladder at the cursor; pinned to the edge, dashed, when the
 * cursor is zoomed out of view, so it is always there to find. */
function Playhead({
  cursorNs,
  cursorY,
  top,
  bottom,
  right,
}: {
  cursorNs: number;
  cursorY: number;
  top: number;
  bottom: number;
  right: number;
}) {
  const above = cursorY < top;
  const below = cursorY > bottom;
  const y = Math.min(bottom, Math.max(top, cursorY));
  const label = `${above ? '▲ ' : below ? '▼ ' : ''}${formatDuration(cursorNs)}`;
  return (
    <g data-playhead="" data-t-ns={Math.round(cursorNs)} className="playhead">
      <line
        x1={LADDER_MARGIN.axis - 4}
        x2={right}
        y1={y}
        y2={y}
        stroke={PLAYHEAD_COLOUR}
        strokeWidth={1.5}
        strokeDasharray={above || below ? '4 3' : undefined}
      />
      <text x={4} y={y} dy="0.32em" className="playhead-label" fill={PLAYHEAD_COLOUR}>
        {label}
      </text>
    </g>
  );
}
