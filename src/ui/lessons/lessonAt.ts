// Which step of which lesson a view names (`lesson=<id>&step=<n>`), read by the page
// (./lessonState.ts, among the lessons once loaded) and by the steps' edits in the lessons' own
// chunk (./lessonSteps.ts, among the lessons that chunk carries). Apart from ./catalog.ts, which
// loads that chunk: the chunk importing the catalog had split two more chunks off the first load.
import { quote } from '../../scenario/codec';
import type { Lesson } from '../../scenario/lessons';
import { didYouMean } from '../../scenario/didYouMean';

export interface LessonAt {
  lesson: Lesson;
  /** 0-based. */
  index: number;
}

/** The lesson of `lessons` and its step the view names; problems (if any) are pushed for the notice. */
export function lessonAt(
  view: Record<string, string>,
  lessons: readonly Lesson[],
  problems: string[] = [],
): LessonAt | null {
  if (view.lesson === undefined) return null;
  const lesson = lessons.find((l) => l.id === view.lesson);
  if (!lesson) {
    const ids = lessons.map((l) => l.id);
    problems.push(`lesson=${quote(view.lesson)}: no such lesson${didYouMean(view.lesson, ids)}`);
    return null;
  }
  const raw = view.step ?? '1';
  const n = Number(raw);
  // A step out of range opens step 1; the link's reader says so (./linkedStep.ts).
  return { lesson, index: Number.isInteger(n) && n > 0 && n <= lesson.steps.length ? n - 1 : 0 };
}

/** Whether the step asks for a prediction about the change from the step before it (none past the last). */
export function asks(lesson: Lesson, index: number): boolean {
  return index > 0 && lesson.steps[index]?.question !== undefined;
}
