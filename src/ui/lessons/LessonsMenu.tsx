// The header's "Lessons" button. Its list (LessonsDialog) loads with the lessons when the button
// is first used (a pointer on the button starts the load early); until then the page carries
// neither.
import { loadLessons } from './catalog';
import { onDemand } from '../onDemand';
import { LoadFailure } from '../LazyPanel';
import { useOnDemandDialog } from '../useOnDemandDialog';
// The list's cards are styled there too: the menu opens before any lesson card has loaded them.
import './lessons.css';

const list = onDemand(() => import('./LessonsDialog').then((m) => m.LessonsDialog));
const code = { load: () => Promise.all([loadLessons(), list.load()]) };

export function LessonsMenu({ onStart }: { onStart: (id: string) => void }) {
  const { open, close, failure, prefetch, request } = useOnDemandDialog(code);
  const Dialog = list.value;
  return (
    <>
      <button
        type="button"
        className="secondary"
        data-lessons-menu=""
        onPointerEnter={prefetch}
        onClick={request}
      >
        Lessons
      </button>
      {failure !== null && <LoadFailure name="the lessons" error={failure} />}
      {Dialog && <Dialog open={open} onClose={close} onStart={onStart} />}
    </>
  );
}
