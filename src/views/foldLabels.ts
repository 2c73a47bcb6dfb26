// What the break mark of a folded gap says on one side's ladder. A fold cuts the same stretch of
// time from both ladders of a comparison (so time runs alike down both), and nothing is on the
// wire of either run there; but its length is not always a wait of this run. After this run is
// over it is no wait at all. Inside a labelled stall the stall's own label gives the wait, and the
// fold's slightly different length beside it (the wire falls idle a little after the stall
// begins) would read as a second number for the same wait.
import type { StallRecord } from '../engine/trace';
import { causeStyle } from '../scenario/stallCauses';
import { formatDuration } from './format';
import type { Gap } from './timeScale';

export interface FoldLabel {
  /** Beside the break mark: the folded length, or only the break sign when it would mislead. */
  text: string;
  /** The tooltip: what the fold is, in words. */
  title: string;
  /** Why the length is left out, if it is. */
  quiet?: 'after-run' | 'in-stall';
}

export function foldLabel(
  gap: Gap,
  runEndNs: number,
  labelledStalls: Pick<StallRecord, 'startNs' | 'endNs' | 'cause'>[],
): FoldLabel {
  const folded = `Time axis folded: ${formatDuration(gap.endNs - gap.startNs)} with nothing on the wire`;
  if (gap.endNs > runEndNs)
    return {
      text: '',
      title: `${folded}; this run was over at ${formatDuration(runEndNs)}`,
      quiet: 'after-run',
    };
  const stall = labelledStalls.find((s) => s.startNs <= gap.startNs && s.endNs >= gap.endNs);
  if (stall)
    return {
      text: '⋯',
      title: `${folded}, inside the ${causeStyle(stall.cause).short} stall`,
      quiet: 'in-stall',
    };
  return { text: `⋯ ${formatDuration(gap.endNs - gap.startNs)}`, title: folded };
}
