// The lesson in the link (`lesson=<id>&step=<n>`, n from 1, `reveal=1` once a question step's
// answer is shown) and the pure edits that move through it. A step sets the scenario (its query)
// and the view (panels); the playhead is the hook's job. A question step keeps the step before it
// on screen until the answer is revealed, then shows both: the step before as A, the answer as B.
import { parseQuery, quote, type Config } from '../../scenario/codec';
import type { Lesson } from '../../scenario/lessons';
import { findLesson, loadedLessons } from './catalog';
import { didYouMean } from '../../scenario/didYouMean';
import { CONFIG_KEYS, type Settings } from '../../scenario/schema';
import { newRunView, sameValue, sidesOf } from '../state/configModel';
import { isEmbed } from '../share/openingLink';

export interface LessonAt {
  lesson: Lesson;
  /** 0-based. */
  index: number;
}

/** The lesson and step the view names; problems (if any) are pushed for the notice. */
export function lessonFromView(view: Record<string, string>, problems: string[] = []): LessonAt | null {
  if (view.lesson === undefined) return null;
  const lesson = findLesson(view.lesson);
  if (!lesson) {
    const ids = loadedLessons().map((l) => l.id);
    problems.push(`lesson=${quote(view.lesson)}: no such lesson${didYouMean(view.lesson, ids)}`);
    return null;
  }
  const raw = view.step ?? '1';
  const n = Number(raw);
  // A step out of range opens step 1; the link's reader says so (./linkedStep.ts).
  return { lesson, index: Number.isInteger(n) && n > 0 && n <= lesson.steps.length ? n - 1 : 0 };
}

/** Whether the step asks for a prediction about the change from the step before it (none past the last). */
function asks(lesson: Lesson, index: number): boolean {
  return index > 0 && lesson.steps[index]?.question !== undefined;
}

/** Why hints are held back: the step's own question waits for its answer, or the next step asks one. */
export type HintsWithheld = false | 'question' | 'next-step';

/**
 * Whether the view is at a question step whose answer is not revealed yet ('question'), or at the
 * step before one, whose scenario the question changes ('next-step'). Until the answer is
 * revealed, nothing else on the page may give it away: the preset's hints and the callout's fix
 * name the very change the question asks about (the 200 ms mystery's first step had offered "try
 * Header flush: none (380 ms faster)", the answer to its second).
 */
export function awaitingAnswer(view: Record<string, string>): HintsWithheld {
  const at = lessonFromView(view);
  if (at === null) return false;
  if (asks(at.lesson, at.index)) return view.reveal !== '1' && 'question';
  return asks(at.lesson, at.index + 1) && 'next-step';
}

/**
 * The config at a lesson's step: its scenario (see above), its panels, `lesson` and `step` in the
 * view. An embed whose link names its panels (`view=`) keeps them: a bufferbloat step's plot,
 * timeline and figures had replaced the ladder a frame was sized for, and scrolled it by 650 px.
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
  const at = lessonFromView(view);
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
  const at = lessonFromView(view);
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

/**
 * The config after a whole scenario was chosen in `before` (another preset, the defaults, Reset,
 * a gallery's entry, a sweep's point). Inside a lesson the step's words speak of the step's own
 * runs, not these: the lesson closes as its Close button closes it, and the entry before keeps the
 * step for Back. A choice that gives the step's runs back (Reset after a knob moved) stays in it.
 */
export function leaveLessonFor(before: Config, after: Config): Config {
  const at = lessonFromView(before.view);
  if (!at) return after;
  const own = sidesOf(atStep(before, at.lesson, at.index, before.view.reveal === '1'));
  const now = sidesOf(after);
  const same =
    own.length === now.length && own.every((s, i) => CONFIG_KEYS.every((k) => sameValue(s[k], now[i][k])));
  return same ? after : closeLesson(after);
}
