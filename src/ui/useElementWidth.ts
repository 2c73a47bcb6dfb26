// The content width of an element, kept up to date with a ResizeObserver. The element is looked
// for after every render, so one that appears after the first (the sweep's chart, once a sweep is
// drawn in a panel opened empty) is measured too: looked for only at mount, it kept the fallback
// width, and on a phone a sweep drawn from the builder ran 800 px wide.
import { useEffect, useRef, useState } from 'react';

export function useElementWidth<T extends HTMLElement>(fallback = 800) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  const watched = useRef<{ el: T; observer: ResizeObserver } | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (el === (watched.current?.el ?? null)) return;
    watched.current?.observer.disconnect();
    watched.current = null;
    if (!el) return;
    const observer = new ResizeObserver((entries) => {
      const w = Math.floor(entries[0].contentRect.width);
      if (w > 0) setWidth(w);
    });
    observer.observe(el);
    watched.current = { el, observer };
  });
  useEffect(() => () => watched.current?.observer.disconnect(), []);
  return [ref, width] as const;
}
