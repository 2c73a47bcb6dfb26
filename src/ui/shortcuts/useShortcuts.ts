// Page-wide keys (PAGE_KEYS), ignored while typing in a form field or inside a dialog: k plays or
// pauses, comma and full stop step to the previous and next event, ? lists every key the page answers.
import { useEffect } from 'react';
import { PAGE_KEYS } from './shortcutKeys';
import { showShortcuts } from './showShortcuts';

type Action = keyof typeof PAGE_KEYS;

export function useShortcuts(actions: Record<Exclude<Action, 'showShortcuts'>, () => void>): void {
  useEffect(() => {
    const all: Record<Action, () => void> = { ...actions, showShortcuts };
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, select, textarea, [contenteditable="true"], dialog')) return;
      const action = (Object.keys(PAGE_KEYS) as Action[]).find((a) => PAGE_KEYS[a] === event.key);
      if (!action) return;
      event.preventDefault();
      all[action]();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [actions]);
}
