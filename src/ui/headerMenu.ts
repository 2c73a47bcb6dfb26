// The header's menus (Panels, Export) are <details> disclosures that float over the page. Escape
// closes the one it is pressed in and gives focus back to its summary, as a dialog's Escape does,
// so a keyboard user is never left with a menu covering the views.
import type { KeyboardEvent } from 'react';

export function closeMenuOnEscape(event: KeyboardEvent<HTMLDetailsElement>): void {
  const menu = event.currentTarget;
  if (event.key !== 'Escape' || !menu.open) return;
  event.preventDefault();
  menu.open = false;
  menu.querySelector('summary')?.focus();
}
