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
  /** How the stall is chosen: B's line, compared, names what made B slower (comparedAdvice). */
  advise: typeof adviceFor = adviceFor,
) {
  // Once per run: over a 20 MB run's 13,000 stalls it took a tenth of a second, at every render
  // (the fix's answer arriving, the other side's run).
  const advice = useMemo(() => (settings ? advise(trace, settings, b) : null), [trace, settings, b, advise]);
  // The fix is offered once the engine has run it (tiny candidates with this render, else after it).
  const checked = useCheckedFix(settings, advice && !withholdFix ? advice.candidates : [], b.totalNs);
  const noFix = checked === null || (checked !== 'checking' && checked.fix === null);
  const costlierChecked = useCheckedFix(
    settings,
    advice?.costlier && !withholdFix && noFix ? advice.costlier.candidates : [],
    b.totalNs,
  );
  const suggestion = fixOf(checked) ?? fixOf(costlierChecked);
  const checking = checked === 'checking' || costlierChecked === 'checking';
  return {
    advice,
    checked,
    costlierChecked,
    suggestion,
    checking,
    // The fix whose button is drawn: while the knobs are tried, the first one's, laid out unseen so
    // its row is there before the answer (at phone width it had come late and pushed the views down).
    offered:
      suggestion ?? (checking ? (advice?.candidates[0] ?? advice?.costlier?.candidates[0] ?? null) : null),
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

/**
 * While a fix is tried, the room of its words to come, at the end of the text: "trying the knobs"
 * is shorter than "try X (21.35 s against 24.37 s, medians of 5 loss draws)", and at phone width
 * the text had grown a line when those came, pushing the views down. The first candidate's words
 * as they would read if it helped (half the page's time against it: digits alike) are laid out
 * unseen with the text, in the same pass (the height had been measured in script, and that forced
 * layout of the page cost 20 ms a knob), less their first 35 letters for the 40 shown: those are in
 * smaller type, the knob's name in capitals. A line too many would be as bad as one too few (the
 * text would shrink when the words came): cut at 35, the text kept its lines at 96% of widths from
 * 280 to 1240 px on twelve pages (without the room, near 58%), grew at 2.6% and shrank at 1.8%; a
 * cut a few letters either way traded the one for the other, and kept fewer. A first candidate
 * that does not help reads longer ("X would not help (...)"); then the costlier cause's fix is
 * tried, with room for all its words (`lead` before them when the cause is named only with its fix).
 * Generated content (CSS), so the words in the page, and a screen reader's, are those shown.
 */
export function room(
  advice: Advice | null,
  checked: Checked,
  costlierChecked: Checked,
  draws: number,
  ns: number,
  lead = '',
) {
  const first = checked === 'checking';
  const tried = first
    ? advice?.candidates[0]
    : costlierChecked === 'checking' && advice?.costlier?.candidates[0];
  if (!tried) return null;
  const pageNs = ns / 2;
  const words = ` — ${fixWords({ fix: tried, tried, draws, pageNs, currentNs: ns, thisDraw: { pageNs, currentNs: ns } }, knobOf(tried))}`;
  return (
    <span className="callout-room" aria-hidden="true" data-room={first ? words.slice(35) : lead + words} />
  );
}

/**
 * "More went to Nagle stalls: 384 ms", with the fix for them when the first stall's knobs had none;
 * with `why`, else why none is offered: the knob tried would not help, or the cause has none.
 */
export function Costlier({
  advice,
  checked,
  why = false,
}: {
  advice: Advice;
  checked: Checked;
  why?: boolean;
}) {
  const tried = checked !== null && checked !== 'checking';
  return (
    <span data-costlier={advice.costlier!.cause}>
      {' '}
      {costlierWords(advice)}
      {(fixOf(checked) || (why && tried)) && fixText(checked, 'data-costlier-fix-page-ns')}
      {why && !tried && noKnobText(advice.costlier!.noKnob)}.
    </span>
  );
}

/** ", which no knob here shortens: the window grows by itself...": a cause named with nothing offered. */
export const noKnobText = (why: string | null) =>
  why && <span data-no-knob="">, which no knob here shortens: {why}</span>;

/** The cause as the ladder labels it: capitalized, "cwnd" had read "Cwnd". */
export const costlierWords = ({ costlier }: Advice) =>
  `More went to ${causeStyle(costlier!.cause).short} stalls: ${formatDuration(costlier!.totalNs)}`;

/**
 * "The connection handshake took 3.09 s" beside "2.99 s of it went to handshake stalls": the total
 * counts each instant once, and data moving elsewhere wins it (as "Where did the time go" says).
 */
export const overlapped = (a: { stall: StallRecord; causeTotalNs: number }) =>
  shownNs(a.stall.endNs - a.stall.startNs) > shownNs(a.causeTotalNs)
    ? ' (the rest overlapped other work)'
    : '';
