// Embed mode (`embed=1`): the chosen panels only, sized to the iframe, with the controls the
// lecturer kept, the playback bar, an optional note and a link out to the full lab.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ConfigKey, Settings } from '../../scenario/schema';
import { PlaybackBar } from '../PlaybackBar';
import { ProblemsNotice } from '../ProblemsNotice';
import { SimStatus } from '../SimStatus';
import { setSetting } from '../state/configModel';
import { useLinkedViews } from '../state/useLinkedViews';
import { useRunPipeline } from '../state/useRunPipeline';
import { queryFor, readLocation, useScenario } from '../state/useScenario';
import { ViewsOrStatus } from '../Views';
import { useGuides, withGuides } from '../useGuides';
import { shownSweepTitle } from '../lessons/openGuides';
import { sweepAloneIn } from '../sweep/sweepPanelState';
import { presetsTitle } from '../panels/presetsTitle';
import { NoteBanner } from '../share/NoteBanner';
import { appUrl, controlKeys, withoutEmbed } from '../share/shareLinks';
import { EmbedControls } from './EmbedControls';
import { useElementHeight } from '../useElementSize';
import { FitHeightContext, FitKeyContext, OverrunContext } from './viewHeight';
import { fitKey } from './fitKey';
import { useSharedRoom } from './useSharedRoom';
import { useEmbedZoom } from './embedZoom';
import '../app.css';
import './embed.css';

/** Up to this many controls sit in the toolbar; more fold behind a "Settings" button in a short frame. */
const INLINE_CONTROLS = 2;

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

export default function EmbedApp() {
  const [initial] = useState(() => {
    const read = withGuides(readLocation(window.location.search), window.location.search);
    const controls = controlKeys(read.config.view.controls);
    return { ...read, problems: [...read.problems, ...controls.problems], controls: controls.keys };
  });
  const { config, update, problems, dismissProblems, addProblems } = useScenario(initial);
  const onSetting = useCallback(
    (key: ConfigKey, value: Settings[ConfigKey]) => update((c) => setSetting(c, 'a', key, value)),
    [update],
  );

  const { sim, runs, endNs, endOf, gaps, playback, sides, panels, preset } = useRunPipeline(
    config,
    initial.initialCursorNs,
    0, // an embed has no Back or Forward of its own
    update,
    addProblems,
    true, // its heading names the presets with their sources (presetsTitle)
  );
  const guides = useGuides(config, update, playback.seek, { embedded: true }); // a lesson link works in an embed too
  // The link's zooms; a student's go into "Open in Roundtrip".
  const linkedViews = useLinkedViews(config.view, update);

  // autoplay=1: once the first run arrives, play it from the start.
  const autoplayed = useRef(false);
  const { seek, play } = playback;
  useEffect(() => {
    if (!runs || autoplayed.current || config.view.autoplay !== '1') return;
    autoplayed.current = true;
    // Reduced motion: the final state at once; the student steps through it with the keys.
    if (prefersReducedMotion()) return seek(Infinity);
    seek(0);
    play();
  }, [runs, config.view.autoplay, seek, play]);

  const [viewsRef, viewsHeight] = useElementHeight<HTMLDivElement>();
  const viewRoom = useSharedRoom(viewsRef, viewsHeight);
  const zoom = useEmbedZoom();
  // In a short frame (embed.css) the lesson's words and a long list of controls fold away, so the
  // views get the room; these say whether the student unfolded them.
  const [lessonOpen, setLessonOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  // A control or two fold behind the same button where, with them in the toolbar, the ladder at its
  // least height and a row of its key, or a lone time-sequence plot at its least height, would run
  // past the frame (560 x 315, the usual video size: the HTTP mode and the number of connections
  // had left the ladder 85 px in view). A frame resized tries them in the toolbar again.
  const [folded, setFolded] = useState(false);
  const folding = initial.controls.length > 0;
  const fold = useCallback(() => {
    if (folding) setFolded(true);
  }, [folding]);
  const fitKeyOrFold = useCallback(
    (key: HTMLElement, over: number) => {
      if (fitKey(key, over)) fold();
    },
    [fold],
  );
  useEffect(() => {
    const unfold = () => setFolded(false);
    window.addEventListener('resize', unfold);
    return () => window.removeEventListener('resize', unfold);
  }, []);
  const manyControls = initial.controls.length > INLINE_CONTROLS || folded;
  // `view=sweep`: the chart alone; no playback bar or panels for the base run it sweeps over.
  const chartOnly = guides.sweepPanel !== null && sweepAloneIn(config.view);
  // `view=metrics`, `view=time` or both: the Figures and "where did the time go" count the whole
  // run, so nothing in the frame follows a playhead, and a playback bar there moves nothing (a
  // lesson's steps may still move it).
  const figuresOnly =
    guides.sweepPanel === null &&
    config.view.lesson === undefined &&
    panels.size > 0 &&
    [...panels].every((p) => p === 'metrics' || p === 'time');
  const title = presetsTitle(config) ?? shownSweepTitle(config);
  const openUrl = appUrl(
    withoutEmbed(queryFor(config, playback.playing ? null : playback.pinnedNs)),
    window.location,
  );

  return (
    <div
      className={`embed${config.view.lesson !== undefined ? ' embed--lesson' : ''}${lessonOpen ? ' embed--lesson-open' : ''}${settingsOpen ? ' embed--settings-open' : ''}${chartOnly ? ' embed--chart-only' : ''}${chartOnly && title === shownSweepTitle(config) ? ' embed--sweep-titled' : ''}`}
      data-embed=""
    >
      <div className="embed-bar">
        {/* Its whole text on hover where a short frame cuts it to a line (embed.css). */}
        <h1 className="embed-title" title={title ?? undefined}>
          {title ?? 'Roundtrip'}
        </h1>
        {config.view.lesson !== undefined && (
          <button
            type="button"
            className="secondary small embed-fold"
            aria-expanded={lessonOpen}
            onClick={() => setLessonOpen(!lessonOpen)}
          >
            {lessonOpen ? 'Hide step text' : 'Read step'}
          </button>
        )}
        <a className="embed-open" href={openUrl} target="_blank" rel="noopener">
          Open<span className="embed-open-where"> in Roundtrip</span>
          <span aria-hidden="true"> ↗</span>
          <span className="visually-hidden"> (opens a new tab)</span>
        </a>
      </div>
      <ProblemsNotice problems={problems} onDismiss={dismissProblems} />
      <NoteBanner note={config.view.note} />
      {guides.lessonPanel}
      <div className="embed-toolbar">
        {manyControls && (
          <button
            type="button"
            className="secondary small embed-fold"
            aria-expanded={settingsOpen}
            onClick={() => setSettingsOpen(!settingsOpen)}
          >
            Settings ({initial.controls.length})
          </button>
        )}
        <EmbedControls config={config} keys={initial.controls} onSetting={onSetting} many={manyControls} />
        {!chartOnly && !figuresOnly && (
          <PlaybackBar playback={playback} endNs={runs ? endNs : 0} endOf={endOf} simulating={sim.slow} />
        )}
      </div>
      {!chartOnly && <SimStatus sim={sim} />}
      <main className="embed-views" ref={viewsRef} style={zoom === 1 ? undefined : { zoom }} data-zoom={zoom}>
        {/* A sweep's link shows its chart, as the full lab does, above the chosen panels: the
            chart and its legend take the frame's first screen, as each panel takes one. */}
        <FitHeightContext.Provider value={viewRoom}>
          <FitKeyContext.Provider value={fitKeyOrFold}>
            <OverrunContext.Provider value={fold}>
              {guides.sweepPanel}
              {!chartOnly && (
                <ViewsOrStatus
                  busy={sim.busy}
                  sides={sides}
                  panels={panels}
                  endNs={endNs}
                  cursorNs={playback.cursorNs}
                  playing={playback.playing}
                  gaps={gaps}
                  fold={playback.fold}
                  preset={preset}
                  {...linkedViews}
                />
              )}
            </OverrunContext.Provider>
          </FitKeyContext.Provider>
        </FitHeightContext.Provider>
      </main>
    </div>
  );
}
