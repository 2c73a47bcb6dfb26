// A lesson's panels: a step that chooses them shows them, and leaving the lesson gives them back.
import { beforeAll, describe, expect, it } from 'vitest';
import { parseQuery } from '../src/scenario/codec';
import { findLesson } from '../src/scenario/lessons';
import { loadLessons } from '../src/ui/lessons/catalog';
import { awaitingAnswer, leaveLessonFor } from '../src/ui/lessons/lessonState';
import { atStep, closeLesson } from '../src/ui/lessons/lessonSteps';
import { withGuides } from '../src/ui/lessons/openGuides';
import { choosePreset, setSetting } from '../src/ui/state/configModel';
import { UrlWriter } from '../src/ui/state/history';
import { fakeHistory } from './support/fakeHistory';
import { resetToPreset } from '../src/ui/state/presetChanges';
import { queryFor, readLocation } from '../src/ui/state/useScenario';
import { openPointRun } from '../src/ui/sweep/sweepPanelState';
import type { Config } from '../src/scenario/codec';

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

describe('a lesson link with keys of its own', () => {
  beforeAll(() => loadLessons());
  const open = (search: string) => withGuides(readLocation(search), search);
  it("lays a hand-written link's keys over its step's scenario, as over a preset", () => {
    // Step 3 is Heidemann's odd final segment: `nagle=0` had run the default page with Nagle off.
    const { config, problems } = open('?lesson=the-200ms-mystery&step=3&nagle=0');
    expect(config.preset).toBe('heidemann-odd-final');
    expect(config.settings).toEqual({
      ...parseQuery('preset=heidemann-odd-final').config.settings,
      nagle: false,
    });
    expect(config.view).toMatchObject({ lesson: 'the-200ms-mystery', step: '3' });
    expect(problems).toEqual([]);
    expect(queryFor(config, null)).toBe(
      '?v=1&preset=heidemann-odd-final&nagle=0&lesson=the-200ms-mystery&step=3',
    );
    // A step without a preset keeps its keys too: bufferbloat's CUBIC over a deep buffer, BBR laid over.
    const bbr = open('?lesson=bufferbloat&step=1&cc=bbr').config;
    const step1 = parseQuery(bufferbloat.steps[0].query).config.settings;
    expect(step1.cc).toBe('cubic');
    expect(bbr.settings).toEqual({ ...step1, cc: 'bbr' });
    // A question step shows the step before (its answer comes with Reveal), the link's keys over it.
    const asking = open('?lesson=the-200ms-mystery&step=2&nagle=0').config;
    expect(asking.preset).toBe('heidemann-short-initial');
    expect(asking.settings.flush).toBe(parseQuery('preset=heidemann-short-initial').config.settings.flush);
    expect(asking.settings.nagle).toBe(false);
    // Side B's keys and the view's ride along; the step's panels stay unless the link names some.
    const withB = open('?lesson=bufferbloat&step=1&b.queue=30&zoom=0,500').config;
    expect(withB.settings).toEqual(parseQuery(bufferbloat.steps[0].query).config.settings);
    expect(withB.b).toEqual({ queue: 30 });
    expect(withB.view).toMatchObject({ view: 'tsp,time,metrics', zoom: '0,500' });
  });
  it("names a preset that replaces the step's, and keeps it", () => {
    const { config, problems } = open('?lesson=the-200ms-mystery&step=3&preset=nielsen-lan-pipe-first');
    expect(config.preset).toBe('nielsen-lan-pipe-first');
    expect(problems).toEqual([
      "lesson=the-200ms-mystery&step=3: running preset=nielsen-lan-pipe-first, not the step's own scenario",
    ]);
    // The step's own preset, or one given with more keys, is no replacement.
    expect(open('?lesson=the-200ms-mystery&step=3&preset=heidemann-odd-final&nagle=0').problems).toEqual([]);
  });
  it('opens every link the page writes as it always has', () => {
    // The page writes v=1 on every link: one from the default scenario chosen under step 3 keeps it.
    const fromDefault = open('?v=1&nagle=0&lesson=the-200ms-mystery&step=3');
    expect(fromDefault.config.preset).toBeNull();
    expect(fromDefault.config.settings).toEqual({ ...parseQuery('').config.settings, nagle: false });
    expect(fromDefault.problems).toEqual([]);
    const other = open('?v=1&preset=nielsen-lan-pipe-first&lesson=the-200ms-mystery&step=3');
    expect(other.config.preset).toBe('nielsen-lan-pipe-first');
    expect(other.problems).toEqual([]);
    // Each step's own link, and the revealed answer's, reopen as the step opened them.
    for (const lesson of [mystery, bufferbloat])
      lesson.steps.forEach((_, i) => {
        for (const revealed of [false, true]) {
          const stepped = atStep(parseQuery('').config, lesson, i, revealed);
          const written = queryFor(stepped, null);
          const reopened = open(written).config;
          expect(queryFor(reopened, null)).toBe(written);
          expect(reopened.settings).toEqual(stepped.settings);
          expect(reopened.b).toEqual(stepped.b);
        }
      });
  });
  it('names step= and reveal= without a lesson, and leaves them out of the link', () => {
    const { config, problems } = open('?step=3&reveal=1');
    expect(problems).toEqual([
      'step="3": no lesson to go with, ignored',
      'reveal="1": no lesson to go with, ignored',
    ]);
    expect(queryFor(config, null)).toBe('?v=1');
    // Beside a lesson the page does not know, as without one: the notice had named the lesson alone.
    const unknown = open('?v=1&lesson=nope&step=3&reveal=1&nagle=0');
    expect(unknown.problems).toEqual([
      'lesson="nope": no such lesson',
      'step="3": no lesson to go with, ignored',
      'reveal="1": no lesson to go with, ignored',
    ]);
    expect(queryFor(unknown.config, null)).toBe('?v=1&nagle=0');
    expect(open('?v=1&lesson=the-200ms-mystry&step=2&nagle=0').problems).toEqual([
      'lesson="the-200ms-mystry": no such lesson; did you mean the-200ms-mystery?',
      'step="2": no lesson to go with, ignored',
    ]);
    // A step out of range is still named, once.
    expect(open('?lesson=the-200ms-mystery&step=99').problems).toEqual([
      `step="99": must be a step from 1 to ${mystery.steps.length}; opening step 1`,
    ]);
    expect(open('?lesson=the-200ms-mystery&step=03').problems).toEqual([]);
  });
  it('reads reveal= as any switch: yes shows the answer, a value that is no switch is named', () => {
    // `reveal=yes` had opened on the question without a word, and stayed in the link as written.
    const yes = open('?v=1&preset=heidemann-short-initial&lesson=the-200ms-mystery&step=2&reveal=yes');
    expect(yes.problems).toEqual([]);
    expect(awaitingAnswer(yes.config.view)).toBe(false);
    expect(queryFor(yes.config, null)).toBe(
      '?v=1&preset=heidemann-short-initial&lesson=the-200ms-mystery&step=2&reveal=1',
    );
    expect(open('?lesson=the-200ms-mystery&step=2&reveal=on').config.b).toEqual({ flush: 'none' });
    const two = open('?lesson=the-200ms-mystery&step=2&reveal=2');
    expect(two.problems).toEqual(['reveal="2": must be 1 or 0; keeping the answer back']);
    expect(awaitingAnswer(two.config.view)).toBe('question');
    expect(two.config.b).toBeNull();
    // Off is the question, unsaid in the link the page writes back.
    const off = open('?v=1&preset=heidemann-short-initial&lesson=the-200ms-mystery&step=2&reveal=no');
    expect(awaitingAnswer(off.config.view)).toBe('question');
    expect(queryFor(off.config, null)).toBe(
      '?v=1&preset=heidemann-short-initial&lesson=the-200ms-mystery&step=2',
    );
  });
  it("holds a question step's answer back from side B until reveal=1, as the embed code on the question has it", () => {
    // The Share dialog's code "on the question" had dropped reveal=1 alone: the frame, and the
    // full page at its address, drew the answer (B) beside the unanswered question.
    const embed = open(
      '?v=1&preset=heidemann-short-initial&b.flush=none&lesson=the-200ms-mystery&step=2&embed=1&view=ladder',
    );
    expect(embed.config.b).toBeNull();
    expect(embed.problems).toEqual([]);
    expect(queryFor(embed.config, null)).toBe(
      '?v=1&preset=heidemann-short-initial&lesson=the-200ms-mystery&step=2&embed=1&view=ladder',
    );
    for (const [id, answer] of [
      ['the-200ms-mystery', 'b.flush=none'],
      ['why-pipelining', 'b.http=1.1'],
      ['bufferbloat', 'b.queue=30'],
    ]) {
      const revealed = queryFor(atStep(parseQuery('').config, findLesson(id)!, 1, true), null);
      expect(revealed).toContain(`&${answer}&`);
      expect(open(revealed).config.b).not.toBeNull();
      const page = open(revealed.replace('&reveal=1', '')).config;
      expect(page.b).toBeNull();
      expect(awaitingAnswer(page.view)).toBe('question');
      expect(queryFor(page, null)).not.toContain('b.');
      // A change of the lecturer's own to B stays; only the answer waits for Reveal.
      expect(open(`${revealed.replace('&reveal=1', '')}&b.nagle=0`).config.b).toEqual({ nagle: false });
    }
  });
  it('names edit=b without a side B, and leaves it out', () => {
    const { config, problems } = open('?edit=b');
    expect(problems).toEqual(['edit=b: no side B to change, ignored']);
    expect(config.view.edit).toBeUndefined();
    // With B (or an unchanged B, view=ab) it stands.
    expect(open('?nagle=0&b.nagle=1&edit=b').problems).toEqual([]);
    expect(open('?view=ladder,ab&edit=b').config.view.edit).toBe('b');
  });
});

describe('a whole scenario chosen inside a lesson', () => {
  beforeAll(() => loadLessons());
  const open = (search: string) => withGuides(readLocation(search), search).config;
  const lessonKeys = (c: Config) => ['lesson', 'step', 'reveal'].filter((k) => k in c.view);
  /** The browser's entries, as the page writes them (each action pushes one). */
  function browser(start: Config) {
    const { api, entries, back } = fakeHistory(queryFor(start, null));
    const writer = new UrlWriter(api);
    return {
      push: (c: Config) => writer.write(queryFor(c, null), 'push'),
      /** Back: the entry before, opened as the page opens it on popstate. */
      back: () => {
        const at = back();
        writer.arrived(entries[at]);
        return open(entries[at]);
      },
      address: () => api.current(),
    };
  }

  it("leaves the lesson for another preset, and Back returns to the step's scenario", () => {
    const step3 = open('?lesson=the-200ms-mystery&step=3');
    expect(step3.preset).toBe('heidemann-odd-final');
    const history = browser(step3);
    const chosen = leaveLessonFor(step3, choosePreset(step3, 'nielsen-lan-1.0-first'));
    history.push(chosen);
    expect(lessonKeys(chosen)).toEqual([]);
    expect(chosen.settings).toEqual(parseQuery('preset=nielsen-lan-1.0-first').config.settings);
    expect(history.address()).toBe('?v=1&preset=nielsen-lan-1.0-first');
    const back = history.back();
    expect(history.address()).toBe('?v=1&preset=heidemann-odd-final&lesson=the-200ms-mystery&step=3');
    expect(back.view).toMatchObject({ lesson: 'the-200ms-mystery', step: '3' });
    expect(back.preset).toBe('heidemann-odd-final');
    expect(back.settings).toEqual(step3.settings);
  });

  it('leaves it for the defaults too, from a revealed answer, and Back brings the answer back as side B', () => {
    const revealed = open('?lesson=the-200ms-mystery&step=2&reveal=1');
    expect(revealed.b).toEqual({ flush: 'none' });
    const history = browser(revealed);
    const chosen = leaveLessonFor(revealed, choosePreset(revealed, null));
    history.push(chosen);
    expect(lessonKeys(chosen)).toEqual([]);
    expect(chosen.preset).toBeNull();
    expect(chosen.settings).toEqual(parseQuery('').config.settings);
    const back = history.back();
    expect(back.view).toMatchObject({ lesson: 'the-200ms-mystery', step: '2', reveal: '1' });
    expect(back.settings).toEqual(revealed.settings);
    expect(back.b).toEqual({ flush: 'none' });
  });

  it("gives back the panels the step chose, as Close lesson does, and keeps the student's own", () => {
    const step1 = atStep(parseQuery('').config, bufferbloat, 0);
    expect(step1.view.view).toBe('tsp,time,metrics');
    const chosen = leaveLessonFor(step1, choosePreset(step1, 'heidemann-odd-final'));
    expect(chosen.view).toEqual({});
    const own = { ...step1, view: { ...step1.view, view: 'ladder,tsp' } };
    expect(leaveLessonFor(own, choosePreset(own, 'heidemann-odd-final')).view).toEqual({
      view: 'ladder,tsp',
    });
  });

  it("stays in the step when Reset gives the step's own scenario back, and leaves when it gives another", () => {
    // Step 3 is the preset itself: a knob moved and Reset is the step again.
    const step3 = open('?lesson=the-200ms-mystery&step=3');
    const moved = setSetting(step3, 'a', 'nagle', false);
    expect(lessonKeys(moved)).toEqual(['lesson', 'step']);
    const reset = leaveLessonFor(moved, resetToPreset(moved));
    expect(reset.view).toMatchObject({ lesson: 'the-200ms-mystery', step: '3' });
    expect(reset.settings).toEqual(step3.settings);
    // Step 4 is the preset with the server's Nagle off: Reset runs step 3's scenario, not its own.
    const step4 = open('?lesson=the-200ms-mystery&step=4');
    expect(step4.settings['nagle.server']).toBe(false);
    const left = leaveLessonFor(step4, resetToPreset(step4));
    expect(lessonKeys(left)).toEqual([]);
    expect(left.settings).toEqual(step3.settings);
  });

  it("leaves it for a sweep's point, and changes nothing outside a lesson", () => {
    const step3 = open('?lesson=the-200ms-mystery&step=3');
    const point = leaveLessonFor(step3, openPointRun(step3, 'preset=kruse-acts&conns=4'));
    expect(lessonKeys(point)).toEqual([]);
    expect(point.preset).toBe('kruse-acts');
    const outside = open('?preset=heidemann-odd-final');
    const chosen = choosePreset(outside, 'kruse-acts');
    expect(leaveLessonFor(outside, chosen)).toBe(chosen);
  });
});
