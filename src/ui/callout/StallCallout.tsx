// The callout over the views: names the first long stall and its cause, and offers the knob
// that removes it — applied here, or on side B to compare. Compared, B's line does the same for B.
import { lazy, useMemo, useRef } from 'react';
import { loadPageNames, ofPage } from '../../engine/loadPages';
import { elapsedNs, objectsNeverArrived } from '../../engine/metrics';
import type { PathTiming } from '../../engine/path';
import type { StallRecord, Trace } from '../../engine/trace';
import type { Settings } from '../../scenario/schema';
import { breakdown, type Breakdown } from '../../scenario/breakdown';
import { formatDuration } from '../../views/format';
import { RunEndAfterLoads } from '../../views/RunEnd';
import { runEndNs } from '../../views/timeScale';
import { causeStyle, darkFill } from '../../scenario/stallCauses';
import { useFocusHandoff } from '../useFocusHandoff';
import { useSettled } from '../state/gesture';
import { drawsOf, type Suggestion } from './stallAdvice';
import { Costlier, fixText, knobOf, noKnobText, overlapped, room, useOfferedFix } from './calloutParts';
import type { HintsWithheld } from '../lessons/lessonState';
import { LazyPanel } from '../LazyPanel';

const SideBLine = lazy(() => import('./SideBLine'));

export interface StallCalloutProps {
  trace: Trace;
  /** The path it ran on. */
  path: PathTiming;
  settings: Settings;
  comparing: boolean;
  /** Side B's settings while comparing: a fix B already runs with is not offered for A. */
  sideB?: Settings | null;
  /** Side B's run while comparing: the callout gives its page time and first long stall too. */
  runB?: { trace: Trace; path: PathTiming } | null;
  /** Name the stall but not the knob that removes it (a lesson's question asks about that knob). */
  withholdFix?: HintsWithheld;
  /** Apply the fix to the side it was found for (A, or B while comparing). */
  onApply: (s: Suggestion, side: 'a' | 'b') => void;
  onCompare: (s: Suggestion) => void;
  /** Move the playhead to `ns`, the stall's end, and frame the stall on the ladder (of `trace`). */
  onShowStall: (ns: number, stall: StallRecord, trace: Trace) => void;
}

export function StallCallout({
  trace: liveTrace,
  path: livePath,
  settings: liveSettings,
  runB: liveRunB = null,
  ...rest
}: StallCalloutProps) {
  // While a slider is dragged the callout keeps the runs it named before (settled here, so only
  // the callout re-renders to catch up, not the page).
  const live = useMemo(
    () => ({ trace: liveTrace, path: livePath, settings: liveSettings, runB: liveRunB }),
    [liveTrace, livePath, liveSettings, liveRunB],
  );
  const { trace, path, settings, runB } = useSettled(live);
  return (
    <SettledCallout
      trace={trace}
      path={path}
      settings={settings}
      runB={runB}
      stale={trace !== liveTrace || runB?.trace !== liveRunB?.trace}
      {...rest}
    />
  );
}

function SettledCallout({
  trace,
  path,
  settings,
  comparing,
  sideB = null,
  runB = null,
  withholdFix = false,
  onApply,
  onCompare,
  onShowStall,
  stale,
}: StallCalloutProps & { stale: boolean }) {
  const b = breakdown(trace, path);
  const { advice, checked, costlierChecked, suggestion, checking, offered } = useOfferedFix(
    trace,
    settings,
    b,
    withholdFix,
  );
  // Compare side by side goes with its press: focus goes on to Show A's stall. Try goes once its
  // fix is the last one offered: focus goes to the callout, which now gives the run with the fix.
  const handOff = useFocusHandoff();
  const showRef = useRef<HTMLButtonElement>(null);
  const calloutRef = useRef<HTMLElement>(null);
  // Compared, the callout speaks of run A alone: say so, or its page time reads as both runs'.
  const side = comparing ? (
    <>
      <span data-callout-side="a">A:</span>{' '}
    </>
  ) : null;
  const page = (
    <>
      <strong data-page-ns={b.totalNs}>{formatDuration(b.totalNs)}</strong>
      <WholeRun trace={trace} b={b} />
      <NeverArrived trace={trace} />
    </>
  );
  // B's line loads with the first comparison: most pages never compare. A file gone after a
  // deploy is said there, as for a panel; A's line stays.
  const lineB = comparing && runB && (
    <LazyPanel name="side B's line">
      <SideBLine
        runB={runB}
        settingsB={sideB}
        settingsA={settings}
        a={b}
        withholdFix={withholdFix}
        onApply={onApply}
        onShowStall={onShowStall}
      />
    </LazyPanel>
  );
  // Both forms of the callout: read as they change, and focused after the last Try.
  const shell = {
    ref: calloutRef,
    tabIndex: -1,
    'aria-live': 'polite',
    'data-callout': '',
    'data-stale': stale || undefined,
    'aria-busy': stale || undefined,
  } as const;
  if (!advice) {
    return (
      <aside className="callout callout--clear" {...shell}>
        <p>
          {side}No long stall: the page took {page}. Look at the time-sequence plot to see what paces it.
        </p>
        {lineB}
      </aside>
    );
  }
  const { stall, sentence } = advice;
  const cause = causeStyle(stall.cause);
  // While the engine tries the knobs, the buttons of the first are laid out unseen: at phone width
  // they take a row of their own, and coming later they had pushed the views down by it.
  const pending = suggestion === null ? 'callout-pending' : undefined;
  const knob = offered ? knobOf(offered) : null;
  // Compared with a B that runs the fix ("Compare side by side"), trying it on A would leave two
  // identical runs: say B has it instead of offering it.
  const inB =
    comparing && suggestion !== null && sideB !== null && sideB[suggestion.key] === suggestion.value;
  return (
    <aside
      className="callout"
      {...shell}
      data-cause={stall.cause}
      data-fix-checking={checking ? '' : undefined}
      style={{ borderLeftColor: cause.fill, ...darkFill(cause) }}
    >
      <p className="callout-text">
        {side}
        <strong>{sentence}</strong>
        {/* A fix B runs is not offered, nor weighed: B's line gives B's time ("try" had stood
            beside "Side B runs with", and no button). */}
        {fixText(inB ? null : checked, 'data-fix-page-ns')}
        {!withholdFix && noKnobText(advice.noKnob)}.{' '}
        <span className="callout-context">
          {/* The fix's figures are medians over loss draws; the page shown is one draw, and its
              time had read as a second figure for the same page. */}
          {drawsOf(settings) > 1 ? 'With its own losses, the page took' : 'The page took'} {page};{' '}
          {formatDuration(advice.causeTotalNs)} of it went to {cause.short} stalls
          {overlapped(advice)}.
          {advice.passedOver && (
            <span data-passed-over={advice.passedOver.cause}>
              {' '}
              First came the {causeStyle(advice.passedOver.cause).words} (
              {formatDuration(advice.passedOver.totalNs)}){noKnobText(advice.passedOver.noKnob)}.
            </span>
          )}
          {advice.costlier && (
            <Costlier advice={advice} checked={inB ? null : costlierChecked} why={!withholdFix} />
          )}
          {inB && <span data-fix-in-b=""> Side B runs with {knob}.</span>}
        </span>
        {room(advice, checked, costlierChecked, drawsOf(settings), b.totalNs)}
      </p>
      <div className="callout-actions">
        {offered && !inB && (
          <button
            type="button"
            className={pending}
            onClick={(e) => {
              handOff(e.currentTarget, () => calloutRef.current);
              if (suggestion) onApply(suggestion, 'a');
            }}
          >
            Try {knob}
            {comparing && ' on A'}
          </button>
        )}
        {offered && !comparing && (
          <button
            type="button"
            className={`secondary ${pending ?? ''}`}
            onClick={(e) => {
              handOff(e.currentTarget, () => showRef.current);
              if (suggestion) onCompare(suggestion);
            }}
          >
            Compare side by side
          </button>
        )}
        <button
          type="button"
          className="secondary"
          ref={showRef}
          onClick={() => onShowStall(stall.endNs, stall, trace)}
        >
          {comparing ? "Show A's stall" : 'Show the stall'}
        </button>
      </div>
      {lineB}
    </aside>
  );
}

/** A load the client ended by giving objects up took less than a whole page: say so beside its time. */
function NeverArrived({ trace }: { trace: Trace }) {
  const { missing, asked } = objectsNeverArrived(trace);
  if (missing === 0) return null;
  return (
    <span data-never-arrived={missing}>
      {' '}
      without {missing} of its {asked} objects, which never arrived (the client gave up on them)
    </span>
  );
}

/** After the headline's time, with several loads: which load it is (and its page) and the whole run's time. */
export function WholeRun({ trace, b }: { trace: Trace; b: Breakdown }) {
  if (b.loads < 2) return null;
  return (
    <>
      {' '}
      (load {b.load + 1} of {b.loads}
      {ofPage(loadPageNames(trace), b.load)}; all {b.loads} loads took{' '}
      <span data-run-ns={elapsedNs(trace)}>{formatDuration(elapsedNs(trace))}</span>
      <RunEndAfterLoads loadsNs={elapsedNs(trace)} endNs={runEndNs(trace)} />)
    </>
  );
}
