// The ladder opens on what matters: when idle gaps are a large part of the run (a delayed ACK, a
// think time, the pause between page loads), they start folded. Decided when a scenario opens
// (a link, a preset, Back or Forward), so a reader who unfolds them keeps that while moving knobs;
// and the link says `fold=` wherever the folding shown differs from what the run alone would
// choose, so it reopens the same view (a knob that changes the run's gaps had left a shared link
// unfolded where the page showed it folded).
import { useEffect, useMemo, useRef } from 'react';
import type { Gap } from '../../views/timeScale';
import { shouldFoldByDefault } from '../../views/timeScale';

export interface FoldInputs {
  gaps: Gap[];
  endNs: number;
  /** The runs on screen are the scenario's (not an earlier one's, while its run is made). */
  ready: boolean;
  /** Changes when a scenario is opened anew (a preset, Back or Forward): folding is decided again. */
  opened: string;
  /** What the link says: folded, unfolded, or nothing (null). */
  inLink: boolean | null;
  fold: boolean;
  setFold: (fold: boolean) => void;
  /** Write the link's `fold=` (null: leave it out). */
  writeInLink: (fold: boolean | null) => void;
}

export function useAutoFold({
  gaps,
  endNs,
  ready,
  opened,
  inLink,
  fold,
  setFold,
  writeInLink,
}: FoldInputs): void {
  const decidedFor = useRef<string | null>(null);
  const auto = useMemo(() => shouldFoldByDefault(gaps, endNs), [gaps, endNs]);
  useEffect(() => {
    if (!ready || decidedFor.current === opened) return;
    decidedFor.current = opened;
    setFold(inLink ?? auto);
  }, [ready, opened, inLink, auto, setFold]);
  useEffect(() => {
    if (!ready || decidedFor.current !== opened) return;
    const wanted = fold === auto ? null : fold;
    if (wanted !== inLink) writeInLink(wanted);
  }, [ready, opened, fold, auto, inLink, writeInLink]);
}
