// Whether any part of an element lies in the viewport, kept up to date with an
// IntersectionObserver. In view until the first observation says otherwise (and wherever the
// browser has no observer), so nothing is ever held back for want of an answer.
import { useEffect, useRef, useState } from 'react';

export function useInView<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [inView, setInView] = useState(true);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver !== 'function') return;
    // Several crossings can come in one callback: the last is the newest.
    const observer = new IntersectionObserver((entries) =>
      setInView(entries[entries.length - 1].isIntersecting),
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, inView] as const;
}
