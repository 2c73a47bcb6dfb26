// The lessons' texts load on demand: a page opened on a lesson link (or brought back to one by Back
// or Forward) loads them before it reads the link (loadForLink in ./openGuides.ts), any other page
// when the Lessons menu is first opened. Until then no lesson is known; nothing on the page can
// name one before they are here.
import type { Lesson } from '../../scenario/lessons';
import { onDemand } from '../onDemand';

const lessons = onDemand(() => import('./linkedStep'));

/** Load the lessons (with how a link opens a step, ./linkedStep.ts, and the steps' edits, ./lessonSteps.ts). */
export const loadLessons = () => lessons.load();

/** The lessons, once loaded (else an empty list). */
export function loadedLessons(): readonly Lesson[] {
  return lessons.value?.LESSONS ?? [];
}

export function findLesson(id: string): Lesson | undefined {
  return loadedLessons().find((l) => l.id === id);
}

/** How a link opens its lesson's step, once the lessons are here (a lesson is known only then). */
export const stepOpener = () => lessons.value?.linkedStep;

/** The edits that move through a lesson's steps (./lessonSteps.ts), once the lessons are here. */
export const lessonSteps = () => lessons.value?.steps;

/** Whether a query string names a lesson (so the page loads the lessons before it renders). */
export function linkNamesLesson(search: string): boolean {
  return new URLSearchParams(search).has('lesson');
}
