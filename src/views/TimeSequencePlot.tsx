// Time-sequence plot in the style of tcptrace/xplot (Heidemann Figs. 1 and 3): the server's data
// segments as bars seq..seq+len at their send time, the client's ACK line and the advertised
// window above it, the server's congestion window (ACK + cwnd), stalls as bands, retransmitted and
// dropped segments marked. Brushing (dragging across) a time range zooms into it, and the sequence
// axis then fits the data sent in that range.
// For one stream of an HTTP/2 connection the axis is that stream's bytes (streamSeries.ts); a QUIC connection,
// whole or one stream, is drawn from its packet numbers and ACK ranges (quicSeries.ts).
import { memo, useCallback, useMemo } from 'react';
import { scaleLinear } from './piecewiseScale';
import { useBrushX } from './useBrushX';
import { bandLabel, bandTitle, bandsAt, prepareStalls, type StallBand } from './stallBands';
import type { StallCause, Trace } from '../engine/trace';
import { byteAxis, byteAxisBetween, type ValueAxis } from './axisTicks';
import { PLAYHEAD_COLOUR, PLAYHEAD_WIDTH_PX, PLAYHEAD_WORDS } from './kindStyle';
import { causeStyle, darkFill } from '../scenario/stallCauses';
import { connectionSeries } from './streamSeries';
import {
  connectionEndNs,
  runsAbove,
  segmentsBetween,
  seriesTop,
  zoomedRange,
  type SegmentBar,
  type TspSeries,
} from './tspSeries';
import { LEGEND_ROW_PX, legendRows, legendTextWidth, TspLegend, type LegendEntry } from './TspLegend';
import { TIME_AXIS_INSET, tspTimeAxis } from './tspTimeAxis';
import { FoldMarks } from './FoldMarks';
import { placeMarks } from './tspMarks';
import type { Gap } from './timeScale';
import { barPieces, barsPath, barsUntil, stepPieces, type Bar, type Piece } from './playPieces';
import { rugMarks, rugPieces, rugUntil } from './tspRug';
import { capRows } from './tspCapRows';
import { lineIndex, linesCross } from './tspLabelRoom';
import { ackLinePx, dataInk, limitLinePx } from './tspRibbon';

export interface TimeSequencePlotProps {
  trace: Trace;
  conn: number;
  /** One stream of the connection (HTTP/2), or null for the whole connection. */
  stream?: number | null;
  side: 'a' | 'b';
  cursorNs: number;
  /** Visible time range in ns. */
  domain: [number, number];
  /** Whether `domain` is a part of the run chosen by zooming (the sequence axis then fits it). */
  zoomed?: boolean;
  width: number;
  height: number;
  onBrush: (domain: [number, number]) => void;
  /** Idle time between page loads folded out of the unzoomed axis (loadGaps), or none. */
  folds?: Gap[];
  /** In a comparison, the most segments either side's plot has in this window: both sides are
   * drawn alike, densely if either is, so a difference in drawing never reads as one in the runs. */
  pairedSegments?: number;
}

/** However wide the plot, a window of more than this many segments is drawn densely: each is drawn
 * as an element of its own in detail, and a wide screen's plot of a long run would draw thousands. */
const MAX_DETAILED_SEGMENTS = 3000;
/** A plot's time window holding more segments than this to a pixel column of its plot area is
 * drawn densely: 3,000 over the 782 px plot area of a 1280 px wide page, which draws them well in
 * detail; a phone's 272 px plot area holds its end ticks over about 1,000, no more. */
const MAX_SEGMENTS_PER_PX = MAX_DETAILED_SEGMENTS / 782;
/** However narrow the plot, a window of this many segments or fewer is drawn in detail, letters
 * and all (a paper's run of a few hundred segments in a small embed). */
const ALWAYS_DETAILED_SEGMENTS = 500;
/** The data's stroke: a bar with end ticks, or a dense plot's bare bar. */
const DATA_PX = 1.6;
const DENSE_DATA_PX = 1.2;
/** A dense plot's resent and dropped bars: wider than its data line, drawn under it. */
const DENSE_MARK_PX = 3;
/** The ACK line's stroke, and the window's and cwnd's. */
const ACK_LINE_PX = 1.5;
const LIMIT_LINE_PX = 1.3;
/** A dense plot's: its ACK, data, window and cwnd share a few pixels' height (tspRibbon.ts), the
 * lines each a thin row of their own, the data the widest, two pixels tall at least. */
const DENSE_LINE_PX = 1.1;
const DENSE_MIN_BAR_PX = 2;
/** The clip reaches this far under the time axis: the ACK line of a connection's first moments,
 * drawn under its value (0), on the axis, is not cut away. */
const BELOW_AXIS_PX = 3;
/** A dense plot's rug of loss ticks along its top: each row's ticks this tall, a pixel between rows. */
const RUG_PX = 6;
/** A tick a little wider than its pixel column, so a lone one reads beside a stall band's edge. */
const RUG_TICK_PX = 1.5;
const RUG_ROW_PX = RUG_PX + 1;
/** Each stall band's cap: a strip along the plot's top in its cause's colour as the ladder and its
 * key draw it, which names the cause. The band under it is a tint, light enough that the lines over
 * it keep their contrast (at the cap's strength a band would take them down to 1.2:1, the window
 * over the 3x limit's brown). Where stalls of two causes overlap, their caps lie in rows one under
 * the other (tspCapRows.ts). The rug's ticks and the bands' labels lie under the caps' rows. */
const STALL_CAP_PX = 6;
const STALL_CAP_ROW_PX = STALL_CAP_PX + 1;
const NO_FOLDS: Gap[] = [];
/** About how many ticks the sequence axis has... */
const Y_TICKS = 6;
/** ...fewer on a short plot (an embed in a small frame), about one this many pixels apart. */
const Y_TICK_SPACING_PX = 30;
const M = { top: 26, bottom: 30, ...TIME_AXIS_INSET };
/** Bands narrower than this on screen are left to their tooltip. */
const MIN_LABELLED_BAND_PX = 60;
/** A second row of stall labels lies this far under the first. */
const STALL_LABEL_ROW_PX = 15;
/** A label along the plot's foot has its baseline this far over the axis. */
const STALL_LABEL_FOOT_PX = 6;
/** A label's ink above and below its baseline, about (11.5 px bold italic, with its halo). */
const STALL_LABEL_ASCENT_PX = 11;
const STALL_LABEL_DESCENT_PX = 4;
/** About how wide a character of a stall label is (11.5 px bold italic). */
const STALL_LABEL_CHAR_PX = 7.5;
/** A label set against the plot's edge keeps this far in from it. */
const LABEL_EDGE_PAD_PX = 3;
/** Two labels on one row keep at least this far apart: the widths are estimates, and labels
 * placed end to end had read as one ("handshake 561 mscwnd 499 ms", GEO with IW10). */
const LABEL_GAP_PX = 8;
/** The least a band under a pixel wide is inked, of a full pixel's colour (StallBandRect). */
const MIN_BAND_INK = 0.2;
const ACK_COLOUR = 'var(--tsp-ack)';
const WINDOW_COLOUR = 'var(--tsp-window)';
const CWND_COLOUR = 'var(--tsp-cwnd)';
const SACK_COLOUR = 'var(--tsp-sack)';
const DATA_COLOUR = 'var(--packet-data)';
const RETRANSMIT_COLOUR = 'var(--packet-retransmit)';
const QUEUE_DROP_COLOUR = 'var(--tsp-queue-drop)';
/** A dense plot's SACK blocks, thousands of ACKs' worth, make areas that the data and resends are
 * drawn over: a half-tone, so those read over them. In detail each block is a bar of its own, drawn
 * solid (as a half-tone it had been 1.9:1 on the card, under the 3:1 a mark needs). */
const DENSE_SACK_OPACITY = 0.55;
/** Where the sequence axis's title begins, and the least room between it and the legend beside it. */
const AXIS_TITLE_X = 12;
const LEGEND_TITLE_GAP_PX = 16;

export function TimeSequencePlot({
  trace,
  conn,
  stream = null,
  side,
  cursorNs,
  domain,
  zoomed = false,
  width,
  height,
  onBrush,
  folds = NO_FOLDS,
  pairedSegments = 0,
}: TimeSequencePlotProps) {
  const series = useMemo(() => connectionSeries(trace, conn, stream), [trace, conn, stream]);
  const [d0, d1] = domain;
  // Several segments to a pixel column in the plot's time window: no end ticks, no letters. Counted over the
  // window, not up to the playhead, so playback keeps one drawing from its first frame to its last
  // (counted to the playhead, a long run's plot changed its whole drawing part way through).
  const inView = useMemo(() => segmentsBetween(series, d0, d1), [series, d0, d1]);
  const dense = isDense(Math.max(inView, pairedSegments), width);
  const shown = dense
    ? []
    : series.segments.filter((s) => s.timeNs <= cursorNs && s.timeNs >= d0 && s.timeNs <= d1);

  const axisTitle = stream === null ? 'sequence (bytes)' : `stream ${stream} (bytes)`;
  const narrow = width < 460; // the legend starts a line of its own under the axis title
  const legendLeft = narrow ? AXIS_TITLE_X : AXIS_TITLE_X + legendTextWidth(axisTitle) + LEGEND_TITLE_GAP_PX;
  const titleTop = narrow ? M.top + 12 : M.top; // the plot's top were the legend one row
  // The playhead's line is drawn while the playback time is in the plot's window, and named then.
  const playhead = cursorNs >= d0 && cursorNs <= d1;
  const { yAxis, legend } = useMemo(() => {
    // Asked for 6, d3 may give up to 10 (a 2 MB step to 18 MB): on a 90 px plot, labels 9 px apart.
    // Counted in the height the legend leaves the plot: its rows past the first take from it.
    const ticksUnder = (rows: number) =>
      Math.max(
        2,
        Math.min(
          Y_TICKS,
          Math.floor((height - titleTop - (rows - 1) * LEGEND_ROW_PX - M.bottom) / Y_TICK_SPACING_PX),
        ),
      );
    const axisOf = (count: number) => {
      const range = zoomed ? zoomedRange(series, d0, d1) : null;
      return range ? byteAxisBetween(range[0], range[1], count) : byteAxis(seriesTop(series) * 1.04, count);
    };
    const legendOf = (axis: ValueAxis) => {
      const above = (line: TspSeries['window']) => runsAbove(line, axis.top, d0, d1);
      const entries = legendEntries(series, dense, {
        window: above(series.window),
        cwnd: above(series.cwnd),
      });
      // Its rows under the first run under the axis title too, as wide as the plot.
      const rowsWith = (key: LegendEntry[]) =>
        legendRows([...entries, ...key], width - M.right - legendLeft, width - M.right - AXIS_TITLE_X);
      if (!playhead) return rowsWith([]);
      // The playhead's key says what it is in words where they fit; where they would take a row of
      // their own (a queue's drops at 480 px), it is named alone, its words its tooltip: that row had
      // come out of the plot, whose axis then lost a tick.
      const full = rowsWith([PLAYHEAD_ENTRY]);
      const short = rowsWith([PLAYHEAD_SHORT_ENTRY]);
      return short.length < full.length ? short : full;
    };
    const first = axisOf(ticksUnder(1));
    const rows = legendOf(first);
    if (ticksUnder(rows.length) === ticksUnder(1)) return { yAxis: first, legend: rows };
    const fewer = axisOf(ticksUnder(rows.length));
    return { yAxis: fewer, legend: legendOf(fewer) };
  }, [series, zoomed, d0, d1, height, titleTop, dense, playhead, width, legendLeft]);
  const m = { ...M, top: titleTop + (legend.length - 1) * LEGEND_ROW_PX };

  const axis = useMemo(() => tspTimeAxis([d0, d1], width, folds), [d0, d1, width, folds]);
  const x = axis.x;
  const y = useMemo(
    () =>
      scaleLinear()
        .domain([yAxis.bottom, yAxis.top])
        .range([height - m.bottom, m.top]),
    [yAxis.bottom, yAxis.top, height, m.bottom, m.top],
  );
  const right = width - m.right;
  const bottom = height - m.bottom;

  const brush = useBrushX(m.left, right, ([a, b]) => onBrush([x.invert(a), x.invert(b)]));

  // The lines stop where the connection's last packet is, or at the playhead before then: built
  // once per view to the connection's end, in pieces, and cut at the playhead by a clip.
  const connEndNs = useMemo(() => connectionEndNs(trace, conn), [trace, conn]);
  const linesEndNs = Math.max(connEndNs, 0);
  const dataMinPx = dense ? DENSE_MIN_BAR_PX : MIN_BAR_PX;
  const widths = dense ? DENSE_WIDTHS : WIDTHS;
  const lines = useMemo(() => {
    // Each line on the outside of the data's ink (tspRibbon.ts), in pixels.
    const longest = series.segments.reduce((most, s) => Math.max(most, s.end - s.seq), 0);
    const ink = dataInk(dense ? 0 : DATA_PX, dataMinPx, Math.abs(y(0) - y(longest)));
    const px = (v: number) => v;
    const step = (points: ReadonlyArray<readonly [number, number]>) =>
      stepPieces(points, linesEndNs, x, px, dense);
    const limit = (line: TspSeries['window']) => step(limitLinePx(line, y, ink, widths.limit));
    return {
      ack: step(ackLinePx(series.acks, y, ink, widths.ack)),
      window: limit(series.window),
      cwnd: limit(series.cwnd),
    };
  }, [series, linesEndNs, x, y, dense, dataMinPx, widths]);
  // The bars (data, resends, drops, SACK blocks) likewise, each piece whole before the playhead.
  const bars = useMemo(() => {
    const of = (segments: SegmentBar[], minPx = MIN_BAR_PX) =>
      barPieces(
        segments.filter((s) => s.timeNs >= d0 && s.timeNs <= d1).map(segmentBar),
        x,
        y,
        !dense,
        minPx,
        dense,
      );
    return {
      data: of(
        series.segments.filter((s) => !s.retransmit && !s.dropped),
        dataMinPx,
      ),
      marks: LOSS_MARKS.map((mark) => of(series.segments.filter(mark.is))),
      sack: barPieces(
        series.sacks
          .filter((s) => s.timeNs >= d0 && s.timeNs <= d1)
          .map((s) => ({ timeNs: s.timeNs, low: s.start, high: s.end })),
        x,
        y,
        false,
        0,
        dense,
      ),
    };
  }, [series, x, y, d0, d1, dense, dataMinPx]);
  const barsAt = (pieces: ReturnType<typeof barPieces>, minPx: number, ticks: boolean) =>
    barsUntil(pieces, cursorNs, x, y, ticks, minPx, dense).join('');
  const preparedStalls = useMemo(
    () =>
      prepareStalls(
        trace.stalls.filter((s) => s.conn === conn),
        d0,
        d1,
      ),
    [trace, conn, d0, d1],
  );
  // The caps' rows, found once per view; the rug and the labels lie under the rows used.
  const caps = useMemo(() => capRows(preparedStalls.sorted), [preparedStalls]);
  const capsPx = caps.rows * STALL_CAP_ROW_PX;
  // A dense plot's rug: a tick along its top for each pixel column holding a resend (or a drop
  // drawn in a colour of its own), built once per view; ticks appear as the playhead reaches them.
  const rugs = useMemo(
    () =>
      dense
        ? LOSS_MARKS.flatMap((mark) => {
            if (mark.rug === undefined) return [];
            const times = series.segments
              .filter((s) => mark.is(s) && s.timeNs >= d0 && s.timeNs <= d1)
              .map((s) => s.timeNs);
            const top = m.top + capsPx + mark.rug * RUG_ROW_PX;
            const pieces = rugPieces(rugMarks(times, x, m.left, right), top, RUG_PX);
            return pieces.length > 0 ? [{ mark, top, pieces }] : [];
          })
        : [],
    [dense, series, d0, d1, x, m.top, m.left, right, capsPx],
  );
  const rugRows = rugs.length === 0 ? 0 : Math.max(...rugs.map((r) => r.mark.rug ?? 0)) + 1;
  const clipId = `tsp-clip-${side}`;
  const stalls = useMemo(
    () => bandsAt(preparedStalls, cursorNs, (d1 - d0) / Math.max(1, width)),
    [preparedStalls, cursorNs, d0, d1, width],
  );
  // A label's baseline in each row, and whether the lines drawn so far cross its box there.
  const labelY = useCallback(
    (row: LabelRow) =>
      row === FOOT_ROW
        ? bottom - STALL_LABEL_FOOT_PX
        : m.top + capsPx + 12 + rugRows * RUG_ROW_PX + row * STALL_LABEL_ROW_PX,
    [bottom, m.top, capsPx, rugRows],
  );
  const lineIdx = useMemo(() => lineIndex(series), [series]);
  const labelAt = useMemo(() => {
    const pxPerNs = width / Math.max(1, d1 - d0);
    const crossed = (fromX: number, toX: number, row: LabelRow) => {
      const base = labelY(row);
      const [a, b] = [x.invert(fromX), x.invert(toX)];
      return linesCross(
        lineIdx,
        a,
        b,
        cursorNs,
        pxPerNs,
        y,
        base - STALL_LABEL_ASCENT_PX,
        base + STALL_LABEL_DESCENT_PX,
      );
    };
    return placeStallLabels(stalls, x, cursorNs, M.left, width - M.right, crossed);
  }, [stalls, x, y, cursorNs, width, d0, d1, lineIdx, labelY]);

  const lossMarks = LOSS_MARKS.map((mark, i) => (
    <path
      key={mark.series}
      d={barsAt(bars.marks[i], MIN_BAR_PX, !dense)}
      stroke={mark.colour}
      strokeWidth={dense ? DENSE_MARK_PX : 1.6}
      fill="none"
      data-segments={mark.series}
      data-series={mark.series}
    />
  ));

  return (
    <svg
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      className="tsp-svg"
      role="img"
      aria-label={`Time-sequence plot of ${stream === null ? '' : `stream ${stream} of `}connection ${conn + 1}, side ${side.toUpperCase()}`}
      data-stream={stream ?? undefined}
      data-drawing={dense ? 'dense' : 'detailed'}
    >
      <defs>
        <clipPath id={clipId}>
          <rect
            x={m.left}
            y={m.top - 4}
            width={Math.max(0, right - m.left)}
            height={bottom - m.top + 4 + BELOW_AXIS_PX}
          />
        </clipPath>
        <clipPath id={`${clipId}-played`}>
          <rect
            x={m.left}
            y={m.top - 4}
            width={Math.max(0, Math.min(right, x(Math.min(cursorNs, linesEndNs))) - m.left)}
            height={bottom - m.top + 4 + BELOW_AXIS_PX}
          />
        </clipPath>
      </defs>
      <rect x={0} y={0} width={width} height={height} fill="var(--card)" />
      {axis.ticks.map((t) => (
        <g key={`x${t.ns}`} transform={`translate(${t.x},0)`} data-x-tick={t.ns}>
          <line y1={m.top} y2={bottom} stroke="var(--rule)" />
          <text y={bottom + 16} textAnchor={t.anchor} className="tick-label">
            {t.text}
          </text>
        </g>
      ))}
      <FoldMarks folds={axis.folds} top={m.top} bottom={bottom} labelY={bottom + 16} />
      {yAxis.ticks.map((t) => (
        <g key={`y${t.value}`} transform={`translate(0,${y(t.value)})`} data-y-tick={t.value}>
          <line x1={m.left} x2={right} stroke="var(--grid-soft)" />
          <text x={m.left - 6} dy="0.32em" textAnchor="end" className="tick-label">
            {t.label}
          </text>
        </g>
      ))}
      <text x={AXIS_TITLE_X} y={narrow ? titleTop - 24 : titleTop - 10} className="axis-title">
        {axisTitle}
      </text>
      <g clipPath={`url(#${clipId})`}>
        {stalls.map((s, i) => (
          <StallBandRect
            key={i}
            band={s}
            x0={x(s.startNs)}
            x1={x(Math.min(s.endNs, cursorNs))}
            top={m.top}
            row={caps.rowOf(s)}
            rows={caps.rows}
            bottom={bottom}
          />
        ))}
        {/* Over every band: a band drawn after a label (stalls of several streams at once) had hidden it. */}
        {stalls.map((s, i) =>
          labelAt.has(i) ? (
            <text
              key={`label${i}`}
              x={labelAt.get(i)!.x}
              y={labelY(labelAt.get(i)!.row)}
              textAnchor={labelAt.get(i)!.anchor}
              className="stall-label"
              data-stall-label={s.cause}
            >
              {stallLabel(s)}
            </text>
          ) : null,
        )}
        {series.sacks.length > 0 && (
          <path
            d={barsAt(bars.sack, 0, false)}
            stroke={SACK_COLOUR}
            strokeWidth={2}
            strokeOpacity={dense ? DENSE_SACK_OPACITY : undefined}
            fill="none"
            data-segments="sack"
            data-series="sack"
          />
        )}
        {/* A dense plot draws its resends and drops under the data, a fringe either side of it:
            drawn over it, the one segment in a hundred resent had covered the whole data line. */}
        {dense && lossMarks}
        {/* xplot's segment: a vertical bar with a tick at each end; all of one colour in one path. */}
        <path
          d={barsAt(bars.data, dataMinPx, !dense)}
          stroke={DATA_COLOUR}
          strokeWidth={dense ? DENSE_DATA_PX : DATA_PX}
          fill="none"
          data-segments="data"
          data-series="data"
        />
        {/* Over the data, each on its outside (tspRibbon.ts): drawn under it, on a long run the
            data's ink had covered them; the resends and their letters are drawn over them. */}
        <PlayedLine
          pieces={lines.cwnd}
          cursorNs={cursorNs}
          clipId={clipId}
          stroke={CWND_COLOUR}
          strokeWidth={widths.limit}
          series="cwnd"
        />
        {/* Dashed, over the cwnd line: where the two meet, the cwnd shows between its dashes. */}
        <PlayedLine
          pieces={lines.window}
          cursorNs={cursorNs}
          clipId={clipId}
          stroke={WINDOW_COLOUR}
          strokeWidth={widths.limit}
          strokeDasharray="5 3"
          series="window"
        />
        <PlayedLine
          pieces={lines.ack}
          cursorNs={cursorNs}
          clipId={clipId}
          stroke={ACK_COLOUR}
          strokeWidth={widths.ack}
          series="ack"
        />
        {!dense && lossMarks}
        {!dense &&
          placeMarks(
            shown
              .flatMap((s) => LOSS_MARKS.filter((mark) => mark.is(s)).map((mark) => ({ s, mark })))
              .map(({ s, mark }) => ({
                item: { index: s.index, mark },
                glyph: mark.glyph,
                x: x(s.timeNs),
                top: y(s.end),
                bottom: y(s.seq),
              })),
            { x0: m.left, y0: m.top, x1: right, y1: bottom },
          ).map(({ item, glyph, x: gx, y: gy, anchor }) => (
            <text
              key={item.index}
              x={gx}
              y={gy}
              textAnchor={anchor}
              className="tsp-mark"
              fill={item.mark.colour}
              data-mark={item.mark.series}
            >
              {glyph}
            </text>
          ))}
        {rugs.map(({ mark, top, pieces }) => (
          <g
            key={mark.series}
            data-rug={mark.series}
            data-rug-top={top}
            stroke={mark.colour}
            strokeWidth={RUG_TICK_PX}
          >
            {pieces.map((p, i) => (
              <path key={i} d={rugUntil([p], cursorNs, top, RUG_PX)[0]} fill="none" />
            ))}
          </g>
        ))}
      </g>
      {playhead && (
        <line
          x1={x(cursorNs)}
          x2={x(cursorNs)}
          y1={m.top - 4}
          y2={bottom}
          stroke={PLAYHEAD_COLOUR}
          strokeWidth={PLAYHEAD_WIDTH_PX}
          data-cursor=""
          data-series="playhead"
        />
      )}
      <rect
        x={m.left}
        y={m.top}
        width={Math.max(0, right - m.left)}
        height={bottom - m.top}
        fill="transparent"
        className="tsp-brush"
        {...brush.handlers}
      />
      {brush.selection && (
        <rect
          x={Math.min(...brush.selection)}
          y={m.top}
          width={Math.abs(brush.selection[1] - brush.selection[0])}
          height={bottom - m.top}
          fill="var(--packet-data)"
          fillOpacity={0.12}
          stroke="var(--packet-data)"
          pointerEvents="none"
        />
      )}
      <TspLegend rows={legend} right={right} y={narrow ? titleTop - 8 : titleTop - 10} />
    </svg>
  );
}

/** Whether a plot `width` pixels wide whose time window holds `segments` segments is drawn densely
 * (bare bars, no end ticks or letters): by segments to a pixel column of its plot area, so a
 * phone's plot of a long run draws as the desktop's does, not as a band of overlapping ticks. */
export function isDense(segments: number, width: number): boolean {
  if (segments <= ALWAYS_DETAILED_SEGMENTS) return false;
  const plotPx = Math.max(1, width - M.left - M.right);
  return segments > Math.min(MAX_DETAILED_SEGMENTS, MAX_SEGMENTS_PER_PX * plotPx);
}

/** A segment that was resent, or one lost on the link (and not itself a resend): both drawn in the
 * retransmission colour, told apart by a letter beside the bar. A segment the full queue in front
 * of the link turned away is drawn apart, in a colour of its own: it never left the interface, so
 * it is drawn when it reached the queue, above the data still waiting in it (the bars are drawn as
 * they leave). In the retransmission colour, a slow start's overshoot of a deep queue (HTTP/3 over
 * LTE: 270 KB above the data line) read as resends of data not yet sent. */
const LOSS_MARKS: Array<{
  series: 'retransmit' | 'dropped' | 'queue-drop' | 'codel-drop';
  label: string;
  words?: string;
  glyph: string;
  colour: string;
  /** Whether a dense plot's one key for the loss marks names it (it looks as the others do). */
  merged: boolean;
  /** Which row of a dense plot's rug marks its pixel columns, if any. A segment lost on the link
   * has none: its resend, which follows, is marked (that is when cwnd is cut). */
  rug?: number;
  is: (s: SegmentBar) => boolean;
}> = [
  {
    series: 'retransmit',
    label: 'retransmit',
    glyph: 'R',
    colour: RETRANSMIT_COLOUR,
    merged: true,
    rug: 0,
    is: (s) => s.retransmit,
  },
  {
    series: 'dropped',
    label: 'dropped',
    words: 'lost on the link after it left',
    glyph: '×',
    colour: RETRANSMIT_COLOUR,
    merged: true,
    is: (s) => s.dropped && !s.retransmit && s.drop === 'loss',
  },
  {
    series: 'queue-drop',
    label: 'dropped at the queue',
    words:
      'turned away by the full queue in front of the link: drawn when it reached the queue, above the data still waiting in it',
    glyph: '×',
    colour: QUEUE_DROP_COLOUR,
    merged: false,
    rug: 1,
    is: (s) => s.dropped && !s.retransmit && s.drop === 'queue',
  },
  {
    series: 'codel-drop',
    label: 'dropped by CoDel',
    words:
      'dropped by CoDel at the head of the queue, having waited too long in it: drawn when its turn to leave came',
    glyph: '×',
    colour: QUEUE_DROP_COLOUR,
    merged: false,
    rug: 1,
    is: (s) => s.dropped && !s.retransmit && s.drop === 'codel',
  },
];

/** A dense plot's key for a rug's marks, and its tooltip. */
const RUG_WORDS = '(ticks on top)';
const RUG_TITLE = "a tick along the plot's top edge marks each pixel column where one was";

/** The playhead's key, in the words and colour of the waterfall's. */
const PLAYHEAD_ENTRY: LegendEntry = {
  series: 'playhead',
  label: PLAYHEAD_WORDS,
  colour: PLAYHEAD_COLOUR,
  swatch: 'playhead',
};

/** The playhead's key named alone, its words left to its tooltip, where they would take a row. */
const PLAYHEAD_SHORT_ENTRY: LegendEntry = {
  ...PLAYHEAD_ENTRY,
  label: 'playhead',
  words: 'where playback has reached',
};

/** The legend names only the series this connection has, and so draws: a QUIC connection has no
 * advertised window (its flow-control line only where h3window chose one), one HTTP/2 stream no window or cwnd of its own,
 * only a SACK connection has SACK blocks, and only a run that lost segments has retransmissions and
 * drops. A dense plot draws no letters, and its retransmitted and dropped bars look alike: one key
 * names both (a queue's drops, in a colour of their own, keep their own key). */
export function legendEntries(
  series: TspSeries,
  dense: boolean,
  above: { window: boolean; cwnd: boolean },
): LegendEntry[] {
  // A line that runs above the whole plot is named so, not left to be looked for.
  const named = (label: string, isAbove: boolean) => (isAbove ? `${label} (above the plot)` : label);
  const lines: Array<[boolean, LegendEntry]> = [
    [series.segments.length > 0, { series: 'data', label: 'data', colour: DATA_COLOUR, swatch: 'line' }],
    [series.acks.length > 0, { series: 'ack', label: 'ACK', colour: ACK_COLOUR, swatch: 'line' }],
    [
      series.window.length > 0,
      {
        series: 'window',
        label: named('window', above.window),
        words: series.windowIsFlowControl
          ? "how far the client's flow-control limits (MAX_DATA, MAX_STREAM_DATA) let the server send"
          : "ACK + the receiver's advertised window",
        colour: WINDOW_COLOUR,
        swatch: 'dashed',
      },
    ],
    [
      series.cwnd.length > 0,
      {
        series: 'cwnd',
        label: named('cwnd', above.cwnd),
        words: "ACK + the sender's congestion window",
        colour: CWND_COLOUR,
        swatch: 'line',
      },
    ],
    [
      series.sacks.length > 0,
      {
        series: 'sack',
        label: 'SACK',
        words: 'selective ACK blocks: data received past a hole',
        colour: SACK_COLOUR,
        swatch: 'line',
      },
    ],
  ];
  const entries = lines.filter(([has]) => has).map(([, entry]) => entry);
  const marks = LOSS_MARKS.filter((mark) => series.segments.some(mark.is));
  const merged = dense ? marks.filter((mark) => mark.merged) : [];
  const own = marks.filter((mark) => !merged.includes(mark));
  // A dense plot's key says which marks the rug of ticks along its top is.
  const ruggedLabel = (mark: (typeof LOSS_MARKS)[number]) =>
    dense && mark.rug !== undefined ? `${mark.label} ${RUG_WORDS}` : mark.label;
  const ruggedWords = (mark: (typeof LOSS_MARKS)[number], words: string) =>
    dense && mark.rug !== undefined ? `${words}; ${RUG_TITLE}` : words;
  return [
    ...entries,
    ...(merged.length > 0
      ? [
          {
            series: merged.map((mark) => mark.series).join(' '),
            label: merged.map(ruggedLabel).join(' or '),
            words: merged.some((mark) => mark.rug !== undefined)
              ? `segments sent again, or lost on the link; ${RUG_TITLE}`
              : undefined,
            colour: RETRANSMIT_COLOUR,
            swatch: 'line' as const,
          },
        ]
      : []),
    ...own.map((mark): LegendEntry => ({
      series: mark.series,
      label: ruggedLabel(mark),
      words: mark.words && ruggedWords(mark, mark.words),
      colour: mark.colour,
      swatch: dense ? 'line' : { glyph: mark.glyph },
    })),
  ];
}

interface StallSpan {
  startNs: number;
  endNs: number;
  cause: StallCause;
  count?: number;
  total?: number;
}

function stallLabel(s: StallSpan): string {
  return bandLabel(s, causeStyle(s.cause).short);
}

interface LabelPlace {
  x: number;
  anchor: 'start' | 'middle' | 'end';
  /** Where the label begins, about. */
  fromX: number;
  /** Its row: 0 along the plot's top, 1 under it, or along the plot's foot. */
  row: LabelRow;
}

type LabelRow = 0 | 1 | 'foot';
const FOOT_ROW = 'foot';

/** A label about `width` wide centred at `centre`, or set against whichever end of [min, max] it would cross. */
function labelPlace(centre: number, width: number, min: number, max: number): Omit<LabelPlace, 'row'> {
  if (centre - width / 2 < min) return { x: min, anchor: 'start', fromX: min };
  if (centre + width / 2 > max) return { x: max, anchor: 'end', fromX: max - width };
  return { x: centre, anchor: 'middle', fromX: centre - width / 2 };
}

/** Where each labelled band's label goes: centred on the part of the band drawn so far, or, where
 * that would cut it at the plot's edge, set against that edge (anchored there, so the edge holds
 * whatever the font's real width). A label that would run into the one before it goes on a second
 * row under the first if no label names its cause yet: HTTP/3's 3x-limit wait, the server's, lies
 * inside the client's handshake band and had been left unnamed beside "handshake". A label whose
 * place along the top the lines cross (`crossed`: a transfer's data climbing to the top right) goes
 * along the plot's foot instead where they leave room there (else it stays, the lines over it). A
 * band narrower than MIN_LABELLED_BAND_PX, or whose label finds no room (many streams' server-think
 * stalls overlap on an HTTP/2 connection), is left to its tooltip. */
function placeStallLabels(
  stalls: StallSpan[],
  x: (ns: number) => number,
  cursorNs: number,
  left: number,
  right: number,
  crossed: (fromX: number, toX: number, row: LabelRow) => boolean,
): Map<number, LabelPlace> {
  const out = new Map<number, LabelPlace>();
  const rowRights = new Map<LabelRow, number>();
  const free = (row: LabelRow, fromX: number) => fromX >= (rowRights.get(row) ?? -Infinity);
  const named = new Set<StallCause>();
  const order = stalls.map((_, i) => i).sort((a, b) => stalls[a].startNs - stalls[b].startNs);
  order.forEach((i) => {
    const s = stalls[i];
    const x0 = Math.max(left, x(s.startNs));
    const x1 = Math.min(right, x(Math.min(s.endNs, cursorNs)));
    if (x1 - x0 <= MIN_LABELLED_BAND_PX) return;
    const width = stallLabel(s).length * STALL_LABEL_CHAR_PX;
    if (width > right - left - 2 * LABEL_EDGE_PAD_PX) return;
    const place = labelPlace((x0 + x1) / 2, width, left + LABEL_EDGE_PAD_PX, right - LABEL_EDGE_PAD_PX);
    const top: LabelRow | null = free(0, place.fromX)
      ? 0
      : !named.has(s.cause) && free(1, place.fromX)
        ? 1
        : null;
    if (top === null) return;
    const clear = (row: LabelRow) => !crossed(place.fromX, place.fromX + width, row);
    const row = clear(top) || !free(FOOT_ROW, place.fromX) || !clear(FOOT_ROW) ? top : FOOT_ROW;
    out.set(i, { ...place, row });
    rowRights.set(row, place.fromX + width + LABEL_GAP_PX);
    named.add(s.cause);
  });
  return out;
}

const MIN_BAR_PX = 1;
const WIDTHS = { ack: ACK_LINE_PX, limit: LIMIT_LINE_PX };
const DENSE_WIDTHS = { ack: DENSE_LINE_PX, limit: DENSE_LINE_PX };

const segmentBar = (s: SegmentBar): Bar => ({ timeNs: s.timeNs, low: s.seq, high: s.end });

/** Segments as xplot's bars (at least a pixel tall: on a plot of megabytes a segment's bar is a
 * hundredth of one, and the data line would vanish). */
export function segmentsPath(
  segments: SegmentBar[],
  x: (ns: number) => number,
  y: (seq: number) => number,
  ticks: boolean,
): string {
  return barsPath(segments.map(segmentBar), x, y, ticks, MIN_BAR_PX);
}

/** A stall's band: its tint, and its cap along the plot's top in the colour that names the cause
 * (as the ladder's bands and their key are drawn), in its row of the caps (0 the top), the tint
 * under all the `rows` used. Memoised: a long run has hundreds of bands, and a frame of playback changes
 * only the one the playhead is in (its tooltip's words had been written again for all of them). */
const StallBandRect = memo(function StallBandRect({ band: s, x0, x1, top, row, rows, bottom }: BandPlace) {
  const capTop = top + row * STALL_CAP_ROW_PX;
  // With one row, from the cap's foot; under more, from the last row's, clear of the other rows' caps.
  const bodyTop = top + rows * STALL_CAP_ROW_PX - 1;
  // A band under a pixel wide is drawn a pixel wide, as faint as its share of that pixel: BBR's
  // 0.24 ms pacing waits every 12 ms, at 11 ms a pixel, had drawn a solid band most of a second
  // long over a server that waited 2% of it. A floor keeps a lone short wait findable.
  const ink = Math.min(1, Math.max(MIN_BAND_INK, x1 - x0));
  return (
    <g
      data-stall={s.cause}
      style={darkFill(causeStyle(s.cause))}
      data-duration-ms={((s.endNs - s.startNs) / 1e6).toFixed(3)}
    >
      <title>{bandTitle(s, s.side, causeStyle(s.cause).words)}</title>
      <rect
        x={x0}
        y={bodyTop}
        width={Math.max(1, x1 - x0)}
        height={Math.max(0, bottom - bodyTop)}
        fill={causeStyle(s.cause).fill}
        fillOpacity={0.22 * ink}
      />
      {/* The cap over the card, not over another band's cap: where stalls of a cause overlap, the cap
          drawn last shows its cause's colour as the key does, not a mixture the key has no swatch for. */}
      <rect
        x={x0}
        y={capTop}
        width={Math.max(1, x1 - x0)}
        height={STALL_CAP_PX}
        style={{ fill: 'var(--card)' }}
      />
      <rect
        x={x0}
        y={capTop}
        width={Math.max(1, x1 - x0)}
        height={STALL_CAP_PX}
        fill={causeStyle(s.cause).fill}
        fillOpacity={0.55 * ink}
        data-stall-cap={row}
      />
      {/* The band as one box, cap to foot, for a lesson's highlight to outline (drawn only then):
          outlined one by one, the cap and the tint had been two boxes with other rows between. */}
      <rect
        x={x0}
        y={capTop}
        width={Math.max(1, x1 - x0)}
        height={Math.max(0, bottom - capTop)}
        style={{ fill: 'none' }}
        data-stall-outline=""
      />
    </g>
  );
}, sameBand);

interface BandPlace {
  band: StallBand;
  x0: number;
  x1: number;
  top: number;
  row: number;
  rows: number;
  bottom: number;
}

/** Whether a band draws as it did: the same place and the same stalls (a band is found anew each
 * frame, so compared by what it holds). */
function sameBand(a: BandPlace, b: BandPlace): boolean {
  const [p, q] = [a.band, b.band];
  return (
    a.x0 === b.x0 &&
    a.x1 === b.x1 &&
    a.top === b.top &&
    a.row === b.row &&
    a.rows === b.rows &&
    a.bottom === b.bottom &&
    p.cause === q.cause &&
    p.side === q.side &&
    p.startNs === q.startNs &&
    p.endNs === q.endNs &&
    p.count === q.count &&
    p.total === q.total
  );
}

/** A step line's pieces as drawn with the playhead at `cursorNs`: those before it whole (the
 * plot's own clip), the one it crosses clipped at it, those after it left out. A line of fewer
 * than PIECE steps is the one path it always was. */
function PlayedLine({
  pieces,
  cursorNs,
  clipId,
  series,
  ...stroke
}: {
  pieces: Piece[];
  cursorNs: number;
  clipId: string;
  series: string;
  stroke: string;
  strokeWidth: number;
  strokeDasharray?: string;
}) {
  // Each piece a path of its own (keyed by its place, so a played piece is never rewritten).
  return (
    <>
      {pieces.map((p, i) =>
        p.fromNs > cursorNs ? null : (
          <path
            key={i}
            d={p.d}
            fill="none"
            {...stroke}
            clipPath={p.toNs > cursorNs ? `url(#${clipId}-played)` : undefined}
            data-series={series}
          />
        ),
      )}
    </>
  );
}
