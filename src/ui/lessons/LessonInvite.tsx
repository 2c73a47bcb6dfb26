// One quiet line under the tagline that points a newcomer at the first lesson. Only on the page
// opened without a query: a preset, lesson, embed or any lecturer's link has its own purpose. Gone
// for good (on this device) once dismissed or followed, and for this visit once a preset is opened
// (the student has chosen a way in).
import { useState } from 'react';
import { readStored, writeStored } from '../storage';
import { loadLessons } from './catalog';

/** The lesson offered; a browser spec checks that the title is the one the lesson opens with. */
const LESSON_ID = 'the-200ms-mystery';
const LESSON_TITLE = 'The 200 ms mystery';
const STORAGE_KEY = 'roundtrip.lessonInvite';

export function LessonInvite({ onStart, preset }: { onStart: (id: string) => void; preset: string | null }) {
  const [shown, setShown] = useState(() => window.location.search === '' && readStored(STORAGE_KEY) === null);
  // Derived once and kept: Back to the default scenario does not bring the line back.
  if (shown && preset !== null) setShown(false);
  if (!shown || preset !== null) return null;
  const hide = () => {
    setShown(false);
    writeStored(STORAGE_KEY, 'dismissed');
  };
  return (
    <p className="lesson-invite" data-lesson-invite="">
      New here? Try a lesson:{' '}
      <a
        href={`?lesson=${LESSON_ID}`}
        onClick={(e) => {
          if (e.ctrlKey || e.metaKey || e.shiftKey) return; // a new tab or window: the browser's
          e.preventDefault();
          // The line goes with the link: focus waits on the header's Lessons button, and the
          // lesson's first step takes it on to its heading (LessonPanel.tsx), as Start does.
          document.querySelector<HTMLElement>('[data-lessons-menu]')?.focus();
          hide();
          void loadLessons().then(() => onStart(LESSON_ID));
        }}
      >
        {LESSON_TITLE}
      </a>
      <button
        type="button"
        className="link-button"
        aria-label="Dismiss the lesson suggestion"
        onClick={(e) => {
          // The button goes with the line: keyboard focus moves on to the header's first button
          // rather than falling back to the top of the page.
          const next = e.currentTarget.closest('header')?.querySelector<HTMLElement>('nav button');
          hide();
          next?.focus();
        }}
      >
        ×
      </button>
    </p>
  );
}
