// Embed mode (`embed=1`): the chosen panels only, sized to the iframe, with the controls the
// lecturer kept, the playback bar, an optional note and a link out to the full lab.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ConfigKey, Settings } from '../../scenario/schema';
import { findPreset } from '../../scenario/presets';
import { idleGaps, runEndNs } from '../../views/timeScale';
import { PlaybackBar } from '../PlaybackBar';
import { ProblemsNotice } from '../ProblemsNotice';
import { SimStatus } from '../SimStatus';
import type { SideView } from '../panels/sideView';
import { panelsFromView, setSetting, sidesOf } from '../state/configModel';
import { eventTimes } from '../state/playbackModel';
import { usePlayback } from '../state/usePlayback';
import { queryFor, readLocation, useScenario } from '../state/useScenario';
import { useSimulation } from '../state/useSimulation';
import { ViewsOrStatus } from '../Views';
import { useGuides, withGuides } from '../useGuides';
import { NoteBanner } from '../share/NoteBanner';
import { appUrl, controlKeys, withoutEmbed } from '../share/shareLinks';
import { EmbedControls } from './EmbedControls';
import { useElementHeight } from './useFitHeight';
import { FitHeightContext } from './viewHeight';
import '../app.css';
import './embed.css';

/** Room the ladder panel needs besides the ladder itself: its title and zoom toolbar. */
const LADDER_CHROME_PX = 78;

export default function EmbedApp() {
  const [initial] = useState(() => {
    const read = withGuides(readLocation(window.location.search), window.location.search);
    const controls = controlKeys(read.config.view.controls);
    return { ...read, problems: [...read.problems, ...controls.problems], controls: controls.keys };
  });
  const { config, update, problems, dismissProblems } = useScenario(initial);
  const onSetting = useCallback(
    (key: ConfigKey, value: Settings[ConfigKey]) => update((c) => setSetting(c, 'a', key, value)),
    [update],
  );

  const sim = useSimulation(
    useMemo(() => sidesOf(config), [config]),
    config.preset,
  );
  const runs = sim.runs;
  const traces = useMemo(() => runs?.map((r) => r.trace) ?? [], [runs]);
  const endNs = useMemo(() => Math.max(1, ...traces.map(runEndNs)), [traces]);
  const gaps = useMemo(() => idleGaps(traces, endNs), [traces, endNs]);
  const times = useMemo(() => eventTimes(traces), [traces]);
  const playback = usePlayback(endNs, times, gaps, initial.initialCursorNs);
  const guides = useGuides(config, update, playback.seek, { embedded: true }); // a lesson link works in an embed too

  // autoplay=1: once the first run arrives, play it from the start.
  const autoplayed = useRef(false);
  const { seek, play } = playback;
  useEffect(() => {
    if (!runs || autoplayed.current || config.view.autoplay !== '1') return;
    autoplayed.current = true;
    seek(0);
    play();
  }, [runs, config.view.autoplay, seek, play]);

  const sides: SideView[] = useMemo(
    () => (runs ?? []).map((run, i) => ({ side: i === 0 ? 'a' : 'b', run, caption: i === 0 ? 'A' : 'B' })),
    [runs],
  );
  const panelsKey = config.view.view;
  const panels = useMemo(() => panelsFromView(panelsKey), [panelsKey]);
  const preset = config.preset ? findPreset(config.preset) : undefined;
  const [viewsRef, viewsHeight] = useElementHeight<HTMLDivElement>();
  const openUrl = appUrl(
    withoutEmbed(queryFor(config, playback.playing ? null : playback.pinnedNs)),
    window.location,
  );

  return (
    <div className="embed" data-embed="">
      <div className="embed-bar">
        <h1 className="embed-title">{preset?.title ?? 'Roundtrip'}</h1>
        <a className="embed-open" href={openUrl} target="_blank" rel="noopener">
          Open in Roundtrip<span aria-hidden="true"> ↗</span>
          <span className="visually-hidden"> (opens a new tab)</span>
        </a>
      </div>
      <ProblemsNotice problems={problems} onDismiss={dismissProblems} />
      <NoteBanner note={config.view.note} />
      {guides.lessonPanel}
      <div className="embed-toolbar">
        <EmbedControls config={config} keys={initial.controls} onSetting={onSetting} />
        <PlaybackBar playback={playback} endNs={endNs} />
      </div>
      <SimStatus sim={sim} />
      <main className="embed-views" ref={viewsRef}>
        <FitHeightContext.Provider value={viewsHeight === null ? null : viewsHeight - LADDER_CHROME_PX}>
          <ViewsOrStatus
            error={sim.error}
            sides={sides}
            panels={panels}
            endNs={endNs}
            cursorNs={playback.cursorNs}
            playing={playback.playing}
            gaps={gaps}
            fold={playback.fold}
            preset={preset}
          />
        </FitHeightContext.Provider>
      </main>
    </div>
  );
}
