// A step's question: choose a prediction first, then reveal the answer and why. Revealing is the
// lesson's to do (it puts the answer on screen as side B), so it is a prop, not local state.
import { useEffect, useId, useRef, useState } from 'react';
import type { LessonStep } from '../../scenario/lessons';
import { keepTimesTogether } from '../../views/format';

export function LessonQuestion({
  step,
  question,
  revealed,
  onReveal,
}: {
  /** The lesson's id and the step's number: where the choice is kept. */
  step: string;
  question: NonNullable<LessonStep['question']>;
  revealed: boolean;
  onReveal: () => void;
}) {
  const [chosen, setChosen] = useState<number | null>(() => savedChoice(step));
  const choose = (i: number) => {
    setChosen(i);
    saveChoice(step, i);
  };
  const name = useId();
  const right = chosen === question.answer;
  // Reveal's button goes with the click: focus the answer in its place, or a keyboard user's
  // place fell to the page's start.
  const explainRef = useRef<HTMLParagraphElement>(null);
  const focusAnswer = useRef(false);
  useEffect(() => {
    if (revealed && focusAnswer.current) explainRef.current?.focus();
    focusAnswer.current = false;
  }, [revealed]);
  return (
    <div className="lesson-question" data-lesson-question="">
      <fieldset disabled={revealed}>
        <legend>{keepTimesTogether(question.prompt)}</legend>
        {question.choices.map((choice, i) => (
          <label key={i} className={revealed && i === question.answer ? 'lesson-answer' : undefined}>
            <input type="radio" name={name} checked={chosen === i} onChange={() => choose(i)} />
            {keepTimesTogether(choice)}
          </label>
        ))}
      </fieldset>
      {revealed ? (
        <p className="lesson-explain" role="status" data-lesson-explain="" tabIndex={-1} ref={explainRef}>
          <strong>{chosen === null ? 'Answer: ' : right ? 'Right. ' : 'Not quite. '}</strong>
          {chosen !== null && !right && (
            <>The answer is “{keepTimesTogether(question.choices[question.answer])}”. </>
          )}
          {keepTimesTogether(question.explain)}{' '}
          <span className="lesson-sides">Below: A before the change, B after it.</span>
        </p>
      ) : (
        <p className="lesson-reveal">
          <button
            type="button"
            className="secondary"
            onClick={() => {
              focusAnswer.current = true;
              onReveal();
            }}
          >
            Reveal
          </button>{' '}
          <span className="lesson-hint">
            {chosen === null ? 'Predict first. ' : ''}Reveal adds the change beside this run as side B.
          </span>
        </p>
      )}
    </div>
  );
}

// The choices are kept in the history entry's state, which goes on to the entries after it (the
// reveal, the next steps): Back to a revealed step shows "Right" or "Not quite" as the student left
// it, not "Answer:". The link stays the scenario's; a shared link carries no one's answer.
const CHOICES = 'lessonChoices';

type Choices = Record<string, number>;

function historyState(): Record<string, unknown> {
  const state: unknown = window.history.state;
  return state !== null && typeof state === 'object' ? (state as Record<string, unknown>) : {};
}

function savedChoice(step: string): number | null {
  const choice = (historyState()[CHOICES] as Choices | undefined)?.[step];
  return typeof choice === 'number' ? choice : null;
}

function saveChoice(step: string, choice: number): void {
  const state = historyState();
  const choices = { ...(state[CHOICES] as Choices | undefined), [step]: choice };
  window.history.replaceState({ ...state, [CHOICES]: choices }, '', window.location.href);
}
