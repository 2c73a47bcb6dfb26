// Paper presets: each names its source, carries the published figures with a tolerance and its
// reason, and sets the knobs to the paper's scenario. What it teaches (what to look at, what to
// try, which host parameters were calibrated) is in presetTexts.ts, which the page loads apart.
// Protocol behaviour is never calibrated: only think times, link figures, buffers and clock phases.
import type { Preset } from './presetTypes';
import { HEIDEMANN } from './presets/heidemann';
import { KRUSE_PRESETS } from './presets/kruse';
import { MODERN_PRESETS } from './presets/modern';
import { NIELSEN_PRESETS } from './presets/nielsen';
import { PADMANABHAN_MOGUL_PRESETS } from './presets/padmanabhan';
import { WEB_PRESETS } from './presets/web';

export type { FigureKey, Preset, PresetTexts, PublishedFigure, TryNext } from './presetTypes';

export const PRESETS: readonly Preset[] = [
  ...HEIDEMANN,
  ...NIELSEN_PRESETS,
  ...PADMANABHAN_MOGUL_PRESETS,
  ...KRUSE_PRESETS,
  ...MODERN_PRESETS,
  ...WEB_PRESETS,
];

export function findPreset(id: string): Preset | undefined {
  return PRESETS.find((p) => p.id === id);
}
