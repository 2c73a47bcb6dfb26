// What A's line of the callout and B's share: a side's first long stall with the fix the engine
// found for it, and the words that give the fix and the costlier cause.
import { useMemo } from 'react';
import type { StallRecord, Trace } from '../../engine/trace';
import type { Settings } from '../../scenario/schema';
import type { Breakdown } from '../../scenario/breakdown';
import { formatDuration, shownNs } from '../../views/format';
import { causeStyle } from '../../scenario/stallCauses';
import { labelFor, suggestedValueText } from '../controls/fieldModel';
import { adviceFor, fixWords, type Advice, type CheckedFix, type Suggestion } from './stallAdvice';
import { useCheckedFix } from './useCheckedFix';
import type { HintsWithheld } from '../lessons/lessonState';

export type Checked = CheckedFix | null | 'checking';

/**
 * A side's first long stall, and the fix the engine found for it: its cause's knobs are run in
 * turn, and when none of them helps, those of the costlier cause the callout names.
 */
export function useOfferedFix(
  trace: Trace,
  settings: Settings | null,
  b: Breakdown,
  withholdFix: HintsWithheld,
) {
  // Once per run: over a 20 MB run's 13,000 stalls it took a tenth of a second, at every render
  // (the fix's answer arriving, the other side's run).
  const advice = useMemo(() => (settings ? adviceFor(trace, settings, b) : null), [trace, settings, b]);
  // The fix is offered once the engine has run it (tiny candidates with this render, else after it).
  const checked = useCheckedFix(settings, advice && !withholdFix ? advice.candidates : [], b.totalNs);
  const noFix = checked === null || (checked !== 'checking' && checked.fix === null);
  const costlierChecked = useCheckedFix(
    settings,
    advice?.costlier && !withholdFix && noFix ? advice.costlier.candidates : [],
    b.totalNs,
  );
  return {
    advice,
    checked,
    costlierChecked,
    suggestion: fixOf(checked) ?? fixOf(costlierChecked),
    checking: checked === 'checking' || costlierChecked === 'checking',
  };
}

export const fixOf = (c: Checked) => (c !== null && c !== 'checking' ? c.fix : null);
export const knobOf = (s: Suggestion) => `${labelFor(s.key)}: ${suggestedValueText(s.key, s.value)}`;

export const fixText = (c: Checked, attr: 'data-fix-page-ns' | 'data-costlier-fix-page-ns') =>
  c === null ? null : c === 'checking' ? (
    <span className="callout-context"> — trying the knobs that could remove it</span>
  ) : (
    <span {...{ [attr]: c.pageNs ?? '' }} data-fix-draws={c.draws}>
      {' '}
      — {fixWords(c, knobOf(c.tried))}
    </span>
  );

/** "More went to Nagle stalls: 384 ms", with the fix for them when the first stall's knobs had none. */
export function Costlier({ advice, checked }: { advice: Advice; checked: Checked }) {
  const costlier = advice.costlier!;
  return (
    <span data-costlier={costlier.cause}>
      {' '}
      {/* The cause as the ladder labels it: capitalized, "cwnd" had read "Cwnd". */}
      More went to {causeStyle(costlier.cause).short} stalls: {formatDuration(costlier.totalNs)}
      {fixOf(checked) && fixText(checked, 'data-costlier-fix-page-ns')}.
    </span>
  );
}

/**
 * "The connection handshake took 3.09 s" beside "2.99 s of it went to handshake stalls": the total
 * counts each instant once, and data moving elsewhere wins it (as "Where did the time go" says).
 */
export const overlapped = (a: { stall: StallRecord; causeTotalNs: number }) =>
  shownNs(a.stall.endNs - a.stall.startNs) > shownNs(a.causeTotalNs)
    ? ' (the rest overlapped other work)'
    : '';
