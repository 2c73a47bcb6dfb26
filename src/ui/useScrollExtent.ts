// Whether a scrolling box has more content than it shows, whether more lies below what is in
// view, and which of its children go on below it: kept up to date as it scrolls, resizes or its
// content changes.
import { useCallback, useEffect, useState, type RefObject } from 'react';

export interface ScrollExtent {
  overflows: boolean;
  moreBelow: boolean;
  /** For each child of the box, in order: whether part of it lies below the box's bottom edge. */
  childMoreBelow: boolean[];
}

const NOTHING_HIDDEN: ScrollExtent = { overflows: false, moreBelow: false, childMoreBelow: [] };

function sameExtent(a: ScrollExtent, b: ScrollExtent): boolean {
  return (
    a.overflows === b.overflows &&
    a.moreBelow === b.moreBelow &&
    a.childMoreBelow.length === b.childMoreBelow.length &&
    a.childMoreBelow.every((below, i) => below === b.childMoreBelow[i])
  );
}

export function useScrollExtent(ref: RefObject<HTMLElement | null>, contentKey: unknown): ScrollExtent {
  const [extent, setExtent] = useState<ScrollExtent>(NOTHING_HIDDEN);
  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const hidden = el.scrollHeight - el.clientHeight;
    const shownBottom = el.getBoundingClientRect().top + el.clientTop + el.clientHeight;
    const next = {
      overflows: hidden > 1,
      moreBelow: hidden - el.scrollTop > 1,
      childMoreBelow: [...el.children].map((child) => child.getBoundingClientRect().bottom - shownBottom > 1),
    };
    setExtent((now) => (sameExtent(now, next) ? now : next));
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
