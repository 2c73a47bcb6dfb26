// The height a view (the ladder, the time-sequence plot) may use when the page must fit its frame
// (embed mode); null on the full page, where each view has its own fixed height and the page scrolls.
import { createContext } from 'react';

export const FitHeightContext = createContext<number | null>(null);

/** What the frame's room allows a view's panel besides the view: its title and toolbar. The ladder
 * measures its own (usePanelChrome.ts). */
export const PANEL_CHROME_PX = 50;

/**
 * Height of each view: the room shared by the views stacked one above the other (A over B), less
 * their "A"/"B" captions (embed.css hides the caption of a lone view).
 */
export function fittedViewHeight(room: number, stacked: number, captioned: boolean): number {
  return Math.max(MIN_VIEW_PX, stackedRoom(room, stacked, captioned));
}

/** The least height a view is drawn at: a shorter frame scrolls. */
const MIN_VIEW_PX = 160;
/** A caption's line ("A", "B: Nagle's algorithm off") and the gap under it. */
export const CAPTION_PX = 26;
/** Another line, for a caption that wraps (two presets' titles side by side). */
export const CAPTION_LINE_PX = 20;

function stackedRoom(room: number, stacked: number, captioned: boolean): number {
  const captions = captioned ? CAPTION_PX * stacked : 0;
  return Math.floor((room - captions) / Math.max(1, stacked));
}

/** Whether `stacked` captioned views one above the other would each fall below their least height. */
export function tooShortToStack(room: number | null, stacked: number): boolean {
  return room !== null && stacked > 1 && stackedRoom(room, stacked, true) < MIN_VIEW_PX;
}

/**
 * Under this, views stacked one above the other read as strips: at 800 x 600 two ladders got 193 px
 * each, their packets' labels crowded, where side by side each gets 392 px and is still 339 px wide.
 */
const STACKED_READABLE_PX = 240;

/** Whether `stacked` captioned views one above the other would each be drawn as a strip. */
export function crampedToStack(room: number | null, stacked: number): boolean {
  return room !== null && stacked > 1 && stackedRoom(room, stacked, true) < STACKED_READABLE_PX;
}
