// The lesson card above the views: the lesson's title, step k of N, the step's words, its question,
// and Previous / Next. It lives in the main area, so it works without the page header (embeds).
// The step's highlight goes on <html> as data-highlight-* so the stylesheet can outline the stall or
// figure it points at wherever the views are (the page's main area, an embed's). An ancestor's
// attribute keeps the rule cheap: a `:has()` on the step's own element had every band and figure
// re-check it on each restyle, which doubled the style time of a knob change on a large run.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { findLesson } from './catalog';
import { keepTimesTogether } from '../../views/format';
import { LessonQuestion } from './LessonQuestion';
import { LESSON_KEYS } from '../shortcuts/shortcutKeys';
import type { LessonControls } from './useLesson';
import type { ScenarioUpdate } from '../state/useScenario';
import type { Config } from '../../scenario/codec';
import { hiddenOf, panelsNamed, panelTitle, showing } from './stepPanels';
import { isEmbed } from '../share/openingLink';
import { bringStallsInView } from './answerInView';
import { useFocusHandoff } from '../useFocusHandoff';
import './lessons.css';

export function LessonPanel({
  controls,
  view,
  update,
}: {
  controls: LessonControls;
  /** The page's view keys: the panels shown (`view=`), whether it is an embed. */
  view: Record<string, string>;
  update: ScenarioUpdate;
}) {
  const lesson = controls.lessonId ? findLesson(controls.lessonId) : undefined;
  const step = lesson?.steps[controls.index];
  const shown = step && !controls.folded ? step.highlight : undefined;
  const focus = step && controls.revealed ? step.question?.focus : undefined;
  useHighlight('data-highlight-stall', (!controls.folded && focus?.stall) || shown?.stall);
  useHighlight('data-highlight-metric', shown?.metric);
  useAnswerFocus(update, focus && `${controls.lessonId}/${controls.index}`, focus?.zoomMs, focus?.stall);
  const { headingRef, said, byButton, onFocus } = useStepFocus(controls, step?.title);
  // Closed, the card goes: focus goes to the Lessons button in the header, or in an embed (which
  // folds the card) to Reopen lesson.
  const handOff = useFocusHandoff();
  const reopenRef = useRef<HTMLButtonElement>(null);
  if (!lesson || !step) return null;
  const { index } = controls;
  // An embed shows the panels its link chose, for a frame sized to them: no offer there.
  const hidden = isEmbed(view) ? [] : hiddenOf(panelsNamed(step, controls.revealed), view.view);
  const last = lesson.steps.length - 1;
  if (controls.folded)
    return (
      <p className="lesson-folded" data-lesson-folded={lesson.id}>
        <span>
          Lesson: <strong>{lesson.title}</strong>, step {index + 1} of {lesson.steps.length}
        </span>
        <button type="button" className="secondary small" ref={reopenRef} onClick={controls.reopen}>
          Reopen lesson
        </button>
      </p>
    );
  return (
    <section
      className="lesson"
      aria-labelledby="lesson-step-title"
      data-lesson={lesson.id}
      data-lesson-step={index + 1}
      onFocus={onFocus}
    >
      <div className="lesson-head">
        <p className="lesson-name">
          Lesson: <strong>{lesson.title}</strong> <span className="lesson-paper">({lesson.paper})</span>
        </p>
        <button
          type="button"
          className="secondary small"
          onClick={(e) => {
            document.querySelector<HTMLElement>('[data-lessons-menu]')?.focus();
            handOff(e.currentTarget, () => reopenRef.current);
            controls.close();
          }}
        >
          Close lesson
        </button>
      </div>
      <h2 id="lesson-step-title" tabIndex={-1} ref={headingRef}>
        <span className="lesson-count">
          Step {index + 1} of {lesson.steps.length}:
        </span>{' '}
        {step.title}
      </h2>
      <p className="lesson-text">{keepTimesTogether(step.text)}</p>
      {step.question && (
        <LessonQuestion
          key={`${lesson.id}-${index}`}
          step={`${lesson.id}/${index + 1}`}
          question={step.question}
          revealed={controls.revealed}
          onReveal={controls.reveal}
        />
      )}
      {hidden.length > 0 && (
        <p className="lesson-hidden" data-lesson-hidden={hidden.join(',')}>
          This step speaks of {hidden.map((p) => `“${panelTitle(p)}”`).join(' and ')}, hidden now.{' '}
          <button
            type="button"
            className="secondary small"
            onClick={() => update((c) => ({ ...c, view: showing(c.view, hidden) }), { history: 'push' })}
          >
            Show {hidden.length > 1 ? 'them' : 'it'}
          </button>
        </p>
      )}
      <p className="lesson-said" role="status">
        {said}
      </p>
      <nav className="lesson-nav" aria-label="Lesson steps">
        <button
          type="button"
          className="secondary"
          disabled={index === 0}
          onClick={() => byButton(index - 1)}
        >
          Previous step
        </button>
        <button type="button" disabled={index === last} onClick={() => byButton(index + 1)}>
          Next step
        </button>
        <span className="lesson-keys">
          Keys: <kbd>{LESSON_KEYS.back}</kbd> previous step, <kbd>{LESSON_KEYS.forward}</kbd> next step
        </span>
      </nav>
    </section>
  );
}

/**
 * A new step is said once. Moved by Previous or Next, whose press may turn it off (the first step,
 * the last), focus goes to the new step's heading, which a screen reader then reads; moved another
 * way (the `[` and `]` keys, Back), focus stays where it is and a polite status says the step,
 * unless the move took away what had focus in the card (a question's choice, Reveal, the answer,
 * Next step at the last step): then focus goes to the heading too, not to the page's start. A
 * lesson opened with focus on the header's Lessons button (the list's Start gives it back there as
 * the list closes) takes focus to its step's heading likewise.
 */
function useStepFocus({ lessonId, index, go }: LessonControls, title: string | undefined) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const pressed = useRef(false);
  const [said, setSaid] = useState('');
  const shown = useRef<{ lessonId: string | null; index: number } | null>(null);
  /** What had focus in the card last (focus events bubble to it). */
  const lastFocus = useRef<Element | null>(null);
  useLayoutEffect(() => {
    const last = shown.current;
    shown.current = { lessonId, index };
    if (!title || (last?.lessonId === lessonId && last.index === index)) return;
    const active = document.activeElement;
    const fell = active === null || active === document.body;
    if (last?.lessonId !== lessonId) {
      if (active?.matches('[data-lessons-menu]')) headingRef.current?.focus();
      return;
    }
    const from = lastFocus.current;
    const takenAway =
      from !== null && (!from.isConnected || from.matches(':disabled')) && (fell || active === from);
    const toHeading = pressed.current || takenAway;
    if (toHeading) headingRef.current?.focus();
    setSaid(toHeading ? '' : (headingRef.current?.textContent ?? title));
    pressed.current = false;
  }, [lessonId, index, title]);
  const byButton = (next: number) => {
    pressed.current = true;
    go(next);
  };
  const onFocus = (event: { target: EventTarget | null }) => {
    lastFocus.current = event.target as Element;
  };
  return { headingRef, said, byButton, onFocus };
}

/**
 * Frames what a revealed answer points at when it comes on screen (by Reveal or by a link): the
 * ladder zoomed on `zoomMs`, unless the link names a zoom of its own, and the first of its `stall`
 * bands scrolled into the ladder's view sideways. Once per reveal (`revealed`: lesson and step):
 * the student may zoom out and stays there; the reveal's history entry keeps the zoom.
 */
function useAnswerFocus(
  update: ScenarioUpdate,
  revealed: string | undefined,
  zoomMs: [number, number] | undefined,
  stall: string | undefined,
): void {
  const zoom = zoomMs?.join(',');
  useEffect(() => {
    if (revealed === undefined || zoom === undefined) return;
    const zoomed = (c: Config) => (c.view.zoom === undefined ? { ...c, view: { ...c.view, zoom } } : c);
    // The page's own note in the link, as its folding is: no change of the reader's.
    update(zoomed, { history: 'replace', quiet: true });
  }, [update, revealed, zoom]);
  useEffect(() => (revealed && stall ? bringStallsInView(stall) : undefined), [revealed, stall]);
}

/** Sets `name` on <html> while the card shows a step that highlights `value`. */
function useHighlight(name: string, value: string | undefined): void {
  useEffect(() => {
    if (!value) return;
    const root = document.documentElement;
    root.setAttribute(name, value);
    return () => root.removeAttribute(name);
  }, [name, value]);
}
