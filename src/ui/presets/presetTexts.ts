// The presets' words (scenario/presetTexts.ts) load on demand: a link that names a preset loads
// them before its first render (main.tsx), so it opens straight into the preset's story; a page
// that shows a preset later gets them a moment after its title, source and figures.
import { useEffect, useState } from 'react';
import type { PresetTexts } from '../../scenario/presets';
import { onDemand } from '../onDemand';
import { keepTimesTogether } from '../../views/format';

type TextsById = Readonly<Record<string, PresetTexts>>;

/** A preset's words as the page writes them: each time kept with its unit. */
function forPage(t: PresetTexts): PresetTexts {
  return {
    ...t,
    explanation: keepTimesTogether(t.explanation),
    tryNext: t.tryNext.map((n) => ({ ...n, sentence: keepTimesTogether(n.sentence) })),
    calibrated: t.calibrated.map(keepTimesTogether),
  };
}

const texts = onDemand(() =>
  import('../../scenario/presetTexts').then((m): TextsById =>
    Object.fromEntries(Object.entries(m.PRESET_TEXTS).map(([id, t]) => [id, forPage(t)])),
  ),
);

export const loadPresetTexts = (): Promise<TextsById> => texts.load();

/** A preset's words, or undefined until they have loaded (or if they could not be). */
export function usePresetTexts(id: string): PresetTexts | undefined {
  const [byId, setById] = useState(texts.value);
  useEffect(() => {
    if (byId !== null) return;
    let current = true;
    texts.load().then(
      (t) => current && setById(t),
      () => undefined, // the story stays away; the preset's settings and figures still work
    );
    return () => {
      current = false;
    };
  }, [byId]);
  return byId?.[id];
}

/** Whether a query string names a preset (so the page loads the words before it renders). */
export function linkNamesPreset(search: string): boolean {
  return new URLSearchParams(search).has('preset');
}
