// The page's keyboard shortcuts, named once: each handler reads its keys here, and the
// "Keyboard shortcuts" dialog lists these same tables, so the list cannot name a key that does
// nothing or leave one out. (The ladder's own keys are LADDER_KEYS in views/Ladder.tsx.)

/** Anywhere on the page, focus not in a text field, a select or a dialog (useShortcuts.ts). */
export const PAGE_KEYS = { toggle: 'k', stepBack: ',', stepForward: '.', showShortcuts: '?' } as const;
/** While a lesson is open (useLesson.ts). */
export const LESSON_KEYS = { back: '[', forward: ']' } as const;

/**
 * The keydown is not a shortcut: a modifier is held (Ctrl, Alt, Meta: the browser's and the
 * system's own keys), or focus is where a character key does something of its own. AltGr (which
 * Windows reports as Ctrl and Alt together) is a way of typing a character, `?` on some layouts.
 * A slider, a checkbox or a radio button takes no characters: with one focused, after a drag or a
 * lesson's answer, the keys still act. A text field, a select (which jumps to the option typed)
 * and a dialog keep them.
 */
export function notAShortcut(event: KeyboardEvent): boolean {
  const altGraph = event.getModifierState?.('AltGraph') ?? false;
  if (event.metaKey || (!altGraph && (event.altKey || event.ctrlKey))) return true;
  const target = event.target as Element | null;
  return !!target?.closest?.(
    'input:not([type="radio"], [type="checkbox"], [type="range"], [type="button"], [type="submit"], [type="reset"]),' +
      ' select, textarea, [contenteditable="true"], dialog',
  );
}
