// The page: scenario state from the URL, the simulation in a worker, the playhead, and the
// panels composed around them. Each piece lives in its own module; this file only wires them.
import { lazy, useCallback, useMemo, useState } from 'react';
import type { ConfigKey, Settings } from '../scenario/schema';
import { ControlsPanel } from './controls/ControlsPanel';
import { StallCallout } from './callout/StallCallout';
import { Header } from './Header';
import { PlaybackBar } from './PlaybackBar';
import { ProblemsNotice } from './ProblemsNotice';
import { SimStatus } from './SimStatus';
import {
  choosePreset,
  presetAsB,
  editingSide,
  resetBKey,
  setCompare,
  setEditing,
  setPanel,
  setOnSideOnly,
  setSetting,
  setSettings,
  setThemeInLink,
  settingsOf,
  type SideKey,
} from './state/configModel';
import { useLinkedViews } from './state/useLinkedViews';
import { useRunPipeline } from './state/useRunPipeline';
import { readLocation, useScenario, useUrlSync, type HistoryMode } from './state/useScenario';
import type { StallFocus } from './panels/LadderPanel';
import { ViewsOrStatus } from './Views';
import { useGuides, withGuides } from './useGuides';
import { applyTryNext, changedFromPreset, compareWithPreset, resetToPreset } from './state/presetChanges';
import { ExportMenu } from './export/ExportMenu';
import { NoteBanner } from './share/NoteBanner';
import { ShareButton } from './share/ShareButton';
import { SettingsDrawer } from './SettingsDrawer';
import { LazyPanel, LoadFailure } from './LazyPanel';
import { onDemand } from './onDemand';
import { useOnDemandDialog } from './useOnDemandDialog';
import { useHeightProperty } from './useHeightProperty';
import { leaveLessonFor } from './lessons/lessonState';
import { loadForLink } from './lessons/openGuides';
import './app.css';

/**
 * The gallery's code loads when it is first opened; then it stays, to open and close at once. A
 * failed load is said under the header's buttons, as the other dialogs' are (it had been said
 * below the whole page, out of sight, and Presets seemed to do nothing).
 */
const galleryCode = onDemand(() => import('./presets/PresetGallery').then((m) => m.default));
/** A preset's card loads with the first preset: the page opened without one does not need it. */
const PresetInfo = lazy(() => import('./PresetInfo').then((m) => ({ default: m.PresetInfo })));

/** The page's state as a location names it (on opening, and on Back/Forward). */
const readApp = (search: string) => withGuides(readLocation(search), search);
/** The same on Back/Forward, once what the location names has loaded (as main.tsx does on opening). */
const readAppLoaded = (search: string) => loadForLink(search).then(() => readApp(search));

export default function App() {
  const [initial] = useState(() => readApp(window.location.search));
  const scenario = useScenario(initial);
  const { config, update, problems, dismissProblems } = scenario;
  // The side the settings change is part of the view: a link reopens on it; Back does not undo it.
  const editing = editingSide(config);
  const onEditingChange = useCallback((side: SideKey) => update((c) => setEditing(c, side)), [update]);
  const gallery = useOnDemandDialog(galleryCode);
  const PresetGallery = galleryCode.value;
  // The playback bar's height: what the page scrolls to lands below it (app.css).
  const dockRef = useHeightProperty<HTMLDivElement>('--playback-height');

  const onSetting = useCallback(
    (side: SideKey, key: ConfigKey, value: Settings[ConfigKey], history: HistoryMode = 'push') =>
      update((c) => setSetting(c, side, key, value), { history }),
    [update],
  );
  const onSettings = useCallback(
    (side: SideKey, patch: Partial<Settings>) =>
      update((c) => setSettings(c, side, patch), { history: 'push' }),
    [update],
  );
  const onResetB = useCallback(
    (key: ConfigKey) => update((c) => resetBKey(c, key), { history: 'push' }),
    [update],
  );
  // A whole scenario chosen inside a lesson leaves it (lessonState.ts): Back returns to the step.
  const onPreset = useCallback(
    (id: string | null) => update((c) => leaveLessonFor(c, choosePreset(c, id)), { history: 'push' }),
    [update],
  );
  const onResetPreset = useCallback(
    () => update((c) => leaveLessonFor(c, resetToPreset(c)), { history: 'push', reopen: true }),
    [update],
  );

  const { sim, runs, endNs, endOf, gaps, playback, sides, panels, preset } = useRunPipeline(
    config,
    initial.initialCursorNs,
    scenario.opened,
    update,
    scenario.addProblems,
  );
  const [stallFocus, setStallFocus] = useState<StallFocus | null>(null);
  const linkedViews = useLinkedViews(config.view, update);
  useUrlSync(scenario, playback.playing ? undefined : playback.pinnedNs, readAppLoaded, playback.pin);
  const guides = useGuides(config, update, playback.seek);

  const comparing = config.b !== null;
  // Side B's settings for the preset's card, kept while the config is (the page renders every frame it plays).
  const sideB = useMemo(() => (comparing ? settingsOf(config, 'b') : null), [comparing, config]);
  return (
    <div className="app">
      <a className="skip-link" href="#playback">
        Skip to the playback controls
      </a>
      <Header
        comparing={comparing}
        panels={panels}
        onCompare={(on) => {
          update((c) => setCompare(c, on), { history: 'push' });
        }}
        onPanel={(p, shown) => update((c) => guides.keepSweep(c, setPanel(c, p, shown)))}
        extraPanels={guides.sweepSwitch}
        onBrowsePresets={gallery.request}
        onSweep={guides.openSweep}
        invite={guides.lessonInvite}
        onTheme={(choice) => update((c) => setThemeInLink(c, choice))}
      >
        {gallery.failure !== null && <LoadFailure name="the preset gallery" error={gallery.failure} />}
        {guides.lessonsButton}
        <ShareButton
          config={config}
          pinnedNs={playback.pinnedNs}
          endNs={runs ? endNs : null}
          panels={panels}
        />
        <ExportMenu runs={runs} panels={panels} config={config} fold={playback.fold} />
      </Header>
      <ProblemsNotice problems={problems} onDismiss={dismissProblems} />
      <div className="layout">
        {/* While a run takes long the views show the one before: dimmed, as the status says (app.css). */}
        <main id="main" className="main" data-simulating={sim.slow || undefined}>
          {guides.lessonPanel}
          <NoteBanner note={config.view.note} />
          {/* First in the views, so a sweep link opens with the sweep in view. */}
          {guides.sweepPanel}
          {preset && (
            <LazyPanel name="the preset's card">
              <PresetInfo
                preset={preset}
                comparedWith={sides[1]?.preset?.id !== preset.id ? sides[1]?.preset : undefined}
                results={sim.figures}
                settings={config.settings}
                sideB={sideB}
                changedKeys={changedFromPreset(config)}
                hintsWithheld={guides.awaitingAnswer}
                onTry={(query) => update((c) => applyTryNext(c, query), { history: 'push', reopen: true })}
                onReset={onResetPreset}
                onCompare={() => update(compareWithPreset, { history: 'push' })}
              />
            </LazyPanel>
          )}
          {sides[0] && (
            <StallCallout
              trace={sides[0].run.trace}
              path={sides[0].run.path}
              // The settings the run shown ran on: the knobs' own, while a newer run is simulated,
              // would have had fixes checked against the older run's page time.
              settings={sim.ranOn?.[0] ?? config.settings}
              comparing={comparing}
              sideB={sim.ranOn?.[1] ?? null}
              runB={sides[1]?.run ?? null}
              withholdFix={guides.awaitingAnswer}
              onApply={(s, side) =>
                update((c) => setOnSideOnly(c, side, s.key, s.value), { history: 'push' })
              }
              onCompare={(s) => {
                update((c) => setSetting(setCompare(c, true), 'b', s.key, s.value), { history: 'push' });
              }}
              onShowStall={(ns, stall, trace) => {
                playback.seek(ns);
                setStallFocus({ stall, trace });
              }}
            />
          )}
          <SimStatus sim={sim} />
          <div className="playback-dock" ref={dockRef}>
            <PlaybackBar playback={playback} endNs={runs ? endNs : 0} endOf={endOf} simulating={sim.slow} />
          </div>
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
            stallFocus={stallFocus}
            {...linkedViews}
          />
        </main>
        <SettingsDrawer>
          <ControlsPanel
            config={config}
            editing={editing}
            onEditingChange={onEditingChange}
            onSetting={onSetting}
            onSettings={onSettings}
            onResetB={onResetB}
            onPreset={onPreset}
            onResetPreset={onResetPreset}
            onBrowsePresets={gallery.request}
          />
        </SettingsDrawer>
      </div>
      {PresetGallery && (
        <PresetGallery
          open={gallery.open}
          current={config.preset}
          comparing={comparing}
          currentB={comparing ? config.bPreset : null}
          hintsWithheld={guides.awaitingAnswer}
          onLoad={(id) => {
            onPreset(id);
            gallery.close();
          }}
          onCompare={(id) => {
            update((c) => presetAsB(c, id), { history: 'push' });
            gallery.close();
          }}
          onClose={gallery.close}
        />
      )}
    </div>
  );
}
