// Page-wide keys (PAGE_KEYS), ignored while typing in a field or inside a dialog (notAShortcut): k plays or
// pauses, comma and full stop step to the previous and next event, ? lists every key the page answers.
import { useEffect } from 'react';
import { notAShortcut, PAGE_KEYS } from './shortcutKeys';
import { showShortcuts } from './showShortcuts';

type Action = keyof typeof PAGE_KEYS;

export function useShortcuts(actions: Record<Exclude<Action, 'showShortcuts'>, () => void>): void {
  useEffect(() => {
    const all: Record<Action, () => void> = { ...actions, showShortcuts };
    const onKey = (event: KeyboardEvent) => {
      if (notAShortcut(event)) return;
      const action = (Object.keys(PAGE_KEYS) as Action[]).find((a) => PAGE_KEYS[a] === event.key);
      if (!action) return;
      event.preventDefault();
      all[action]();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [actions]);
}
