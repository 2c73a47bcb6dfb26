// The ladder opens on what matters: when idle gaps are a large part of the run (a delayed ACK, a
// think time, the pause between page loads), they start folded. Decided once per scenario opened,
// so a reader who unfolds them keeps that while moving knobs.
import { useEffect, useRef } from 'react';
import type { Gap } from '../../views/timeScale';
import { shouldFoldByDefault } from '../../views/timeScale';

export function useAutoFold(
  gaps: Gap[],
  endNs: number,
  ready: boolean,
  scenario: string,
  setFold: (fold: boolean) => void,
): void {
  const decidedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!ready || decidedFor.current === scenario) return;
    decidedFor.current = scenario;
    if (shouldFoldByDefault(gaps, endNs)) setFold(true);
  }, [gaps, endNs, ready, scenario, setFold]);
}
