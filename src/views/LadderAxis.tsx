// The ladder's frame: time ticks on the left, the client and server lines of each lane with
// their headers, a break mark for every folded idle gap, where each page load of a repeated visit
// starts, and where the run ends when the axis goes on for the other side of a comparison.
import type { LinearScale } from './piecewiseScale';
import { loadPageNames } from '../engine/loadPages';
import type { LoadRecord } from '../engine/trace';
import { formatDuration, formatTick } from './format';
import type { FoldLabel } from './foldLabels';
import type { Lane } from './packetGeometry';
import { stretchTicks, type Gap, type StretchTicks } from './timeScale';
import { CONN_HEADING_Y_PX, LANE_HEAD_BASELINE_PX } from './ladderLabels';

interface Props {
  y: LinearScale;
  lanes: Lane[];
  gaps: Gap[];
  width: number;
  top: number;
  bottom: number;
  axisX: number;
  showConnNames: boolean;
  loads: LoadRecord[];
  /** What each folded gap's break mark says on this ladder. */
  foldLabel: (gap: Gap) => FoldLabel;
  /** When this run is over; before the axis ends when the other side of a comparison ran longer. */
  runEndNs: number;
  /** Where the playhead's time is written, at the left edge. */
  playheadY: number;
  /** The id of the tick labels' group. */
  timesId: string;
}

/** Axis labels this close to a mark's label (a load, the run's end, the playhead) give way to it. */
const MARK_CLEAR_PX = 14;
/** The run end's two lines of label, below its line. */
const RUN_END_LABEL_PX = 28;
/** About this many ticks down the axis (at least one in each stretch between folds). */
const TICKS = 8;
/** A run ending closer than this to the axis's end needs no mark of its own. */
const RUN_END_MIN_PX = 4;

/**
 * A time on the ladder's axis over the view from `top` to `bottom`, as its ticks write it: the
 * playhead's too, so it reads between the two it lies between ("113.757 s" between "113.7 s" and
 * "113.8 s", where "114 s" had stood above the axis's own "114 s").
 */
export function axisTime(y: LinearScale, top: number, bottom: number, gaps: Gap[]): (ns: number) => string {
  return timeWriter(y, top, bottom, viewStretches(y, top, bottom, gaps));
}

/** The axis's round times over the view, stretch by stretch between the folds. */
function viewStretches(y: LinearScale, top: number, bottom: number, gaps: Gap[]): StretchTicks[] {
  return stretchTicks(y, [y.invert(top), y.invert(bottom)], gaps, (bottom - top) / TICKS);
}

/** Writes a time to the view's span and, within a stretch, to its ticks' step: a stretch after a
 * long fold, a few ms with ticks half a ms apart, reads "321.5 ms", "322 ms", not "322 ms" twice. */
function timeWriter(y: LinearScale, top: number, bottom: number, stretches: StretchTicks[]) {
  const end = y.invert(bottom);
  const span = Math.max(1, end - y.invert(top));
  return (ns: number) => formatTick(ns, span, end, stretches.find((s) => ns >= s.a && ns <= s.b)?.stepNs);
}

export function LadderAxis({
  y,
  lanes,
  gaps,
  width,
  top,
  bottom,
  axisX,
  showConnNames,
  loads,
  foldLabel,
  runEndNs,
  playheadY,
  timesId,
}: Props) {
  const domain = y.domain();
  const loadMarks = loads.filter((l) => l.index > 0 && y(l.startNs) >= top && y(l.startNs) <= bottom);
  // When the loads went round pages (Kruse's: /LeRC, /acts ...), each mark names its page on a
  // second line, as the run end's label has two: the axis column is narrow.
  const pages = loadPageNames({ loads });
  const runEndY = y(runEndNs);
  const runEnds = y(domain[domain.length - 1]) - runEndY >= RUN_END_MIN_PX && runEndY <= bottom;
  // A load's and the run end's labels are written below their lines.
  const markYs = [
    ...loadMarks.map((l) => y(l.startNs) + 8),
    ...(runEnds && runEndY >= top ? [runEndY + 8, runEndY + RUN_END_LABEL_PX - 6] : []),
    playheadY,
  ];
  // Each load's page, on the line under its number: it gives way where its load would have no time.
  const pageLines = new Map(pages ? loadMarks.map((l) => [l.index, y(l.startNs) + 21]) : []);
  const runEndLabelled = Math.abs(playheadY - (runEndY + RUN_END_LABEL_PX / 2)) >= RUN_END_LABEL_PX / 2 + 6;
  const near = (ys: number[], py: number) => ys.some((m) => Math.abs(m - py) < MARK_CLEAR_PX);
  // A fold's length is written beside the middle of its part in view: zoomed onto the end of a long
  // fold, its band's middle had been above the view, the label cut at the ladder's top edge.
  const shownMid = (y0: number, y1: number) => (Math.max(y0, top) + Math.min(y1, bottom)) / 2;
  const clearOfMarks = (py: number) => !near(markYs, py) && !near([...pageLines.values()], py);
  const runEndTitle = `This run is over at ${formatDuration(runEndNs)}; the time axis goes on for the other side`;
  // The folds in view, each with its band's ends and its label.
  const folds = gaps
    .map((g) => ({ g, y0: y(g.startNs), y1: y(g.endNs), label: foldLabel(g) }))
    .filter(({ y0, y1 }) => y1 >= top && y0 <= bottom)
    .map((f) => ({ ...f, mid: shownMid(f.y0, f.y1) }));
  // A tick's label gives way to the marks', the folds' and the ticks' written before it; a stretch
  // between folds whose labels all gave way is labelled at another of its round times, if one is clear.
  const inView = (t: number) => t >= domain[0] && t <= domain[domain.length - 1];
  const written = [
    ...markYs,
    ...folds.filter(({ label, mid }) => label.text && clearOfMarks(mid)).map(({ mid }) => mid),
  ];
  const clearOfAllButPages = (t: number) => inView(t) && !near(written, y(t));
  const clear = (t: number) => clearOfAllButPages(t) && !near([...pageLines.values()], y(t));
  const stretches = viewStretches(y, top, bottom, gaps);
  const timeOf = timeWriter(y, top, bottom, stretches);
  const ticks = stretches.flatMap((s) => {
    const own = s.ticks.filter(inView).map((t) => {
      const label = clear(t);
      if (label) written.push(y(t));
      return { t, label };
    });
    let other = own.some((o) => o.label) ? undefined : s.options.find(clear);
    if (!own.some((o) => o.label) && other === undefined) {
      // Every load keeps a time on the axis (a phone's last load of Kruse's five has room for
      // two lines): the page's line gives way to it.
      other = s.options.find(clearOfAllButPages);
      const at = other === undefined ? null : y(other);
      if (at !== null) for (const [load, py] of pageLines) if (near([py], at)) pageLines.delete(load);
    }
    if (other !== undefined) written.push(y(other));
    return other === undefined ? own : [...own, { t: other, label: true }];
  });
  return (
    <g className="ladder-axis">
      {ticks.map(({ t }) => (
        <line key={t} x1={axisX - 5} x2={width} y1={y(t)} y2={y(t)} stroke="var(--rule)" />
      ))}
      {/* Drawn again at the left edge of a ladder scrolled sideways (Ladder's axis-pin): the times,
          which load each stretch belongs to (Kruse's five loads over many lanes), how long each fold
          is and where the run ends. A fold's and the run end's label, in a group of their own here,
          keep their mark's words on hover. */}
      <g id={timesId}>
        {ticks.map(
          ({ t, label }) =>
            label && (
              <text key={t} x={axisX - 8} y={y(t)} dy="0.32em" textAnchor="end" className="tick-label">
                {timeOf(t)}
              </text>
            ),
        )}
        {loadMarks.map((l) => (
          <text
            key={`load${l.index}`}
            data-load={l.index + 1}
            x={axisX - 8}
            y={y(l.startNs)}
            dy="1.1em"
            textAnchor="end"
            className="load-label"
          >
            {`load ${l.index + 1}`}
            {pages && pageLines.has(l.index) && (
              <tspan x={axisX - 8} dy="1.2em" className="load-page">
                {pages[l.index]}
              </tspan>
            )}
          </text>
        ))}
        {folds.map(
          ({ g, mid, label }) =>
            label.text &&
            clearOfMarks(mid) && (
              <g key={`fold${g.startNs}`} data-fold-ns={g.startNs}>
                <title>{label.title}</title>
                <text x={axisX - 8} y={mid} dy="0.32em" textAnchor="end" className="fold-label">
                  {label.text}
                </text>
              </g>
            ),
        )}
        {runEnds && runEndY >= top && runEndLabelled && (
          <g>
            <title>{runEndTitle}</title>
            {/* Two short lines: the axis column is narrow. */}
            <text y={runEndY} textAnchor="end" className="run-end-label">
              {/* "run end", as the playback clock says "run": the page time can end sooner. */}
              <tspan x={axisX - 8} dy="1.1em">
                run end
              </tspan>
              <tspan x={axisX - 8} dy="1.2em">
                {formatDuration(runEndNs)}
              </tspan>
            </text>
          </g>
        )}
      </g>
      {runEnds && (
        <rect
          className="after-run"
          x={axisX}
          y={Math.max(top, runEndY)}
          width={width - axisX}
          height={bottom - Math.max(top, runEndY)}
        />
      )}
      {folds.map(({ g, y0, y1, label }) => (
        <g key={g.startNs} className="fold-mark" data-fold-quiet={label.quiet} data-fold-ns={g.startNs}>
          <title>{label.title}</title>
          {/* A flat band with break lines: a hatch pattern costs too much to paint on big runs. */}
          <rect className="fold-band" x={axisX} y={y0} width={width - axisX} height={y1 - y0} />
          <path className="fold-break" d={`M${axisX},${y0}H${width}M${axisX},${y1}H${width}`} />
        </g>
      ))}
      {lanes.length > 1 &&
        lanes.map((lane, i) =>
          i % 2 === 1 ? (
            <rect
              key={`bg${lane.index}`}
              x={lane.clientX - laneGap(lanes)}
              y={top - 30}
              width={lane.serverX - lane.clientX + 2 * laneGap(lanes)}
              height={bottom - top + 30}
              fill="var(--lane-band)"
            />
          ) : null,
        )}
      {lanes.map((lane) => (
        <g key={lane.index} data-lane={lane.index}>
          {[lane.clientX, lane.serverX].map((hostX) => (
            <line
              key={hostX}
              x1={hostX}
              x2={hostX}
              y1={top}
              y2={bottom}
              stroke="var(--ink)"
              strokeWidth={1.5}
            />
          ))}
          <text x={lane.clientX} y={top - LANE_HEAD_BASELINE_PX} textAnchor="middle" className="lane-head">
            client
          </text>
          <text x={lane.serverX} y={top - LANE_HEAD_BASELINE_PX} textAnchor="middle" className="lane-head">
            server
          </text>
          {showConnNames && (
            <text
              x={(lane.clientX + lane.serverX) / 2}
              y={top - CONN_HEADING_Y_PX}
              textAnchor="middle"
              className="lane-conn"
            >
              {`connection ${lane.index + 1}`}
            </text>
          )}
        </g>
      ))}
      {runEnds && runEndY >= top && (
        <g className="run-end-mark" data-run-end-ns={Math.round(runEndNs)}>
          <title>{runEndTitle}</title>
          {/* Across the axis column to its label (written with the times); with no room for the label
              (the playhead's there), only over the ladder, the top edge of the shaded time after the
              run: a bare line through the tick labels had read as one of them. */}
          <line x1={runEndLabelled ? 4 : axisX} x2={width} y1={runEndY} y2={runEndY} />
        </g>
      )}
      {loadMarks.map((l) => (
        <g key={l.index} className="load-mark">
          <line x1={4} x2={width} y1={y(l.startNs)} y2={y(l.startNs)} />
        </g>
      ))}
    </g>
  );
}

/** Half the space between neighbouring lanes' lines. */
function laneGap(lanes: Lane[]): number {
  return lanes.length > 1 ? (lanes[1].clientX - lanes[0].serverX) / 2 : 0;
}
