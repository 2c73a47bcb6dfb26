// The lesson in the link (`lesson=<id>&step=<n>`, n from 1, `reveal=1` once a question step's
// answer is shown); the pure edits that move through it are in ./lessonSteps.ts, loaded with the
// lessons. A step sets the scenario (its query) and the view (panels); the playhead is the hook's
// job. A question step keeps the step before it on screen until the answer is revealed, then
// shows both: the step before as A, the answer as B.
import type { Config } from '../../scenario/codec';
import { lessonSteps, loadedLessons } from './catalog';
import { asks, lessonAt, type LessonAt } from './lessonAt';

export type { LessonAt } from './lessonAt';

/** The lesson and step the view names, among the lessons loaded; problems (if any) are pushed for the notice. */
export function lessonFromView(view: Record<string, string>, problems: string[] = []): LessonAt | null {
  return lessonAt(view, loadedLessons(), problems);
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
 * The config after a whole scenario was chosen in `before` (another preset, the defaults, Reset,
 * a gallery's entry, a sweep's point). Inside a lesson the step's words speak of the step's own
 * runs, not these: the lesson closes as its Close button closes it, and the entry before keeps the
 * step for Back. A choice that gives the step's runs back (Reset after a knob moved) stays in it.
 */
export function leaveLessonFor(before: Config, after: Config): Config {
  const at = lessonFromView(before.view);
  // A lesson is known only once the lessons (and their steps) are here.
  return at ? lessonSteps()!.leaveStepFor(before, at, after) : after;
}
