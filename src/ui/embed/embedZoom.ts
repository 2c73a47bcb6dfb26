// The views of an embed grow with the frame: a slide's 1600 x 900 frame had drawn its labels at the
// 11 px of a 720 x 480 one, unreadable from the back of a lecture room. The views are laid out at
// the frame's size over the zoom and drawn zoomed (CSS zoom on the views area), so the ladder's
// labels are placed, clear of each other and of the arrows, in the very pixels they are drawn in.
import { useEffect, useState } from 'react';

/** The most the views are zoomed: 11 px labels drawn 16.5 px. */
const MOST = 1.5;

/**
 * 1 in a frame up to 800 px wide or 600 px tall (and on a phone), growing with the frame to 1.5 at
 * 1600 x 900; the smaller of the two says, so a wide, short frame keeps room for its views.
 */
export function embedZoom(width: number, height: number): number {
  const byWidth = 1 + (width - 800) / 1600;
  const byHeight = 1 + (height - 600) / 600;
  return Math.round(Math.min(MOST, Math.max(1, Math.min(byWidth, byHeight))) * 100) / 100;
}

/** The zoom for the frame as it is, kept up to date as it is resized. */
export function useEmbedZoom(): number {
  const [zoom, setZoom] = useState(() => embedZoom(window.innerWidth, window.innerHeight));
  useEffect(() => {
    const resized = () => setZoom(embedZoom(window.innerWidth, window.innerHeight));
    window.addEventListener('resize', resized);
    return () => window.removeEventListener('resize', resized);
  }, []);
  return zoom;
}
