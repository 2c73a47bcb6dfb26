// Compared, B's line under the callout: B's page time against A's and B's first long stall, with
// the fix the engine finds for it, to try on B. Loaded only once a comparison is shown.
import { useCallback, useMemo, useRef } from 'react';
import type { PathTiming } from '../../engine/path';
import type { Trace } from '../../engine/trace';
import type { Settings } from '../../scenario/schema';
import { breakdown, type Breakdown } from '../../scenario/breakdown';
import { formatDuration } from '../../views/format';
import { causeStyle } from '../../scenario/stallCauses';
import type { HintsWithheld } from '../lessons/lessonState';
import {
  Costlier,
  costlierWords,
  fixOf,
  fixText,
  knobOf,
  overlapped,
  room,
  useOfferedFix,
} from './calloutParts';
import { drawsOf, type adviceFor } from './stallAdvice';
import { changedParts, comparedAdvice, thanA } from './comparedAdvice';
import { useFocusHandoff } from '../useFocusHandoff';
import type { StallCalloutProps } from './StallCallout';

/**
 * Compared, side B's page time against A's and B's own first long stall, named as A's is, so a
 * student reads both runs' outcome in one place (B's time had been only in the breakdown), with
 * the fix the engine finds for B's stall, to try on B (the knobs can change either side).
 */
export default function SideBLine({
  runB,
  settingsB,
  settingsA,
  a,
  withholdFix,
  onApply,
  onShowStall,
}: {
  runB: { trace: Trace; path: PathTiming };
  settingsB: Settings | null;
  settingsA: Settings;
  /** A's breakdown: B's time and what moved it are said against it. */
  a: Breakdown;
  withholdFix: HintsWithheld;
  onApply: StallCalloutProps['onApply'];
  onShowStall: StallCalloutProps['onShowStall'];
}) {
  const b = useMemo(() => breakdown(runB.trace, runB.path), [runB]);
  // What moved B's time from A's; a slower B is told of the part that grew most, with its fix.
  const changes = useMemo(() => changedParts(a, b), [a, b]);
  const slowerBy = changes[0]?.ns > 0 ? changes[0].cause : null;
  const advise = useCallback<typeof adviceFor>(
    (trace, settings, breakdownB) => comparedAdvice(trace, settings, breakdownB, slowerBy),
    [slowerBy],
  );
  const { advice, checked, costlierChecked, suggestion, checking, offered } = useOfferedFix(
    runB.trace,
    settingsB,
    b,
    withholdFix,
    advise,
  );
  const than = thanA(a, b, changes, settingsA, settingsB);
  // A fix that A already runs would make B A again: say A has it instead of offering it.
  const inA = suggestion !== null && settingsA[suggestion.key] === suggestion.value;
  // Try goes once its fix is the last one offered: focus goes to B's text, which now gives B's run.
  const handOff = useFocusHandoff();
  const textRef = useRef<HTMLParagraphElement>(null);
  return (
    <div className="callout-b" data-callout-b="" data-fix-checking={checking ? '' : undefined}>
      <p className="callout-text" tabIndex={-1} ref={textRef}>
        <span data-callout-side="b">B:</span>{' '}
        {advice ? (
          <>
            <strong>{advice.sentence}</strong>
            {fixText(inA ? null : checked, 'data-fix-page-ns')}.{' '}
          </>
        ) : (
          'No long stall. '
        )}
        <span className="callout-context">
          {/* As A's: B's fix is judged on the medians of its loss draws too. */}
          {advice && drawsOf(settingsB!) > 1 ? 'With its own losses, the page took' : 'The page took'}{' '}
          <strong data-page-ns={b.totalNs}>{formatDuration(b.totalNs)}</strong>
          {than}
          {advice && (
            <>
              ; {formatDuration(advice.causeTotalNs)} of it went to {causeStyle(advice.stall.cause).short}{' '}
              stalls{overlapped(advice)}
            </>
          )}
          .
          {advice?.costlier && fixOf(costlierChecked) && (
            <Costlier advice={advice} checked={inA ? null : costlierChecked} />
          )}
          {inA && <span data-fix-in-a=""> Side A runs with {knobOf(suggestion)}.</span>}
        </span>
        {/* As A's: the room of B's fix while it is tried (the costlier cause is named with its fix). */}
        {room(
          advice,
          checked,
          costlierChecked,
          settingsB ? drawsOf(settingsB) : 1,
          b.totalNs,
          advice?.costlier ? ` ${costlierWords(advice)}` : '',
        )}
      </p>
      {advice && (
        <div className="callout-actions">
          {offered && !inA && (
            <button
              type="button"
              className={suggestion ? undefined : 'callout-pending'}
              onClick={(e) => {
                handOff(e.currentTarget, () => textRef.current);
                if (suggestion) onApply(suggestion, 'b');
              }}
            >
              Try {knobOf(offered)} on B
            </button>
          )}
          <button
            type="button"
            className="secondary"
            onClick={() => onShowStall(advice.stall.endNs, advice.stall, runB.trace)}
          >
            Show B's stall
          </button>
        </div>
      )}
    </div>
  );
}
