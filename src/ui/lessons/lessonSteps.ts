// The pure edits that move through a lesson: a step's config, a question's answer, where a step
// puts the playhead, leaving the lesson. They come in the lessons' own chunk (./linkedStep.ts):
// a lesson is known only once the lessons are loaded (./catalog.ts), and only a known lesson has
// steps to move through, so the default page's first picture does not wait for them. This chunk
// imports neither the catalog nor ./lessonState.ts, which imports it (see ./lessonAt.ts).
import { parseQuery, type Config } from '../../scenario/codec';
import { LESSONS, type Lesson } from '../../scenario/lessons';
import { CONFIG_KEYS, type Settings } from '../../scenario/schema';
import { newRunView, sameValue, sidesOf } from '../state/configModel';
import { isEmbed } from '../share/openingLink';
import { asks, lessonAt, type LessonAt } from './lessonAt';

/**
 * The config at a lesson's step: its scenario (see ./lessonState.ts), its panels, `lesson` and
 * `step` in the view. An embed whose link names its panels (`view=`) keeps them: a bufferbloat
 * step's plot, timeline and figures had replaced the ladder a frame was sized for, and scrolled
 * it by 650 px.
 */
export function atStep(config: Config, lesson: Lesson, index: number, revealed = false): Config {
  const step = lesson.steps[index];
  const asking = asks(lesson, index);
  const parsed = parseQuery(asking ? lesson.steps[index - 1].query : step.query).config;
  const view: Record<string, string> = {
    ...newRunView(config.view),
    lesson: lesson.id,
    step: String(index + 1),
  };
  delete view.reveal;
  const setByLesson = lessonPanels(config.view);
  // An embed keeps the panels its link chose (the frame was sized for them) on every step.
  const linkPanels = isEmbed(config.view) && view.view !== undefined && view.view !== setByLesson;
  if (step.view?.panels && !linkPanels) view.view = step.view.panels.join(',');
  else if (setByLesson !== undefined && view.view === setByLesson) delete view.view;
  if (!asking || !revealed) return { ...parsed, b: null, view };
  view.reveal = '1';
  return { ...parsed, b: answerAt(lesson, index), view };
}

/** The answer a view's question step keeps back from side B until revealed (null: none to keep). */
export function answerKeptBack(view: Record<string, string>): Partial<Settings> | null {
  const at = lessonAt(view, LESSONS);
  return at && asks(at.lesson, at.index) && view.reveal !== '1' ? answerAt(at.lesson, at.index) : null;
}

/** A question step's answer: the settings of its scenario that differ from the step before's (side B). */
function answerAt(lesson: Lesson, index: number): Partial<Settings> {
  const before = parseQuery(lesson.steps[index - 1].query).config.settings;
  return changes(before, parseQuery(lesson.steps[index].query).config.settings);
}

/** Where a step puts the playhead (ms), or undefined for the end of the run. */
export function stepTimeMs(lesson: Lesson, index: number, revealed: boolean): number | undefined {
  const shown = asks(lesson, index) && !revealed ? index - 1 : index;
  return lesson.steps[shown].view?.t;
}

/** The settings of `after` that differ from `before`: side B's overrides. */
function changes(before: Settings, after: Settings): Partial<Settings> {
  const b: Partial<Settings> = {};
  for (const key of Object.keys(after) as Array<keyof Settings>)
    if (!sameValue(before[key], after[key])) (b as Record<string, unknown>)[key] = after[key];
  return b;
}

/** The panels the view's lesson step chose (`view=`), if it chose any. */
function lessonPanels(view: Record<string, string>): string | undefined {
  const at = lessonAt(view, LESSONS);
  return at?.lesson.steps[at.index].view?.panels?.join(',');
}

/** Out of the lesson, with the panels it chose given back (the student's own choice stays). */
export function closeLesson(config: Config): Config {
  const view = { ...config.view };
  if (view.view !== undefined && view.view === lessonPanels(view)) delete view.view;
  delete view.lesson;
  delete view.step;
  delete view.reveal;
  return { ...config, view };
}

/** `leaveLessonFor` (./lessonState.ts) from inside the lesson `at` that `before` is at. */
export function leaveStepFor(before: Config, at: LessonAt, after: Config): Config {
  const own = sidesOf(atStep(before, at.lesson, at.index, before.view.reveal === '1'));
  const now = sidesOf(after);
  const same =
    own.length === now.length && own.every((s, i) => CONFIG_KEYS.every((k) => sameValue(s[k], now[i][k])));
  return same ? after : closeLesson(after);
}
