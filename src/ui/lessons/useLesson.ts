// The lesson being followed: which step, moving between steps (buttons and the `[` `]` keys),
// starting and closing. Each step sets the scenario and the view, then puts the playhead where
// the step says (or at the end of the run).
import { useCallback, useEffect, useMemo } from 'react';
import type { Config } from '../../scenario/codec';
import { findLesson } from '../../scenario/lessons';
import { atStep, closeLesson, lessonFromView } from './lessonState';

export interface LessonControls {
  lessonId: string | null;
  index: number;
  go: (index: number) => void;
  start: (id: string) => void;
  close: () => void;
}

export function useLesson(
  config: Config,
  update: (edit: (c: Config) => Config) => void,
  seek: (ns: number) => void,
): LessonControls {
  const at = useMemo(() => lessonFromView(config.view), [config.view]);
  const lessonId = at?.lesson.id ?? null;
  const index = at?.index ?? 0;

  const show = useCallback(
    (id: string, next: number) => {
      const lesson = findLesson(id);
      if (!lesson || next < 0 || next >= lesson.steps.length) return;
      update((c) => atStep(c, lesson, next));
      const t = lesson.steps[next].view?.t;
      seek(t === undefined ? Infinity : t * 1e6);
    },
    [update, seek],
  );
  const go = useCallback((next: number) => lessonId && show(lessonId, next), [lessonId, show]);
  const start = useCallback((id: string) => show(id, 0), [show]);
  const close = useCallback(() => update(closeLesson), [update]);

  // `[` and `]` step through the lesson (the playback keys are k , . and the arrows).
  useEffect(() => {
    if (!lessonId) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key !== '[' && event.key !== ']') return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input:not([type="radio"]), select, textarea, [contenteditable="true"], dialog'))
        return;
      event.preventDefault();
      go(index + (event.key === ']' ? 1 : -1));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [lessonId, index, go]);

  return { lessonId, index, go, start, close };
}
