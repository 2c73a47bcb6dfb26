// The height a view (the ladder, the time-sequence plot) may use when the page must fit its frame
// (embed mode); null on the full page, where each view has its own fixed height and the page scrolls.
import { createContext } from 'react';

export const FitHeightContext = createContext<number | null>(null);

/**
 * Height of each view: the room shared by the views stacked one above the other (A over B), less
 * their "A"/"B" captions (embed.css hides the caption of a lone view).
 */
export function fittedViewHeight(room: number, stacked: number, captioned: boolean): number {
  const captions = captioned ? 26 * stacked : 0;
  return Math.max(160, Math.floor((room - captions) / Math.max(1, stacked)));
}
