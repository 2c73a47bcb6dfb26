// While a lesson's question waits for its answer (lessons/lessonState.ts, `awaitingAnswer`), a
// preset's hints and the figures that measure a change are kept back wherever a preset is shown:
// they name the very change the question asks the student to predict.
import type { PublishedFigure } from '../../scenario/presets';
import type { FigureResult } from '../../worker/protocol';
import type { HintsWithheld } from '../lessons/lessonState';

/**
 * The figures to show: all of them, or while hints are withheld only those of the run itself (a
 * figure measured against another scenario, `versus`, says what a change does).
 */
export function shownFigures(
  published: PublishedFigure[],
  results: FigureResult[] | null,
  withheld: boolean,
) {
  if (!withheld) return { published, results, withheld: false };
  const kept = published.flatMap((f, i) => (f.versus === undefined ? [i] : []));
  return {
    published: kept.map((i) => published[i]),
    results: results && kept.map((i) => results[i]),
    withheld: kept.length < published.length,
  };
}

/**
 * Stands where the "Try next" hints were, saying why they are not there. On the step before a
 * question there is no question on screen yet: "until you answer the lesson's question" had sent
 * a newcomer on the 200 ms mystery's first step looking for one.
 */
export function TryNextWithheld({ why, figuresWithheld }: { why: HintsWithheld; figuresWithheld: boolean }) {
  return (
    <p className="try-next" data-try-withheld={why || undefined}>
      <strong>Try next{figuresWithheld ? ", and the paper's figure for the change" : ''}:</strong>{' '}
      {why === 'next-step'
        ? "hidden for now: the lesson's next step asks you to predict what a change does here."
        : "hidden until you answer the lesson's question."}
    </p>
  );
}
