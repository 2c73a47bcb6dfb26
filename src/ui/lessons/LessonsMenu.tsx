// The header's "Lessons" button and the list it opens: each guided lesson with its paper and
// summary, and a button that starts it at step 1. The lessons load when the menu is first opened
// (the list waits for them; a pointer on the button starts the load early).
import { useState } from 'react';
import { loadedLessons, loadLessons } from './catalog';
import { useModalDialog } from '../useModalDialog';
// The list's cards are styled there too: the menu opens before any lesson card has loaded them.
import './lessons.css';

export function LessonsMenu({ onStart }: { onStart: (id: string) => void }) {
  const [open, setOpen] = useState(false);
  const dialogRef = useModalDialog(open);
  return (
    <>
      <button
        type="button"
        className="secondary"
        onPointerEnter={() => void loadLessons().catch(() => {})}
        onClick={() => {
          loadLessons().then(
            () => setOpen(true),
            () => setOpen(true), // the list is empty then; the next click tries again
          );
        }}
      >
        Lessons
      </button>
      <dialog
        ref={dialogRef}
        className="gallery lessons-dialog"
        aria-labelledby="lessons-title"
        onClose={() => setOpen(false)}
      >
        <div className="gallery-head">
          <h2 id="lessons-title">Guided lessons</h2>
          <button type="button" className="secondary" onClick={() => setOpen(false)}>
            Close
          </button>
        </div>
        <p>Each lesson walks through a paper's finding a step at a time: predict, then watch the packets.</p>
        <ul className="lesson-list">
          {loadedLessons().map((l) => (
            <li key={l.id} data-lesson-card={l.id}>
              <h3>{l.title}</h3>
              <p className="lesson-paper">
                {l.paper} · {l.steps.length} steps
              </p>
              <p>{l.summary}</p>
              <button
                type="button"
                aria-label={`Start the lesson ${l.title}`}
                onClick={() => {
                  onStart(l.id);
                  setOpen(false);
                }}
              >
                Start
              </button>
            </li>
          ))}
        </ul>
      </dialog>
    </>
  );
}
