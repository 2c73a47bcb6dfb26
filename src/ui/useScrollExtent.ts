// Whether a scrolling box has more content than it shows, and whether more lies below what is in
// view: kept up to date as it scrolls, resizes or its content changes.
import { useCallback, useEffect, useState, type RefObject } from 'react';

export interface ScrollExtent {
  overflows: boolean;
  moreBelow: boolean;
}

export function useScrollExtent(ref: RefObject<HTMLElement | null>, contentKey: unknown): ScrollExtent {
  const [extent, setExtent] = useState<ScrollExtent>({ overflows: false, moreBelow: false });
  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const hidden = el.scrollHeight - el.clientHeight;
    const next = { overflows: hidden > 1, moreBelow: hidden - el.scrollTop > 1 };
    setExtent((now) => (now.overflows === next.overflows && now.moreBelow === next.moreBelow ? now : next));
  }, [ref]);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    el.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      el.removeEventListener('scroll', measure);
    };
  }, [ref, measure]);
  // New content (another run) changes the height without resizing the box.
  useEffect(measure, [measure, contentKey]);
  return extent;
}
