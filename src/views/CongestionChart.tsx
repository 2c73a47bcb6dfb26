// The server's congestion state over time, from the samples the engine recorded: cwnd, pacing
// rate (when it paces) and smoothed RTT, one strip each on the time axis of the time-sequence
// plot, with the controller's phase changes (slow start, recovery, BBR's probing) marked.
import { useMemo } from 'react';
import { scaleLinear } from './piecewiseScale';
import type { AppEvent, SampleRecord, Trace } from '../engine/trace';
import { stripAxis } from './axisTicks';
import { PLAYHEAD_COLOUR, PLAYHEAD_WIDTH_PX } from './kindStyle';
import { connectionEndNs } from './tspSeries';
import { TIME_AXIS_INSET, tspTimeAxis } from './tspTimeAxis';
import { FoldMarks } from './FoldMarks';
import type { Gap } from './timeScale';
import { stepPieces } from './playPieces';

interface Strip {
  id: 'cwnd' | 'pacing' | 'rtt';
  title: string;
  value: (s: SampleRecord) => number | null;
}

const STRIPS: Strip[] = [
  // KB of 1024 bytes, as formatBytes and the time-sequence plot's axis count them.
  { id: 'cwnd', title: 'cwnd: congestion window (KB)', value: (s) => s.cwnd / 1024 },
  {
    id: 'pacing',
    // Mb/s, as the settings and every other figure write a rate.
    title: 'pacing rate (Mb/s)',
    value: (s) => (s.pacingRate ? (s.pacingRate * 8) / 1e6 : null),
  },
  { id: 'rtt', title: 'smoothed RTT (ms)', value: (s) => (s.srttNs === null ? null : s.srttNs / 1e6) },
];

const STRIP_HEIGHT = 70;
const NO_FOLDS: Gap[] = [];
/** Above this many samples a strip's line is written to the half pixel (playPieces.ts). */
const DENSE_POINTS = 3000;
// The gap leaves room for a strip's title between the bottom tick of the strip above and its own top tick.
const M = { ...TIME_AXIS_INSET, top: 26, gap: 34, bottom: 24 };
/** A strip's title sits this far above its plot area, clear of the top tick label. */
const TITLE_RISE = 12;

/** Phase names as the strip labels them. */
const PHASE_WORDS: Record<string, string> = {
  'slow-start': 'slow start',
  avoidance: 'avoidance',
  recovery: 'recovery',
  'bbr-startup': 'Startup',
  'bbr-drain': 'Drain',
  'bbr-probe-bw': 'ProbeBW',
  'bbr-probe-rtt': 'ProbeRTT',
};

export function congestionSamples(trace: Trace, conn: number): SampleRecord[] {
  return (trace.samples ?? []).filter((s) => s.conn === conn && s.side === 'server');
}

/** The strips a connection's samples fill. */
function stripsOf(samples: SampleRecord[]): Strip[] {
  return STRIPS.filter((st) => samples.some((s) => st.value(s) !== null));
}

function chartHeight(strips: number): number {
  return M.top + strips * (STRIP_HEIGHT + M.gap) + M.bottom - M.gap;
}

/** How tall the chart of connection `conn` is drawn (an embed fits the plot above it). */
export function congestionChartHeight(trace: Trace, conn: number): number {
  return chartHeight(stripsOf(congestionSamples(trace, conn)).length);
}

export function CongestionChart({
  trace,
  conn,
  cursorNs,
  domain,
  width,
  folds = NO_FOLDS,
  side = 'a',
}: {
  trace: Trace;
  conn: number;
  /** Which side of a comparison, to name its clip apart from the other's. */
  side?: 'a' | 'b';
  cursorNs: number;
  domain: [number, number];
  width: number;
  /** The time-sequence plot's folds, so a moment sits at the same x in both. */
  folds?: Gap[];
}) {
  const samples = useMemo(() => congestionSamples(trace, conn), [trace, conn]);
  const strips = useMemo(() => stripsOf(samples), [samples]);
  const phaseEvents = useMemo(
    () => trace.events.filter((e) => e.kind === 'cc-phase' && e.conn === conn && e.side === 'server'),
    [trace, conn],
  );
  // As the plot's lines: a connection's strips end with its last packet.
  const linesEndNs = useMemo(() => Math.max(connectionEndNs(trace, conn), 0), [trace, conn]);
  const height = chartHeight(strips.length);
  const [d0, d1] = domain;
  const axis = useMemo(() => tspTimeAxis([d0, d1], width, folds), [d0, d1, width, folds]);
  const x = axis.x;
  // Each strip's line is built once per view, to the connection's end, in pieces; the playhead
  // cuts it with a clip (playPieces.ts).
  const lines = useMemo(
    () =>
      strips.map((st, i) => {
        const top = M.top + i * (STRIP_HEIGHT + M.gap);
        const points = samples
          .map((s) => [s.atNs, st.value(s)] as const)
          .filter((p): p is readonly [number, number] => p[1] !== null);
        const scale = stripAxis(peakInWindow(points, d0, d1) * 1.08);
        const y = scaleLinear()
          .domain([0, scale.top])
          .range([top + STRIP_HEIGHT, top]);
        const pieces = stepPieces(
          windowPoints(points, d0, Math.min(d1, linesEndNs)),
          Math.min(d1, linesEndNs),
          x,
          y,
          points.length > DENSE_POINTS,
        );
        return { strip: st, top, axis: scale, y, pieces };
      }),
    [strips, samples, d0, d1, linesEndNs, x],
  );
  if (samples.length === 0) return null;
  const phases = phaseEvents.filter((e) => e.atNs <= cursorNs);
  const right = width - M.right;
  const bottom = height - M.bottom;
  const clipId = `cc-played-${side}`;
  return (
    <svg
      width={width}
      height={height}
      className="cc-chart"
      role="img"
      aria-label="Congestion state over time"
    >
      <rect width={width} height={height} fill="var(--card)" />
      <FoldMarks folds={axis.folds} top={M.top - 4} bottom={bottom} labelY={bottom + 16} />
      <defs>
        <clipPath id={clipId}>
          <rect
            x={M.left}
            y={0}
            width={Math.max(0, x(Math.min(cursorNs, domain[1])) - M.left)}
            height={height}
          />
        </clipPath>
      </defs>
      {lines.map(({ strip: st, top, axis, y, pieces }) => (
        <g key={st.id} data-cc-strip={st.id}>
          <text x={8} y={top - TITLE_RISE} className="axis-title">
            {st.title}
          </text>
          {axis.ticks.map((t) => (
            <g key={t.value} transform={`translate(0,${y(t.value)})`}>
              <line x1={M.left} x2={right} stroke="var(--grid-soft)" />
              <text x={M.left - 6} dy="0.32em" textAnchor="end" className="tick-label">
                {t.label}
              </text>
            </g>
          ))}
          {/* Those before the playhead whole, the one it crosses clipped at it, later ones left out. */}
          {pieces.map((p, i) =>
            p.fromNs > cursorNs ? null : (
              <path
                key={i}
                d={p.d}
                fill="none"
                stroke="var(--tsp-cwnd)"
                strokeWidth={1.4}
                clipPath={p.toNs > cursorNs ? `url(#${clipId})` : undefined}
              />
            ),
          )}
        </g>
      ))}
      {axis.ticks.map((t) => (
        <text key={t.ns} x={t.x} y={bottom + 16} textAnchor={t.anchor} className="tick-label">
          {t.text}
        </text>
      ))}
      {phases
        .filter((e) => e.atNs >= domain[0] && e.atNs <= domain[1])
        .map((e, i) => (
          <g key={i} data-cc-phase={e.note}>
            <line
              x1={x(e.atNs)}
              x2={x(e.atNs)}
              y1={M.top}
              y2={bottom}
              stroke="var(--rule)"
              strokeDasharray="2 3"
            />
            <title>{PHASE_WORDS[e.note ?? ''] ?? e.note}</title>
          </g>
        ))}
      {lastPhase(phases) && (
        <text x={right} y={M.top - TITLE_RISE} textAnchor="end" className="tick-label" data-cc-phase-now="">
          {`phase: ${PHASE_WORDS[lastPhase(phases)!] ?? lastPhase(phases)}`}
        </text>
      )}
      {cursorNs >= domain[0] && cursorNs <= domain[1] && (
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

/** The highest value the strip draws over [fromNs, toNs]: the value held at `fromNs` and every step
 * inside. A zoomed strip's scale fits its window, as the plot's sequence axis does: zoomed onto slow
 * start, a cwnd that reaches megabytes later had drawn a flat line along 0. A loop, not a spread: a
 * long run has more samples than a call takes arguments. */
export function peakInWindow(
  points: ReadonlyArray<readonly [number, number]>,
  fromNs: number,
  toNs: number,
): number {
  let peak = 1e-9;
  let held: number | null = null;
  for (const [t, v] of points) {
    if (t > toNs) break;
    if (t <= fromNs) held = v;
    else peak = Math.max(peak, v);
  }
  return held === null ? peak : Math.max(peak, held);
}

/** The points of a step line over [fromNs, toNs] only: it enters at the value held at `fromNs`
 * and stops at `toNs`, so a zoomed strip draws no steps from outside its window piled up at its
 * edges. */
export function windowPoints(
  points: ReadonlyArray<readonly [number, number]>,
  fromNs: number,
  toNs: number,
): Array<readonly [number, number]> {
  if (toNs < fromNs) return [];
  const out: Array<readonly [number, number]> = [];
  let held: number | null = null;
  for (const [t, v] of points) {
    if (t > toNs) break;
    if (t > fromNs) {
      if (held !== null && out.length === 0) out.push([fromNs, held]); // the value held since before the window
      out.push([t, v]);
    }
    held = v;
  }
  if (out.length === 0 && held !== null) out.push([fromNs, held]);
  return out;
}

function lastPhase(phases: AppEvent[]): string | null {
  return phases.length > 0 ? (phases[phases.length - 1].note ?? null) : null;
}
