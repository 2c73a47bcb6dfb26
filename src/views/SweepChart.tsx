// A sweep as a chart: one line per series, every simulated point a focusable marker of its
// series' colour and shape (sweepMarkers.ts; Enter or a click opens its run), published points as
// hollow diamonds, Kruse's analytic model as a dashed
// line. React draws; a line is straight segments through its points. An axis of choices (link
// types, HTTP versions) has no values between its points, so its points are drawn without lines.
import {
  chartYValues,
  formatSweepValue,
  SERIES_COLOURS,
  SWEEP_Y_TICKS,
  sweepXScale,
  sweepYScale,
  shortLabels,
} from './sweepScales';
import { markerPath, markerShape } from './sweepMarkers';

export interface SweepChartPoint {
  x: string;
  series: string | null;
  y: number | null;
  model: number | null;
  query: string;
}

export interface SweepChartProps {
  xValues: string[];
  /** The axis's own names for its values (else they are shortened: see shortLabels). */
  xNames?: string[];
  /** The x knob measures something (conns, window), rather than naming a choice (an HTTP mode). */
  xNumeric: boolean;
  seriesValues: Array<string | null>;
  points: SweepChartPoint[];
  published: Array<{ x: string; series?: string; y: number }>;
  xLabel: string;
  yLabel: string;
  seriesLabel: string | null;
  width: number;
  height: number;
  onOpen: (point: SweepChartPoint) => void;
  /** Where the scenario open now lies: a dashed line at its x, a ring round the points that are its run. */
  openNow?: OpenNowMark | null;
  /** The line's name ("open now"; "baseline" where no run is shown beside the chart). */
  openNowName?: string;
}

export interface OpenNowMark {
  /** The x the line is drawn at: an axis value, or for a quantity any value in the axis's range. */
  x: string;
  /** The value in words when it is none of the axis's own (the line then falls between ticks). */
  between: string | null;
  /** The points that are the run open now, as `series|x`. */
  points: string[];
}

/** The line's label: 11 px text, at about this many px a character. */
const OPEN_NOW_CHAR_PX = 6.4;
/** How far the ring round the open run's point lies outside the point. */
const RING_GAP_PX = 3.5;

const M = { top: 14, right: 16, bottom: 46, left: 64 };
/** Each further row of x tick labels, and the room the chart keeps below for it. */
const TICK_ROW_PX = 13;
/** Rows of tick labels an axis of choices may take (ten link types on a phone take three). */
const CHOICE_ROWS = 3;
// Text widths are estimated, not measured, so the chart draws in one pass (and in an export).
const TICK_CHAR_PX = 7; // 11 px tick labels
const LABEL_CHAR_PX = 6.2; // 12 px axis labels
const LABEL_LINE_PX = 14;

/** An SVG path through the points in order, straight from one to the next (none for no points).
 * d3-shape's `line` drew the same, and brought 11 KB of shapes the chart never uses. */
export function polyline(points: Array<[number, number]>): string | undefined {
  return points.length === 0 ? undefined : `M${points.map(([px, py]) => `${px},${py}`).join('L')}`;
}

/** Whether a series' points are joined by a line: only where the axis places them by size. */
export function sweepJoined(xNumeric: boolean, xValues: readonly string[]): boolean {
  return xNumeric && xValues.every((v) => v.trim() !== '' && Number.isFinite(Number(v)));
}

/** A simulated point's radius, and the room between two points set side by side. */
const POINT_R = 5;
const DODGE_GAP_PX = 2;
/** On a touch screen, how far from a point's centre a tap still opens it (a 32 px target). */
const TAP_REACH_PX = 16;
/** The least a point set beside another shows of itself, where the x values lie close. */
const MIN_CRESCENT_PX = 3;

/**
 * Horizontal shifts that keep every point reachable: points of different series at one x whose
 * circles would overlap (Kruse Fig. 2's ACTS and OU-FR pages both load in 5.4 s at 8 connections,
 * and the one drawn first could be neither hovered nor clicked) are set side by side, in the order
 * they are drawn (`order`), centred on their x, so the x still reads right and the line still meets it. A point no
 * other overlaps stays where it is. Where the x values lie close (a log axis on a phone), a group
 * spreads over at most a third of the way to the next x, its circles then overlapping in part,
 * each still showing a crescent to point at. `key` names a point; the result gives a shift for each.
 */
export function dodgeOffsets(
  points: ReadonlyArray<{ key: string; cx: number; cy: number; order: number }>,
  r = POINT_R,
): Map<string, number> {
  const offsets = new Map(points.map((p) => [p.key, 0]));
  const byX = new Map<number, Array<(typeof points)[number]>>();
  for (const p of points) byX.set(Math.round(p.cx), [...(byX.get(Math.round(p.cx)) ?? []), p]);
  const columns = [...byX.keys()];
  for (const [at, column] of byX) {
    const gap = Math.min(...columns.filter((c) => c !== at).map((c) => Math.abs(c - at)));
    const sorted = [...column].sort((a, b) => a.cy - b.cy);
    // Runs of circles each overlapping the one above it.
    const clusters: Array<typeof sorted> = [];
    for (const p of sorted) {
      const last = clusters[clusters.length - 1];
      if (last && p.cy - last[last.length - 1].cy < 2 * r) last.push(p);
      else clusters.push([p]);
    }
    for (const cluster of clusters) {
      if (cluster.length < 2) continue;
      cluster.sort((a, b) => a.order - b.order);
      const spread = Math.min((2 * r + DODGE_GAP_PX) * (cluster.length - 1), gap / 3);
      const step = Math.max(MIN_CRESCENT_PX, spread / (cluster.length - 1));
      cluster.forEach((p, i) => offsets.set(p.key, (i - (cluster.length - 1) / 2) * step));
    }
  }
  return offsets;
}

/**
 * The ticks whose labels fit, left to right, each with its row: a label that would touch the one
 * before it goes to the first row below where it fits, or, past `rows`, is left out. Numbers may be
 * left out (the reader counts along the axis); choices get more rows (no one can guess a name).
 */
export function fittingTicks<T extends { x: number; label: string }>(
  ticks: T[],
  rows = 1,
  width = Infinity,
): Array<T & { row: number; labelX: number }> {
  const kept: Array<T & { row: number; labelX: number }> = [];
  const rightEdges = Array.from({ length: rows }, () => -Infinity);
  for (const t of ticks) {
    const half = (t.label.length * TICK_CHAR_PX) / 2;
    // A label at either end of the axis is moved in rather than cut by the chart's edge.
    const labelX = Math.max(half + 2, Math.min(width - half - 2, t.x));
    const row = rightEdges.findIndex((edge) => labelX - half >= edge + 6);
    if (row < 0) continue;
    kept.push({ ...t, row, labelX });
    rightEdges[row] = labelX + half;
  }
  return kept;
}

/** Words broken into lines of at most `maxChars` (a longer word keeps a line of its own). */
export function wrapWords(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last].length + 1 + word.length <= maxChars) lines[last] += ` ${word}`;
    else lines.push(word);
  }
  return lines;
}

/**
 * Room kept inside the plot at each end of a quantity's axis, so the points at its first and last
 * x stay inside the plot with their markers: a published diamond's half-width, or the outermost of
 * the circles set side by side at one x (dodgeOffsets), and a stroke. Drawn at the very ends,
 * Kruse Fig. 2's points at 16 connections had spilled past the plot's right edge.
 */
export function endPadPx(seriesCount: number): number {
  const dodged = POINT_R + ((2 * POINT_R + DODGE_GAP_PX) * Math.max(0, seriesCount - 1)) / 2;
  return Math.max(PUBLISHED_R, dodged) + 2;
}

/** A published point's diamond: this far from its centre to each corner. */
const PUBLISHED_R = 7;

export function SweepChart(props: SweepChartProps) {
  const { xValues, seriesValues, points, published, width, height } = props;
  // Choices are already spaced in from the ends (sweepXScale's padding); quantities are inset.
  const pad = props.xNumeric ? endPadPx(seriesValues.length) : 0;
  const x = sweepXScale(xValues, M.left + pad, width - M.right - pad, props.xNumeric, props.xNames);
  const ticks = fittingTicks(x.ticks, props.xNumeric ? 1 : CHOICE_ROWS, width);
  const joined = sweepJoined(props.xNumeric, xValues);
  const bottom = height - M.bottom - Math.max(0, ...ticks.map((t) => t.row)) * TICK_ROW_PX;
  const y = sweepYScale(chartYValues(points, published), M.top, bottom);
  const colour = (s: string | null) =>
    SERIES_COLOURS[Math.max(0, seriesValues.indexOf(s)) % SERIES_COLOURS.length];
  const shape = (s: string | null) => markerShape(seriesValues.indexOf(s));
  const seriesNames = shortLabels(seriesValues.map((s) => s ?? ''));
  const xName = (value: string) => x.ticks.find((t) => t.value === value)?.label ?? value;
  // The y label runs along the plot's height: on a phone it takes a second line rather than
  // running past the chart's ends.
  const yLabelLines = wrapWords(props.yLabel, Math.floor((bottom - M.top) / LABEL_CHAR_PX));
  const pointKey = (p: SweepChartPoint) => `${p.series}|${p.x}`;
  // In drawing order, left to right: each circle a later one overlaps keeps its left side in view.
  const dodge = dodgeOffsets(
    points.flatMap((p, order) =>
      p.y === null ? [] : [{ key: pointKey(p), cx: x.at(p.x), cy: y(p.y), order }],
    ),
  );
  const centre = (p: SweepChartPoint): [number, number] => [
    x.at(p.x) + (dodge.get(pointKey(p)) ?? 0),
    y(p.y ?? 0),
  ];
  // A fingertip covers a point (10 px) and its neighbours at one x: a tap opens the point nearest
  // it, within reach.
  const openNearest = (event: { currentTarget: SVGElement; clientX: number; clientY: number }) => {
    const svg = event.currentTarget.ownerSVGElement!;
    const at = new DOMPoint(event.clientX, event.clientY).matrixTransform(svg.getScreenCTM()!.inverse());
    let best: SweepChartPoint | null = null;
    let bestDistance = TAP_REACH_PX;
    for (const p of points) {
      if (p.y === null) continue;
      const [cx, cy] = centre(p);
      const distance = Math.hypot(cx - at.x, cy - at.y);
      if (distance <= bestDistance) [best, bestDistance] = [p, distance];
    }
    if (best) props.onOpen(best);
  };
  const open = props.openNow ?? null;
  const openKeys = new Set(open?.points ?? []);
  const lineOf = (s: string | null, pick: (p: SweepChartPoint) => number | null) =>
    polyline(
      points
        .filter((p) => p.series === s && pick(p) !== null)
        .map((p): [number, number] => [x.at(p.x), y(pick(p)!)]),
    );

  return (
    <svg
      width={width}
      height={height}
      className="sweep-chart"
      role="group"
      aria-label={`${props.yLabel} against ${props.xLabel}`}
    >
      <g className="sweep-grid" aria-hidden="true">
        {y.ticks(SWEEP_Y_TICKS).map((t) => (
          <g key={t}>
            <line
              x1={M.left}
              x2={width - M.right}
              y1={y(t)}
              y2={y(t)}
              className={t === 0 && y.domain()[0] < 0 ? 'sweep-zero' : undefined}
            />
            <text x={M.left - 6} y={y(t)} dy="0.32em" textAnchor="end">
              {formatSweepValue(t)}
            </text>
          </g>
        ))}
        {ticks.map((t) => (
          <text key={t.value} x={t.labelX} y={bottom + 16 + t.row * TICK_ROW_PX} textAnchor="middle">
            {t.label}
          </text>
        ))}
        <line x1={M.left} x2={width - M.right} y1={bottom} y2={bottom} className="sweep-axis" />
        <text
          x={(M.left + width - M.right) / 2}
          y={height - 6}
          textAnchor="middle"
          className="sweep-axis-label"
        >
          {props.xLabel}
          {x.log ? ' (log scale)' : ''}
        </text>
        <text
          transform={`translate(14 ${(M.top + bottom) / 2}) rotate(-90)`}
          textAnchor="middle"
          className="sweep-axis-label"
        >
          {yLabelLines.map((l, i) => (
            <tspan key={i} x="0" dy={i === 0 ? -2 * (yLabelLines.length - 1) : LABEL_LINE_PX}>
              {l}
            </tspan>
          ))}
        </text>
      </g>
      {open && (
        <OpenNowLine
          name={props.openNowName ?? 'open now'}
          at={x.at(open.x)}
          between={open.between}
          top={M.top}
          bottom={bottom}
          width={width}
        />
      )}
      {/* Points over choices (link types, HTTP versions) stand alone: a line between them would
          read as values in between. */}
      {joined &&
        seriesValues.map((s) => (
          <g key={`line-${s}`} aria-hidden="true">
            <path d={lineOf(s, (p) => p.model)} className="sweep-model" stroke={colour(s)} />
            <path d={lineOf(s, (p) => p.y)} className="sweep-line" stroke={colour(s)} />
          </g>
        ))}
      {published.map((p, i) => {
        const cx = x.at(p.x);
        const cy = y(p.y);
        return (
          <path
            key={`pub-${i}`}
            d={`M${cx} ${cy - PUBLISHED_R}L${cx + PUBLISHED_R} ${cy}L${cx} ${cy + PUBLISHED_R}L${cx - PUBLISHED_R} ${cy}Z`}
            className="sweep-published"
            stroke={p.series !== undefined ? colour(p.series) : 'var(--ink)'}
            data-published-point=""
          >
            <title>{`Published: ${p.y}${p.series ? ` (${p.series})` : ''} at ${p.x}`}</title>
          </path>
        );
      })}
      {points.map((p) =>
        p.y === null ? null : (
          <path
            key={pointKey(p)}
            d={markerPath(shape(p.series), ...centre(p), POINT_R)}
            fill={colour(p.series)}
            className="sweep-point"
            data-shape={shape(p.series)}
            tabIndex={0}
            role="button"
            data-sweep-point=""
            data-x={p.x}
            data-series={p.series ?? undefined}
            data-y={p.y}
            onClick={() => props.onOpen(p)}
            onKeyDown={(e) => {
              if (e.key !== 'Enter' && e.key !== ' ') return;
              e.preventDefault();
              props.onOpen(p);
            }}
          >
            <title>{`${formatSweepValue(p.y)} ${props.yLabel} at ${props.xLabel} ${xName(p.x)}${p.series !== null ? `, ${props.seriesLabel} ${seriesNames[seriesValues.indexOf(p.series)]}` : ''}; ${openKeys.has(pointKey(p)) ? 'the run open now' : 'open this run'}`}</title>
          </path>
        ),
      )}
      {points.map((p) =>
        p.y === null || !openKeys.has(pointKey(p)) ? null : (
          <circle
            key={`open-${pointKey(p)}`}
            cx={centre(p)[0]}
            cy={centre(p)[1]}
            r={POINT_R + RING_GAP_PX}
            className="sweep-open-ring"
            aria-hidden="true"
            data-open-now-ring=""
            data-x={p.x}
            data-series={p.series ?? undefined}
          />
        ),
      )}
      {/* Over the points, shown on a coarse pointer alone (sweep.css): a mouse clicks the points. */}
      <rect
        className="sweep-tap-area"
        width={width}
        height={height}
        fill="transparent"
        aria-hidden="true"
        onClick={openNearest}
      />
    </svg>
  );
}

/**
 * The scenario open now: a dashed line across the plot at its x, named "open now" above the plot
 * (with its value, where it falls between the axis's ticks), the label kept inside the chart.
 */
function OpenNowLine(props: {
  name: string;
  at: number;
  between: string | null;
  top: number;
  bottom: number;
  width: number;
}) {
  const label = props.between === null ? props.name : `${props.name}: ${props.between}`;
  const half = (label.length * OPEN_NOW_CHAR_PX) / 2;
  const labelX = Math.max(M.left + half, Math.min(props.width - M.right - half, props.at));
  return (
    <g className="sweep-open-now" aria-hidden="true" data-open-now="">
      <line x1={props.at} x2={props.at} y1={props.top} y2={props.bottom} />
      <text x={labelX} y={props.top - 3} textAnchor="middle">
        {label}
      </text>
    </g>
  );
}
