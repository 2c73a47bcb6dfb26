// The "Keyboard shortcuts" dialog (the ? key, or the link beside the ladder's hint): every key the
// page answers, in words, read from the tables its handlers use. Loaded when first opened, and
// drawn in a root of its own: it needs nothing of the page's state, so opening it re-renders no view.
import { useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { LADDER_KEYS, type LadderMove } from '../../views/Ladder';
import { useFocusTrap } from '../share/useFocusTrap';
import { LESSON_KEYS, PAGE_KEYS } from './shortcutKeys';

interface Shortcut {
  keys: readonly string[];
  does: string;
}

/** A row per action of a table (action to key), in the words given: a new action needs its words. */
function rows<A extends string>(table: Record<A, string>, words: Record<A, string>): Shortcut[] {
  return (Object.keys(words) as A[]).map((a) => ({ keys: [table[a]], does: words[a] }));
}

/** The ladder's table goes from key to move: a row per move, with every key that makes it. */
function ladderRows(words: Record<LadderMove, string>): Shortcut[] {
  return (Object.keys(words) as LadderMove[]).map((m) => ({
    keys: Object.keys(LADDER_KEYS).filter((k) => LADDER_KEYS[k] === m),
    does: words[m],
  }));
}

const GROUPS: { title: string; when: string; shortcuts: Shortcut[] }[] = [
  {
    title: 'Anywhere on the page',
    when: 'Unless you are typing in a field.',
    shortcuts: rows(PAGE_KEYS, {
      toggle: 'Play or pause',
      stepBack: 'Step back to the previous event',
      stepForward: 'Step to the next event',
      showShortcuts: 'Show this list of keys',
    }),
  },
  {
    title: 'Lessons',
    when: 'While a lesson is open, unless you are typing in a field.',
    shortcuts: rows(LESSON_KEYS, { back: 'Previous step', forward: 'Next step' }),
  },
  {
    title: 'Packet ladder',
    when: 'With a packet focused: Tab to the ladder, or click a packet.',
    shortcuts: ladderRows({
      previous: 'Previous packet',
      next: 'Next packet',
      first: 'First packet',
      last: 'Last packet',
    }),
  },
  {
    title: 'Dialogs and menus',
    when: 'While one is open.',
    shortcuts: [{ keys: ['Escape'], does: 'Close it' }],
  },
];

/** A key as its cap shows it, and in words where the cap is a mark a screen reader may skip. */
const KEY_NAMES: Record<string, [cap: string, words?: string]> = {
  ',': [',', 'comma'],
  '.': ['.', 'full stop'],
  '?': ['?', 'question mark'],
  '[': ['[', 'left bracket'],
  ']': [']', 'right bracket'],
  ArrowUp: ['↑', 'up arrow'],
  ArrowDown: ['↓', 'down arrow'],
  ArrowLeft: ['←', 'left arrow'],
  ArrowRight: ['→', 'right arrow'],
  Escape: ['Esc', 'Escape'],
};

function Key({ name }: { name: string }) {
  const [cap, words] = KEY_NAMES[name] ?? [name];
  return (
    <span className="shortcut-key" data-key={name}>
      <kbd aria-hidden={words ? true : undefined}>{cap}</kbd>
      {words && <span className="shortcut-key-words"> {words}</span>}
    </span>
  );
}

function ShortcutsDialog() {
  const dialogRef = useRef<HTMLDialogElement>(null);
  useFocusTrap(dialogRef, true);
  return (
    <dialog ref={dialogRef} className="modal shortcuts-dialog" aria-labelledby="shortcuts-title">
      <div className="modal-head shortcuts-head">
        <h2 id="shortcuts-title">Keyboard shortcuts</h2>
        <button type="button" className="secondary" onClick={() => dialogRef.current?.close()}>
          Close
        </button>
      </div>
      {GROUPS.map((g) => (
        <section key={g.title}>
          <h3>{g.title}</h3>
          <p className="shortcuts-when">{g.when}</p>
          <dl>
            {g.shortcuts.map((s) => (
              <div key={s.does} className="shortcut">
                <dt>
                  {s.keys.map((k, i) => (
                    <span key={k}>
                      {i > 0 && ' or '}
                      <Key name={k} />
                    </span>
                  ))}
                </dt>
                <dd>{s.does}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </dialog>
  );
}

let dialog: HTMLDialogElement | null = null;

/** Draws the dialog on first use, then opens it as a modal (Escape and Close close it). */
export function showShortcutsDialog(): void {
  if (!dialog) {
    const host = document.body.appendChild(document.createElement('div'));
    createRoot(host).render(<ShortcutsDialog />);
    dialog = host.querySelector('dialog');
  }
  if (dialog && !dialog.open) dialog.showModal();
}
