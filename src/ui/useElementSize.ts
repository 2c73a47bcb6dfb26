// The content width or height of an element, kept up to date with a ResizeObserver. The element is
// looked for after every render, so one that appears after the first is measured too: the sweep's
// chart, once a sweep is drawn in a panel opened empty (looked for only at mount, it kept the
// fallback width, and on a phone a sweep drawn from the builder ran 800 px wide), or a
// comparison's caption.
import { useEffect, useRef, useState } from 'react';

function useElementSize<T extends HTMLElement, F extends number | null>(
  side: 'width' | 'height',
  fallback: F,
) {
  const ref = useRef<T>(null);
  const [size, setSize] = useState<number | F>(fallback);
  const watched = useRef<{ el: T; observer: ResizeObserver } | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (el === (watched.current?.el ?? null)) return;
    watched.current?.observer.disconnect();
    watched.current = null;
    if (!el) return;
    const observer = new ResizeObserver((entries) => {
      const px = Math.floor(entries[0].contentRect[side]);
      if (px > 0) setSize(px);
    });
    observer.observe(el);
    watched.current = { el, observer };
  });
  useEffect(() => () => watched.current?.observer.disconnect(), []);
  return [ref, size] as const;
}

export function useElementWidth<T extends HTMLElement>(fallback = 800) {
  return useElementSize<T, number>('width', fallback);
}

/** The height, null until first measured (the embed's views area, a comparison's captions). */
export function useElementHeight<T extends HTMLElement>() {
  return useElementSize<T, null>('height', null);
}
