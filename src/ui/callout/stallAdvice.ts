// Which stall to point at, in words, and which knob removes it. It speaks of the load the
// headline reports (the last) and counts time as "where did the time go" does (breakdown()),
// so its figures and the breakdown's are the same numbers. The cause named is the first long
// stall's: later stalls are often its consequences; a later cause that cost more is named too.
// Of that cause's stalls in the load, the longest is named (and framed by "Show the stall").
// When no knob here removes the first (one connection's handshake), the costliest cause that one
// does takes the headline: the callout is there to name the change to try. Suggestions only name keys the
// schema has and values that differ from the current ones, so keys added later (http, conns...)
// are suggested as soon as they exist. Each cause's sentence and fixes are its row in
// scenario/stallCauses.ts. A knob the settings hide (see `applies`) is never suggested.
import type { DropCause, StallRecord, Trace } from '../../engine/trace';
import { applies, SCHEMA, type ConfigKey, type Settings } from '../../scenario/schema';
import { explains, partNs, type Breakdown } from '../../scenario/breakdown';
import { formatDuration } from '../../views/format';
import { eachWaitOnce } from '../../views/stallBands';
import { STALL_CAUSES, causeStyle, type FixContext } from '../../scenario/stallCauses';

/** A single stall is named when it is at least this share of the page time and this long. */
const MIN_SHARE = 0.1;
const MIN_NS = 5e6;
/** A cause (and the fix for it) is never put forward when it cost the page less than this share or this long. */
export const MIN_WORTH_SHARE = 0.05;
export const MIN_WORTH_NS = 10e6;

export interface Suggestion {
  key: ConfigKey;
  value: Settings[ConfigKey];
}

export interface Advice {
  stall: StallRecord;
  sentence: string;
  /** Every knob change the row offers, best first: the callout offers the first that the engine
   * finds makes the page faster, unless a later one saves much more (checkedFix). */
  candidates: Suggestion[];
  /** With no candidate, why no knob here shortens the cause (its row's `noKnob`). */
  noKnob: string | null;
  /** Wall-clock time of the page load given to this cause, as in the breakdown. */
  causeTotalNs: number;
  /** Stalls of this cause in the load. */
  causeCount: number;
  /**
   * A later cause that cost the page more than the one named, so the callout says so too, with
   * the knobs that could remove it: offered when none of the named cause's helps (a TLS 1.2
   * handshake stretched by the server's Nagle hold: TLS 1.3 does not shorten it, Nagle off does).
   */
  costlier: {
    cause: StallRecord['cause'];
    totalNs: number;
    candidates: Suggestion[];
    noKnob: string | null;
  } | null;
  /** The first long stall's cause, when no knob here removes it and another cause (named) has knobs. */
  passedOver: { cause: StallRecord['cause']; totalNs: number; noKnob: string | null } | null;
}

/** Whether a cause cost the page enough to be worth a fix. */
export function worthFixing(b: Breakdown, cause: StallRecord['cause']): boolean {
  return partNs(b, cause) >= Math.max(MIN_WORTH_NS, b.totalNs * MIN_WORTH_SHARE);
}

/** Stalls of the reported load whose cause is worth fixing, in time order, each wait once: a
 * client thinking before each of 42 requests at once over the same 50 ms is one wait, as the
 * ladder draws it (the callout had said "client think stalls (43)" beside two bands). */
export function worthyStalls(trace: Trace, b: Breakdown): StallRecord[] {
  return eachWaitOnce(
    trace.stalls.filter((s) => s.endNs > b.startNs && s.startNs < b.endNs && worthFixing(b, s.cause)),
  ).sort((a, b) => a.startNs - b.startNs || b.endNs - a.endNs);
}

/**
 * The sentence for a stall, one of `count` of its cause in the load: the longest, said so ("waited
 * 2.99 s for flow-control credit" beside "3.23 s of it went to flow control stalls (8)" had read as
 * two answers to one question). A cause of many short waits speaks of their total (`totalNs`).
 */
function sentenceFor(s: StallRecord, totalNs: number, count: number, settings: Settings): string {
  const row = STALL_CAUSES[s.cause];
  return row.sentence(
    s.side,
    row.manyShortWaits
      ? formatDuration(totalNs)
      : formatDuration(s.endNs - s.startNs) + (count > 1 ? ` (the longest of ${count} stalls)` : ''),
    settings,
  );
}

/**
 * The candidates the schema knows and the settings do not already have, best first. `stalls` are
 * the load's stalls of the cause and `causeNs` the page time the breakdown gives them (by default
 * the stall named alone).
 */
export function suggestionsFor(
  s: StallRecord,
  settings: Settings,
  stalls: readonly StallRecord[] = [s],
  causeNs = s.endNs - s.startNs,
  rtoNs: () => number | null = () => null,
  dropped: (cause: DropCause) => boolean = () => false,
): Suggestion[] {
  const context = fixContext(s, settings, stalls, causeNs, rtoNs, dropped);
  const found: Suggestion[] = [];
  for (const { key, value } of STALL_CAUSES[s.cause].fixes(context)) {
    if (!Object.prototype.hasOwnProperty.call(SCHEMA, key)) continue;
    // A knob these settings hide does nothing here (delayed ACK under HTTP/3: QUIC's is its own).
    if (!applies(key as ConfigKey, settings)) continue;
    const row = SCHEMA[key as ConfigKey];
    if (row.kind === 'enum' && !(row.values as readonly string[]).includes(value as string)) continue;
    if (JSON.stringify((settings as Record<string, unknown>)[key]) === JSON.stringify(value)) continue;
    found.push({ key: key as ConfigKey, value: value as Settings[ConfigKey] });
  }
  return found;
}

/** What a cause's row reads to choose its fixes (or say why it has none). */
function fixContext(
  s: StallRecord,
  settings: Settings,
  stalls: readonly StallRecord[] = [s],
  causeNs = s.endNs - s.startNs,
  rtoNs: () => number | null = () => null,
  dropped: (cause: DropCause) => boolean = () => false,
): FixContext {
  return { side: s.side, settings, stallNs: s.endNs - s.startNs, stalls, causeNs, rtoNs, dropped };
}

/** The stalled side's retransmission timeout when `s` began: its last congestion sample before then. */
function rtoWhenStalled(trace: Trace, s: StallRecord): number | null {
  let rtoNs: number | null = null;
  for (const sample of trace.samples ?? []) {
    if (sample.atNs > s.startNs) break;
    if (sample.conn === s.conn && sample.side === s.side) rtoNs = sample.rtoNs;
  }
  return rtoNs;
}

/**
 * When no single stall is long, the cause whose stalls cost the page the most, be they many small
 * ones or one short of a tenth of the page (1 MB over the WAN: a 1.09 s RTO, 9.5% of its 11.5 s, had
 * been left out, and the headline said "No long stall" beside the band labelled "RTO 1.09 s").
 */
function costliestCause(stalls: StallRecord[], b: Breakdown): StallRecord | null {
  const best = stalls.reduce<StallRecord | null>(
    (best, s) => (best === null || partNs(b, s.cause) > partNs(b, best.cause) ? s : best),
    null,
  );
  return best && longestOf(stalls, best.cause);
}

/** Stalls none of which alone is worth a headline, with the longest: the ladder labels each with
 * its length, and "4 short stalls" beside a band labelled "cwnd 490 ms" had read as a contradiction. */
function manyStalls(stalls: StallRecord[]): string {
  const longest = Math.max(...stalls.map((s) => s.endNs - s.startNs));
  return `${stalls.length} stalls of up to ${formatDuration(longest)}`;
}

/** Whether a stall alone is long enough to be named (not only as one of many). */
const isLong = (s: StallRecord, b: Breakdown) =>
  s.endNs - s.startNs >= Math.max(MIN_NS, b.totalNs * MIN_SHARE);

/** A cause that cost the page at least this share of what the first did is named in its place when only it has a knob. */
const AS_COSTLY = 0.9;

export function adviceFor(trace: Trace, settings: Settings, b: Breakdown): Advice | null {
  const stalls = worthyStalls(trace, b);
  const firstLong = stalls.find((s) => isLong(s, b));
  // A later wait that explains the first and cost the page as much is named in its place, as the
  // breakdown gives it the time they share: QUIC's 3x limit, not the handshake it made longer.
  const long =
    firstLong &&
    (stalls.find((s) => explains(s, firstLong) && partNs(b, s.cause) >= partNs(b, firstLong.cause)) ??
      firstLong);
  // The first long stall's cause, by its longest stall in the load, as the other ways in name a
  // cause: a page loaded three times over the WAN had been told of its last load's first Nagle
  // hold (90 ms) while the ladder drew a 226 ms one after it.
  const first = long ? longestOf(stalls, long.cause) : costliestCause(stalls, b);
  if (!first) return null;
  const advice = adviceAbout(first, stalls, trace, settings, b);
  // Many short stalls are named as the costliest cause: nothing else cost more, or came first.
  if (advice.candidates.length > 0 || !long) return advice;
  // No knob here removes the first: the costliest other cause that one does takes the headline,
  // if it cost the page about as much or more (IW10's page: a 100 ms Nagle hold as long as its
  // handshake had gone unnamed). A much smaller one is left to the breakdown.
  const others = [...new Set(stalls.map((s) => s.cause))]
    .filter((cause) => cause !== first.cause && partNs(b, cause) >= AS_COSTLY * advice.causeTotalNs)
    .sort((x, y) => partNs(b, y) - partNs(b, x));
  for (const cause of others) {
    const instead = adviceAbout(longestOf(stalls, cause), stalls, trace, settings, b);
    if (instead.candidates.length === 0) continue;
    const costlier = instead.costlier?.cause === first.cause ? null : instead.costlier; // said as passed over
    return {
      ...instead,
      costlier,
      passedOver: { cause: first.cause, totalNs: advice.causeTotalNs, noKnob: advice.noKnob },
    };
  }
  return advice;
}

export function longestOf(stalls: StallRecord[], cause: StallRecord['cause']): StallRecord {
  return stalls
    .filter((s) => s.cause === cause)
    .reduce((a, s) => (s.endNs - s.startNs > a.endNs - a.startNs ? s : a));
}

/** The advice that names `stall`, one of the load's worthy `stalls`. */
export function adviceAbout(
  stall: StallRecord,
  stalls: StallRecord[],
  trace: Trace,
  settings: Settings,
  b: Breakdown,
): Advice {
  const ofCause = stalls.filter((s) => s.cause === stall.cause);
  const count = ofCause.length;
  const total = partNs(b, stall.cause);
  const words = causeStyle(stall.cause).words;
  const costliest = [...new Set(stalls.map((s) => s.cause))]
    .map((cause) => ({ cause, totalNs: partNs(b, cause) }))
    .sort((x, y) => y.totalNs - x.totalNs)[0];
  const contextOf = (s: StallRecord) =>
    fixContext(
      s,
      settings,
      stalls.filter((o) => o.cause === s.cause),
      partNs(b, s.cause),
      () => rtoWhenStalled(trace, s),
      (cause) => droppedIn(trace, b, cause),
    );
  const candidatesOf = (s: StallRecord) => {
    const c = contextOf(s);
    return suggestionsFor(s, settings, c.stalls, c.causeNs, c.rtoNs, c.dropped);
  };
  // Said where a cause is named and nothing is offered: why (the page had left the student guessing).
  const noKnobOf = (s: StallRecord, candidates: Suggestion[]) =>
    candidates.length > 0
      ? null
      : STALL_CAUSES[s.cause].noKnob?.(contextOf(s)) || 'each knob that would is set already';
  const candidates = candidatesOf(stall);
  const costlierAbout = (s: StallRecord) => {
    const found = candidatesOf(s);
    return { cause: s.cause, totalNs: partNs(b, s.cause), candidates: found, noKnob: noKnobOf(s, found) };
  };
  return {
    stall,
    sentence:
      (isLong(stall, b) || STALL_CAUSES[stall.cause].manyShortWaits || count === 1
        ? sentenceFor(stall, total, count, settings)
        : `${words.charAt(0).toUpperCase()}${words.slice(1)}: ${manyStalls(ofCause)}`) +
      queueDropNote(stall, trace, settings, b),
    candidates,
    noKnob: noKnobOf(stall, candidates),
    causeTotalNs: total,
    causeCount: count,
    costlier:
      costliest && costliest.totalNs > total ? costlierAbout(longestOf(stalls, costliest.cause)) : null,
    passedOver: null,
  };
}

/** A timer's: an RTO resends the lost data, a PTO's probe carries the oldest unacknowledged (RFC 9002 6.2.4), and the loss timer's packet goes again. */
const RESENT_DROP_NOTE = (dropper: string) =>
  `; ${dropper} had dropped the packet it resends (Packet loss is 0%)`;
/** What a wait that follows a loss adds when the packet lost was dropped at the router's queue. */
const QUEUE_DROP_NOTE: Partial<Record<StallRecord['cause'], (dropper: string) => string>> = {
  'hol-blocking': (dropper) => `; ${dropper} dropped that segment (Packet loss is 0%)`,
  rto: RESENT_DROP_NOTE,
  pto: RESENT_DROP_NOTE,
  'loss-timer': RESENT_DROP_NOTE,
};
/** Who dropped it: the full queue, or its CoDel keeping it short. */
const DROPPERS = [
  ['queue', 'a full router queue'],
  ['codel', "the router queue's CoDel"],
] as const;

/** Whether the reported load lost packets this way. */
const droppedIn = (trace: Trace, b: Breakdown, cause: DropCause) =>
  trace.packets.some((p) => p.drop === cause && p.sendNs >= b.startNs && p.sendNs < b.endNs);

/**
 * A wait that follows a loss, on a page whose packet loss is 0%: the packets the load lost were
 * dropped by a full router queue, and the sentence says so ("behind a lost segment" beside
 * "Packet loss: 0%" had read as a contradiction).
 */
function queueDropNote(stall: StallRecord, trace: Trace, settings: Settings, b: Breakdown): string {
  const note = QUEUE_DROP_NOTE[stall.cause];
  if (note === undefined || Number(settings.loss) > 0) return '';
  const by = DROPPERS.find(([cause]) => droppedIn(trace, b, cause));
  return by ? note(by[1]) : '';
}

/** A fix is offered when the engine finds it saves at least this share of the page time. */
const MIN_SAVING_SHARE = 0.01;

/**
 * Loss draws (seeds) a lossy page and its candidates are run over: a knob change moves which
 * packets the random loss takes, so on one draw a fix's luck reads as its effect (resumption
 * "took" a 2% lossy TLS page from 0.03 to 3.0 s: a lost SYN's timeout on that draw).
 */
const LOSS_DRAWS = 5;

/** What running the candidates found: the first that makes the page faster, or none. */
export interface CheckedFix {
  /** The fix offered; null when no candidate helps. */
  fix: Suggestion | null;
  /** The fix, or the first candidate when none helps: the callout names it and its page time. */
  tried: Suggestion;
  /** Its page time: the median over the draws (null: a run of it failed). */
  pageNs: number | null;
  /** The page's own, alike: the run shown when there is one draw. */
  currentNs: number;
  draws: number;
  /**
   * Both on the draw shown (the page's own losses), where Try and Compare run the candidate: with
   * one draw, the figures above.
   */
  thisDraw: { pageNs: number | null; currentNs: number };
}

/** How many loss draws a page's fixes are judged over (1 on a loss-free path). */
export const drawsOf = (settings: Settings) => (Number(settings.loss) > 0 ? LOSS_DRAWS : 1);

function withSeed(settings: Settings, draw: number): Settings {
  return draw === 0 ? settings : ({ ...settings, seed: (Number(settings.seed) + draw) >>> 0 } as Settings);
}

/**
 * The runs that check `candidates`: for each draw the page as it is (but for the first draw, the
 * run shown) and each candidate applied to it. `checkedFix` reads their page times.
 */
export function checkRuns(settings: Settings, candidates: readonly Suggestion[]): Settings[] {
  const runs: Settings[] = [];
  for (let draw = 0; draw < drawsOf(settings); draw++) {
    const drawn = withSeed(settings, draw);
    if (draw > 0) runs.push(drawn);
    for (const c of candidates) runs.push({ ...drawn, [c.key]: c.value } as Settings);
  }
  return runs;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * A candidate earlier in its cause's row gives way to a later one only when that saves more than
 * this many times as much: the rows put the fix that teaches the cause first (write the headers
 * with the body before turning delayed ACKs off), but a 2024 page over HTTP/2 on a lossy WAN had
 * been offered a 4 KB initial window for 1.4 s of 43.6 (3%) where BBR, also run, saved 11 s.
 */
const MUCH_MORE_SAVING = 3;

/**
 * The candidate offered, over the median page times of the draws (`pageNs` parallel to
 * `checkRuns`; `currentNs` the run shown): of those that save at least 1% of the page, the first
 * in the row whose saving is not far below the best one's (MUCH_MORE_SAVING). A candidate any of
 * whose runs failed is not offered.
 */
export function checkedFix(
  candidates: readonly Suggestion[],
  settings: Settings,
  pageNs: ReadonlyArray<number | null>,
  currentNs: number,
): CheckedFix | null {
  if (candidates.length === 0) return null;
  const draws = drawsOf(settings);
  const base = [currentNs];
  const byCandidate: Array<number | null>[] = candidates.map(() => []);
  let at = 0;
  for (let draw = 0; draw < draws; draw++) {
    if (draw > 0) {
      const ns = pageNs[at++];
      if (ns !== null && ns !== undefined) base.push(ns);
    }
    for (const times of byCandidate) times.push(pageNs[at++] ?? null);
  }
  const pageOf = (times: Array<number | null>) =>
    times.every((t) => t !== null) ? median(times as number[]) : null;
  const current = median(base);
  const times = byCandidate.map(pageOf);
  const helps = (t: number | null): t is number => t !== null && t <= current * (1 - MIN_SAVING_SHARE);
  const bestSaving = Math.max(0, ...times.map((t) => (helps(t) ? current - t : 0)));
  const found = times.findIndex((t) => helps(t) && (current - t) * MUCH_MORE_SAVING >= bestSaving);
  const index = Math.max(0, found);
  return {
    fix: found < 0 ? null : candidates[found],
    tried: candidates[index],
    pageNs: times[index],
    currentNs: current,
    draws,
    thisDraw: { pageNs: byCandidate[index][0], currentNs },
  };
}

/** A fix offered on the medians of loss draws that is no faster on the page's own draw. */
export function losesOnItsDraw(c: CheckedFix): boolean {
  const { pageNs, currentNs } = c.thisDraw;
  return c.fix !== null && pageNs !== null && pageNs >= currentNs;
}

/**
 * "try X (395 ms faster)", or why X is not offered. Over loss draws both medians are given: the
 * page shown is one draw, and "faster" by the medians could exceed its own time. Try and Compare
 * run the fix on the page's own draw: when it loses there, the callout says so beforehand, or the
 * page it draws would contradict the words.
 */
export function fixWords(c: CheckedFix, knob: string): string {
  // A candidate whose run failed (an engine budget) says nothing of whether it helps.
  if (c.pageNs === null) return `${knob} could not be tried: its run did not finish`;
  const here = losesOnItsDraw(c)
    ? `; with this page's own losses it would take ${formatDuration(c.thisDraw.pageNs!)}`
    : '';
  const medians = ` (${formatDuration(c.pageNs)} against ${formatDuration(c.currentNs)}, medians of ${c.draws} loss draws${here})`;
  if (c.fix)
    return c.draws > 1
      ? `try ${knob}${medians}`
      : `try ${knob} (${formatDuration(c.currentNs - c.pageNs)} faster)`;
  return c.draws > 1
    ? `${knob} would not help${medians}`
    : `${knob} would not help: the page would take ${formatDuration(c.pageNs)}`;
}
