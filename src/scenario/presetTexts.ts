// What each preset teaches (PresetTexts), by preset id: most of the presets' bytes, and no part
// of a first picture without a preset. The page imports this module on demand (a chunk of its
// own, ui/presets/presetTexts.ts); Node (the CLI, the tests) imports it directly.
import type { PresetTexts } from './presetTypes';
import { HEIDEMANN_TEXTS } from './presets/heidemannTexts';
import { KRUSE_TEXTS } from './presets/kruseTexts';
import { MODERN_TEXTS } from './presets/modernTexts';
import { NIELSEN_TEXTS } from './presets/nielsenTexts';
import { PADMANABHAN_MOGUL_TEXTS } from './presets/padmanabhanTexts';
import { WEB_TEXTS } from './presets/webTexts';

export const PRESET_TEXTS: Readonly<Record<string, PresetTexts>> = {
  ...HEIDEMANN_TEXTS,
  ...NIELSEN_TEXTS,
  ...PADMANABHAN_MOGUL_TEXTS,
  ...KRUSE_TEXTS,
  ...MODERN_TEXTS,
  ...WEB_TEXTS,
};
