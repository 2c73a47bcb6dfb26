// The height each view that fits the frame (the ladder, the time-sequence plot) may take in an
// embed: with other views asked for beside it, they keep their own height (the breakdown's short
// bar, the figures) and the fitting views share what is left, so every view asked for is in the
// frame. A ladder given the whole frame had pushed "where did the time go" to y = 906 of a
// 1600 x 900 slide, a scroll away.
import { useEffect, useState, type RefObject } from 'react';
import { cssZoom } from '../../views/cssZoom';

/** The views that take the room they are given; the others keep their own height. */
const FITTING = '[data-view="ladder"], [data-view="tsp"]';

/** The least a fitting view's panel is given: with less, it takes the whole frame. */
export const MIN_SHARED_PX = 260;

/**
 * The room each fitting view's panel may use in `views` (the embed's views area, `height` tall):
 * its share of what the other views leave where that is MIN_SHARED_PX or more, else `height` (as
 * for a view alone, or beside a sweep, whose chart takes a screen of its own); null until measured.
 */
export function useSharedRoom(views: RefObject<HTMLElement | null>, height: number | null): number | null {
  const [taken, setTaken] = useState<{ others: number; fitting: number } | null>(null);
  useEffect(() => {
    const area = views.current;
    if (!area || height === null) return;
    const measure = () => {
      const panels = [...area.children] as HTMLElement[];
      if (panels.some((p) => p.id === 'sweep')) return setTaken(null);
      const fitting = panels.filter((p) => p.querySelector(FITTING));
      const others = panels
        .filter((p) => !fitting.includes(p))
        .reduce((sum, p) => {
          const style = getComputedStyle(p);
          const height = p.getBoundingClientRect().height / cssZoom(p); // in the zoomed views' pixels
          return sum + height + parseFloat(style.marginTop) + parseFloat(style.marginBottom);
        }, 0);
      const next = { others: Math.ceil(others), fitting: fitting.length };
      setTaken((was) => (was?.others === next.others && was.fitting === next.fitting ? was : next));
    };
    // Panels load lazily and grow as their runs arrive: measured whenever one comes or resizes.
    const resized = new ResizeObserver(measure);
    const watch = () => {
      resized.disconnect();
      for (const el of area.children) resized.observe(el);
      measure();
    };
    const added = new MutationObserver(watch);
    added.observe(area, { childList: true });
    watch();
    return () => {
      added.disconnect();
      resized.disconnect();
    };
  }, [views, height]);
  if (height === null || taken === null || taken.fitting === 0) return height;
  const share = Math.floor((height - taken.others) / taken.fitting);
  // Too little to share (every panel, an embed's default, or a small frame): each fitting view
  // takes the whole frame, as a view alone does, and the frame scrolls to the others.
  return share >= MIN_SHARED_PX ? share : height;
}
