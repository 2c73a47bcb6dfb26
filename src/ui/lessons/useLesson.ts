// The lesson being followed: which step, moving between steps (buttons and the `[` `]` keys),
// revealing a question's answer, starting and closing. Each step sets the scenario and the view,
// then puts the playhead where the step says (or at the end of the run); each is a history entry.
// In an embed, closing folds the card to a bar that reopens it (there is no Lessons menu there).
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Config } from '../../scenario/codec';
import { findLesson, lessonSteps } from './catalog';
import type { ScenarioUpdate } from '../state/useScenario';
import { LESSON_KEYS, notAShortcut } from '../shortcuts/shortcutKeys';
import { awaitingAnswer, lessonFromView, type HintsWithheld } from './lessonState';

export interface LessonControls {
  lessonId: string | null;
  index: number;
  /** A question step's answer is on screen (as side B). */
  revealed: boolean;
  /** A question waits for its answer, on this step or the next: the page keeps its hints back. */
  awaitingAnswer: HintsWithheld;
  /** Folded away in an embed, with a button to reopen. */
  folded: boolean;
  go: (index: number) => void;
  start: (id: string) => void;
  reveal: () => void;
  close: () => void;
  reopen: () => void;
}

export function useLesson(
  config: Config,
  update: ScenarioUpdate,
  seek: (ns: number) => void,
  embedded = false,
): LessonControls {
  const at = useMemo(() => lessonFromView(config.view), [config.view]);
  const lessonId = at?.lesson.id ?? null;
  const index = at?.index ?? 0;
  const revealed = config.view.reveal === '1';
  const [folded, setFolded] = useState(false);

  const show = useCallback(
    (id: string, next: number, reveal = false) => {
      // A lesson is known only once the lessons, and their steps' edits, are here.
      const lesson = findLesson(id);
      const steps = lessonSteps();
      if (!lesson || !steps || next < 0 || next >= lesson.steps.length) return;
      update((c) => steps.atStep(c, lesson, next, reveal), { history: 'push' });
      const t = steps.stepTimeMs(lesson, next, reveal);
      seek(t === undefined ? Infinity : t * 1e6);
    },
    [update, seek],
  );
  const go = useCallback((next: number) => lessonId && show(lessonId, next), [lessonId, show]);
  const start = useCallback((id: string) => show(id, 0), [show]);
  const reveal = useCallback(() => lessonId && show(lessonId, index, true), [lessonId, index, show]);
  const close = useCallback(() => {
    if (embedded) setFolded(true);
    else update((c) => lessonSteps()?.closeLesson(c) ?? c, { history: 'push' });
  }, [embedded, update]);
  const reopen = useCallback(() => setFolded(false), []);

  // `[` and `]` (LESSON_KEYS) step through the lesson.
  useEffect(() => {
    if (!lessonId || folded) return;
    const onKey = (event: KeyboardEvent) => {
      if (notAShortcut(event)) return;
      const step = event.key === LESSON_KEYS.forward ? 1 : event.key === LESSON_KEYS.back ? -1 : 0;
      if (!step) return;
      event.preventDefault();
      go(index + step);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [lessonId, folded, index, go]);

  const awaiting = useMemo(() => awaitingAnswer(config.view), [config.view]);
  return { lessonId, index, revealed, awaitingAnswer: awaiting, folded, go, start, reveal, close, reopen };
}
