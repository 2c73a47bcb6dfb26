// What A's line of the callout and B's share: a side's first long stall with the fix the engine
// found for it, and the words that give the fix and the costlier cause.
import { useLayoutEffect, useMemo, useRef } from 'react';
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

/**
 * The callout's text while the knobs are tried keeps the room of the words to come: "trying the
 * knobs" is shorter than "try X (21.35 s against 24.37 s, medians of 5 loss draws)", and at phone
 * width the text had grown a line when those came, pushing the views down. A copy of the text with
 * words of that length in place of the slot is laid out unseen, and its height kept as the text's
 * least; the words themselves wait for the engine's answer.
 */
export function useRoomForFix(
  advice: Advice | null,
  checked: Checked,
  costlierChecked: Checked,
  draws: number,
  currentNs: number,
) {
  const ref = useRef<HTMLParagraphElement>(null);
  const tried =
    checked === 'checking'
      ? advice?.candidates[0]
      : costlierChecked === 'checking'
        ? advice?.costlier?.candidates[0]
        : undefined;
  const pageNs = Math.round(currentNs / 2);
  const words = tried
    ? ` — ${fixWords({ fix: tried, tried, pageNs, currentNs, draws, thisDraw: { pageNs, currentNs } }, knobOf(tried))}`
    : '';
  useLayoutEffect(() => {
    const p = ref.current;
    if (!p) return;
    p.style.minHeight = '';
    if (!words || !p.querySelector('[data-fix-slot]')) return;
    const copy = p.cloneNode(true) as HTMLElement;
    const slot = copy.querySelector('[data-fix-slot]')!;
    slot.className = '';
    slot.textContent = words;
    copy.style.cssText = `position:absolute;visibility:hidden;width:${p.offsetWidth}px`;
    p.after(copy);
    p.style.minHeight = `${copy.getBoundingClientRect().height}px`;
    copy.remove();
  }, [words]);
  return ref;
}

export const fixOf = (c: Checked) => (c !== null && c !== 'checking' ? c.fix : null);
export const knobOf = (s: Suggestion) => `${labelFor(s.key)}: ${suggestedValueText(s.key, s.value)}`;

export const fixText = (c: Checked, attr: 'data-fix-page-ns' | 'data-costlier-fix-page-ns') =>
  c === null ? null : c === 'checking' ? (
    <span className="callout-context" data-fix-slot="">
      {' — trying the knobs that could remove it'}
    </span>
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
      {checked === 'checking' && <span data-fix-slot="" />}
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
