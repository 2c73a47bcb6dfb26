// Compared, what made B's page time differ from A's: the parts of "where did the time go" that
// moved most between the two runs, and B's line's advice about the one that made B slower. A
// page 200 ms slower with TLS 1.3 than with 1.2 had been told of Nagle's stalls in general, while
// TLS took 20 ms less and Nagle 220 ms more (the request written behind the Finished is held).
import type { Trace } from '../../engine/trace';
import { partNs, type Breakdown, type PartCause } from '../../scenario/breakdown';
import { CONFIG_KEYS, type Settings } from '../../scenario/schema';
import { partStyle } from '../../views/breakdownStyle';
import { formatDuration, shownNs } from '../../views/format';
import { notUsedText } from '../panels/sideView';
import { sameValue } from '../state/configModel';
import { adviceAbout, adviceFor, longestOf, worthyStalls, type Advice } from './stallAdvice';

/** A part's time on B less its time on A, as the breakdowns show them (so the figures add up on screen). */
export interface PartChange {
  cause: PartCause;
  ns: number;
}

/** At most this many parts are named: the one that moved most the page's way, then the largest other moves. */
const MAX_NAMED = 3;
/** Another part is named when it moved at least this share of the page's difference, and this long. */
const MIN_SHARE = 0.05;
const MIN_NS = 1e6;

/**
 * The parts that changed the page time between A and B (`a`, `b`): first the one that moved most
 * the way the page did (more on a slower B), then the largest other moves, either way (TLS 20 ms
 * less beside Nagle 220 ms more says what TLS 1.3 saved and what ate it). None when the page
 * times read the same.
 */
export function changedParts(a: Breakdown, b: Breakdown): PartChange[] {
  const pageNs = shownNs(b.totalNs) - shownNs(a.totalNs);
  if (pageNs === 0) return [];
  const causes = [...new Set([...a.parts, ...b.parts].map((p) => p.cause))];
  const moves = causes
    .map((cause) => ({ cause, ns: shownNs(partNs(b, cause)) - shownNs(partNs(a, cause)) }))
    .sort((x, y) => Math.abs(y.ns) - Math.abs(x.ns));
  const lead = moves.find((m) => m.ns * pageNs > 0);
  if (!lead) return [];
  const others = moves.filter(
    (m) => m !== lead && Math.abs(m.ns) >= Math.max(MIN_NS, MIN_SHARE * Math.abs(pageNs)),
  );
  return [lead, ...others].slice(0, MAX_NAMED);
}

/**
 * B's time against A's, after it: ", 200 ms more than A (Nagle: 220 ms more on B; TLS: 20 ms
 * less)", the difference taken between the two times as written so the figures add up; or ", as
 * long as A", and when every change B makes does nothing on B (the schema's `applies`), that it
 * does nothing and why: BBR under HTTP/3 had read as BBR run and no faster ("as long as A").
 */
export function thanA(
  a: Breakdown,
  b: Breakdown,
  changes: readonly PartChange[],
  settingsA: Settings,
  settingsB: Settings | null,
): string {
  const [shownA, shownB] = [shownNs(a.totalNs), shownNs(b.totalNs)];
  if (shownA !== shownB)
    return `, ${formatDuration(Math.abs(shownA - shownB))} ${shownB < shownA ? 'less' : 'more'} than A (${changedPartsText(changes)})`;
  const changed = settingsB ? CONFIG_KEYS.filter((k) => !sameValue(settingsA[k], settingsB[k])) : [];
  const why = [...new Set(changed.map((k) => notUsedText(k, settingsB!)))];
  if (changed.length === 0 || why.includes(null)) return ', as long as A';
  return `, as A did: B's ${changed.length > 1 ? 'changes do' : 'change does'} nothing here (${why.join('; ')})`;
}

/** "Nagle: 220 ms more on B; TLS: 20 ms less", as the breakdown labels its parts. */
function changedPartsText(changes: readonly PartChange[]): string {
  return changes
    .map(
      ({ cause, ns }, i) =>
        `${partStyle(cause).short}: ${formatDuration(Math.abs(ns))} ${ns > 0 ? 'more' : 'less'}${i === 0 ? ' on B' : ''}`,
    )
    .join('; ');
}

/**
 * B's advice beside A: about the part that made B slower when B stalled on it and a knob here
 * could shorten it (its fix is then the one tried on B), else B's own first long stall's, as on
 * its own (a faster B is told what is left to fix).
 */
export function comparedAdvice(
  trace: Trace,
  settings: Settings,
  b: Breakdown,
  slowerBy: PartCause | null,
): Advice | null {
  const own = adviceFor(trace, settings, b);
  if (slowerBy === null || own === null || own.stall.cause === slowerBy) return own;
  const stalls = worthyStalls(trace, b);
  const grown = stalls.find((s) => s.cause === slowerBy);
  if (!grown) return own;
  const advice = adviceAbout(longestOf(stalls, grown.cause), stalls, trace, settings, b);
  return advice.candidates.length > 0 ? advice : own;
}
