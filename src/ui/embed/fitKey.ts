// The ladder's key in a frame too short for it whole (LadderPanel.tsx): under ladders already at
// their least height (a lesson in a 480 x 320 frame, A and B at 640 x 360) the key keeps what room
// there is, a row at least, and scrolls in its box, where the frame had scrolled by 5 to 78 px.
// It loads with the embed page: the full page never needs it.
import { cssZoom } from '../../views/cssZoom';

/** A row of the key in an embed and the margin above it: the least of it a short frame keeps. */
const KEY_ROW_PX = 24;

/**
 * Fit `key` to its whole height less `over`, the px by which the panel overruns the frame. True
 * where even a row of it leaves no room: the panel overruns the frame still.
 */
export function fitKey(key: HTMLElement, over: number): boolean {
  key.style.maxHeight = '';
  key.removeAttribute('tabindex');
  const room = key.offsetHeight - over;
  if (over > 0 && room >= KEY_ROW_PX) {
    key.style.maxHeight = `${wholeRows(key, room)}px`;
    // A box that scrolls takes the keyboard's focus, so the keyboard can scroll it too.
    key.tabIndex = 0;
  }
  return over > 0 && room < KEY_ROW_PX;
}

/**
 * The height of the key's rows that fit whole in `room` px: a row cut across its words reads as a
 * defect, where a key that ends on a whole row and scrolls on does not.
 */
function wholeRows(key: HTMLElement, room: number): number {
  const zoom = cssZoom(key);
  const top = key.getBoundingClientRect().top - key.scrollTop * zoom;
  let fit = 0;
  for (const item of key.querySelectorAll('li')) {
    const bottom = Math.ceil((item.getBoundingClientRect().bottom - top) / zoom);
    if (bottom <= room && bottom > fit) fit = bottom;
  }
  return fit > 0 ? fit : room;
}
