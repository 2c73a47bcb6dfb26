// What a view's panel takes in an embed's frame besides the view itself: its margins, padding,
// title, toolbar and key, measured. The embed had allowed a fixed 50 px for the title and toolbar,
// but a frame under 720 px tall pads the panel 10 px less (the last 8 px of a 640 x 360 frame lay
// unused) and a narrow one wraps the toolbar onto a second row beside the title (the 390 x 700
// frame scrolled).
import { useEffect, useState, type RefObject } from 'react';
import { cssZoom } from '../../views/cssZoom';

/**
 * The height of the panel around `view`, its margins included, less the view's own; null until
 * measured. Measured again whenever the panel's size changes (the frame's, a toolbar or key that
 * wraps, padding a short frame trims). Not `fitting` (the page, whose views have fixed heights),
 * nothing is measured.
 */
export function usePanelChrome(fitting: boolean, view: RefObject<HTMLElement | null>): number | null {
  const [chrome, setChrome] = useState<number | null>(null);
  useEffect(() => {
    const panel = fitting ? view.current?.closest<HTMLElement>('.panel') : null;
    if (!panel) return;
    const observer = new ResizeObserver(() => {
      if (!view.current) return;
      const style = getComputedStyle(panel);
      // A key cut to the frame's room (fitKey.ts) counts whole: the room is worked out from it.
      const key = panel.querySelector('.ladder-legend-box');
      // Client rectangles are in the screen's pixels, the rest in the zoomed views' (embedZoom.ts).
      const around = panel.getBoundingClientRect().height - view.current.getBoundingClientRect().height;
      setChrome(
        Math.ceil(
          around / cssZoom(panel) +
            parseFloat(style.marginTop) +
            parseFloat(style.marginBottom) +
            (key ? key.scrollHeight - key.clientHeight : 0),
        ),
      );
    });
    observer.observe(panel);
    return () => observer.disconnect();
  }, [fitting, view]);
  return chrome;
}
