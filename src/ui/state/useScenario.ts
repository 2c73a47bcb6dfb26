// The scenario state of the page: read once from the URL, kept in React state, and written back
// to the URL (history.replaceState) whenever it or the resting playhead changes.
import { useCallback, useEffect, useState } from 'react';
import { encodeConfig, parseQuery, type Config } from '../../scenario/codec';
import { markChange } from '../perf';

export interface InitialScenario {
  config: Config;
  problems: string[];
  /** Playhead from `t=` (ms), or null to stand at the end of the run. */
  initialCursorNs: number | null;
}

export function readLocation(search: string): InitialScenario {
  const { config, problems } = parseQuery(search);
  const view = { ...config.view };
  let initialCursorNs: number | null = null;
  if (view.t !== undefined) {
    const ms = Number(view.t);
    if (Number.isFinite(ms) && ms >= 0) initialCursorNs = Math.round(ms * 1e6);
    else
      problems.push(
        `t=${JSON.stringify(view.t.slice(0, 40))}: must be a time in ms; showing the end of the run`,
      );
    delete view.t;
  }
  // `view=...,ab` keeps a comparison whose B does not differ yet across a reload.
  const panels = (view.view ?? '').split(',');
  const b = config.b ?? (panels.includes('ab') ? {} : null);
  return { config: { ...config, b, view }, problems, initialCursorNs };
}

/** The query string for a config and a resting playhead. */
export function queryFor(config: Config, cursorNs: number | null): string {
  const view = { ...config.view };
  if (cursorNs !== null) view.t = String(Math.round(cursorNs / 1e3) / 1e3);
  const panels = (view.view ?? '').split(',').filter((p) => p !== '' && p !== 'ab');
  if (config.b && Object.keys(config.b).length === 0) panels.push('ab');
  if (panels.length > 0) view.view = panels.join(',');
  else delete view.view;
  return '?' + encodeConfig({ ...config, view });
}

export function useScenario(initial: InitialScenario) {
  const [config, setConfigState] = useState<Config>(initial.config);
  const [problems, setProblems] = useState<string[]>(initial.problems);
  const update = useCallback((edit: (c: Config) => Config) => {
    markChange();
    setConfigState(edit);
  }, []);
  const dismissProblems = useCallback(() => setProblems([]), []);
  return { config, update, problems, dismissProblems };
}

/** Keep the address bar in step, coalescing bursts (a dragged slider) into one write. */
export function useUrlSync(config: Config, restingCursorNs: number | null | undefined): void {
  useEffect(() => {
    // undefined: the playhead is moving (playback); the URL waits until it rests.
    if (restingCursorNs === undefined) return;
    const timer = setTimeout(() => {
      const query = queryFor(config, restingCursorNs);
      if (query !== window.location.search) window.history.replaceState(null, '', query);
    }, 250);
    return () => clearTimeout(timer);
  }, [config, restingCursorNs]);
}
