// The header's "Lessons" button. Its list (LessonsDialog) loads with the lessons when the button
// is first used (a pointer on the button starts the load early); until then the page carries
// neither.
import { useState } from 'react';
import { loadLessons } from './catalog';
import { onDemand } from '../onDemand';
// The list's cards are styled there too: the menu opens before any lesson card has loaded them.
import './lessons.css';

const list = onDemand(() => import('./LessonsDialog').then((m) => m.LessonsDialog));
const load = () => Promise.all([loadLessons(), list.load()]);

export function LessonsMenu({ onStart }: { onStart: (id: string) => void }) {
  const [open, setOpen] = useState(false);
  const Dialog = list.value;
  return (
    <>
      <button
        type="button"
        className="secondary"
        onPointerEnter={() => void load().catch(() => {})}
        onClick={() => {
          load().then(
            () => setOpen(true),
            // The list is empty without the lessons, and not there without its code; the next click tries again.
            () => setOpen(list.value !== null),
          );
        }}
      >
        Lessons
      </button>
      {Dialog && <Dialog open={open} onClose={() => setOpen(false)} onStart={onStart} />}
    </>
  );
}
