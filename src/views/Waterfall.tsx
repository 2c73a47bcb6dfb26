// Waterfall: one row per HTTP exchange on a shared time axis, coloured by connection and split
// into phases (connect, request, server think, waiting for the first byte, receiving). The
// streams of one HTTP/2 connection are grouped under a line for their connection.
import { useMemo } from 'react';
import { scaleLinear } from './piecewiseScale';
import type { Trace } from '../engine/trace';
import { formatDuration, formatTick } from './format';
import { PLAYHEAD_COLOUR } from './kindStyle';
import { waterfallLines, type ConnectionLine } from './waterfallGroups';
import { PHASE_WORDS, waterfallRows, type PhaseKind, type WaterfallRow } from './waterfallPhases';

export const CONNECTION_COLOURS = [
  '#0072B2',
  '#E69F00',
  '#009E73',
  '#CC79A7',
  '#56B4E9',
  '#D55E00',
  'var(--ink)',
  '#F0E442',
];

const ROW_PX = 22;
const M = { top: 8, right: 12, bottom: 26, label: 96 };
const STREAM_COLUMN = 20;

/** How each phase is painted, as a fraction of the row height and an opacity of its connection colour. */
const PHASE_PAINT: Record<PhaseKind, { height: number; opacity: number; dash?: string }> = {
  queued: { height: 0.12, opacity: 0.5 },
  connect: { height: 0.6, opacity: 0.25, dash: '3 2' },
  request: { height: 0.6, opacity: 0.3 },
  server: { height: 0.6, opacity: 0.15, dash: '1 2' },
  'first-byte': { height: 0.6, opacity: 0.45 },
  receiving: { height: 0.8, opacity: 1 },
};

export interface WaterfallProps {
  trace: Trace;
  endNs: number;
  cursorNs: number;
  width: number;
  side: 'a' | 'b';
}

export function Waterfall({ trace, endNs, cursorNs, width, side }: WaterfallProps) {
  const rows = useMemo(() => waterfallRows(trace), [trace]);
  const lines = useMemo(() => waterfallLines(trace, rows), [trace, rows]);
  const height = M.top + lines.length * ROW_PX + M.bottom;
  // Stream numbers (up to three digits over QUIC) get a column of their own left of the names.
  const labelRight = M.label + (rows.some((r) => r.stream !== undefined) ? STREAM_COLUMN : 0);
  const x = scaleLinear()
    .domain([0, Math.max(1, endNs)])
    .range([labelRight, width - M.right]);
  const bottom = height - M.bottom;
  return (
    <svg
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      className="waterfall-svg"
      role="img"
      aria-label={`Waterfall of ${rows.length} HTTP exchanges, side ${side.toUpperCase()}`}
    >
      <rect x={0} y={0} width={width} height={height} fill="var(--card)" />
      {x.ticks(Math.max(2, Math.floor(width / 110))).map((t) => (
        <g key={t} transform={`translate(${x(t)},0)`}>
          <line y1={M.top} y2={bottom} stroke="var(--rule)" />
          <text y={bottom + 16} textAnchor="middle" className="tick-label">
            {formatTick(t, endNs)}
          </text>
        </g>
      ))}
      {lines.map((line, i) => {
        const yMid = M.top + i * ROW_PX + ROW_PX / 2;
        return line.kind === 'connection' ? (
          <ConnectionRow key={`conn-${line.conn}`} line={line} yMid={yMid} x={x} cursorNs={cursorNs} />
        ) : (
          <ExchangeRow
            key={line.row.key}
            row={line.row}
            index={line.index}
            yMid={yMid}
            x={x}
            cursorNs={cursorNs}
            labelRight={labelRight}
          />
        );
      })}
      {cursorNs <= endNs && (
        <line
          x1={x(cursorNs)}
          x2={x(cursorNs)}
          y1={M.top}
          y2={bottom}
          stroke={PLAYHEAD_COLOUR}
          strokeWidth={1.5}
        />
      )}
    </svg>
  );
}

interface RowProps {
  yMid: number;
  x: (ns: number) => number;
  cursorNs: number;
}

/** The line heading a connection's streams: its name, and a thin bar from its opening to its last stream's end. */
function ConnectionRow({ line, yMid, x, cursorNs }: RowProps & { line: ConnectionLine }) {
  const colour = CONNECTION_COLOURS[line.conn % CONNECTION_COLOURS.length];
  const x0 = x(line.startNs);
  const w = Math.max(1, x(Math.min(line.endNs, cursorNs)) - x0);
  return (
    <g data-connection-group={line.conn}>
      <title>{`Connection ${line.conn + 1}: ${line.streams} streams, ${formatDuration(line.endNs - line.startNs)}`}</title>
      <text x={4} y={yMid} dy="0.32em" className="row-label row-label-connection">
        {`connection ${line.conn + 1}`}
      </text>
      {line.startNs <= cursorNs && <rect x={x0} y={yMid - 2} width={w} height={4} fill={colour} />}
      <text x={x0 + 4} y={yMid - 5} className="tick-label">
        {`${line.streams} streams`}
      </text>
    </g>
  );
}

function ExchangeRow({
  row,
  index,
  yMid,
  x,
  cursorNs,
  labelRight,
}: RowProps & { row: WaterfallRow; index: number; labelRight: number }) {
  const colour = CONNECTION_COLOURS[row.conn % CONNECTION_COLOURS.length];
  const total = row.endNs === null ? 'unfinished' : formatDuration(row.endNs - row.startNs);
  const on =
    row.stream === undefined
      ? `connection ${row.conn + 1}`
      : `stream ${row.stream} of connection ${row.conn + 1}`;
  return (
    <g data-exchange={index} data-stream={row.stream}>
      <title>{`${row.label} on ${on}: ${total} (${row.phases.map((p) => `${PHASE_WORDS[p.kind]} ${formatDuration(p.endNs - p.startNs)}`).join(', ')})`}</title>
      {row.stream !== undefined && (
        <text x={12} y={yMid} dy="0.32em" className="row-label row-label-stream">
          {row.stream}
        </text>
      )}
      <text x={labelRight - 8} y={yMid} dy="0.32em" textAnchor="end" className="row-label">
        {shortName(row.label)}
      </text>
      {row.phases
        .filter((p) => p.startNs <= cursorNs)
        .map((p) => {
          const paint = PHASE_PAINT[p.kind];
          const h = ROW_PX * paint.height;
          const x0 = x(p.startNs);
          const w = Math.max(1, x(Math.min(p.endNs, cursorNs)) - x0);
          return (
            <rect
              key={`${p.kind}-${p.startNs}`}
              x={x0}
              y={yMid - h / 2}
              width={w}
              height={h}
              fill={colour}
              fillOpacity={paint.opacity}
              stroke={paint.dash ? colour : 'none'}
              strokeDasharray={paint.dash}
              data-phase={p.kind}
            />
          );
        })}
    </g>
  );
}

export function WaterfallLegend() {
  return (
    <ul className="legend" aria-label="Waterfall phases">
      {(Object.keys(PHASE_PAINT) as PhaseKind[]).map((kind) => (
        <li key={kind}>
          <svg width="22" height="12" aria-hidden="true">
            <rect
              x={1}
              y={6 - (12 * PHASE_PAINT[kind].height) / 2}
              width={20}
              height={12 * PHASE_PAINT[kind].height}
              fill={CONNECTION_COLOURS[0]}
              fillOpacity={PHASE_PAINT[kind].opacity}
              stroke={PHASE_PAINT[kind].dash ? CONNECTION_COLOURS[0] : 'none'}
              strokeDasharray={PHASE_PAINT[kind].dash}
            />
          </svg>
          {PHASE_WORDS[kind]}
        </li>
      ))}
      <li className="legend-note">colour = connection</li>
    </ul>
  );
}

/** The last part of a URL path ("/microscape/img06.gif" -> "img06.gif"); the root stays "/". */
function shortName(label: string): string {
  const parts = label.split('/').filter(Boolean);
  return parts.length > 0 ? parts[parts.length - 1] : label;
}
