// Time-sequence plots for each side, sharing the playhead and one time window: brush a range
// to zoom into it, or use the buttons (which zoom around the playhead, or around a followed
// stream's time where the playhead is outside it) from the keyboard. An
// HTTP/2 connection can be plotted whole (the default) or one stream at a time. The window,
// connection and stream are the link's (tspzoom=, tspconn=, tspstream=): a link reopens them.
import { useCallback, useContext, useEffect, useMemo, useRef } from 'react';
import { CongestionChart, congestionChartHeight } from '../../views/CongestionChart';
import { TimeSequencePlot } from '../../views/TimeSequencePlot';
import { connectionIds } from '../../views/ladderLayout';
import { zoomedWindow } from '../../views/tspTimeAxis';
import { connectionSeries } from '../../views/streamSeries';
import { packetsBetween, segmentsBetween } from '../../views/tspSeries';
import { streamsOf } from '../../views/streams';
import {
  FitHeightContext,
  fittedViewHeight,
  MIN_VIEW_PX,
  OverrunContext,
  PANEL_CHROME_PX,
} from '../embed/viewHeight';
import { usePanelChrome } from '../embed/usePanelChrome';
import { useElementHeight, useElementWidth } from '../useElementSize';
import { useFocusHandoff } from '../useFocusHandoff';
import type { SideView, TimePanelProps } from './sideView';
import type { Gap } from '../../views/timeScale';
import type { TspView } from '../state/configModel';
import type { Trace } from '../../engine/trace';
import { emptyNotice, sliverNotice } from '../../views/tspNotices';

const NO_GAPS: Gap[] = [];
/** An embed fits a lone plot and its strips in the frame if the plot keeps this much; a shorter
 * frame draws the plot to its height and the strips follow below. */
const MIN_PLOT_OVER_STRIPS_PX = 220;
/** Under a comparison's toolbar, its margin and the panel's top padding (embed.css), about. */
const TOOLS_GAP_PX = 6;

export function TspPanel({
  sides,
  endNs,
  cursorNs,
  gaps,
  view,
  onView,
}: TimePanelProps & { view: TspView; onView: (view: TspView) => void }) {
  const [boxRef, width] = useElementWidth<HTMLDivElement>();
  const conns = [...new Set(sides.flatMap((s) => connectionIds(s.run.trace)))];
  // A connection the run does not have (a link's, after a knob took connections away): the first.
  const conn = conns.includes(view.conn) ? view.conn : (conns[0] ?? 0);
  // A window that misses the run (a link's, after a knob shortened it) shows the whole run. With
  // none chosen, a connection that lives for a small part of the run is plotted over its own life.
  const linked = view.window;
  const ownLife = shortConnectionSpan(sides, conn, endNs);
  const chosen: [number, number] | null =
    linked && Math.max(0, linked.startNs) < Math.min(endNs, linked.endNs)
      ? [linked.startNs, linked.endNs]
      : ownLife;
  // A window of the whole run (Full run, leaving a short connection's own) is the run unzoomed.
  const window_ = chosen && (chosen[0] > 0 || chosen[1] < endNs) ? chosen : null;
  const chosenStream = view.stream;
  const setWindow = useCallback(
    (w: [number, number] | null) =>
      onView({ ...view, window: w === null ? null : { startNs: w[0], endNs: w[1] } }),
    [onView, view],
  );
  const domain: [number, number] = window_
    ? [Math.max(0, window_[0]), Math.min(endNs, window_[1])]
    : [0, endNs];
  const valid = domain[1] > domain[0] ? domain : ([0, Math.max(1, endNs)] as [number, number]);
  // No window falls back to a short connection's own life: the run's bounds are the whole run.
  const wholeRun: [number, number] | null = ownLife ? [0, endNs] : null;
  const streams = streamChoices(sides, conn);
  const stream = streams.some((c) => c.stream === chosenStream) ? chosenStream : null;
  // The time of what is plotted: the stream's, or the connection's life. Zooming while following a
  // stream (or one of several connections) stays on it, and a window without its packets says so.
  const followed = useMemo(
    () => (stream !== null ? streamSpan(sides, conn, stream, endNs) : connectionSpan(sides, conn, endNs)),
    [sides, conn, stream, endNs],
  );
  const focus = stream !== null || conns.length > 1 ? followed : null;
  const zoomBy = (factor: number) =>
    setWindow(zoomedWindow(valid, cursorNs, endNs, factor, focus) ?? wholeRun);
  // Zoom out to the whole run and Full run turn themselves off: focus goes on to Zoom in.
  const handOff = useFocusHandoff();
  const zoomInRef = useRef<HTMLButtonElement>(null);
  const toZoomIn = (e: { currentTarget: EventTarget }) => handOff(e.currentTarget, () => zoomInRef.current);
  // In an embed a lone plot and its cwnd and RTT strips share the frame's height where the plot
  // keeps enough of it (a 1024 x 640 frame had cut the strips, and their title peeked in at the
  // bottom); else the plot takes the frame's height, as the ladder does, and its strips follow
  // below it (so a comparison's B comes after A's strips: each plot fills the frame when scrolled to).
  const frameHeight = useContext(FitHeightContext);
  // A lone plot's panel (title, toolbar, note) measured as it wraps: at 390 px the toolbar takes
  // two rows, and a fixed allowance had left the strips 30 px below the frame.
  const figureRef = useRef<HTMLElement>(null);
  const around = usePanelChrome(frameHeight !== null && sides.length === 1, figureRef);
  // Compared, each plot fills the frame under the panel's toolbar when scrolled to: a fixed
  // allowance for it had left each plot of a 480 x 320 frame 64 px between its key and its axis.
  const [toolsRef, toolsPx] = useElementHeight<HTMLDivElement>();
  const fitHeight =
    frameHeight === null
      ? null
      : frameHeight -
        (sides.length > 1 && toolsPx !== null ? toolsPx + TOOLS_GAP_PX : (around ?? PANEL_CHROME_PX));
  // A lone plot the frame leaves less than its least height runs past it: the embed folds its
  // controls (560 x 315 with two had left the plot's time axis below the frame).
  const overrun = useContext(OverrunContext);
  const overruns = fitHeight !== null && sides.length === 1 && fitHeight < MIN_VIEW_PX;
  useEffect(() => {
    if (overruns) overrun?.();
  }, [overruns, overrun]);
  const stripsPx = useMemo(
    () => (sides.length === 1 ? congestionChartHeight(sides[0].run.trace, conn) : 0),
    [sides, conn],
  );
  const plotHeight =
    fitHeight === null ? (width < 600 ? 240 : 300) : embedPlotHeight(fitHeight, stripsPx, sides.length);
  // A zoomed window is drawn to scale; the whole run folds the time between loads.
  const folds = window_ ? NO_GAPS : gaps;
  // A comparison's two plots are drawn alike, densely if either side's window is: drawn each by
  // its own count, 2,078 segments beside 5,655 (3 MB over the WAN, B with a 536-byte MSS) had end
  // ticks and letters on A and none on B, a difference in drawing that read as one in the runs.
  const [from, to] = valid;
  const mostSegments = useMemo(
    () =>
      sides.length < 2
        ? 0
        : Math.max(
            ...sides.map((s) =>
              connectionIds(s.run.trace).includes(conn)
                ? segmentsBetween(connectionSeries(s.run.trace, conn, streamOf(s, conn, stream)), from, to)
                : 0,
            ),
          ),
    [sides, conn, stream, from, to],
  );
  // The sides whose window holds none of what they plot, counted once per window, not at every
  // frame of playback (a side without the connection says so instead).
  const zoomed = window_ !== null;
  const emptyIn = useMemo(() => {
    const empty = new Set<string>();
    if (zoomed)
      for (const s of sides) {
        if (!connectionIds(s.run.trace).includes(conn)) continue;
        const series = connectionSeries(s.run.trace, conn, streamOf(s, conn, stream));
        if (packetsBetween(series, from, to) === 0) empty.add(s.side);
      }
    return empty;
  }, [zoomed, sides, conn, stream, from, to]);
  return (
    <div className="tsp-panel" ref={boxRef} data-view="tsp">
      <div ref={toolsRef} className="panel-tools" role="toolbar" aria-label="Time-sequence plot zoom">
        <button type="button" className="secondary small" ref={zoomInRef} onClick={() => zoomBy(2)}>
          Zoom in
        </button>
        <button
          type="button"
          className="secondary small"
          onClick={(e) => {
            toZoomIn(e);
            zoomBy(0.5);
          }}
          disabled={!window_}
        >
          Zoom out
        </button>
        <button
          type="button"
          className="secondary small"
          onClick={(e) => {
            toZoomIn(e);
            setWindow(wholeRun);
          }}
          disabled={!window_}
        >
          Full run
        </button>
        {conns.length > 1 && (
          <label className="inline-select">
            Connection{' '}
            <select
              value={conn}
              onChange={(e) => onView({ conn: Number(e.target.value), stream: null, window: null })}
            >
              {conns.map((c) => (
                <option key={c} value={c}>
                  {c + 1}
                </option>
              ))}
            </select>
          </label>
        )}
        {streams.length > 0 && (
          <label className="inline-select">
            Stream{' '}
            <select
              value={stream ?? ''}
              onChange={(e) => {
                const chosen = e.target.value === '' ? null : Number(e.target.value);
                const span = chosen === null ? null : streamSpan(sides, conn, chosen, endNs);
                onView({ conn, stream: chosen, window: span && { startNs: span[0], endNs: span[1] } });
              }}
              data-stream-select=""
            >
              <option value="">whole connection</option>
              {streams.map((c) => (
                <option key={c.stream} value={c.stream}>
                  {`${c.stream}: ${c.label}`}
                </option>
              ))}
            </select>
          </label>
        )}
        <span className="hint">Drag across the plot to zoom into a time range</span>
      </div>
      {sides.map((s) => {
        const opened = connectionIds(s.run.trace).length;
        // A comparison's connection that one run never opened (HTTP/1.0's fifth against HTTP/2's
        // one): that run says so, where an empty plot with a 0-10 B axis had stood.
        if (opened > 0 && !connectionIds(s.run.trace).includes(conn))
          return (
            <figure key={s.side} className="tsp-box" data-tsp-side={s.side}>
              {sides.length > 1 && <figcaption className="side-caption">{s.caption}</figcaption>}
              <p className="note" data-tsp-no-connection="">
                {`This run has no connection ${conn + 1}: it opened only ${opened === 1 ? 'one' : opened}.`}
              </p>
            </figure>
          );
        // Compared, the sides share one window: a connection that lives for a small part of it on
        // one side (HTTP/1.0's first of many beside HTTP/1.1's one for the page) is a sliver there,
        // and that side offers its connection's life as the window (not in an embed, which fits
        // its frame as the lecturer linked it).
        const life =
          sides.length > 1 && frameHeight === null ? connectionLives(s.run.trace).get(conn) : undefined;
        const sliver = life && life[1] - life[0] < (to - from) * SLIVER_SHARE ? life : null;
        // What this side plots: the stream followed, or (a comparison's side without it) the whole.
        const own = streamOf(s, conn, stream);
        return (
          <figure
            key={s.side}
            ref={sides.length === 1 ? figureRef : undefined}
            className="tsp-box"
            data-tsp-side={s.side}
          >
            {sides.length > 1 && <figcaption className="side-caption">{s.caption}</figcaption>}
            {sliver && (
              <p className="note tsp-sliver" data-tsp-sliver="">
                {sliverNotice(conn, sliver, valid)}
                <button
                  type="button"
                  className="secondary small"
                  onClick={() => setWindow(paddedSpan(sliver[0], sliver[1], 0.05, endNs))}
                >
                  Plot its life
                </button>
              </p>
            )}
            {emptyIn.has(s.side) && (
              <p className="note tsp-sliver" data-tsp-empty="">
                {emptyNotice(own !== null ? `Stream ${own}` : `Connection ${conn + 1}`, valid)}
                {followed && own === stream && (
                  <button type="button" className="secondary small" onClick={() => setWindow(followed)}>
                    {`Plot ${own !== null ? 'its span' : 'its life'}`}
                  </button>
                )}
              </p>
            )}
            <TimeSequencePlot
              trace={s.run.trace}
              conn={conn}
              stream={own}
              side={s.side}
              cursorNs={cursorNs}
              domain={valid}
              zoomed={window_ !== null}
              width={width}
              height={plotHeight}
              onBrush={setWindow}
              folds={folds}
              pairedSegments={mostSegments}
            />
            <CongestionChart
              side={s.side}
              trace={s.run.trace}
              conn={conn}
              cursorNs={cursorNs}
              domain={valid}
              width={width}
              folds={folds}
            />
          </figure>
        );
      })}
    </div>
  );
}

/** The stream a side's plot draws: the one chosen, if this side's connection has it, else the whole. */
function streamOf(side: SideView, conn: number, stream: number | null): number | null {
  return streamsOf(side.run.trace, conn).some((c) => c.stream === stream) ? stream : null;
}

/** The streams of connection `conn` on either side (HTTP/2), in stream order. */
function streamChoices(sides: SideView[], conn: number): Array<{ stream: number; label: string }> {
  const all = new Map<number, string>();
  for (const s of sides)
    for (const c of streamsOf(s.run.trace, conn)) if (!all.has(c.stream)) all.set(c.stream, c.label);
  return [...all.entries()].sort((a, b) => a[0] - b[0]).map(([stream, label]) => ({ stream, label }));
}

/** The time a stream was busy on either side (request written to the server's last ACK of its
 * response), with a margin: where the plot zooms when the stream is chosen, so a small response
 * is not a sliver and its ACK line is in view. */
function streamSpan(sides: SideView[], conn: number, stream: number, endNs: number): [number, number] | null {
  const xs = sides.flatMap((s) =>
    s.run.trace.exchanges.filter((x) => x.conn === conn && x.stream === stream),
  );
  if (xs.length === 0) return null;
  const start = Math.min(...xs.map((x) => x.startNs));
  const lastAcks = sides.map((s) => connectionSeries(s.run.trace, conn, stream).acks.at(-1)?.timeNs ?? 0);
  const end = Math.max(...xs.map((x) => x.endNs ?? endNs), ...lastAcks);
  return paddedSpan(start, end, 0.1, endNs);
}

/** Compared, a side's connection alive for less than this share of the window shown offers its life. */
const SLIVER_SHARE = 0.2;

/** A connection alive for less than this share of the run is plotted over its own life by default. */
const SHORT_CONNECTION_SHARE = 0.5;

/**
 * The window of connection `conn`'s life, its first packet to its last arrival on either side, with
 * a margin, when that is a small part of the run: HTTP/1.0's first connection of five Kruse loads
 * had been a sliver 3 s wide at the left of a 184 s axis. Null for a connection that fills the run.
 */
function shortConnectionSpan(sides: SideView[], conn: number, endNs: number): [number, number] | null {
  const life = lifeOnEitherSide(sides, conn);
  if (!life) return null;
  const [start, end] = life;
  if (!(end > start) || end - start >= endNs * SHORT_CONNECTION_SHARE) return null;
  return paddedSpan(start, end, 0.05, endNs);
}

/** Connection `conn`'s life on either side, its first packet to its last arrival, with a margin. */
function connectionSpan(sides: SideView[], conn: number, endNs: number): [number, number] | null {
  const life = lifeOnEitherSide(sides, conn);
  return life && paddedSpan(life[0], life[1], 0.05, endNs);
}

/** From connection `conn`'s first packet on either side to its last arrival on either. */
function lifeOnEitherSide(sides: SideView[], conn: number): [number, number] | null {
  const lives = sides
    .map((s) => connectionLives(s.run.trace).get(conn))
    .filter((l): l is [number, number] => l !== undefined);
  if (lives.length === 0) return null;
  return [Math.min(...lives.map((l) => l[0])), Math.max(...lives.map((l) => l[1]))];
}

/** [start, end] widened by `share` of its length on each side (at least 1 ms), within the run. */
function paddedSpan(start: number, end: number, share: number, endNs: number): [number, number] {
  const margin = Math.max((end - start) * share, 1e6);
  return [Math.max(0, start - margin), Math.min(endNs, end + margin)];
}

/** Each connection's first send and last arrival, found in one pass per trace: the panel draws
 * every frame of playback, and a long run's packet records are made as they are read. */
const livesOf = new WeakMap<Trace, Map<number, [number, number]>>();
function connectionLives(trace: Trace): Map<number, [number, number]> {
  let lives = livesOf.get(trace);
  if (!lives) {
    lives = new Map();
    for (const p of trace.packets) {
      const life = lives.get(p.conn);
      const last = p.arriveNs ?? p.sendNs;
      if (!life) lives.set(p.conn, [p.sendNs, last]);
      else [life[0], life[1]] = [Math.min(life[0], p.sendNs), Math.max(life[1], last)];
    }
    livesOf.set(trace, lives);
  }
  return lives;
}

/** A plot's height in an embed's `fitHeight`, above `stripsPx` of strips if a lone plot keeps enough. */
function embedPlotHeight(fitHeight: number, stripsPx: number, sides: number): number {
  const withStrips = fittedViewHeight(fitHeight - stripsPx, 1, sides > 1);
  return sides === 1 && withStrips >= MIN_PLOT_OVER_STRIPS_PX
    ? withStrips
    : fittedViewHeight(fitHeight, 1, sides > 1);
}
