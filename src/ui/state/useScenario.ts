// The scenario state of the page: read from the URL, kept in React state, written back to the URL
// whenever it or the resting playhead changes, and read again when Back or Forward is pressed.
//
// API: `const scenario = useScenario(initial)`, then
//   scenario.update(edit, { history })  // edit: Config -> Config, a pure function (configModel.ts)
// where `history` says how the change enters the browser's history (see history.ts):
//   omitted or 'replace'  amend the current entry (view tweaks)
//   'push'                a discrete action: preset, "Try ...", lesson step, compare, Reset, ...
//   'draft' / 'commit'    a slider being dragged / released, a number being typed / left
// and `useUrlSync(scenario, restingCursorNs, read, pin)` once, in the page that owns the address
// bar (the lab; an embed never writes its iframe's URL, so it adds nothing to the host's history).
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  encodeConfig,
  FIRST_VALUE_KEYS,
  parseQuery,
  presetOfB,
  quote,
  speltQuery,
  type Config,
} from '../../scenario/codec';
import { readSetting } from '../../scenario/units';
import { afterNextFrame } from '../afterNextFrame';
import { markChange } from '../perf';
import { noteChange } from './gesture';
import { PANELS } from './configModel';
import { browserHistory, UrlWriter, type HistoryMode } from './history';

export type { HistoryMode } from './history';
/**
 * `quiet`: a note the page adds to the link itself (its folding), not a reader's change: it is
 * timed by no benchmark and continues no gesture. `reopen`: a scenario swapped whole (a preset's
 * "Try it", "Back to the preset"): the page opens on it as on its link, its folding decided anew.
 */
export type ScenarioUpdate = (
  edit: (c: Config) => Config,
  options?: { history?: HistoryMode; quiet?: boolean; reopen?: boolean },
) => void;

export interface InitialScenario {
  config: Config;
  problems: string[];
  /** Playhead from `t=` (ms), or null to stand at the end of the run. */
  initialCursorNs: number | null;
}

/** What `view=` may list: the panels, the sweep panel, and `ab` (compare with an unchanged B). */
const VIEW_PANELS = [...PANELS, 'sweep'];
const VIEW_NAMES = [...VIEW_PANELS, 'ab'];

/**
 * A line for each key the link gives differing values, saying which holds (the last; the first for
 * the version and the presets, FIRST_VALUE_KEYS), which had gone unsaid: a lecturer who added
 * `&nagle=1` to a link holding `nagle=0` could not tell which held. The page's own notice, not the
 * codec's: the command line and the presets add a key at the end to override.
 */
function repeatedKeys(search: string): string[] {
  const values = new Map<string, string[]>();
  for (const [key, value] of new URLSearchParams(speltQuery(search)))
    values.set(key, [...(values.get(key) ?? []), value]);
  return [...values]
    .filter(([, all]) => new Set(all).size > 1)
    .map(([key, all]) => {
      const times = all.length === 2 ? 'twice' : `${all.length} times`;
      const which = FIRST_VALUE_KEYS.includes(key)
        ? `the first, ${quote(all[0])}`
        : `the last, ${quote(all[all.length - 1])}`;
      return `${quote(key)}: given ${times} (${all.map(quote).join(', ')}); using ${which}`;
    });
}

export function readLocation(search: string): InitialScenario {
  const parsed = parseQuery(search);
  const { config } = parsed;
  const problems = [...repeatedKeys(search), ...parsed.problems];
  const view = { ...config.view };
  let initialCursorNs: number | null = null;
  if (view.t !== undefined) {
    // Empty is no time, as for every other number in a link (Number('') had read it as 0).
    // With a unit as the page writes times too (t=100ms, t=1.5s), as every other number in a link.
    const ms = view.t.trim() === '' ? NaN : (readSetting(view.t, 'ms') ?? Number(view.t));
    if (Number.isFinite(ms) && ms >= 0) initialCursorNs = Math.round(ms * 1e6);
    else problems.push(`t=${quote(view.t)}: must be a time in ms; showing the end of the run`);
    delete view.t;
  }
  // `view=...,ab` keeps a comparison whose B does not differ yet across a reload.
  const panels = (view.view ?? '').split(',');
  const unknown = panels.filter((p) => p !== '' && !VIEW_NAMES.includes(p));
  if (unknown.length > 0) {
    problems.push(
      `view: ${unknown.map(quote).join(', ')} is not a panel (${VIEW_PANELS.join(', ')}), ignored`,
    );
    // Left out of the link the page writes back, as the notice says.
    const known = panels.filter((p) => VIEW_NAMES.includes(p));
    if (known.length > 0) view.view = known.join(',');
    else delete view.view;
  }
  const b = config.b ?? (panels.includes('ab') ? {} : null);
  if (view.edit && !b) {
    problems.push('edit=b: no side B to change, ignored');
    delete view.edit;
  }
  return { config: { ...config, b, view }, problems, initialCursorNs };
}

/** The query string for a config and a resting playhead. */
export function queryFor(config: Config, cursorNs: number | null): string {
  const view = { ...config.view };
  if (cursorNs !== null) view.t = String(Math.round(cursorNs / 1e3) / 1e3);
  const panels = (view.view ?? '').split(',').filter((p) => p !== '' && p !== 'ab');
  if (config.b && Object.keys(config.b).length === 0 && !presetOfB(config)) panels.push('ab');
  if (panels.length > 0) view.view = panels.join(',');
  else delete view.view;
  return '?' + encodeConfig({ ...config, view });
}

export function useScenario(initial: InitialScenario) {
  const [config, setConfigState] = useState<Config>(initial.config);
  const [problems, setProblems] = useState<string[]>(initial.problems);
  /** How many times the page opened on a state anew: put back from the URL, or reopened. */
  const [opened, setOpened] = useState(0);
  // Edits apply at once to the latest config, so two in one event compose, and each resulting
  // config carries the history mode it was made with until the URL is written.
  const latest = useRef(config);
  const modes = useRef(new WeakMap<Config, HistoryMode>());
  /** Told of an edit that changed nothing but may close a gesture (a slider's key released). */
  const onUnchangedRef = useRef<((mode: HistoryMode) => void) | null>(null);
  const update: ScenarioUpdate = useCallback((edit, options) => {
    const next = edit(latest.current);
    if (next === latest.current) return;
    if (sameConfig(next, latest.current)) {
      // No new state, so no render: only the address bar's history hears of it.
      onUnchangedRef.current?.(options?.history ?? 'replace');
      return;
    }
    latest.current = next;
    modes.current.set(next, options?.history ?? 'replace');
    if (!options?.quiet) {
      markChange();
      noteChange();
    }
    setConfigState(next);
    if (options?.reopen) setOpened((n) => n + 1);
  }, []);
  /** Put back a state read from the URL (Back, Forward): no history mode, nothing to write. */
  const restore = useCallback((read: InitialScenario) => {
    latest.current = read.config;
    setConfigState(read.config);
    setProblems(read.problems);
    setOpened((n) => n + 1);
  }, []);
  const dismissProblems = useCallback(() => setProblems([]), []);
  /** Problems found once the run is known (a link's view the run cannot show). */
  const addProblems = useCallback((lines: string[]) => setProblems((p) => [...p, ...lines]), []);
  /** The mode `config` was made with, once: a later write of the same config only amends. */
  const takeMode = useCallback((c: Config): HistoryMode => {
    const mode = modes.current.get(c) ?? 'replace';
    modes.current.delete(c);
    return mode;
  }, []);
  return {
    config,
    update,
    problems,
    dismissProblems,
    addProblems,
    restore,
    opened,
    takeMode,
    onUnchangedRef,
  };
}

/** Same preset, settings, side B and view, value for value. */
function sameConfig(a: Config, b: Config): boolean {
  return (
    a.preset === b.preset &&
    a.bPreset === b.bPreset &&
    sameRecord(a.settings, b.settings) &&
    (a.b === b.b || (a.b !== null && b.b !== null && sameRecord(a.b, b.b))) &&
    sameRecord(a.view, b.view)
  );
}

function sameRecord(x: object, y: object): boolean {
  const xs = x as Record<string, unknown>;
  const ys = y as Record<string, unknown>;
  const keys = Object.keys(xs);
  if (keys.length !== Object.keys(ys).length) return false;
  return keys.every(
    (k) =>
      xs[k] === ys[k] ||
      (Array.isArray(xs[k]) && Array.isArray(ys[k]) && JSON.stringify(xs[k]) === JSON.stringify(ys[k])),
  );
}

export type Scenario = ReturnType<typeof useScenario>;

/**
 * Keep the address bar in step (a burst, such as a dragged slider, is one write), and bring a
 * state back on Back/Forward: `read` parses the location as the page did on opening (once what it
 * names has loaded: judged before, a lesson had been called unknown and its entry rewritten), `pin` puts
 * the playhead where that entry had it (null: the end of the run).
 */
export function useUrlSync(
  scenario: Scenario,
  restingCursorNs: number | null | undefined,
  read: (search: string) => Promise<InitialScenario>,
  pin: (ns: number | null) => void,
): void {
  const [writer] = useState(() => new UrlWriter(browserHistory));
  /** Writes waiting for the frame to be drawn, in order. */
  const waiting = useRef<Waiting[]>([]);
  const { config, takeMode, restore, onUnchangedRef } = scenario;
  /** Where the playhead last rested: the link's `t` while it moves. */
  const rested = useRef(restingCursorNs ?? null);
  useEffect(() => {
    // undefined: the playhead is moving (playback). The link keeps it where it last rested, but a
    // knob moved meanwhile is written as ever: left until playback stopped, it had shared the
    // entry before it, and Back undid both (Nagle ticked, then RTT moved while playing: Back
    // unticked Nagle too).
    if (restingCursorNs !== undefined) rested.current = restingCursorNs;
    const cursorNs = rested.current;
    const queue = waiting.current;
    const enqueue = (mode: HistoryMode) => {
      queue.push([config, cursorNs, mode]);
      // The address bar after the picture: pushState costs milliseconds the student would wait
      // for between moving a knob and seeing its effect. Entries keep their order and modes.
      if (queue.length === 1) afterNextFrame(() => writeAll(writer, queue));
    };
    enqueue(takeMode(config));
    // An edit that changes nothing (a released slider key) still closes its gesture's entry.
    onUnchangedRef.current = enqueue;
    return () => {
      onUnchangedRef.current = null;
    };
  }, [writer, config, restingCursorNs, takeMode, onUnchangedRef]);
  useEffect(() => {
    const onPop = () => {
      waiting.current.length = 0; // history has moved on: what was about to be written is moot
      const search = window.location.search;
      if (!writer.arrived(search)) return;
      void read(search).then((state) => {
        // Moved on while the entry's data loaded (Back again, or an edit): nothing to put back.
        if (window.location.search !== search) return;
        restore(state);
        pin(state.initialCursorNs);
      });
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [writer, read, restore, pin]);
}

/** A state to write: its config, resting playhead and history mode (taken when it was made). */
type Waiting = [Config, number | null, HistoryMode];

function writeAll(writer: UrlWriter, queue: Waiting[]): void {
  for (const [config, cursorNs, mode] of queue.splice(0)) writer.write(queryFor(config, cursorNs), mode);
}
