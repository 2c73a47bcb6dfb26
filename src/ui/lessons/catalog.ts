// The lessons' texts load on demand: a page opened on a lesson link loads them before its first
// render (main.tsx), any other page when the Lessons menu is first opened. Until then no lesson is
// known; nothing on the page can name one before they are here.
import type { Lesson } from '../../scenario/lessons';

let loaded: readonly Lesson[] | null = null;
let loading: Promise<readonly Lesson[]> | null = null;

export function loadLessons(): Promise<readonly Lesson[]> {
  loading ??= import('../../scenario/lessons').then(
    (m) => (loaded = m.LESSONS),
    (error: unknown) => {
      loading = null; // try again on the next request
      throw error;
    },
  );
  return loading;
}

/** The lessons, once loaded (else an empty list). */
export function loadedLessons(): readonly Lesson[] {
  return loaded ?? [];
}

export function findLesson(id: string): Lesson | undefined {
  return loaded?.find((l) => l.id === id);
}

/** Whether a query string names a lesson (so the page loads the lessons before it renders). */
export function linkNamesLesson(search: string): boolean {
  return new URLSearchParams(search).has('lesson');
}
