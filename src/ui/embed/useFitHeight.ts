// The height of an element, kept up to date with a ResizeObserver (the embed's views area, a
// comparison's captions). The element is looked for after every render, so one that appears
// after the first (a comparison's caption) is measured too.
import { useEffect, useRef, useState } from 'react';

export function useElementHeight<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [height, setHeight] = useState<number | null>(null);
  const watched = useRef<{ el: T; observer: ResizeObserver } | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (el === (watched.current?.el ?? null)) return;
    watched.current?.observer.disconnect();
    watched.current = null;
    if (!el) return;
    const observer = new ResizeObserver((entries) => {
      const h = Math.floor(entries[0].contentRect.height);
      if (h > 0) setHeight(h);
    });
    observer.observe(el);
    watched.current = { el, observer };
  });
  useEffect(() => () => watched.current?.observer.disconnect(), []);
  return [ref, height] as const;
}
