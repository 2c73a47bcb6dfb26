// The ladder panel: one ladder, or A and B side by side on a shared, zoomable time axis, with
// the full tcpdump line of the packet under the pointer or keyboard focus, an overview strip of
// the whole run, and "Show the stall" framing. The zoom is a time window kept in the link
// (`zoom=`), so a shared link reopens the same view at any size of ladder.
import { useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { LinearScale } from '../../views/piecewiseScale';
import { useTcpdumpLine } from './useTcpdumpLine';
import type { Trace } from '../../engine/trace';
import type { TimeWindow } from '../../scenario/codec';
import { Ladder } from '../../views/Ladder';
import { connectionSpans, LADDER_MARGIN, ladderLayout, laneCount } from '../../views/ladderLayout';
import { LadderLegend } from '../../views/LadderLegend';
import { LadderOverview, OVERVIEW_PX } from '../../views/LadderOverview';
import type { FocusedStall } from '../../views/LadderStalls';
import { formatDuration } from '../../views/format';
import { DROP_WORDS, SEND_REASON_WORDS } from '../../views/sendReasons';
import {
  CAPTION_LINE_PX,
  CAPTION_PX,
  FitHeightContext,
  FitKeyContext,
  fittedViewHeight,
  MIN_VIEW_PX,
  PANEL_CHROME_PX,
  STACKED_READABLE_PX,
  stackedViewPx,
} from '../embed/viewHeight';
import { timeScale, type Gap } from '../../views/timeScale';
import { markRedraw } from '../perf';
import { useElementHeight, useElementWidth } from '../useElementSize';
import { useFocusHandoff } from '../useFocusHandoff';
import { usePanelChrome } from '../embed/usePanelChrome';
import type { SideView } from './sideView';
import { MAX_ZOOM, useLadderZoom, type AxisTransform } from './useLadderZoom';
import { useSettled } from '../state/gesture';
import { showShortcuts } from '../shortcuts/showShortcuts';
import type { LabelStyle } from '../state/configModel';

export interface LadderPanelProps {
  sides: SideView[];
  endNs: number;
  /** The playhead: on the newest run, which `sides` may not show yet (`pending`). */
  cursorNs: number;
  playing: boolean;
  gaps: Gap[];
  fold: boolean;
  /** A newer run waits to be drawn (the ladder out of view): the playhead may be on it already. */
  pending?: boolean;
  /** The stall "Show the stall" asked for, with the run it belongs to. */
  stallFocus?: StallFocus | null;
  /** The time window the link asks for (null: the whole run). */
  zoomWindow?: TimeWindow | null;
  /** Told of each zoom or pan the reader makes, as the window now shown (null: the whole run). */
  onZoomWindow?: (window: TimeWindow | null) => void;
  /** Packets named in words or as tcpdump does (the link's `labels=`), and where a change goes. */
  labelStyle: LabelStyle;
  onLabelStyle: (style: LabelStyle) => void;
}

export interface StallFocus {
  stall: FocusedStall;
  trace: Trace;
}

/** The run starts this far below the ladder's top edge (an exported ladder keeps it too). */
export const RUN_TOP_PAD_PX = 14;
/**
 * Beside the overview strip, what is not the ladder: the gap between them (4 px) and the ladder
 * box's border (1 px each side, app.css). Left out, the ladder was 2 px wider than its box, which
 * then showed a horizontal scrollbar over the ladder's last rows wherever scrollbars take room.
 */
const LADDER_CHROME_PX = 4 + 2;
/** The key's height before it is measured: one line of it, with its margin. */
const LEGEND_GUESS_PX = 28;
/** Between A and B stacked (the gap of .ladders, app.css). */
const STACK_GAP_PX = 16;
/** The gap under a caption (its margin, app.css). */
const CAPTION_GAP_PX = 4;
/** The narrowest box that sets two ladders side by side in a frame too short to stack them. */
const SHORT_FRAME_PAIR_PX = 520;
/** Paired in a box narrower than this (a 560 x 400 frame), a ladder of one lane (252 px at
 * least) and its overview strip do not fit in half of it: the strips are left out. */
const BARE_PAIR_BELOW_PX = 592;

interface Inspected {
  side: string;
  index: number;
  x: number;
  y: number;
}

export function LadderPanel({
  sides,
  endNs,
  cursorNs,
  playing,
  gaps,
  fold,
  pending,
  stallFocus = null,
  zoomWindow = null,
  onZoomWindow,
  labelStyle,
  onLabelStyle,
}: LadderPanelProps) {
  const [boxRef, boxWidth] = useElementWidth<HTMLDivElement>();
  // In an embed the ladders share the frame's height less all else in their panel (its title,
  // toolbar, padding and key), measured as it wraps at this width (usePanelChrome.ts): a fixed
  // allowance had cut the key's row in half at the frame's bottom, and scrolled a 390 x 700 frame
  // by 22 px, where the toolbar takes two rows. On the page they have a fixed height.
  const frameHeight = useContext(FitHeightContext);
  const laddersRef = useRef<HTMLDivElement>(null);
  const around = usePanelChrome(frameHeight !== null, laddersRef);
  const fitHeight = frameHeight === null ? null : frameHeight - (around ?? PANEL_CHROME_PX + LEGEND_GUESS_PX);
  // A frame too short for A over B (a 640 x 360 slide, where B began below the frame) sets them
  // side by side from a narrower width, each as wide as a phone's ladder; their captions get two
  // lines each, so the two ladders start level.
  // So does a frame that would stack them only as strips (800 x 600: 193 px each), where their
  // lanes fit side by side; a run of many lanes stays full width.
  const lanes = useMemo(() => sides.map((s) => laneCount(connectionSpans(s.run.trace))), [sides]);
  // A pair too narrow for a lane and an overview strip each (a 560 x 400 frame) leaves the strips
  // out: with them, B's server had been a sideways scroll away.
  const pairWidth =
    Math.floor((boxWidth - 16) / 2) - LADDER_CHROME_PX - (boxWidth < BARE_PAIR_BELOW_PX ? 0 : OVERVIEW_PX);
  const lanesFitPaired = lanes.every((n) => ladderLayout(n, pairWidth).width <= pairWidth + 1);
  // Each ladder's height stacked (Infinity for a lone one): too short, or a strip whose lanes fit paired.
  const stacked = stackedViewPx(fitHeight, sides.length);
  const pairedShort =
    boxWidth < 880 &&
    boxWidth >= SHORT_FRAME_PAIR_PX &&
    (stacked < MIN_VIEW_PX || (stacked < STACKED_READABLE_PX && lanesFitPaired));
  const sideBySide = sides.length > 1 && (boxWidth >= 880 || pairedShort);
  const ladderWidth = sideBySide ? pairWidth : boxWidth - OVERVIEW_PX - LADDER_CHROME_PX;
  // Paired in a short frame, the captions share a row as tall as the longer one (embed.css): the
  // room it takes, measured, where two lines had been kept for it even when both fit on one
  // (and the ladders, kept at their least height, scrolled the 640 x 360 frame by 15 px).
  const [captionRef, captionHeight] = useElementHeight<HTMLElement>();
  const captionsPx = captionHeight === null ? CAPTION_PX + CAPTION_LINE_PX : captionHeight + CAPTION_GAP_PX;
  const height =
    fitHeight !== null
      ? fittedViewHeight(
          fitHeight -
            (pairedShort ? captionsPx - CAPTION_PX : 0) -
            (sides.length > 1 && !sideBySide ? STACK_GAP_PX : 0),
          sideBySide ? 1 : sides.length,
          sides.length > 1,
        )
      : boxWidth < 600
        ? 470
        : 580;
  // A key too tall for what the frame leaves under ladders at their least height (embed/fitKey.ts).
  const keyRef = useRef<HTMLDivElement>(null);
  const fitKey = useContext(FitKeyContext);
  useLayoutEffect(() => {
    const key = keyRef.current;
    const ladders = laddersRef.current;
    if (fitKey && key && ladders && frameHeight !== null && around !== null)
      fitKey(key, around + ladders.offsetHeight - frameHeight);
  }, [fitKey, frameHeight, around, height, captionHeight]);
  const top = LADDER_MARGIN.top;
  const bottom = height - LADDER_MARGIN.bottom;
  // The run starts a label's height below the top, so the first packets' labels fit above them
  // (zoomed too: the view never pans above the run's start).
  const runTop = top + RUN_TOP_PAD_PX;
  const shownGaps = useMemo(() => (fold ? gaps : []), [fold, gaps]);
  const base = useMemo(
    () => timeScale(endNs, [runTop, bottom], shownGaps),
    [endNs, runTop, bottom, shownGaps],
  );
  /** The time window a transform shows, from the run's top to the ladder's bottom edge. */
  const windowOf = useCallback(
    (t: AxisTransform): TimeWindow | null =>
      t.k === 1
        ? null
        : {
            startNs: Math.round(base.invert(t.invertY(runTop))),
            endNs: Math.round(base.invert(t.invertY(bottom))),
          },
    [base, runTop, bottom],
  );
  const tcpdumpLine = useTcpdumpLine();
  const zoom = useLadderZoom(
    runTop,
    bottom,
    useCallback((t: AxisTransform) => onZoomWindow?.(windowOf(t)), [onZoomWindow, windowOf]),
  );
  const y: LinearScale = useMemo(() => zoom.transform.rescaleY(base), [zoom.transform, base]);
  const [inspected, setInspected] = useState<Inspected | null>(null);
  const viewStartNs = y.invert(top);
  const viewEndNs = y.invert(bottom);

  // The link's window, on opening and on Back/Forward, and again when the run or the ladder's
  // size changes (the same times stay in view). The reader's own zooms come back as the window
  // already shown, and are left alone.
  const { current: shownTransform, restore } = zoom;
  useEffect(() => {
    if (sameWindow(windowOf(shownTransform.current), zoomWindow)) return;
    restore(zoomWindow && [base(zoomWindow.startNs), base(zoomWindow.endNs)]);
  }, [zoomWindow, windowOf, shownTransform, restore, base]);

  // "Show the stall": frame it in the middle of the view (a new request each click), and once it
  // is drawn there, scroll the page to it: the callout's button sits above the ladder, whose stall
  // had lain below the fold (on a phone, the whole ladder). The stall and its label land whole
  // below the playback bar, under the panel's title and toolbar where they fit too. A run or size
  // that frames it anew leaves the page where the reader has scrolled it.
  const { frame } = zoom;
  const scrolledFor = useRef<StallFocus | null>(null);
  const scrollPending = useRef(false);
  useEffect(() => {
    if (!stallFocus) return;
    frame(base(stallFocus.stall.startNs), base(stallFocus.stall.endNs));
    if (scrolledFor.current !== stallFocus) scrollPending.current = true;
    scrolledFor.current = stallFocus;
  }, [stallFocus, base, frame]);
  useEffect(() => {
    if (!scrollPending.current) return;
    scrollPending.current = false;
    const box = boxRef.current;
    if (box) void import('../revealInView').then((m) => m.revealFocusedStall(box));
  }, [zoom.transform, boxRef]);
  const focusedStall = (trace: Trace) => (stallFocus?.trace === trace ? stallFocus.stall : null);
  // Lanes beyond the box: say so, since the ladder then scrolls sideways.
  const traces = useMemo(() => sides.map((s) => s.run.trace), [sides]);
  const lanesA = lanes[0] ?? 1;
  const lanesHidden = ladderLayout(lanesA, ladderWidth).width > ladderWidth + 1;
  const k = zoom.transform.k;
  const jump = useCallback(
    (py: number) => {
      const half = (bottom - runTop) / (2 * k);
      frame(py - half, py + half, 1);
    },
    [k, runTop, bottom, frame],
  );

  // During a gesture (a slider dragged) the ladder shows each new run provisionally, as a few
  // paths; once the changes pause, as an element per packet again.
  const provisional = useSettled(sides) !== sides;

  // For the UI benchmark: a new run has been committed to the ladder.
  useEffect(() => markRedraw(), [sides]);

  // When the playhead moves (playing, stepping, scrubbing) out of a zoomed view, follow it; a
  // pan by the reader does not move the playhead, so it is left alone, and neither is a view
  // opened from a link with the playhead elsewhere (the ladder's first resize is no move).
  // Nor is a playhead moved by a new run (drawn, or waiting to be while the ladder is out of
  // view) or with the link's window (a knob, Back or Forward): the times the link asks for stay
  // in view. Following the run's end there, Nagle switched off with 4 to 14 ms in view had shown
  // 8 to 17.5 ms, and Back then 9 to 190 ms; out of view, the old run was panned to the new
  // run's end, and the link kept 9 to 190 ms of a run of 17.5 ms: the whole run.
  const { panBy } = zoom;
  const scale = useRef({ y, zoomed: false });
  useEffect(() => {
    scale.current = { y, zoomed: zoom.transform.k > 1 };
  }, [y, zoom.transform]);
  const followed = useRef({ cursorNs, sides, zoomWindow });
  useEffect(() => {
    const last = followed.current;
    followed.current = { cursorNs, sides, zoomWindow };
    if (pending || last.cursorNs === cursorNs || last.sides !== sides || last.zoomWindow !== zoomWindow)
      return;
    if (!scale.current.zoomed) return;
    const cy = scale.current.y(cursorNs);
    if (cy > bottom - 24 || cy < top) panBy(top + (bottom - top) * (playing ? 0.3 : 0.5) - cy);
  }, [cursorNs, sides, zoomWindow, pending, playing, top, bottom, panBy]);

  // The zoom buttons zoom around the view's centre; but while playback stands short of the run's
  // end, nothing is drawn after the playhead, so they zoom around the playhead and bring it to
  // the middle (as the time-sequence plot's do). Around the centre, a reader who paused 20 ms
  // into the default page and pressed Zoom in had been shown 124 to 129 ms: an empty ladder.
  // A zoom button turned off by its own press (Fit, Zoom out to the whole run, Zoom in to the
  // closest) hands focus to the zoom button across from it.
  const handOff = useFocusHandoff();
  const zoomInRef = useRef<HTMLButtonElement>(null);
  const zoomOutRef = useRef<HTMLButtonElement>(null);
  const zoomButton = (factor: number, from: EventTarget) => {
    handOff(from, () => (factor > 1 ? zoomOutRef : zoomInRef).current);
    const middle = (top + bottom) / 2;
    const cy = y(cursorNs);
    if (cursorNs < endNs && cy >= top && cy <= bottom) zoom.zoomAround(factor, cy, middle);
    else zoom.zoomAround(factor, middle);
  };

  const inspect = useCallback(
    (side: string) => (index: number | null, x?: number, py?: number) =>
      setInspected(index === null ? null : { side, index, x: x ?? 0, y: py ?? 0 }),
    [],
  );
  const inspectors = useMemo(() => ({ a: inspect('a'), b: inspect('b') }), [inspect]);

  return (
    <div className="ladder-panel" ref={boxRef} data-view="ladder">
      <div className="panel-tools" role="toolbar" aria-label="Ladder zoom">
        {/* Off where they would do nothing, as the plot's are: Zoom out with the whole run in view. */}
        <button
          type="button"
          className="secondary small"
          ref={zoomInRef}
          onClick={(e) => zoomButton(2, e.currentTarget)}
          disabled={zoom.transform.k >= MAX_ZOOM}
        >
          Zoom in
        </button>
        <button
          type="button"
          className="secondary small"
          ref={zoomOutRef}
          onClick={(e) => zoomButton(0.5, e.currentTarget)}
          disabled={zoom.transform.k <= 1}
        >
          Zoom out
        </button>
        <button
          type="button"
          className="secondary small"
          onClick={(e) => {
            handOff(e.currentTarget, () => zoomInRef.current);
            zoom.reset();
          }}
          disabled={zoom.transform.k === 1 && zoom.transform.y === 0}
        >
          Fit
        </button>
        <label className="label-style">
          <input
            type="checkbox"
            checked={labelStyle === 'tcpdump'}
            onChange={(e) => onLabelStyle(e.target.checked ? 'tcpdump' : 'words')}
          />
          <span>tcpdump labels</span>
        </label>
        <span className="hint">
          <span className="hint-mouse">Drag to pan · Ctrl + wheel or pinch to zoom</span>
          <span className="hint-touch">Two fingers to pan · pinch to zoom · tap a packet for its line</span>
          <span className="hint-keys">
            {' · '}arrow keys step through packets{' '}
            {/* The dot goes to the next line with the link, not left at the end of the line above. */}
            <span className="hint-nowrap">
              {'· '}
              <button type="button" className="link-button" aria-haspopup="dialog" onClick={showShortcuts}>
                Keyboard shortcuts
              </button>
            </span>
          </span>
        </span>
        {lanesHidden && (
          <span className="lanes-note" data-lanes-note="">
            {lanesA === 1
              ? 'Scroll sideways to see the server →'
              : `${lanesA} lanes: scroll sideways to see them all →`}
          </span>
        )}
      </div>
      <div
        ref={laddersRef}
        className={`ladders${sideBySide ? ' ladders--side-by-side' : ''}${pairedShort ? ' ladders--paired-short' : ''}`}
      >
        {sides.map((s) => {
          const mine = inspected?.side === s.side ? inspected : null;
          const packet = mine ? s.run.trace.packets.get(mine.index) : undefined;
          return (
            <figure key={s.side} className="ladder-box" data-side={s.side}>
              {sides.length > 1 && (
                <figcaption ref={s.side === 'a' ? captionRef : undefined} className="side-caption">
                  {s.caption}
                </figcaption>
              )}
              <div className="ladder-row">
                {(boxWidth >= BARE_PAIR_BELOW_PX || !sideBySide) && (
                  <LadderOverview
                    trace={s.run.trace}
                    base={base}
                    height={height}
                    viewStartNs={viewStartNs}
                    viewEndNs={viewEndNs}
                    onJump={jump}
                  />
                )}
                <div
                  className="ladder-scroll"
                  style={{ height }}
                  onScroll={({ currentTarget: box }) =>
                    box.style.setProperty('--axis-scroll', `${box.scrollLeft}`)
                  }
                >
                  <Ladder
                    trace={s.run.trace}
                    path={s.run.path}
                    side={s.side}
                    y={y}
                    width={ladderWidth}
                    height={height}
                    cursorNs={cursorNs}
                    gaps={shownGaps}
                    onInspect={inspectors[s.side]}
                    svgRef={zoom.register(s.side)}
                    labelStyle={labelStyle}
                    focusedStall={focusedStall(s.run.trace)}
                    provisional={provisional}
                    tcpdumpLine={tcpdumpLine}
                  />
                  {mine && packet && (
                    <div className="packet-tip" role="status" style={tipPlace(mine, ladderWidth, height)}>
                      {tcpdumpLine && <code>{tcpdumpLine(s.run.trace, packet)}</code>}
                      <span>
                        {SEND_REASON_WORDS[packet.reason]} · sent {formatDuration(packet.sendNs)}
                        {packet.arriveNs === null
                          ? ` · dropped (${DROP_WORDS[packet.drop ?? 'loss']})`
                          : ` · arrived ${formatDuration(packet.arriveNs)}`}{' '}
                        · {packet.wireBytes} bytes on the wire
                      </span>
                    </div>
                  )}
                </div>
              </div>
            </figure>
          );
        })}
      </div>
      <div className="ladder-legend-box" ref={keyRef}>
        <LadderLegend traces={traces} />
      </div>
    </div>
  );
}

/**
 * Where a packet's tip goes in its ladder box, which clips what overflows it: below the packet,
 * or above it in the box's lower half (below, the last packets' tips had been cut off at the
 * box's bottom edge, the FIN's to a sliver), and never left of the box.
 */
function tipPlace(at: { x: number; y: number }, width: number, height: number) {
  const left = Math.max(0, Math.min(at.x, width - 300));
  return at.y > height / 2 ? { left, bottom: height - at.y + 14 } : { left, top: at.y + 14 };
}

/** Equal to the nanosecond, as the link writes them. */
function sameWindow(a: TimeWindow | null, b: TimeWindow | null): boolean {
  if (a === null || b === null) return a === b;
  return Math.abs(a.startNs - b.startNs) <= 1 && Math.abs(a.endNs - b.endNs) <= 1;
}
