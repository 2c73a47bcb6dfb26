// The height a panel (the ladder's, the time-sequence plot's, the sweep's) may use when the page must
// fit its frame (embed mode): the views area's, from which each panel takes its title, toolbar and
// key; null on the full page, where each view has its own fixed height and the page scrolls.
import { createContext } from 'react';

export const FitHeightContext = createContext<number | null>(null);

/** Told by a lone view that the frame leaves it less than its least height (the embed page then
 * folds its controls away); null on the page. */
export const OverrunContext = createContext<(() => void) | null>(null);

/** Fits the ladder's key to a short frame (fitKey.ts, given by the embed page); null on the page. */
export const FitKeyContext = createContext<((key: HTMLElement, over: number) => void) | null>(null);

/** What a view's panel takes besides the view (its title and toolbar) until measured
 * (usePanelChrome.ts). */
export const PANEL_CHROME_PX = 50;

/**
 * Height of each view: the room shared by the views stacked one above the other (A over B), less
 * their "A"/"B" captions (embed.css hides the caption of a lone view).
 */
export function fittedViewHeight(room: number, stacked: number, captioned: boolean): number {
  return Math.max(MIN_VIEW_PX, stackedRoom(room, stacked, captioned));
}

/** The least height a view is drawn at: a shorter frame scrolls. */
export const MIN_VIEW_PX = 160;
/** A caption's line ("A", "B: Nagle's algorithm off") and the gap under it. */
export const CAPTION_PX = 26;
/** Another line, for a caption that wraps (two presets' titles side by side). */
export const CAPTION_LINE_PX = 20;

function stackedRoom(room: number, stacked: number, captioned: boolean): number {
  const captions = captioned ? CAPTION_PX * stacked : 0;
  return Math.floor((room - captions) / Math.max(1, stacked));
}

/**
 * The height each of `stacked` captioned views one above the other would get in `room`: under
 * MIN_VIEW_PX they do not fit (a shorter frame would scroll); Infinity where nothing is stacked
 * (a lone view, or the page, whose room is null).
 */
export function stackedViewPx(room: number | null, stacked: number): number {
  return room === null || stacked < 2 ? Infinity : stackedRoom(room, stacked, true);
}

/**
 * Under this, views stacked one above the other read as strips: at 800 x 600 two ladders got 193 px
 * each, their packets' labels crowded, where side by side each gets 392 px and is still 339 px wide.
 */
export const STACKED_READABLE_PX = 240;
