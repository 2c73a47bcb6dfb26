// Runs the callout's candidate fixes, on the page's thread when they are tiny (with the render
// that draws the run, once the engine is on this thread: a "checking" state between two renders
// cost the default page's redraw 2-3 ms) and else in a worker of their own (the main one stays
// free for the knobs), and keeps the answer for the settings it was asked for: the callout offers a
// fix only once the engine has found that it makes the page faster.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Settings } from '../../scenario/schema';
import { createSimWorker } from '../../worker/createSimWorker';
import { pageTimesHere, pageTimesNow } from '../../worker/mainThreadRun';
import { SimClient } from '../../worker/simClient';
import { checkedFix, checkRuns, type CheckedFix, type Suggestion } from './stallAdvice';

/**
 * 'checking' until the runs answer for these settings and candidates; null with no candidates (or
 * no settings: a side B not run yet).
 */
export function useCheckedFix(
  maybeSettings: Settings | null,
  candidates: readonly Suggestion[],
  currentNs: number,
): CheckedFix | null | 'checking' {
  const key =
    candidates.length === 0 || maybeSettings === null
      ? ''
      : JSON.stringify([maybeSettings, candidates, currentNs]);
  // Read only where `key` is not empty.
  const settings = maybeSettings!;
  const [answer, setAnswer] = useState<{ key: string; checked: CheckedFix | null } | null>(null);
  const client = useRef<SimClient | null>(null);
  /** The question the worker was asked last: the only one its client answers. */
  const asked = useRef<{
    key: string;
    settings: Settings;
    candidates: readonly Suggestion[];
    currentNs: number;
  } | null>(null);
  /** The question asked last: a late answer to an older one must not replace its answer. */
  const latest = useRef('');
  // The engine is pure: a repeated render gets the same answer.
  const now = useMemo(
    () => (key === '' ? null : pageTimesNow(checkRuns(settings, candidates))),
    // `key` stands for settings and candidates.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key],
  );
  useEffect(() => () => client.current?.dispose(), []);
  useEffect(() => {
    latest.current = key;
    if (key === '' || now) return;
    const sides = checkRuns(settings, candidates);
    const inWorker = () => {
      client.current ??= new SimClient(createSimWorker, (response) => {
        const question = asked.current;
        if (!question || question.key !== latest.current) return;
        const pageNs = response.kind === 'page-times' ? response.pageNs : [];
        setAnswer({
          key: question.key,
          checked: checkedFix(question.candidates, question.settings, pageNs, question.currentNs),
        });
      });
      asked.current = { key, settings, candidates, currentNs };
      client.current.request({ kind: 'page-times', sides });
    };
    let current = true;
    void pageTimesHere(sides).then((pageNs) => {
      if (!current) return;
      if (pageNs) setAnswer({ key, checked: checkedFix(candidates, settings, pageNs, currentNs) });
      else inWorker();
    });
    return () => {
      current = false;
    };
    // `key` stands for settings, candidates and the page time.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  if (key === '') return null;
  if (now) return checkedFix(candidates, settings, now, currentNs);
  return answer?.key === key ? answer.checked : 'checking';
}
