// How repeated loads followed each other, said beside "all 3 loads took …": with no gap between
// them (loadgap=0, the default) each starts as the last ends, and "the page idle between them" had
// been said of runs never idle. Kept out of RunEnd.tsx, which the first load carries.
import { formatDuration } from './format';
import type { Trace } from '../engine/trace';

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
