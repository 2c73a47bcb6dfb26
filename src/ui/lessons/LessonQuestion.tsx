// A step's question: choose a prediction first, then reveal the answer and why.
import { useId, useState } from 'react';
import type { LessonStep } from '../../scenario/lessons';

export function LessonQuestion({ question }: { question: NonNullable<LessonStep['question']> }) {
  const [chosen, setChosen] = useState<number | null>(null);
  const [revealed, setRevealed] = useState(false);
  const name = useId();
  const right = chosen === question.answer;
  return (
    <div className="lesson-question" data-lesson-question="">
      <fieldset disabled={revealed}>
        <legend>{question.prompt}</legend>
        {question.choices.map((choice, i) => (
          <label key={i} className={revealed && i === question.answer ? 'lesson-answer' : undefined}>
            <input type="radio" name={name} checked={chosen === i} onChange={() => setChosen(i)} />
            {choice}
          </label>
        ))}
      </fieldset>
      {revealed ? (
        <p className="lesson-explain" role="status" data-lesson-explain="">
          <strong>{chosen === null ? 'Answer: ' : right ? 'Right. ' : 'Not quite. '}</strong>
          {chosen !== null && !right && <>The answer is “{question.choices[question.answer]}”. </>}
          {question.explain}
        </p>
      ) : (
        <p className="lesson-reveal">
          <button type="button" className="secondary" onClick={() => setRevealed(true)}>
            Reveal
          </button>{' '}
          {chosen === null && <span className="lesson-hint">Make your prediction first, then reveal.</span>}
        </p>
      )}
    </div>
  );
}
