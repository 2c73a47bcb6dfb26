// A lesson's panels: a step that chooses them shows them, and leaving the lesson gives them back.
import { beforeAll, describe, expect, it } from 'vitest';
import { parseQuery } from '../src/scenario/codec';
import { findLesson } from '../src/scenario/lessons';
import { loadLessons } from '../src/ui/lessons/catalog';
import { atStep, awaitingAnswer, closeLesson } from '../src/ui/lessons/lessonState';

const bufferbloat = findLesson('bufferbloat')!;
const mystery = findLesson('the-200ms-mystery')!;

describe('lesson panels', () => {
  beforeAll(() => loadLessons());
  it("shows the panels a step chooses, and gives the page's own back when the lesson closes", () => {
    const inLesson = atStep(parseQuery('').config, bufferbloat, 0);
    expect(inLesson.view.view).toBe('tsp,time,metrics');
    expect(closeLesson(inLesson).view.view).toBeUndefined();
  });
  it("keeps the student's own choice of panels when the lesson closes", () => {
    const inLesson = atStep(parseQuery('').config, bufferbloat, 2);
    const chosen = { ...inLesson, view: { ...inLesson.view, view: 'ladder,tsp' } };
    expect(closeLesson(chosen).view.view).toBe('ladder,tsp');
  });
  it("drops a lesson's panels for another lesson's step that chooses none", () => {
    const inLesson = atStep(parseQuery('').config, bufferbloat, 3);
    expect(mystery.steps[0].view?.panels).toBeUndefined();
    expect(atStep(inLesson, mystery, 0).view.view).toBeUndefined();
  });
  it("keeps an embed's own panels on every step, and a step's own where its link named none", () => {
    // The frame was sized for the ladder the lecturer chose: the step's plot, timeline and figures
    // had replaced it and scrolled the frame by 650 px.
    const embed = parseQuery('lesson=bufferbloat&step=1&embed=1&view=ladder').config;
    const first = atStep(embed, bufferbloat, 0);
    expect(first.view.view).toBe('ladder');
    expect(atStep(first, bufferbloat, 1).view.view).toBe('ladder');
    expect(atStep(first, bufferbloat, 1, true).view.view).toBe('ladder');
    // Without view= the step chooses, and the next step's choice follows it.
    const bare = atStep(parseQuery('lesson=bufferbloat&step=1&embed=1').config, bufferbloat, 0);
    expect(bare.view.view).toBe('tsp,time,metrics');
    expect(atStep(bare, bufferbloat, 2).view.view).toBe('tsp,time,metrics');
    // The full page still opens the step's panels.
    expect(atStep(parseQuery('lesson=bufferbloat&step=1&view=ladder').config, bufferbloat, 0).view.view).toBe(
      'tsp,time,metrics',
    );
  });
});

describe('hints held back for a question', () => {
  beforeAll(() => loadLessons());
  const view = (step: number, revealed = false) =>
    atStep(parseQuery('').config, mystery, step - 1, revealed).view;
  it('says whether the question is on this step or the next, and holds nothing back after the answer', () => {
    // Step 1 has no question; step 2 asks what stopping the header flush does to step 1's gap.
    expect(awaitingAnswer(view(1))).toBe('next-step');
    expect(awaitingAnswer(view(2))).toBe('question');
    expect(awaitingAnswer(view(2, true))).toBe(false);
    expect(awaitingAnswer(view(3))).toBe(false);
    expect(awaitingAnswer(view(mystery.steps.length))).toBe(false);
    expect(awaitingAnswer({})).toBe(false);
  });
});
