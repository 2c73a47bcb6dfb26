// The page's keyboard shortcuts, named once: each handler reads its keys here, and the
// "Keyboard shortcuts" dialog lists these same tables, so the list cannot name a key that does
// nothing or leave one out. (The ladder's own keys are LADDER_KEYS in views/Ladder.tsx.)

/** Anywhere on the page, focus not in a form field or a dialog (useShortcuts.ts). */
export const PAGE_KEYS = { toggle: 'k', stepBack: ',', stepForward: '.', showShortcuts: '?' } as const;
/** While a lesson is open (useLesson.ts). */
export const LESSON_KEYS = { back: '[', forward: ']' } as const;
