// The packet ladder: client and server lines per lane, time flowing down, every packet a slanted
// arrow, every stall shaded on the side that waited. A pure function of (trace, scale, cursor):
// what happened after the cursor is clipped away, so playback is just a moving cursor. Layout and
// label placement depend on the trace and the scale only, and are memoised on them.
import {
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type Ref,
} from 'react';
import type { LinearScale } from './piecewiseScale';
import type { PacketRecord, Trace } from '../engine/trace';
import { axisTime, LadderAxis } from './LadderAxis';
import { connectionSpans, LADDER_MARGIN, ladderLayout, laneCount } from './ladderLayout';
import { CONN_LABEL_HEADROOM_PX, ladderLabels, type LadderLabels } from './ladderLabels';
import { LadderLabelLayer } from './LadderLabelLayer';
import { distanceToShape, LadderBands, PacketArrows, ProvisionalArrows } from './LadderPacket';
import { LadderStalls, stallKey, stallLabelBoxes, type FocusedStall } from './LadderStalls';
import { PLAYHEAD_COLOUR, PLAYHEAD_WIDTH_PX } from './kindStyle';
import { packetNamer } from './packetNames';
import { packetShape, shortLabel, type PathTiming } from './packetGeometry';
import { runEndNs, type Gap } from './timeScale';
import { foldLabel } from './foldLabels';
import type { Rect } from './labelPlacement';
import type { PacketShape } from './packetGeometry';
import { cssZoom } from './cssZoom';

/** Packets per piece of the dense band. */
const DENSE_PIECE = 1024;
/** Where a coordinate of the band is written: to the half pixel, so arrows that fall on the
 * same half pixels are written once (a path's stroke paints its union: a copy adds nothing), and
 * tens of thousands of arrows shrink to a few thousand. */
const halfPx = (v: number) => Math.round(v * 2) / 2;

/** The dense band in pieces of consecutive packets, each with the heights it spans. */
function densePieces(indices: number[], shapes: PacketShape[]): Array<{ d: string; y0: number; y1: number }> {
  const pieces = [];
  for (let from = 0; from < indices.length; from += DENSE_PIECE) {
    const drawn = new Set<string>();
    let d = '';
    let y0 = Infinity;
    let y1 = -Infinity;
    for (const i of indices.slice(from, from + DENSE_PIECE)) {
      const s = shapes[i];
      const arrow = `M${halfPx(s.fromX)},${halfPx(s.leaveBottom)}L${halfPx(s.toX)},${halfPx(s.arriveBottom)}`;
      if (!drawn.has(arrow)) d += arrow;
      drawn.add(arrow);
      y0 = Math.min(y0, s.leaveBottom, s.arriveBottom);
      y1 = Math.max(y1, s.leaveBottom, s.arriveBottom);
    }
    pieces.push({ d, y0, y1 });
  }
  return pieces;
}

/** Above this many arrows in view, the ladder draws one path instead of an element per packet... */
const MAX_ARROWS = 3000;
/** ...and above this many per pixel of the view's height: arrows closer than a third of a pixel
 * cannot be told apart, pointed at or read, and an element each would only slow every redraw. */
const MAX_ARROWS_PER_PX = 3;
/** The dense-band note's baseline, in the headings' band above the plot (connection names sit
 * at 16 px, the hosts' at 32). */
const DENSE_NOTE_BASELINE_PX = 14;
/** About how wide a character of the dense-band note is (12 px semibold). */
const DENSE_NOTE_CHAR_PX = 7;

function denseNoteText(count: number, width: number): string {
  return width < 480 ? `${count} packets: zoom in` : `${count} packets in view: zoom in to see each one`;
}

/** Where the note stands in the headings' band, as a box labels keep clear of. */
function denseNoteRect(text: string): Rect {
  const x0 = LADDER_MARGIN.axis + 4;
  return {
    x0,
    y0: DENSE_NOTE_BASELINE_PX - 12,
    x1: x0 + text.length * DENSE_NOTE_CHAR_PX,
    y1: DENSE_NOTE_BASELINE_PX + 3,
  };
}

/** Clear space kept between a label and the ladder's right edge. */
const LABEL_EDGE_PX = 2;
/** How near the pointer must pass to a packet to show its line. */
const HOVER_PX = 6;
/** ...and a tap or click, a fingertip's width. */
const TAP_PX = 12;
/** With a packet focused, the keys that move the focus (the page's list of shortcuts reads these). */
export const LADDER_KEYS: Record<string, LadderMove | undefined> = {
  ArrowUp: 'previous',
  ArrowLeft: 'previous',
  ArrowDown: 'next',
  ArrowRight: 'next',
  Home: 'first',
  End: 'last',
};
export type LadderMove = 'previous' | 'next' | 'first' | 'last';

export interface LadderProps {
  trace: Trace;
  path: PathTiming;
  side: 'a' | 'b';
  /** Time -> y, already zoomed; its range is [LADDER_MARGIN.top, height - LADDER_MARGIN.bottom] at rest. */
  y: LinearScale;
  width: number;
  height: number;
  cursorNs: number;
  gaps: Gap[];
  onInspect: (index: number | null, x?: number, y?: number) => void;
  svgRef?: Ref<SVGSVGElement>;
  /** Plain names (`SYN`, `GET /a.gif`) or the tcpdump shorthand (`S`, `P 1:227(226)`). */
  labelStyle?: 'words' | 'tcpdump';
  /** A stall to outline, as "Show the stall" asks. */
  focusedStall?: FocusedStall | null;
  /** A slider is being dragged: draw the arrows as a few paths, not an element per packet. */
  provisional?: boolean;
  /** A packet's tcpdump line, its name for assistive technology; until given, its words name it. */
  tcpdumpLine?: ((trace: Trace, packet: PacketRecord) => string) | null;
}

const NO_PACKETS: number[] = [];
const NO_LABELS: LadderLabels = { labels: [], bursts: [], stalls: new Map() };

/** First position in `sorted` (indices of packets in sending order) sent after `ns`. */
function sentBy(sorted: number[], packets: Trace['packets'], ns: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (packets.sendNs(sorted[mid]) <= ns) lo = mid + 1;
    else hi = mid;
  }
  return lo;
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
  labelStyle = 'words',
  focusedStall = null,
  provisional = false,
  tcpdumpLine = null,
}: LadderProps) {
  const top = LADDER_MARGIN.top;
  const bottom = height - LADDER_MARGIN.bottom;
  const maxArrows = Math.min(MAX_ARROWS, Math.round((bottom - top) * MAX_ARROWS_PER_PX));
  const spans = useMemo(() => connectionSpans(trace), [trace]);
  const layout = useMemo(() => ladderLayout(laneCount(spans), width), [spans, width]);
  const laneOf = useMemo(() => {
    const m = new Map(spans.map((s) => [s.conn, layout.lanes[s.lane]]));
    return (conn: number) => m.get(conn) ?? layout.lanes[0];
  }, [spans, layout]);
  // The trace's table: a long run's records are made as they are asked for, not all kept.
  const packets = trace.packets;
  const order = useMemo(
    () =>
      Array.from({ length: packets.length }, (_, i) => i).sort(
        (a, b) => packets.sendNs(a) - packets.sendNs(b) || a - b,
      ),
    [packets],
  );
  const shapes = useMemo(
    () => packets.map((p) => packetShape(p, laneOf(p.conn), y, path)),
    [packets, laneOf, y, path],
  );
  // Packets whose arrows cross the view, in sending order: depends on the scale, not the cursor.
  const inScale = useMemo(
    () =>
      order.filter((i) => {
        const s = shapes[i];
        return Math.max(s.arriveBottom, s.leaveBottom) >= top - 2 && s.leaveTop <= bottom + 2;
      }),
    [order, shapes, top, bottom],
  );
  const words = useMemo(() => packetNamer(trace), [trace]);
  // tcpdump lines for the aria-labels, computed once per packet per trace.
  const describe = useMemo(() => {
    const lines: string[] = [];
    const line = tcpdumpLine ?? ((_: Trace, p: PacketRecord) => words(p));
    return (i: number) => (lines[i] ??= line(trace, packets.get(i)));
  }, [trace, packets, tcpdumpLine, words]);
  const runEnd = useMemo(() => runEndNs(trace), [trace]);
  const runEndY = y(runEnd);
  // Labels stay between the time axis and the ladder's right edge, whole, inside the view (above
  // it, the hosts' names), and above the line where this run ends: a comparison's axis goes on for
  // the other side, and a label past the "end" mark would read as after the end.
  const labelBounds = useMemo(
    () => ({ left: LADDER_MARGIN.axis, right: layout.width - LABEL_EDGE_PX, runEndY, top, bottom }),
    [layout.width, runEndY, top, bottom],
  );
  // Each connection its own lane, named above it.
  const connNames = laneCount(spans) === spans.length && spans.length > 1;
  // Too many arrows to draw one by one: a note says so, in the headings' band where the lanes'
  // names leave it free. A connection named there (one that starts at the top of a shared lane)
  // keeps clear of it: on a phone, "connection 1" had been written over the note.
  const denseNoteBox = useMemo(
    () =>
      inScale.length > maxArrows && !connNames ? denseNoteRect(denseNoteText(inScale.length, width)) : null,
    [inScale, maxArrows, connNames, width],
  );
  const stallLabels = useMemo(
    () =>
      stallLabelBoxes(trace.stalls, laneOf, y, layout.labelsOutside, labelBounds, top, bottom, focusedStall),
    [trace, laneOf, y, layout.labelsOutside, labelBounds, top, bottom, focusedStall],
  );
  // While a slider is dragged the arrows move every frame: placing their names would cost the
  // frame (a few ms for hundreds of packets), so they come back when the gesture rests.
  const labels = useMemo(
    () =>
      provisional
        ? NO_LABELS
        : ladderLabels({
            packets,
            inView: inScale.length > maxArrows ? [] : inScale,
            shapes,
            name: (i) => (labelStyle === 'words' ? words(packets.get(i)) : shortLabel(packets.get(i))),
            lanes: layout.lanes,
            spans: laneCount(spans) < spans.length ? spans : [],
            y,
            top,
            bottom: Math.min(bottom, runEndY),
            left: LADDER_MARGIN.axis,
            right: layout.width,
            stallBoxes: stallLabels,
            reserved: denseNoteBox ? [denseNoteBox] : [],
          }),
    [
      provisional,
      packets,
      inScale,
      maxArrows,
      shapes,
      labelStyle,
      words,
      layout,
      spans,
      y,
      top,
      bottom,
      runEndY,
      stallLabels,
      denseNoteBox,
    ],
  );

  // This run's own fold labels: the folds are shared with the other side of a comparison.
  const labelFold = useMemo(() => {
    const labelled = trace.stalls.filter((s) => labels.stalls.has(stallKey(s)));
    return (g: Gap) => foldLabel(g, runEnd, labelled);
  }, [trace, labels, runEnd]);

  const sentCount = sentBy(inScale, packets, cursorNs);
  const inView = useMemo(() => inScale.slice(0, sentCount), [inScale, sentCount]);
  // Not redone on every frame of playback: only the scale, the folds or the run move them.
  const rules = useMemo(() => ruleYs(gaps, trace.loads, y), [gaps, trace, y]);
  // Too many arrows for the DOM: draw them as one path and ask the reader to zoom in.
  const dense = inView.length > maxArrows;
  const visible = dense ? NO_PACKETS : inView;
  // The band is built once per view, in pieces: only the piece the playhead crosses is clipped
  // at it, the ones above it keep a fixed clip and the ones below are left out, so a frame of
  // playback repaints the band near the playhead alone. One path clipped at the playhead had
  // been repainted whole every frame: tens of thousands of packets played at 5 frames a second.
  const pieces = useMemo(() => (dense ? densePieces(inScale, shapes) : []), [dense, inScale, shapes]);
  const denseNote = denseNoteText(inView.length, width);
  const [active, setActive] = useState<number | null>(null);
  const tabbable = active !== null && visible.includes(active) ? active : visible[visible.length - 1];
  const groupRef = useRef<SVGGElement>(null);

  const onKeyDown = (event: KeyboardEvent<SVGGElement>) => {
    const move = LADDER_KEYS[event.key];
    if (!move) return;
    event.preventDefault();
    const at = visible.indexOf(tabbable);
    const moves: Record<LadderMove, number> = {
      previous: at - 1,
      next: at + 1,
      first: 0,
      last: visible.length - 1,
    };
    const next = visible[Math.max(0, Math.min(visible.length - 1, moves[move]))];
    if (next === undefined) return;
    setActive(next);
    groupRef.current?.querySelector<SVGGElement>(`[data-packet="${next}"]`)?.focus();
  };

  const inspectAt = (index: number) => {
    const s = shapes[index];
    onInspect(index, (s.fromX + s.toX) / 2, (s.leaveBottom + s.arriveBottom) / 2);
  };
  // Whichever packet gets focus (Tab, click) becomes the one the arrow keys move from; its line
  // shows until focus leaves it. Listened for on the HTML box the ladder is drawn in: Chromium puts
  // an SVG element that listens for focus in the Tab order, and the packets' group had been an
  // unnamed stop before the packets.
  useEffect(() => {
    const box = groupRef.current?.ownerSVGElement?.parentElement;
    const follow = (event: FocusEvent) => {
      const packet = event.type === 'focusin' && (event.target as Element).getAttribute('data-packet');
      if (!packet) return onInspect(null);
      setActive(+packet);
      inspectAt(+packet);
    };
    box?.addEventListener('focusin', follow);
    box?.addEventListener('focusout', follow);
    return () => {
      box?.removeEventListener('focusin', follow);
      box?.removeEventListener('focusout', follow);
    };
  });
  // The packet whose shaft passes nearest the pointer, within `reach` pixels, or -1.
  const nearest = (event: MouseEvent<SVGSVGElement>, reach: number) => {
    const box = event.currentTarget.getBoundingClientRect();
    const zoom = cssZoom(event.currentTarget);
    const x = (event.clientX - box.left) / zoom;
    const py = (event.clientY - box.top) / zoom;
    let best = -1;
    for (const i of visible) {
      const d = distanceToShape(shapes[i], x, py);
      if (d < reach) {
        best = i;
        reach = d;
      }
    }
    return best;
  };
  // Hover shows the nearest packet's line...
  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    if (event.buttons !== 0) return;
    const best = nearest(event, HOVER_PX);
    if (best === hovered) return;
    setHovered(best);
    if (best >= 0) inspectAt(best);
    else onInspect(null);
  };
  const [hovered, setHovered] = useState(-1);

  // The playhead's time as the axis writes its ticks: worked out once per view, not every frame.
  const timeOf = useMemo(() => axisTime(y, top, bottom, gaps), [y, top, bottom, gaps]);
  const clipId = `ladder-clip-${side}`;
  const cursorY = y(cursorNs);
  // What happened after the cursor is clipped away at the playhead's line.
  const playheadY = Math.min(bottom, Math.max(top, cursorY));

  return (
    <svg
      ref={svgRef}
      className={hovered >= 0 ? 'ladder-svg pointing' : 'ladder-svg'}
      width={layout.width}
      height={height}
      viewBox={`0 0 ${layout.width} ${height}`}
      role="group"
      data-view-start-ns={Math.round(y.invert(top))}
      data-view-end-ns={Math.round(y.invert(bottom))}
      data-view-mid-ns={Math.round(y.invert((top + bottom) / 2))}
      aria-label={`Packet ladder, side ${side.toUpperCase()}: ${trace.packets.length} packets, time flows down`}
      onPointerMove={onPointerMove}
      // ...and so does a tap or a click, which focuses it: a finger has no hover. A drag, which
      // pans or scrolls, makes no click; a tap away from the packets leaves the focus (mousedown).
      onClick={(event) =>
        groupRef.current
          ?.querySelector<SVGElement>(`[data-packet="${nearest(event, TAP_PX)}"]`)
          ?.focus({ preventScroll: true })
      }
      onPointerLeave={(event) => {
        // A finger leaves as it lifts: the line it tapped stays.
        if (event.pointerType === 'touch') return;
        setHovered(-1);
        onInspect(null);
      }}
    >
      <defs>
        <clipPath id={clipId}>
          <rect x={0} y={top - 1} width={layout.width} height={Math.max(0, playheadY - top + 1)} />
        </clipPath>
        <clipPath id={`${clipId}-view`}>
          <rect x={0} y={top - 1} width={layout.width} height={Math.max(0, bottom - top + 1)} />
        </clipPath>
        {/* Labels may rise into the headings' band: a connection starting at the top is named there.
            They show whole once the playhead reaches them: cut at its line, a burst's count at a
            stall's end, where "Show the stall" puts it, had lost its lower half. */}
        <clipPath id={`${clipId}-labels`}>
          <rect
            x={0}
            y={top - CONN_LABEL_HEADROOM_PX}
            width={layout.width}
            height={Math.max(0, bottom - top + CONN_LABEL_HEADROOM_PX)}
          />
        </clipPath>
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
        showConnNames={connNames}
        loads={trace.loads}
        foldLabel={labelFold}
        runEndNs={runEnd}
        playheadY={playheadY}
        timesId={`${clipId}-times`}
      />
      <g clipPath={`url(#${clipId})`}>
        <LadderStalls
          stalls={trace.stalls}
          laneOf={laneOf}
          focused={focusedStall}
          labelled={labels.stalls}
          y={y}
          cursorNs={cursorNs}
          top={top}
          bottom={bottom}
          outside={layout.labelsOutside}
          bounds={labelBounds}
          overId={`${clipId}-over-`}
        />
      </g>
      {dense && (
        // The pieces overlap where they meet: their opacity is the group's, so they read as one.
        <g stroke="var(--packet-data)" strokeWidth={0.6} opacity={0.6} fill="none" data-dense-band="">
          {pieces.map((p, i) =>
            p.y0 > playheadY ? null : (
              <path key={i} d={p.d} clipPath={`url(#${clipId}${p.y1 <= playheadY ? '-view' : ''})`} />
            ),
          )}
        </g>
      )}
      {dense && !connNames && (
        // Above the plot, in the headings' band (free without connection names): inside it, the
        // note had covered the first packets and the handshake's stall label.
        <text
          x={denseNoteRect(denseNote).x0}
          y={DENSE_NOTE_BASELINE_PX}
          className="dense-note"
          data-dense-note=""
        >
          {denseNote}
        </text>
      )}
      {dense && connNames && (
        <g>
          {/* On a card, so the band's lines do not run through the words. */}
          <rect
            x={LADDER_MARGIN.axis + 4}
            y={top + 1}
            width={denseNote.length * 7 + 8}
            height={18}
            rx={3}
            fill="var(--card)"
            fillOpacity={0.92}
          />
          <text x={LADDER_MARGIN.axis + 8} y={top + 14} className="dense-note" data-dense-note="">
            {denseNote}
          </text>
        </g>
      )}
      {!dense && (
        <g clipPath={`url(#${clipId})`}>
          <LadderBands sorted={inScale} count={sentCount} shapes={shapes} trace={trace} />
        </g>
      )}
      <g ref={groupRef} clipPath={`url(#${clipId})`} onKeyDown={onKeyDown} className="packets">
        {provisional ? (
          <ProvisionalArrows indices={visible} shapes={shapes} trace={trace} />
        ) : (
          <PacketArrows
            visible={visible}
            shapes={shapes}
            trace={trace}
            describe={describe}
            tabbable={tabbable}
          />
        )}
      </g>
      {/* A stall label with no place clear of the arrows, drawn again above them on its halo: under
          them, a dense burst had crossed it out ("▪control 61 ms" on a phone). A label placed clear
          of them has no such id, and its copy draws nothing. */}
      <g aria-hidden="true">
        {[...labels.stalls.keys()].map((key) => (
          <use key={key} href={`#${clipId}-over-${key}`} />
        ))}
      </g>
      <Playhead
        cursorNs={cursorNs}
        cursorY={cursorY}
        top={top}
        bottom={bottom}
        right={layout.width}
        time={timeOf(cursorNs)}
        labelId={`${clipId}-playhead`}
      />
      {/* The packet labels go over the playhead's line, on a backdrop where it crosses them. */}
      <g clipPath={`url(#${clipId}-labels)`}>
        <LadderLabelLayer
          labels={labels}
          spans={spans}
          lanes={layout.lanes}
          y={y}
          cursorNs={cursorNs}
          rules={rules}
        />
      </g>
      {/* The axis's times, load, fold and run-end labels and playhead time again, at the left edge
          of a ladder scrolled sideways, on a card over the lanes that pass under them: a band
          scrolled to in the sixth lane had no time beside it. */}
      <g className="axis-pin">
        <rect />
        <use href={`#${clipId}-times`} />
        <use href={`#${clipId}-playhead`} />
      </g>
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
  time,
  labelId,
}: {
  cursorNs: number;
  cursorY: number;
  top: number;
  bottom: number;
  right: number;
  /** Its time, as the axis's ticks write theirs. */
  time: string;
  labelId: string;
}) {
  const above = cursorY < top;
  const below = cursorY > bottom;
  const y = Math.min(bottom, Math.max(top, cursorY));
  const label = `${above ? '▲ ' : below ? '▼ ' : ''}${time}`;
  return (
    <g data-playhead="" data-t-ns={Math.round(cursorNs)} className="playhead">
      <line
        x1={LADDER_MARGIN.axis - 4}
        x2={right}
        y1={y}
        y2={y}
        stroke={PLAYHEAD_COLOUR}
        strokeWidth={PLAYHEAD_WIDTH_PX}
        strokeDasharray={above || below ? '4 3' : undefined}
      />
      <text id={labelId} x={4} y={y} dy="0.32em" className="playhead-label" fill={PLAYHEAD_COLOUR}>
        {label}
      </text>
    </g>
  );
}

/** Where lines cross the whole ladder: the edges of its folds, and where each load after the first begins. */
function ruleYs(gaps: Gap[], loads: Trace['loads'], y: (ns: number) => number): number[] {
  const ys = gaps.flatMap((g) => [y(g.startNs), y(g.endNs)]);
  for (const l of loads) if (l.index > 0) ys.push(y(l.startNs));
  return ys;
}
