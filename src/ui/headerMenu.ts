// The header's menus (Panels, Export) are <details> disclosures that float over the page. Escape
// closes the one it is pressed in and gives focus back to its summary, as a dialog's Escape does,
// and a click or tap anywhere outside closes it, as any menu does, so no menu is left covering the
// views. The click still does what it does there (another menu's button opens that menu).
import { useEffect, useRef, type KeyboardEvent } from 'react';

export function closeMenuOnEscape(event: KeyboardEvent<HTMLDetailsElement>): void {
  const menu = event.currentTarget;
  if (event.key !== 'Escape' || !menu.open) return;
  event.preventDefault();
  menu.open = false;
  menu.querySelector('summary')?.focus();
}

/** The props of a header menu's <details>: Escape and a click outside close it. */
export function useHeaderMenu() {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      const menu = ref.current;
      if (menu?.open && !(event.target instanceof Node && menu.contains(event.target))) menu.open = false;
    };
    // Capture: a control that stops the event's propagation still closes the menu.
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => document.removeEventListener('pointerdown', onPointerDown, true);
  }, []);
  return { ref, onKeyDown: closeMenuOnEscape };
}
