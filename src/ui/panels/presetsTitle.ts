// The scenario's title where one line names it, apart from the captions: only a shared link's
// dialog and an embed's heading use it, and both load after the first picture.
import type { Config } from '../../scenario/codec';
import { findPreset } from '../../scenario/presets';
import { TITLE_SOURCE } from './sideView';

/**
 * The scenario's title where one line names it (an embed's heading, the embed code's iframe
 * title): A's preset, or, when B starts from another preset, both, their shared source said once
 * ("P-HTTP with both problems against P-HTTP with both fixes (Heidemann Table 1)"), so the
 * heading stays short enough for a phone's frame; null without a preset.
 */
export function presetsTitle(config: Config): string | null {
  const a = config.preset ? findPreset(config.preset) : undefined;
  const b = config.b && config.bPreset ? findPreset(config.bPreset) : undefined;
  if (!a || !b || a.id === b.id) return a?.title ?? null;
  const [sourceA, sourceB] = [a.title.match(TITLE_SOURCE), b.title.match(TITLE_SOURCE)];
  if (sourceA && sourceB && sourceA[1] === sourceB[1])
    return `${a.title.slice(0, sourceA.index)} against ${b.title.slice(0, sourceB.index)} ${sourceA[0].trim()}`;
  return `${a.title} against ${b.title}`;
}
