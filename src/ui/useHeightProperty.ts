// An element's height published as a CSS custom property on the page's root, for the page to
// leave room for a bar that sits over it (sticky or fixed). A callback ref: the property goes
// when the element does.
import { useCallback, useRef } from 'react';

export function useHeightProperty<T extends HTMLElement>(name: string): (element: T | null) => void {
  const observer = useRef<ResizeObserver | null>(null);
  return useCallback(
    (element: T | null) => {
      observer.current?.disconnect();
      observer.current = null;
      const root = document.documentElement.style;
      if (!element) {
        root.removeProperty(name);
        return;
      }
      observer.current = new ResizeObserver(() => root.setProperty(name, `${element.offsetHeight}px`));
      observer.current.observe(element);
    },
    [name],
  );
}
