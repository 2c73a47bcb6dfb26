// A step's question: choose a prediction first, then reveal the answer and why. Revealing is the
// lesson's to do (it puts the answer on screen as side B), so it is a prop, not local state.
import { useId, useState } from 'react';
import type { LessonStep } from '../../scenario/lessons';
import { keepTimesTogether } from '../../views/format';

export function LessonQuestion({
  question,
  revealed,
  onReveal,
}: {
  question: NonNullable<LessonStep['question']>;
  revealed: boolean;
  onReveal: () => void;
}) {
  const [chosen, setChosen] = useState<number | null>(null);
  const name = useId();
  const right = chosen === question.answer;
  return (
    <div className="lesson-question" data-lesson-question="">
      <fieldset disabled={revealed}>
        <legend>{keepTimesTogether(question.prompt)}</legend>
        {question.choices.map((choice, i) => (
          <label key={i} className={revealed && i === question.answer ? 'lesson-answer' : undefined}>
            <input type="radio" name={name} checked={chosen === i} onChange={() => setChosen(i)} />
            {keepTimesTogether(choice)}
          </label>
        ))}
      </fieldset>
      {revealed ? (
        <p className="lesson-explain" role="status" data-lesson-explain="">
          <strong>{chosen === null ? 'Answer: ' : right ? 'Right. ' : 'Not quite. '}</strong>
          {chosen !== null && !right && (
            <>The answer is “{keepTimesTogether(question.choices[question.answer])}”. </>
          )}
          {keepTimesTogether(question.explain)}{' '}
          <span className="lesson-sides">Below: A before the change, B after it.</span>
        </p>
      ) : (
        <p className="lesson-reveal">
          <button type="button" className="secondary" onClick={onReveal}>
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
