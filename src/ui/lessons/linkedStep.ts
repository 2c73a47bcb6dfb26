// How a link opens its lesson's step, in the lessons' own chunk: a page whose link names a lesson
// loads it before its first render, and only such a link has a step to open.
import { encodeConfig, parseQuery, quote, VIEW_KEYS, type Config } from '../../scenario/codec';

import { LESSONS } from '../../scenario/lessons';
import type { Settings } from '../../scenario/schema';
import { withoutAnswer } from './heldAnswer';

export { LESSONS };
export * as steps from './lessonSteps';

/**
 * The scenario a link opens at its lesson's step (`stepped`: the config at that step). Without
 * keys of its own, the step's. The page writes `v=1` on every link it makes, and such a link opens
 * as it always has: its own scenario. In a link written by hand, keys beside a lesson change its
 * step's scenario, as keys beside a preset change the preset's
 * (`lesson=the-200ms-mystery&step=3&nagle=0` had run the default page under a step about
 * Heidemann's odd final segment); a preset of its own replaces the step's, as the notice says.
 * At a question step B draws the answer only with reveal=1: without it, `answer` is left out of B
 * (./heldAnswer.ts).
 */
export function linkedStep(
  config: Config,
  stepped: Config,
  search: string,
  problems: string[],
  answer: Partial<Settings> | null,
): Config {
  return withoutAnswer(linkedScenario(config, stepped, search, problems), answer);
}

function linkedScenario(config: Config, stepped: Config, search: string, problems: string[]): Config {
  const params = new URLSearchParams(search);
  const { lesson, step } = stepped.view;
  const raw = config.view.step;
  if (raw !== undefined && Number(raw) !== Number(step)) {
    const steps = LESSONS.find((l) => l.id === lesson)!.steps.length;
    problems.push(`step=${quote(raw)}: must be a step from 1 to ${steps}; opening step 1`);
  }
  const own = [...params.keys()].some((k) => k !== 'v' && !(VIEW_KEYS as readonly string[]).includes(k));
  if (!own) return stepped;
  if (params.has('v') || params.has('preset')) {
    if (!params.has('v') && config.preset && config.preset !== stepped.preset)
      problems.push(
        `lesson=${lesson}&step=${step}: running preset=${config.preset}, not the step's own scenario`,
      );
    return { ...config, view: { ...config.view, step } };
  }
  const laid = parseQuery(`${encodeConfig(stepped)}&${params}`).config;
  return { ...laid, b: laid.b ?? config.b, view: { ...stepped.view, ...config.view, step } };
}
