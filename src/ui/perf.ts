// Performance marks for scripts/bench-ui.mjs: a control change marks 'roundtrip:change'; the
// first frame after the ladder commits a new run marks 'roundtrip:redraw' and measures the gap.
// The panels below the ladder may take the run a frame later (Views.tsx): the first frame after
// the last of them does is kept as lastChangeToViewsMs.
// Figures are kept on window.roundtripPerf so the benchmark can read them.

export interface PerfFigures {
  redraws: number;
  lastChangeToRedrawMs: number | null;
  changeToRedrawMs: number[];
  /** Of which: from the change until the worker's answer reached the page. */
  changeToResultMs: number[];
  /** From the last change to the first frame after the last panel took its run. */
  lastChangeToViewsMs: number | null;
  playbackFrames: number;
}

declare global {
  interface Window {
    roundtripPerf?: PerfFigures;
  }
}

function figures(): PerfFigures {
  window.roundtripPerf ??= {
    redraws: 0,
    lastChangeToRedrawMs: null,
    changeToRedrawMs: [],
    changeToResultMs: [],
    lastChangeToViewsMs: null,
    playbackFrames: 0,
  };
  return window.roundtripPerf;
}

let firstPictureDrawn = () => {};
const firstPicture = new Promise<void>((resolve) => (firstPictureDrawn = resolve));

/**
 * Resolves once the ladder has first been drawn, for what the first picture does not need to load
 * after it; a page that draws no ladder resolves it a few seconds after its load.
 */
export function afterFirstPicture(): Promise<void> {
  const wait = () => setTimeout(firstPictureDrawn, 5000);
  if (document.readyState === 'complete') wait();
  else window.addEventListener('load', wait, { once: true });
  return firstPicture;
}

let changePending = false;
let changedAt: number | null = null;

export function markChange(): void {
  performance.mark('roundtrip:change');
  changePending = true;
  changedAt = performance.now();
}

/** Call after a panel below the ladder has committed a new run; measured on the next frame. */
export function markPanelDrawn(): void {
  if (changedAt === null) return;
  const since = changedAt;
  requestAnimationFrame(() => {
    figures().lastChangeToViewsMs = performance.now() - since;
  });
}

/** Call when the worker's answer arrives. */
export function markResult(): void {
  if (!changePending) return;
  performance.mark('roundtrip:result');
  figures().changeToResultMs.push(
    performance.measure('roundtrip:change-to-result', 'roundtrip:change', 'roundtrip:result').duration,
  );
}

/** Call after the ladder has committed a new run; measures on the next frame (after paint). */
export function markRedraw(): void {
  requestAnimationFrame(() => {
    performance.mark('roundtrip:redraw');
    firstPictureDrawn();
    const f = figures();
    f.redraws++;
    if (!changePending) return;
    changePending = false;
    const m = performance.measure('roundtrip:change-to-redraw', 'roundtrip:change', 'roundtrip:redraw');
    f.lastChangeToRedrawMs = m.duration;
    f.changeToRedrawMs.push(m.duration);
  });
}

export function countPlaybackFrame(): void {
  figures().playbackFrames++;
}
