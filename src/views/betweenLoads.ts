// How repeated loads followed each other, said beside "all 3 loads took …": with no gap between
// them (loadgap=0, the default) each starts as the last ends, and "the page idle between them" had
// been said of runs never idle. Kept out of RunEnd.tsx, which the first load carries.
import { formatDuration } from './format';
import { loadPageNames, ofPage } from '../engine/loadPages';
import { elapsedNs } from '../engine/metrics';
import type { Trace } from '../engine/trace';
import type { Breakdown } from '../scenario/breakdown';

/** The time between one load's end and the next one's start, over the run's loads. */
export function idleBetweenLoadsNs(loads: Trace['loads']): number {
  let idleNs = 0;
  for (let i = 1; i < loads.length; i++)
    idleNs += loads[i].startNs - (loads[i - 1].endNs ?? loads[i].startNs);
  return idleNs;
}

export function betweenLoads(idleNs: number): string {
  return idleNs > 0 ? `the page idle ${formatDuration(idleNs)} between them` : 'one straight after another';
}

/**
 * Which load "where did the time go" gives, and the whole run beside it, as its panel and its
 * picture say it: "Load 3 of 3, from 722 ms to 922 ms; all 3 loads took 922 ms, ...".
 */
export function whichLoad(data: Breakdown, trace: Trace): string {
  const page = ofPage(loadPageNames(trace), data.load);
  const all = `all ${data.loads} loads took ${formatDuration(elapsedNs(trace))}`;
  return `Load ${data.load + 1} of ${data.loads}${page}, from ${formatDuration(data.startNs)} to ${formatDuration(data.endNs)}; ${all}, ${betweenLoads(idleBetweenLoadsNs(trace.loads))}`;
}
