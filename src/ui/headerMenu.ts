// The header's menus (Panels, Export) are <details> disclosures that float over the page. Escape
// closes the one it is pressed in and gives focus back to its summary, as a dialog's Escape does,
// and a click or tap anywhere outside closes it, as any menu does, so no menu is left covering the
// views. The click still does what it does there (another menu's button opens that menu). Focus
// moving outside (Tab past its last entry) closes it too: left open, it had covered the control
// Tab reached, and Escape pressed there did not reach it.
import { useEffect, useRef, type KeyboardEvent } from 'react';

export function closeMenuOnEscape(event: KeyboardEvent<HTMLDetailsElement>): void {
  const menu = event.currentTarget;
  if (event.key !== 'Escape' || !menu.open) return;
  event.preventDefault();
  menu.open = false;
  menu.querySelector('summary')?.focus();
}

/** The props of a header menu's <details>: Escape, and a click or focus outside, close it. */
export function useHeaderMenu() {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const closeFromOutside = (event: Event) => {
      const menu = ref.current;
      if (menu?.open && !(event.target instanceof Node && menu.contains(event.target))) menu.open = false;
    };
    // Capture: a control that stops the event's propagation still closes the menu.
    document.addEventListener('pointerdown', closeFromOutside, true);
    document.addEventListener('focusin', closeFromOutside, true);
    return () => {
      document.removeEventListener('pointerdown', closeFromOutside, true);
      document.removeEventListener('focusin', closeFromOutside, true);
    };
  }, []);
  return { ref, onKeyDown: closeMenuOnEscape };
}
