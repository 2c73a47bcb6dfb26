// Page-wide playback keys, ignored while typing in a form field: k plays or pauses, comma and
// full stop step to the previous and next event.
import { useEffect } from 'react';

export function useShortcuts(actions: {
  toggle: () => void;
  stepBack: () => void;
  stepForward: () => void;
}): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, select, textarea, [contenteditable="true"], dialog')) return;
      const action = { k: actions.toggle, ',': actions.stepBack, '.': actions.stepForward }[event.key];
      if (!action) return;
      event.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [actions]);
}
