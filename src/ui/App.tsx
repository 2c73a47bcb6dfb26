// The page: scenario state from the URL, the simulation in a worker, the playhead, and the
// panels composed around them. Each piece lives in its own module; this file only wires them.
import { useCallback, useMemo, useState } from 'react';
import type { ConfigKey, Settings } from '../scenario/schema';
import { findPreset } from '../scenario/presets';
import { idleGaps, runEndNs } from '../views/timeScale';
import { ControlsPanel } from './controls/ControlsPanel';
import { labelFor, valueText } from './controls/fieldModel';
import { StallCallout } from './callout/StallCallout';
import { Header } from './Header';
import { PlaybackBar } from './PlaybackBar';
import { PresetGallery } from './presets/PresetGallery';
import { PresetInfo } from './PresetInfo';
import { ProblemsNotice } from './ProblemsNotice';
import { SimStatus } from './SimStatus';
import type { SideView } from './panels/sideView';
import {
  bDifferences,
  choosePreset,
  panelsFromView,
  resetBKey,
  setCompare,
  setPanel,
  setSetting,
  sidesOf,
  type SideKey,
} from './state/configModel';
import { eventTimes } from './state/playbackModel';
import { usePlayback } from './state/usePlayback';
import { readLocation, useScenario, useUrlSync } from './state/useScenario';
import { useSimulation } from './state/useSimulation';
import { useShortcuts } from './useShortcuts';
import { useAutoFold } from './panels/useAutoFold';
import type { StallFocus } from './panels/LadderPanel';
import { ViewsOrStatus } from './Views';
import { useGuides, withGuides } from './useGuides';
import { changedFromPreset } from './state/presetChanges';
import { ExportMenu } from './export/ExportMenu';
import { NoteBanner } from './share/NoteBanner';
import { ShareButton } from './share/ShareButton';
import './app.css';

export default function App() {
  const [initial] = useState(() => withGuides(readLocation(window.location.search), window.location.search));
  const { config, update, problems, dismissProblems } = useScenario(initial);
  const [editing, setEditing] = useState<SideKey>('a');
  const [galleryOpen, setGalleryOpen] = useState(false);

  const onSetting = useCallback(
    (side: SideKey, key: ConfigKey, value: Settings[ConfigKey]) =>
      update((c) => setSetting(c, side, key, value)),
    [update],
  );
  const onResetB = useCallback((key: ConfigKey) => update((c) => resetBKey(c, key)), [update]);
  const onPreset = useCallback((id: string | null) => update((c) => choosePreset(c, id)), [update]);
  const openGallery = useCallback(() => setGalleryOpen(true), []);

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
  const { toggle, stepBack, stepForward } = playback;
  useAutoFold(gaps, endNs, traces.length > 0, config.preset ?? '', playback.setFold);
  const [stallFocus, setStallFocus] = useState<StallFocus | null>(null);
  useShortcuts(useMemo(() => ({ toggle, stepBack, stepForward }), [toggle, stepBack, stepForward]));
  useUrlSync(config, playback.playing ? undefined : playback.pinnedNs);
  const guides = useGuides(config, update, playback.seek);

  const differences = bDifferences(config);
  const captionB =
    differences.length > 0
      ? `B: ${differences.map((k) => `${labelFor(k)} ${valueText(k, config.b![k]!)}`).join(', ')}`
      : 'B: same as A (change a knob on side B)';
  const sides: SideView[] = useMemo(
    () =>
      (runs ?? []).map((run, i) => ({ side: i === 0 ? 'a' : 'b', run, caption: i === 0 ? 'A' : captionB })),
    [runs, captionB],
  );
  const preset = config.preset ? findPreset(config.preset) : undefined;
  const panelsKey = config.view.view;
  const panels = useMemo(() => panelsFromView(panelsKey), [panelsKey]);
  const comparing = config.b !== null;

  return (
    <div className="app">
      <a className="skip-link" href="#playback">
        Skip to the playback controls
      </a>
      <Header
        comparing={comparing}
        panels={panels}
        onCompare={(on) => {
          update((c) => setCompare(c, on));
          setEditing(on ? 'b' : 'a');
        }}
        onPanel={(p, shown) => update((c) => guides.keepSweep(c, setPanel(c, p, shown)))}
        extraPanels={guides.sweepSwitch}
        onBrowsePresets={() => setGalleryOpen(true)}
      >
        {guides.lessonsButton}
        <ShareButton config={config} pinnedNs={playback.pinnedNs} panels={panels} />
        <ExportMenu runs={runs} panels={panels} />
      </Header>
      <ProblemsNotice problems={problems} onDismiss={dismissProblems} />
      <div className="layout">
        <main id="main" className="main">
          {guides.lessonPanel}
          <NoteBanner note={config.view.note} />
          {preset && (
            <PresetInfo preset={preset} results={sim.figures} changedKeys={changedFromPreset(config)} />
          )}
          {sides[0] && (
            <StallCallout
              trace={sides[0].run.trace}
              settings={config.settings}
              comparing={comparing}
              onApply={(s) => update((c) => setSetting(c, 'a', s.key, s.value))}
              onCompare={(s) => {
                update((c) => setSetting(setCompare(c, true), 'b', s.key, s.value));
                setEditing('b');
              }}
              onShowStall={(ns, stall) => {
                playback.seek(ns);
                setStallFocus({ stall, trace: sides[0].run.trace });
              }}
            />
          )}
          <SimStatus sim={sim} />
          <div className="playback-dock">
            <PlaybackBar playback={playback} endNs={endNs} />
          </div>
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
            stallFocus={stallFocus}
          />
          {guides.sweepPanel}
        </main>
        <aside className="sidebar" id="controls">
          <ControlsPanel
            config={config}
            editing={editing}
            onEditingChange={setEditing}
            onSetting={onSetting}
            onResetB={onResetB}
            onPreset={onPreset}
            onBrowsePresets={openGallery}
          />
        </aside>
      </div>
      <PresetGallery
        open={galleryOpen}
        current={config.preset}
        onLoad={(id) => {
          update((c) => choosePreset(c, id));
          setGalleryOpen(false);
        }}
        onClose={() => setGalleryOpen(false)}
      />
    </div>
  );
}
