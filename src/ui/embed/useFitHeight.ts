// The height of an element, kept up to date with a ResizeObserver (the embed's views area).
import { useEffect, useRef, useState } from 'react';

export function useElementHeight<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [height, setHeight] = useState<number | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver((entries) => {
      const h = Math.floor(entries[0].contentRect.height);
      if (h > 0) setHeight(h);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, height] as const;
}
