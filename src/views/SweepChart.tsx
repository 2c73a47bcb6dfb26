// A sweep as a chart: one line per series, every simulated point a focusable circle (Enter or a
// click opens its run), published points as hollow diamonds, Kruse's analytic model as a dashed
// line. D3 gives the scales and line shapes; React draws.
import { line } from 'd3';
import { formatSweepValue, SERIES_COLOURS, sweepXScale, sweepYScale, shortLabels } from './sweepScales';

export interface SweepChartPoint {
  x: string;
  series: string | null;
  y: number | null;
  model: number | null;
  query: string;
}

export interface SweepChartProps {
  xValues: string[];
  seriesValues: Array<string | null>;
  points: SweepChartPoint[];
  published: Array<{ x: string; series?: string; y: number }>;
  xLabel: string;
  yLabel: string;
  seriesLabel: string | null;
  width: number;
  height: number;
  onOpen: (point: SweepChartPoint) => void;
}

const M = { top: 14, right: 16, bottom: 46, left: 64 };

export function SweepChart(props: SweepChartProps) {
  const { xValues, seriesValues, points, published, width, height } = props;
  const x = sweepXScale(xValues, M.left, width - M.right);
  const yValues = [
    ...points.flatMap((p) => [p.y, p.model]).filter((v): v is number => v !== null),
    ...published.map((p) => p.y),
  ];
  const y = sweepYScale(yValues, M.top, height - M.bottom);
  const bottom = height - M.bottom;
  const colour = (s: string | null) =>
    SERIES_COLOURS[Math.max(0, seriesValues.indexOf(s)) % SERIES_COLOURS.length];
  const seriesNames = shortLabels(seriesValues.map((s) => s ?? ''));
  const path = line<[number, number]>();
  const lineOf = (s: string | null, pick: (p: SweepChartPoint) => number | null) =>
    path(
      points
        .filter((p) => p.series === s && pick(p) !== null)
        .map((p): [number, number] => [x.at(p.x), y(pick(p)!)]),
    ) ?? undefined;

  return (
    <svg
      width={width}
      height={height}
      className="sweep-chart"
      role="group"
      aria-label={`${props.yLabel} against ${props.xLabel}`}
    >
      <g className="sweep-grid" aria-hidden="true">
        {y.ticks(5).map((t) => (
          <g key={t}>
            <line x1={M.left} x2={width - M.right} y1={y(t)} y2={y(t)} />
            <text x={M.left - 6} y={y(t)} dy="0.32em" textAnchor="end">
              {formatSweepValue(t)}
            </text>
          </g>
        ))}
        {x.ticks.map((t) => (
          <text key={t.value} x={t.x} y={bottom + 16} textAnchor="middle">
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
          {props.yLabel}
        </text>
      </g>
      {seriesValues.map((s) => (
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
            d={`M${cx} ${cy - 7}L${cx + 7} ${cy}L${cx} ${cy + 7}L${cx - 7} ${cy}Z`}
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
          <circle
            key={`${p.series}|${p.x}`}
            cx={x.at(p.x)}
            cy={y(p.y)}
            r={5}
            fill={colour(p.series)}
            className="sweep-point"
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
            <title>{`${formatSweepValue(p.y)} ${props.yLabel} at ${props.xLabel} ${p.x}${p.series !== null ? `, ${props.seriesLabel} ${seriesNames[seriesValues.indexOf(p.series)]}` : ''}; open this run`}</title>
          </circle>
        ),
      )}
    </svg>
  );
}
