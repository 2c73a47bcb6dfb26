// The presets' words (scenario/presetTexts.ts) load on demand: a link that names a preset loads
// them before its first render (main.tsx), so it opens straight into the preset's story; a page
// that shows a preset later gets them a moment after its title, source and figures.
import { useEffect, useState } from 'react';
import type { PresetTexts } from '../../scenario/presets';

type TextsById = Readonly<Record<string, PresetTexts>>;

let loaded: TextsById | null = null;
let loading: Promise<TextsById> | null = null;

export function loadPresetTexts(): Promise<TextsById> {
  loading ??= import('../../scenario/presetTexts').then(
    (m) => (loaded = m.PRESET_TEXTS),
    (error: unknown) => {
      loading = null; // try again on the next request
      throw error;
    },
  );
  return loading;
}

/** A preset's words, or undefined until they have loaded (or if they could not be). */
export function usePresetTexts(id: string): PresetTexts | undefined {
  const [texts, setTexts] = useState(loaded);
  useEffect(() => {
    if (texts !== null) return;
    let current = true;
    loadPresetTexts().then(
      (t) => current && setTexts(t),
      () => undefined, // the story stays away; the preset's settings and figures still work
    );
    return () => {
      current = false;
    };
  }, [texts]);
  return texts?.[id];
}

/** Whether a query string names a preset (so the page loads the words before it renders). */
export function linkNamesPreset(search: string): boolean {
  return new URLSearchParams(search).has('preset');
}
