// The list the header's "Lessons" button opens: each guided lesson with its paper and summary,
// and a button that starts it at step 1. Loaded with the lessons, when the button is first used.
import { loadedLessons } from './catalog';
import { useModalDialog } from '../useModalDialog';

export interface LessonsDialogProps {
  open: boolean;
  onClose: () => void;
  onStart: (id: string) => void;
}

export function LessonsDialog({ open, onClose, onStart }: LessonsDialogProps) {
  const dialogRef = useModalDialog(open);
  return (
    <dialog
      ref={dialogRef}
      className="modal gallery lessons-dialog"
      aria-labelledby="lessons-title"
      onClose={onClose}
    >
      <div className="modal-head gallery-head">
        <h2 id="lessons-title">Guided lessons</h2>
        <button type="button" className="secondary" onClick={onClose}>
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
                // Closed first, so focus is back on the Lessons button when the lesson's card
                // opens, which takes it on to step 1's heading (LessonPanel.tsx).
                dialogRef.current?.close();
                onStart(l.id);
                onClose();
              }}
            >
              Start
            </button>
          </li>
        ))}
      </ul>
    </dialog>
  );
}
