// The lesson in the link (`lesson=<id>&step=<n>`, n from 1) and the pure edits that move through
// it. A step sets the scenario (its query) and the view (panels); the playhead is the hook's job.
import { parseQuery, VIEW_KEYS, type Config } from '../../scenario/codec';
import { findLesson, type Lesson } from '../../scenario/lessons';

export interface LessonAt {
  lesson: Lesson;
  /** 0-based. */
  index: number;
}

const quote = (text: string) => JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);

/** The lesson and step the view names; problems (if any) are pushed for the notice. */
export function lessonFromView(view: Record<string, string>, problems: string[] = []): LessonAt | null {
  if (view.lesson === undefined) return null;
  const lesson = findLesson(view.lesson);
  if (!lesson) {
    problems.push(`lesson=${quote(view.lesson)}: no such lesson`);
    return null;
  }
  const raw = view.step ?? '1';
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > lesson.steps.length) {
    problems.push(`step=${quote(raw)}: must be a step from 1 to ${lesson.steps.length}; opening step 1`);
    return { lesson, index: 0 };
  }
  return { lesson, index: n - 1 };
}

/** The config at a lesson's step: its scenario on side A, its panels, `lesson` and `step` in the view. */
export function atStep(config: Config, lesson: Lesson, index: number): Config {
  const step = lesson.steps[index];
  const parsed = parseQuery(step.query).config;
  const view: Record<string, string> = { ...config.view, lesson: lesson.id, step: String(index + 1) };
  delete view.t;
  if (step.view?.panels) view.view = step.view.panels.join(',');
  return { ...parsed, b: null, view };
}

export function closeLesson(config: Config): Config {
  const view = { ...config.view };
  delete view.lesson;
  delete view.step;
  return { ...config, view };
}

/** Whether a link sets any scenario key of its own (else a lesson's step supplies the scenario). */
export function linkNamesScenario(search: string): boolean {
  const keys = [...new URLSearchParams(search).keys()];
  return keys.some((k) => k !== 'v' && !(VIEW_KEYS as readonly string[]).includes(k));
}
