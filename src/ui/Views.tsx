// The panels below the playback bar, each shown when the `view` setting lists it. Memoised: a
// knob moving re-renders the controls at once, the views only when the new run arrives. Every
// panel in view takes each run in the render that brings it; one out of view, once that frame
// has been painted, so a knob change reaches the picture the reader is looking at without first
// laying out the ones elsewhere (the ladder too, when the reader has scrolled down to the
// breakdown). During a gesture (a slider dragged) only the ladder takes each new run; the others
// take the newest when it pauses (useSettled).
import { lazy, memo, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSettled } from './state/gesture';
import type { Preset } from '../scenario/presets';
import type { Gap } from '../views/timeScale';
import { loadGaps } from '../views/foldedTimeAxis';
import { formatBitRate, formatDuration } from '../views/format';
import type { TimeWindow } from '../scenario/codec';
import { LadderPanel, type StallFocus } from './panels/LadderPanel';
import { Panel } from './panels/Panel';
import type { SideView } from './panels/sideView';
import { tspNote } from './panels/tspNote';
import type { LabelStyle, Panel as PanelName, TspView } from './state/configModel';
import { useInView } from './useInView';
import { markPanelDrawn } from './perf';
import { LazyPanel } from './LazyPanel';
import { afterNextFrame } from './afterNextFrame';

/**
 * The time-sequence plot, the waterfall, the breakdown and the figures sit below the ladder: their
 * code is not needed for the first picture, and loads once that picture has been painted and the
 * page is idle (`Deferred`): a few milliseconds later, long before a reader scrolls to them. A load
 * that fails says so in the panel. Memoised, so a panel held during a gesture is not re-rendered.
 */
const TspPanel = lazy(() => import('./panels/TspPanel').then((m) => ({ default: memo(m.TspPanel) })));
const sidePanels = () => import('./panels/SidePanels');
const WaterfallPanel = lazy(() => sidePanels().then((m) => ({ default: memo(m.WaterfallPanel) })));
const BreakdownPanel = lazy(() => sidePanels().then((m) => ({ default: memo(m.BreakdownPanel) })));
const MetricsPanel = lazy(() => sidePanels().then((m) => ({ default: memo(m.MetricsPanel) })));

/** Whether the page's first picture has been painted and the page has settled since. */
let firstPictureSettled = false;

/** After the next painted frame, once the browser is idle (soon where it has no idle callback). */
function afterFirstPicture(f: () => void): () => void {
  let idle: number | undefined;
  const cancelFrame = afterNextFrame(() => {
    if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(f, { timeout: 500 });
    else idle = window.setTimeout(f, 50);
  });
  return () => {
    cancelFrame();
    if (idle === undefined) return;
    if (typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
    else clearTimeout(idle);
  };
}

/** `children`, once the page's first picture is on screen; a loading line until then. */
function Deferred({ name, children }: { name: string; children: ReactNode }) {
  const [settled, setSettled] = useState(firstPictureSettled);
  useEffect(() => {
    if (settled) return;
    return afterFirstPicture(() => {
      firstPictureSettled = true;
      setSettled(true);
    });
  }, [settled]);
  if (!settled)
    return (
      <p className="loading" data-panel-loading="">
        Loading {name}…
      </p>
    );
  return <LazyPanel name={name}>{children}</LazyPanel>;
}

/** The run a panel below the ladder draws. */
interface Shown {
  sides: SideView[];
  endNs: number;
}

/** The ladder: each run at once in view, even during a gesture; out of view, after the next painted frame. */
function LadderSection({
  latest,
  cursorNs,
  playing,
  stallFocus,
  zoomWindow,
  onZoomWindow,
  labelStyle,
  onLabelStyle,
}: {
  latest: Shown & { gaps: Gap[]; fold: boolean };
  cursorNs: number;
  playing: boolean;
  stallFocus?: StallFocus | null;
  zoomWindow?: TimeWindow | null;
  onZoomWindow?: (window: TimeWindow | null) => void;
  labelStyle: LabelStyle;
  onLabelStyle: (style: LabelStyle) => void;
}) {
  const [ref, inView] = useInView<HTMLElement>();
  const shown = useSettled(latest, !inView, false);
  return (
    <Panel
      id="ladder"
      title="Packet ladder"
      note={ladderNote(shown.sides)}
      sectionRef={ref}
      stale={shown !== latest}
    >
      <LadderPanel
        sides={shown.sides}
        endNs={shown.endNs}
        cursorNs={cursorNs}
        playing={playing}
        gaps={shown.gaps}
        fold={shown.fold}
        pending={shown !== latest}
        stallFocus={stallFocus}
        zoomWindow={zoomWindow}
        onZoomWindow={onZoomWindow}
        labelStyle={labelStyle}
        onLabelStyle={onLabelStyle}
      />
    </Panel>
  );
}

/** A panel that takes a new run at once in view, after the next painted frame out of view. */
function LaterPanel({
  id,
  title,
  note,
  latest,
  fold = false,
  children,
}: {
  id: PanelName;
  title: string;
  /** A fixed note, or one written from the run shown. */
  note?: string | ((shown: Shown) => ReactNode);
  latest: Shown;
  /** Fold the time between page loads, as the ladder does (the panels drawn on a time axis). */
  fold?: boolean;
  children: (shown: Shown, gaps: Gap[]) => ReactNode;
}) {
  const [ref, inView] = useInView<HTMLElement>();
  const shown = useSettled(latest, !inView);
  useEffect(() => markPanelDrawn(), [shown]);
  const gaps = useMemo(
    () =>
      fold
        ? loadGaps(
            shown.sides.map((s) => s.run.trace),
            shown.endNs,
          )
        : [],
    [fold, shown],
  );
  return (
    <Panel
      id={id}
      title={title}
      note={typeof note === 'function' ? note(shown) : note}
      sectionRef={ref}
      stale={shown !== latest}
    >
      {children(shown, gaps)}
    </Panel>
  );
}

/**
 * What the ladder's arrows mean on this link. Compared over two links, each side's figure is
 * given: A's alone had described B's ladder too (a geostationary B's 280 ms slopes read as
 * 0.175 ms).
 */
function ladderNote(sides: SideView[]): string {
  const perSide = (figure: (s: SideView) => string) => {
    const figures = sides.map(figure);
    return figures.every((f) => f === figures[0])
      ? figures[0]
      : figures.map((f, i) => `${f} (${sides[i].side.toUpperCase()})`).join(' and ');
  };
  const rate = perSide((s) => formatBitRate(s.run.path.s2c.bandwidthBps));
  const delay = perSide((s) => formatDuration(s.run.path.s2c.oneWayDelayNs));
  return `Time flows down. Each arrow is a packet: its thickness at the sender is serialization at ${rate}, its slope the ${delay} one-way delay. Shaded bands are stalls, on the side that waited.`;
}

export interface ViewsProps {
  sides: SideView[];
  panels: Set<PanelName>;
  endNs: number;
  cursorNs: number;
  playing: boolean;
  gaps: Gap[];
  fold: boolean;
  preset: Preset | undefined;
  stallFocus?: StallFocus | null;
  /** The ladder's zoom, as the link has it, and where the reader's zooms go. */
  zoomWindow?: TimeWindow | null;
  onZoomWindow?: (window: TimeWindow | null) => void;
  /** The time-sequence plot's window, connection and stream, likewise. */
  tspView: TspView;
  onTspView: (view: TspView) => void;
  /** The ladder's packet names, in words or as tcpdump does, likewise. */
  labelStyle: LabelStyle;
  onLabelStyle: (style: LabelStyle) => void;
}

export const Views = memo(function Views({
  sides,
  panels,
  endNs,
  cursorNs,
  playing,
  gaps,
  fold,
  preset,
  stallFocus,
  zoomWindow,
  onZoomWindow,
  tspView,
  onTspView,
  labelStyle,
  onLabelStyle,
}: ViewsProps) {
  const latest = useMemo(() => ({ sides, endNs }), [sides, endNs]);
  const latestLadder = useMemo(() => ({ sides, endNs, gaps, fold }), [sides, endNs, gaps, fold]);
  return (
    <>
      {panels.has('ladder') && (
        <LadderSection
          latest={latestLadder}
          cursorNs={cursorNs}
          playing={playing}
          stallFocus={stallFocus}
          zoomWindow={zoomWindow}
          onZoomWindow={onZoomWindow}
          labelStyle={labelStyle}
          onLabelStyle={onLabelStyle}
        />
      )}
      {panels.has('tsp') && (
        <LaterPanel
          id="tsp"
          title="Time-sequence plot"
          note={(v) => tspNote(v.sides)}
          latest={latest}
          fold={fold}
        >
          {(v, laterGaps) => (
            <Deferred name="the time-sequence plot">
              <TspPanel
                sides={v.sides}
                endNs={v.endNs}
                cursorNs={cursorNs}
                gaps={laterGaps}
                view={tspView}
                onView={onTspView}
              />
            </Deferred>
          )}
        </LaterPanel>
      )}
      {panels.has('waterfall') && (
        <LaterPanel
          id="waterfall"
          title="Waterfall"
          note="One row per HTTP request: an object asked for again gets another."
          latest={latest}
          fold={fold}
        >
          {(v, laterGaps) => (
            <Deferred name="the waterfall">
              <WaterfallPanel sides={v.sides} endNs={v.endNs} cursorNs={cursorNs} gaps={laterGaps} />
            </Deferred>
          )}
        </LaterPanel>
      )}
      {panels.has('time') && (
        <LaterPanel
          id="time"
          title="Where did the time go"
          note="Elapsed time split by what each stall waited for."
          latest={latest}
        >
          {(v) => (
            <Deferred name="the breakdown">
              <BreakdownPanel sides={v.sides} />
            </Deferred>
          )}
        </LaterPanel>
      )}
      {panels.has('metrics') && (
        <LaterPanel id="metrics" title="Figures" latest={latest}>
          {(v) => (
            <Deferred name="the figures">
              <MetricsPanel sides={v.sides} preset={preset} />
            </Deferred>
          )}
        </LaterPanel>
      )}
    </>
  );
});

/** The views once a run is there; until then, say so. A run that failed or was cancelled (no
 * longer `busy`) has nothing to draw, and the status above the views (SimStatus) says why. */
export function ViewsOrStatus({ busy, ...props }: ViewsProps & { busy: boolean }) {
  if (props.sides.length > 0) return <Views {...props} />;
  return <p className="loading">{busy ? 'Simulating…' : 'Nothing to draw: the message above says why.'}</p>;
}
