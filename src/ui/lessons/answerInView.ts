// A revealed answer's stalls brought into the ladder's view sideways: a run of many connections
// scrolls sideways, and the stalls an answer names may lie in lanes past the box's right edge (the
// orbit lesson's sixteen connections: its stale-connection stalls begin in the sixth lane, out of
// a 1280-pixel page's view). Once per reveal; the page itself does not scroll.

import { LADDER_MARGIN } from '../../views/ladderLayout';

/** How long to wait for the answer's run to be drawn. */
const WAIT_MS = 15_000;
/**
 * Left of the first band in view: past the axis's times, which the ladder keeps over its left
 * edge once scrolled, and a little more, so its lane's client line is not against them.
 */
const MARGIN_PX = LADDER_MARGIN.axis + 16;
/** A band this tall is one the answer framed (in the whole run, the orbit lesson's are 2 px). */
const FRAMED_PX = 24;

/**
 * Once the ladder draws stalls of `cause` framed (whole in the times it shows, at least FRAMED_PX
 * tall), scroll each ladder box holding one sideways so the leftmost of them is in view (a box
 * showing it already stays). Tried each frame until it holds (the run is drawn, then framed on the
 * answer's times; before, another load's band, a sliver in view, had passed for them; and while
 * the zoom came, a band half in view had been taken for the leftmost) or WAIT_MS pass.
 * Returns a cancel.
 */
export function bringStallsInView(cause: string): () => void {
  const selector = `[data-view="ladder"] [data-stall="${cause}"]`;
  const until = performance.now() + WAIT_MS;
  let frame = 0;
  const tryNow = () => {
    if (!bring(selector) && performance.now() < until) frame = requestAnimationFrame(tryNow);
  };
  tryNow();
  return () => cancelAnimationFrame(frame);
}

/** Whether some ladder box draws a band of `selector` framed; each such box is scrolled to the leftmost. */
function bring(selector: string): boolean {
  const leftmost = new Map<Element, DOMRect>();
  for (const band of document.querySelectorAll(selector)) {
    const box = band.closest('.ladder-scroll');
    if (!box) continue;
    const rect = band.getBoundingClientRect();
    const clip = box.getBoundingClientRect();
    const shownTimes = rect.height >= FRAMED_PX && rect.top >= clip.top && rect.bottom <= clip.bottom;
    if (shownTimes && rect.left < (leftmost.get(box)?.left ?? Infinity)) leftmost.set(box, rect);
  }
  for (const [box, band] of leftmost) {
    const clip = box.getBoundingClientRect();
    if (band.left < clip.left + LADDER_MARGIN.axis || band.right > clip.right)
      box.scrollLeft += band.left - clip.left - MARGIN_PX;
  }
  return leftmost.size > 0;
}
