// Waterfall: one row per HTTP exchange on a shared time axis, coloured by connection and split
// into phases (connect, TLS handshake, request held or on the wire, waiting at a busy server, server
// think, waiting for the first byte, receiving). The streams of one HTTP/2 connection are grouped under a line for their connection.
// The figure is one SVG with its time axis at the bottom (what an export saves); on the page a
// copy of the axis (WaterfallAxisDock) stays at the bottom of the scrolled box, over the rows.
import { formatDuration } from './format';
import { PLAYHEAD_COLOUR, PLAYHEAD_WIDTH_PX, PLAYHEAD_WORDS } from './kindStyle';
import { loadHeading, type ConnectionLine, type LoadLine, type WaterfallLine } from './waterfallGroups';
import { fitName, LEFT_PX, NESTED_HEADING_INDENT_PX, shortName, type LabelColumns } from './waterfallLabels';
import { PHASE_WORDS, phaseWords, type PhaseKind, type WaterfallRow } from './waterfallPhases';
import { foldedTimeAxis, type FoldedTimeAxis } from './foldedTimeAxis';
import { FoldLength, FoldMarks } from './FoldMarks';
import type { Gap } from './timeScale';
import { ofPage } from '../engine/loadPages';
import type { LoadRecord } from '../engine/trace';

/** Connection colours from the theme table (app.css): Okabe-Ito, darkened on the light theme where a hue would fade into the white panel. */
export const CONNECTION_COLOURS = Array.from({ length: 8 }, (_, i) => `var(--conn-${i + 1})`);

const ROW_PX = 22;
const M = { top: 8, right: 12 };
/** The time axis under the rows: tick labels on a band of this height. */
const AXIS_PX = 26;
/** The fade over the last rows in view, above the docked axis, while more rows are below. */
const FADE_PX = 18;

/**
 * How each phase is painted: a fraction of the row height, the fill's opacity of its connection
 * colour, and an outline in the full colour. A tint alone fades into the panel (into the near-black
 * one of the dark theme most of all); the outline keeps every phase 3:1 against it in both themes,
 * while height, tint and dash tell the phases apart.
 */
const PHASE_PAINT: Record<
  PhaseKind,
  { height: number; opacity: number; outline?: 'solid' | `${number} ${number}` }
> = {
  queued: { height: 0.14, opacity: 1 },
  connect: { height: 0.6, opacity: 0.15, outline: '3 2' },
  tls: { height: 0.6, opacity: 0.4, outline: '3 2' },
  held: { height: 0.3, opacity: 0.25, outline: 'solid' },
  request: { height: 0.6, opacity: 0.25, outline: 'solid' },
  'server-wait': { height: 0.3, opacity: 0.35, outline: '1 2' },
  server: { height: 0.6, opacity: 0.08, outline: '1 2' },
  'first-byte': { height: 0.6, opacity: 0.65, outline: 'solid' },
  receiving: { height: 0.8, opacity: 1 },
};

/** The attributes of one phase's rectangle in a colour, whatever its position. */
function phaseStyle(kind: PhaseKind, colour: string) {
  const paint = PHASE_PAINT[kind];
  return {
    fill: colour,
    fillOpacity: paint.opacity,
    stroke: paint.outline ? colour : 'none',
    strokeDasharray: paint.outline === 'solid' ? undefined : paint.outline,
    'data-phase': kind,
  };
}

export interface WaterfallProps {
  rows: WaterfallRow[];
  lines: WaterfallLine[];
  columns: LabelColumns;
  endNs: number;
  /** Idle gaps folded out of the time axis (none: drawn to scale). */
  gaps: Gap[];
  /** When this side's run ended. */
  runEndNs: number;
  /** This side's page loads, each drawn where it ended (the time the headline gives). */
  loads: LoadRecord[];
  /** Each load's page, when the loads went round different pages (loadPageNames); else null. */
  loadPages: string[] | null;
  cursorNs: number;
  width: number;
  side: 'a' | 'b';
}

function axisOf(endNs: number, columns: LabelColumns, width: number, gaps: Gap[], runEndNs: number) {
  return foldedTimeAxis(endNs, [columns.barsLeft, width - M.right], width, gaps, runEndNs);
}

export function Waterfall({
  rows,
  lines,
  columns,
  endNs,
  gaps,
  runEndNs,
  loads,
  loadPages,
  cursorNs,
  width,
  side,
}: WaterfallProps) {
  const bottom = M.top + lines.length * ROW_PX;
  const height = bottom + AXIS_PX;
  const axis = axisOf(endNs, columns, width, gaps, runEndNs);
  const { x } = axis;
  // A page loaded several times: each load's heading is the outer level, its connections' the inner.
  const nested = lines.some((l) => l.kind === 'load');
  return (
    <svg
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      className="waterfall-svg"
      data-view-end-ns={Math.round(endNs)}
      role="img"
      aria-label={`Waterfall of ${rows.length} HTTP exchanges, side ${side.toUpperCase()}`}
    >
      <rect x={0} y={0} width={width} height={height} fill="var(--card)" />
      {axis.ticks.map((t) => (
        <line key={t.ns} x1={t.x} x2={t.x} y1={M.top} y2={bottom} stroke="var(--rule)" />
      ))}
      <FoldMarks folds={axis.folds} top={M.top} bottom={bottom} />
      <TimeTicks axis={axis} width={width} y={bottom} />
      {lines.map((line, i) => {
        const yMid = M.top + i * ROW_PX + ROW_PX / 2;
        if (line.kind === 'load')
          return (
            <LoadRow
              key={`load-${line.load}`}
              line={line}
              page={ofPage(loadPages, line.load)}
              yMid={yMid}
              x={x}
              cursorNs={cursorNs}
            />
          );
        return line.kind === 'connection' ? (
          <ConnectionRow
            key={`conn-${line.conn}-${i}`}
            line={line}
            nested={nested}
            yMid={yMid}
            x={x}
            cursorNs={cursorNs}
          />
        ) : (
          <ExchangeRow
            key={line.row.key}
            row={line.row}
            index={line.index}
            yMid={yMid}
            x={x}
            cursorNs={cursorNs}
            columns={columns}
          />
        );
      })}
      <LoadEnds loads={loads} pages={loadPages} x={x} top={M.top} bottom={bottom} cursorNs={cursorNs} />
      {/* A connection's "N streams" over the page-loaded line, on a halo of the panel's colour: a
          short HTTP/2 load ends under its own label, and the line had run through the words. */}
      {lines.map((line, i) =>
        line.kind === 'connection' ? (
          <text
            key={`streams-${line.conn}-${i}`}
            x={x(line.startNs) + 4}
            y={M.top + i * ROW_PX + ROW_PX / 2 - 5}
            className="tick-label waterfall-streams"
            data-connection-streams={line.conn}
          >
            <title>{connectionTitle(line)}</title>
            {`${line.streams} streams`}
          </text>
        ) : null,
      )}
      {cursorNs <= endNs && (
        <line
          x1={x(cursorNs)}
          x2={x(cursorNs)}
          y1={M.top}
          y2={bottom}
          stroke={PLAYHEAD_COLOUR}
          strokeWidth={PLAYHEAD_WIDTH_PX}
          data-cursor=""
        />
      )}
    </svg>
  );
}

// Solid, not dashed: a fold's edges are dashed, and a load ends just before each fold.
const LOAD_END_STYLE = { stroke: 'var(--ink)', strokeWidth: 1.25 } as const;

/**
 * A line where each page load ended, once playback has reached it: the moment its last
 * object arrived, the time the headline and the figures give. The run goes on past it (ACKs,
 * closes), so the end of the axis is not the page's time.
 */
function LoadEnds({
  loads,
  pages,
  x,
  top,
  bottom,
  cursorNs,
}: {
  loads: LoadRecord[];
  pages: string[] | null;
  x: (ns: number) => number;
  top: number;
  bottom: number;
  cursorNs: number;
}) {
  return (
    <g>
      {loads.map((load) => {
        if (load.endNs === null || load.endNs > cursorNs) return null;
        const at = x(load.endNs);
        const took = formatDuration(load.endNs - load.startNs);
        const which =
          loads.length > 1
            ? `Load ${load.index + 1} of ${loads.length}${ofPage(pages, load.index)}`
            : 'The page';
        return (
          <line
            key={load.index}
            x1={at}
            x2={at}
            y1={top}
            y2={bottom}
            data-load-end={load.index}
            {...LOAD_END_STYLE}
          >
            <title>{`${which} loaded: its last object arrived ${took} after it began`}</title>
          </line>
        );
      })}
    </g>
  );
}

/** The time axis's labels on a band of the panel's colour, its top at `y`: the ticks, and each fold's length. */
function TimeTicks({ axis, width, y }: { axis: FoldedTimeAxis; width: number; y: number }) {
  return (
    <g>
      <rect x={0} y={y} width={width} height={AXIS_PX} fill="var(--card)" />
      {axis.ticks.map((t) => (
        <text key={t.ns} x={t.x} y={y + 16} textAnchor={t.anchor} className="tick-label">
          {t.text}
        </text>
      ))}
      {axis.folds.map((f) => (
        <FoldLength key={`fold-${f.gap.startNs}`} fold={f} y={y + 16} />
      ))}
    </g>
  );
}

/**
 * The time axis again, for the page: kept at the bottom of the box the rows scroll in (sticky),
 * lying exactly over the figure's own axis once the rows are scrolled to their end; a fade above
 * it shows that rows go on below. Hidden from screen readers: the figure's axis is the same text.
 */
export function WaterfallAxisDock({
  columns,
  endNs,
  gaps,
  runEndNs,
  width,
}: {
  columns: LabelColumns;
  endNs: number;
  gaps: Gap[];
  runEndNs: number;
  width: number;
}) {
  const axis = axisOf(endNs, columns, width, gaps, runEndNs);
  return (
    <div className="waterfall-axis-dock" aria-hidden="true" style={{ marginTop: -(FADE_PX + AXIS_PX) }}>
      <div className="waterfall-fade" style={{ height: FADE_PX }} />
      <svg width={width} height={AXIS_PX} viewBox={`0 0 ${width} ${AXIS_PX}`}>
        <TimeTicks axis={axis} width={width} y={0} />
      </svg>
    </div>
  );
}

interface RowProps {
  yMid: number;
  x: (ns: number) => number;
  cursorNs: number;
}

function connectionTitle(line: ConnectionLine): string {
  return `Connection ${line.conn + 1}: ${line.streams} streams, ${formatDuration(line.endNs - line.startNs)}`;
}

/**
 * The line heading a connection's streams: its name, and a thin bar from its opening to its last
 * stream's end. Under a load's heading (`nested`) the name is set in and lighter, one level down.
 */
function ConnectionRow({
  line,
  nested,
  yMid,
  x,
  cursorNs,
}: RowProps & { line: ConnectionLine; nested: boolean }) {
  const colour = CONNECTION_COLOURS[line.conn % CONNECTION_COLOURS.length];
  const x0 = x(line.startNs);
  const w = Math.max(1, x(Math.min(line.endNs, cursorNs)) - x0);
  return (
    <g data-connection-group={line.conn}>
      <title>{connectionTitle(line)}</title>
      <text
        x={LEFT_PX + (nested ? NESTED_HEADING_INDENT_PX : 0)}
        y={yMid}
        dy="0.32em"
        className={`row-label row-label-connection${nested ? ' row-label-nested' : ''}`}
      >
        {`connection ${line.conn + 1}`}
      </text>
      {line.startNs <= cursorNs && <rect x={x0} y={yMid - 2} width={w} height={4} fill={colour} />}
    </g>
  );
}

/** How far a load's bar turns down at its ends, either side of its line. */
const LOAD_CAP_PX = 4;

/**
 * The line heading a load's rows: "load 2" ("load 2 · /acts" when the loads went round pages), and a bracket from the load's start to where the page
 * loaded (its end meets the page-loaded line), drawn as far as playback has reached.
 */
function LoadRow({ line, page, yMid, x, cursorNs }: RowProps & { line: LoadLine; page: string }) {
  const x0 = x(line.startNs);
  const ended = line.endNs !== null && line.endNs <= cursorNs;
  const x1 = x(line.endNs !== null ? Math.min(line.endNs, cursorNs) : cursorNs);
  const took =
    line.endNs === null
      ? 'it never finished'
      : `the page loaded ${formatDuration(line.endNs - line.startNs)} after it began`;
  const cap = (at: number) => `M${at},${yMid - LOAD_CAP_PX}L${at},${yMid + LOAD_CAP_PX}`;
  return (
    <g data-load-heading={line.load}>
      <title>{`Load ${line.load + 1} of ${line.loads}${page}, the rows below: ${took}`}</title>
      <text x={LEFT_PX} y={yMid} dy="0.32em" className="row-label row-label-load">
        {loadHeading(line)}
      </text>
      {line.startNs <= cursorNs && (
        <path
          d={`${cap(x0)}M${x0},${yMid}L${Math.max(x0, x1)},${yMid}${ended ? cap(x1) : ''}`}
          fill="none"
          {...LOAD_END_STYLE}
          data-load-bar={line.load}
        />
      )}
    </g>
  );
}

function ExchangeRow({
  row,
  index,
  yMid,
  x,
  cursorNs,
  columns,
}: RowProps & { row: WaterfallRow; index: number; columns: LabelColumns }) {
  const colour = CONNECTION_COLOURS[row.conn % CONNECTION_COLOURS.length];
  const on =
    row.stream === undefined
      ? `connection ${row.conn + 1}`
      : `stream ${row.stream} of connection ${row.conn + 1}`;
  const phases = row.phases.map((p) => `${phaseWords(p)} ${formatDuration(p.endNs - p.startNs)}`).join(', ');
  return (
    <g data-exchange={index} data-stream={row.stream} data-lost={row.lostNs === null ? undefined : true}>
      <title>{`${row.label} on ${on}: ${rowTotal(row)}${phases ? ` (${phases})` : ''}`}</title>
      {row.stream !== undefined && (
        <text
          x={columns.streamRight}
          y={yMid}
          dy="0.32em"
          textAnchor="end"
          className="row-label row-label-stream"
        >
          {row.stream}
        </text>
      )}
      <text x={columns.nameRight} y={yMid} dy="0.32em" textAnchor="end" className="row-label" data-row-name>
        {fitName(shortName(row.label), columns.nameChars)}
      </text>
      {/* Keyed by place in the row, not by time: the next run's row keeps its elements. */}
      {row.phases.map((p, i) => {
        if (p.startNs > cursorNs) return null;
        const h = ROW_PX * PHASE_PAINT[p.kind].height;
        const x0 = x(p.startNs);
        const w = Math.max(1, x(Math.min(p.endNs, cursorNs)) - x0);
        return (
          <rect
            key={`${p.kind}-${i}`}
            x={x0}
            y={yMid - h / 2}
            width={w}
            height={h}
            {...phaseStyle(p.kind, colour)}
          />
        );
      })}
      {row.lostNs !== null && row.lostNs <= cursorNs && (
        <LostMark x={x(row.lostNs)} yMid={yMid} colour={colour} />
      )}
    </g>
  );
}

/**
 * What a row's tooltip says of its whole length: the bar as drawn, from its first phase (waiting
 * its turn or connecting, before the request was written), so the phases listed after it add up
 * to it (from the request alone, the Yahoo page's yahoo1.gif read "6.51 ms (waiting its turn
 * 200 ms, ...)").
 */
function rowTotal(row: WaterfallRow): string {
  const fromNs = Math.min(row.startNs, ...row.phases.map((p) => p.startNs));
  if (row.lostNs === null) return row.endNs === null ? 'unfinished' : formatDuration(row.endNs - fromNs);
  const unwritten = row.written ? '' : ' before it was written';
  return `lost${unwritten} after ${formatDuration(row.lostNs - fromNs)}: its connection closed; ${row.askedAgain ? 'asked for again' : 'given up'}`;
}

const LOST_MARK_PX = 4;

/** A cross where a request was lost with its connection. */
function LostMark({ x, yMid, colour }: { x: number; yMid: number; colour: string }) {
  const r = LOST_MARK_PX;
  return (
    <path
      d={`M${x - r},${yMid - r}L${x + r},${yMid + r}M${x - r},${yMid + r}L${x + r},${yMid - r}`}
      stroke={colour}
      strokeWidth={2}
      data-lost-mark
    />
  );
}

/** Phases most pages never have (no TLS, no request held, no busy server): named only where drawn. */
const SOMETIMES: ReadonlySet<PhaseKind> = new Set(['tls', 'held', 'server-wait']);

/**
 * `lost`: some request was lost with its connection (the cross is explained only then);
 * `drawn`: the phases some row has.
 */
export function WaterfallLegend({
  lost = false,
  drawn,
  loaded = false,
}: {
  lost?: boolean;
  drawn: ReadonlySet<PhaseKind>;
  loaded?: boolean;
}) {
  const kinds = (Object.keys(PHASE_PAINT) as PhaseKind[]).filter((k) => !SOMETIMES.has(k) || drawn.has(k));
  return (
    <ul className="legend" aria-label="Waterfall phases">
      {kinds.map((kind) => (
        <li key={kind}>
          <svg width="22" height="12" aria-hidden="true">
            <rect
              x={1}
              y={6 - (12 * PHASE_PAINT[kind].height) / 2}
              width={20}
              height={12 * PHASE_PAINT[kind].height}
              {...phaseStyle(kind, CONNECTION_COLOURS[0])}
            />
          </svg>
          {PHASE_WORDS[kind]}
        </li>
      ))}
      {lost && (
        <li>
          <svg width="22" height="12" aria-hidden="true">
            <LostMark x={11} yMid={6} colour={CONNECTION_COLOURS[0]} />
          </svg>
          lost with its connection
        </li>
      )}
      {loaded && (
        <li data-legend="load-end">
          <svg width="22" height="12" aria-hidden="true">
            <line x1={11} x2={11} y1={0} y2={12} {...LOAD_END_STYLE} />
          </svg>
          page loaded: its last object arrived
        </li>
      )}
      <li data-legend="playhead">
        <svg width="22" height="12" aria-hidden="true">
          <line x1={11} x2={11} y1={0} y2={12} stroke={PLAYHEAD_COLOUR} strokeWidth={PLAYHEAD_WIDTH_PX} />
        </svg>
        {PLAYHEAD_WORDS}
      </li>
      <li className="legend-note">colour = connection</li>
    </ul>
  );
}
