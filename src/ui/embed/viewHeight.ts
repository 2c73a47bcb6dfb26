// The height the ladder may use when the page must fit its frame (embed mode); null on the full
// page, where the ladder has its own fixed height and the page scrolls.
import { createContext } from 'react';

export const FitHeightContext = createContext<number | null>(null);

/**
 * Height of each ladder: the room shared by the ladders stacked one above the other, less their
 * "A"/"B" captions (embed.css hides the caption of a lone ladder).
 */
export function fittedLadderHeight(room: number, stacked: number, captioned: boolean): number {
  const captions = captioned ? 26 * stacked : 0;
  return Math.max(160, Math.floor((room - captions) / Math.max(1, stacked)));
}
