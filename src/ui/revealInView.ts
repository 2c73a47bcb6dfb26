// Scrolling the page to something a panel shows ("Show the stall": the stall framed on the
// ladder). It lands whole in the part of the screen the page shows, below the sticky playback bar
// and above the settings bar, with as much of its panel above it as fits: the panel's title and
// toolbar, else the toolbar, else the ladder's caption. Centred on the stall's band, the ladder's
// title and Zoom buttons had been left half under the playback bar. Loaded when first asked for.

import { LADDER_MARGIN } from '../views/ladderLayout';

/** Part of a box on the screen: its top and bottom edges, in viewport pixels. */
export interface Span {
  top: number;
  bottom: number;
}

/**
 * The part of the screen the page's content is read in: inside the page's scroll padding, which
 * app.css sets from the sticky playback bar (top) and the fixed settings bar (bottom).
 */
export function clearView(): Span {
  const style = getComputedStyle(document.documentElement);
  const px = (v: string) => parseFloat(v) || 0;
  return { top: px(style.scrollPaddingTop), bottom: window.innerHeight - px(style.scrollPaddingBottom) };
}

/**
 * How far to scroll the page down (negative: up) so that `target` is whole in `view`, under the
 * first of `above` (edges above it, best first) whose top can sit at the view's top with the
 * target still whole below; when none can, the target alone, centred (cut evenly when taller).
 */
export function revealOffset(target: Span, above: number[], view: Span): number {
  const room = view.bottom - view.top;
  for (const top of above) if (top <= target.top && target.bottom - top <= room) return top - view.top;
  return (target.top + target.bottom) / 2 - (view.top + view.bottom) / 2;
}

/**
 * Scroll the page to `target` as revealOffset says, and `across` (a box that scrolls sideways,
 * holding it) so that the target is in it too.
 */
export function reveal(
  target: Element,
  above: Element[],
  across: Element | null,
  behavior: ScrollBehavior,
): void {
  const box = target.getBoundingClientRect();
  // The part of it its scrolling box shows (a band may run past the ladder's edge).
  const clip = across?.getBoundingClientRect();
  const span = clip
    ? { top: Math.max(box.top, clip.top), bottom: Math.min(box.bottom, clip.bottom) }
    : { top: box.top, bottom: box.bottom };
  const dy = revealOffset(
    span,
    above.map((e) => e.getBoundingClientRect().top),
    clearView(),
  );
  if (Math.abs(dy) >= 1) window.scrollTo({ top: window.scrollY + dy, behavior });
  if (!clip || !across) return;
  // Right of the axis's times, which a ladder scrolled sideways keeps over its left edge.
  const left = clip.left + LADDER_MARGIN.axis;
  const dx =
    box.left < left
      ? box.left - left
      : box.right > clip.right
        ? Math.min(box.right - clip.right, box.left - left)
        : 0;
  if (dx !== 0) across.scrollBy({ left: dx, behavior });
}

/**
 * The ladder panel's stall framed by "Show the stall" (or the panel itself, with none drawn):
 * under the panel's title and toolbar where they fit, else its toolbar, else its ladder's caption.
 */
export function revealFocusedStall(panel: Element): void {
  const band = panel.querySelector('[data-focused]') ?? panel;
  const above = [panel.closest('.panel'), panel.querySelector('.panel-tools'), band.closest('.ladder-box')];
  reveal(
    band,
    above.filter((e) => e !== null),
    band.closest('.ladder-scroll'),
    smoothUnlessReduced(),
  );
}

/** Smooth scrolling, unless the reader asked for reduced motion. */
function smoothUnlessReduced(): ScrollBehavior {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}
