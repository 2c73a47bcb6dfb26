// A question step's answer is side B only once revealed. Reveal writes `reveal=1` and the answer's
// keys (`b.flush=none`) together, so a link at a question step without reveal=1 holds the answer
// back: the embed code "on the question" had dropped reveal=1 alone, and its frame (and the full
// page at its address) drew the answer beside the unanswered question. Used by a link's reader
// (./linkedStep.ts) and the Share dialog, both loaded on demand; the answer itself comes from
// answerKeptBack (./lessonSteps.ts).
import type { Config } from '../../scenario/codec';
import type { ConfigKey, Settings } from '../../scenario/schema';
import { sameValue } from '../state/configModel';

/** B without the keys that give `answer` (a change of one's own stays), and no B when none is left. */
export function withoutAnswer(config: Config, answer: Partial<Settings> | null): Config {
  const view = { ...config.view };
  if (view.reveal !== '1') delete view.reveal; // an answer kept back goes unsaid (`reveal=0`)
  if (!answer || !config.b || config.bPreset !== null) return { ...config, view };
  const b: Partial<Settings> = { ...config.b };
  for (const key of Object.keys(answer) as ConfigKey[]) if (sameValue(b[key], answer[key])) delete b[key];
  if (Object.keys(b).length > 0) return { ...config, b, view };
  delete view.edit; // no side B left to change
  return { ...config, b: null, view };
}
