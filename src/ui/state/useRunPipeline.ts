// The run pipeline the lab and the embed share: a config's sides are simulated (A, and B when
// comparing), the views' common data derived from the traces (run end, idle gaps, event times),
// the playhead driven over them, and the sides captioned for the panels. A fix to any step lands
// in both pages.
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { Config } from '../../scenario/codec';
import { findPreset } from '../../scenario/presets';
import { formatDuration } from '../../views/format';
import { idleGaps, runEndNs } from '../../views/timeScale';
import { aCaption, bCaption, type SideView } from '../panels/sideView';
import { useAutoFold } from '../panels/useAutoFold';
import { useShortcuts } from '../shortcuts/useShortcuts';
import {
  foldInLink,
  panelsFromView,
  setFoldInLink,
  setSpeedInLink,
  sidesOf,
  speedInLink,
} from './configModel';
import { eventTimes, type SpeedMode } from './playbackModel';
import { usePlayback } from './usePlayback';
import { useSimulation } from './useSimulation';
import type { ScenarioUpdate } from './useScenario';

const nothing = () => {};
/** The view keys a run may not have (./linkFit.ts checks them, and the playhead). */
const CHECKED_KEYS = ['zoom', 'tspzoom', 'tspconn', 'tspstream'];
const IDLE_KEYS = { toggle: nothing, stepBack: nothing, stepForward: nothing };

/**
 * `opened`: how many times the page opened on a state anew (Back, Forward, a preset's "Try it");
 * `update` writes what the pipeline says in the link (its folding); `onLinkProblems` hears what
 * of the opening link's view its run cannot show (linkFit.ts), which is then left out of the link.
 */
export function useRunPipeline(
  config: Config,
  initialCursorNs: number | null,
  opened: number,
  update: ScenarioUpdate,
  onLinkProblems: (lines: string[]) => void,
  /** A heading above names both presets with their sources (the embed's): the captions leave them out. */
  titled = false,
) {
  const sim = useSimulation(
    useMemo(() => sidesOf(config), [config]),
    config.preset,
  );
  const runs = sim.runs;
  const traces = useMemo(() => runs?.map((r) => r.trace) ?? [], [runs]);
  // Each run's end, once per run (a walk over its packets): this hook renders every playback frame.
  const ends = useMemo(() => traces.map(runEndNs), [traces]);
  const endNs = useMemo(() => Math.max(1, ...ends), [ends]);
  const gaps = useMemo(() => idleGaps(traces, endNs), [traces, endNs]);
  // Compared, the clock runs to the later run's end: whose, when the two read apart.
  const endOf: 'A' | 'B' | null =
    ends.length > 1 && formatDuration(ends[0]) !== formatDuration(ends[1])
      ? ends[1] > ends[0]
        ? 'B'
        : 'A'
      : null;
  const times = useMemo(() => eventTimes(traces), [traces]);
  // The speed is the link's (`speed=`): an embed that plays itself can play in slow motion. A
  // change amends the history entry, as a zoom does.
  const setSpeedMode = useCallback((mode: SpeedMode) => update((c) => setSpeedInLink(c, mode)), [update]);
  const playback = usePlayback(endNs, times, gaps, initialCursorNs, speedInLink(config.view), setSpeedMode);
  const writeFold = useCallback(
    (fold: boolean | null) => update((c) => setFoldInLink(c, fold), { quiet: true }),
    [update],
  );
  useAutoFold({
    gaps,
    endNs,
    ready: traces.length > 0 && !sim.busy,
    opened: `${opened}|${config.preset ?? ''}`,
    inLink: foldInLink(config.view),
    fold: playback.fold,
    setFold: playback.setFold,
    writeInLink: writeFold,
  });
  // The opening link's view (and playhead) against its first run, once. Its code loads only for a
  // link with something to check: the first load has a budget.
  const linkChecked = useRef(false);
  const { pin } = playback;
  useEffect(() => {
    if (linkChecked.current || traces.length === 0 || sim.busy) return;
    linkChecked.current = true;
    const { view } = config;
    if (initialCursorNs === null && !CHECKED_KEYS.some((k) => k in view)) return;
    // Should its code fail to load (offline), the link is left as it is.
    void import('./linkFit').then(({ linkMisfits }) => {
      const misfit = linkMisfits(view, traces, endNs, initialCursorNs);
      if (misfit.keys.length === 0) return;
      onLinkProblems(misfit.problems);
      if (misfit.keys.includes('t')) pin(null); // the end, and no `t` in the link
      update(
        (c) => {
          const kept = { ...c.view };
          for (const key of misfit.keys) delete kept[key];
          return { ...c, view: kept };
        },
        { quiet: true },
      );
    }, nothing);
  }, [traces, sim.busy, config, endNs, initialCursorNs, pin, onLinkProblems, update]);

  const { toggle, stepBack, stepForward, pause, playing } = playback;
  // While a newer run takes long the views show the old one dimmed and the playback bar is off
  // (PlaybackBar): the old run stops playing, and the keys wait for the new one as the bar does.
  // So do they while there is no run at all (none yet, or the first one cancelled).
  const simulating = sim.slow || !runs;
  useEffect(() => {
    if (simulating && playing) pause();
  }, [simulating, playing, pause]);
  useShortcuts(
    useMemo(
      () => (simulating ? IDLE_KEYS : { toggle, stepBack, stepForward }),
      [simulating, toggle, stepBack, stepForward],
    ),
  );

  const captionA = aCaption(config, !titled);
  const captionB = bCaption(config, !titled);
  const bPreset = config.b && config.bPreset ? findPreset(config.bPreset) : undefined;
  const sides: SideView[] = useMemo(
    () =>
      (runs ?? []).map((run, i) => ({
        side: i === 0 ? 'a' : 'b',
        run,
        caption: i === 0 ? captionA : captionB,
        ...(i === 1 && bPreset ? { preset: bPreset } : {}),
      })),
    [runs, captionA, captionB, bPreset],
  );
  const panelsKey = config.view.view;
  const panels = useMemo(() => panelsFromView(panelsKey), [panelsKey]);
  const preset = config.preset ? findPreset(config.preset) : undefined;
  return { sim, runs, endNs, endOf, gaps, playback, sides, panels, preset };
}
