// What the link says about lessons and sweeps, read once when the page opens: their problems join
// the notice, and a lesson link without a scenario of its own opens on the step's scenario.
// The sweep reader (with the sweeps it knows) loads on demand, like the lessons: before the first
// render when the link names a sweep (main.tsx), else with the sweep panel. It comes in the sweep
// panel's chunk (a link naming a sweep shows the panel anyway): a chunk of its own was about 0.4 KB
// more gzipped JavaScript. An address the page wrote itself (Back, Forward) has nothing to report.
// What the link names is judged only once its data is here (loadForLink): judged before, a lesson
// reached by Forward after a reload had been called unknown and its history entry rewritten.
import { noSuchPreset, quote, type Config } from '../../scenario/codec';
import { findPreset } from '../../scenario/presets';
import { linkNamesPreset, loadPresetTexts } from '../presets/presetTexts';
import type { InitialScenario } from '../state/useScenario';
import { sweepShown } from '../sweep/sweepPanelState';
import type { parseSweepParam, sweepHint } from '../sweep/sweepParam';
import { lessonFromView } from './lessonState';
import { lessonSteps, linkNamesLesson, loadLessons, stepOpener } from './catalog';

let sweepReader: typeof parseSweepParam | null = null;
let presetAsSweep: typeof sweepHint | null = null;

export function loadSweepReader(): Promise<unknown> {
  return import('../sweep/SweepPanel').then((m) => {
    sweepReader = m.parseSweepParam;
    presetAsSweep = m.sweepHint;
  });
}

/**
 * Whether a query string names a sweep, or a preset that is none (perhaps a sweep's name given as
 * a preset's), so the page loads the sweep reader before it renders.
 */
export function linkNamesSweep(search: string): boolean {
  const params = new URLSearchParams(search);
  const preset = params.get('preset');
  return params.has('sweep') || (preset !== null && !findPreset(preset));
}

/**
 * Load what a link needs before the page reads it, on opening (main.tsx) and on Back or Forward
 * (useUrlSync): the lessons, the sweep reader, a preset's words (an embed shows no story). A load
 * that fails is left out: the page reads the link without it, and keeps what it could not judge.
 */
export function loadForLink(search: string, embed = false): Promise<unknown> {
  const lesson = linkNamesLesson(search);
  return Promise.all([
    lesson && loadLessons().catch(() => null),
    linkNamesSweep(search) && loadSweepReader().catch(() => null),
    !embed && (linkNamesPreset(search) || lesson) && loadPresetTexts().catch(() => null),
  ]);
}

/**
 * The title of the sweep a config shows (a ready-made one's; null for a custom sweep, none, or
 * before its reader has loaded): an embed's bar and the embed code name the frame by it.
 */
export function shownSweepTitle(config: Config): string | null {
  if (!sweepReader || config.view.sweep === undefined || !sweepShown(config)) return null;
  const choice = sweepReader(config.view.sweep, []);
  return choice?.kind === 'ready' ? choice.spec.title : null;
}

export function withGuides(initial: InitialScenario, search: string): InitialScenario {
  const problems = [...initial.problems];
  let { config } = initial;
  // `preset=kruse-fig2`: a sweep's name where a preset's goes (a line with no hint of its own).
  const preset = new URLSearchParams(search).get('preset');
  const bare = preset === null ? -1 : problems.indexOf(noSuchPreset(preset));
  if (bare >= 0 && presetAsSweep) problems[bare] += presetAsSweep(preset!);
  // A sweep the page cannot read at all leaves the link the page writes back, as the notice says.
  if (config.view.sweep !== undefined && sweepReader && !sweepReader(config.view.sweep, problems)) {
    const view = { ...config.view };
    delete view.sweep;
    config = { ...config, view };
  }
  // Lessons that could not be loaded judge no lesson: the link keeps it, to open on a reload.
  if (config.view.lesson !== undefined && !stepOpener()) {
    problems.push(
      `lesson=${quote(config.view.lesson)}: could not load the lessons; reload the page to open it`,
    );
    return { ...initial, config, problems };
  }
  const at = lessonFromView(config.view, problems);
  if (!at) {
    const { step, reveal, ...view } = config.view;
    delete view.lesson; // one the page does not know, as the notice says
    // `step=` and `reveal=` mean nothing without a lesson, or beside one the page does not know
    // (that had named the lesson alone): named, and left out of the link.
    for (const [key, value] of Object.entries({ step, reveal }))
      if (value !== undefined) problems.push(`${key}=${quote(value)}: no lesson to go with, ignored`);
    return { ...initial, config: { ...config, view }, problems };
  }
  const steps = lessonSteps()!;
  const revealed = config.view.reveal === '1';
  const t = steps.stepTimeMs(at.lesson, at.index, revealed);
  const stepped = steps.atStep(config, at.lesson, at.index, revealed);
  return {
    config: stepOpener()!(config, stepped, search, problems, steps.answerKeptBack(config.view)),
    problems,
    initialCursorNs: initial.initialCursorNs ?? (t === undefined ? null : Math.round(t * 1e6)),
  };
}
