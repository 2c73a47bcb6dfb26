// The playhead: where it stands, whether it plays, how fast. It rests at the end of the run
// (`pinnedNs` null, following the end as runs change) until the user moves it.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Gap } from '../../views/timeScale';
import { countPlaybackFrame } from '../perf';
import { advance, nextEvent, previousEvent, speedFor, type SpeedMode } from './playbackModel';

export interface Playback {
  cursorNs: number;
  /** Null while the playhead follows the end of the run. */
  pinnedNs: number | null;
  playing: boolean;
  speedMode: SpeedMode;
  /** Seconds of the run per second on screen (outside the folded gaps), from the mode and the run. */
  speed: number;
  fold: boolean;
  /** Whether the run has an idle gap to fold: without one, folding changes nothing. */
  canFold: boolean;
  /** The gaps folded (none when folding is off): each is waited through for a moment, not at `speed`. */
  foldedGaps: Gap[];
  play: () => void;
  pause: () => void;
  toggle: () => void;
  stepForward: () => void;
  stepBack: () => void;
  seek: (ns: number) => void;
  /** Put the playhead where a link had it (null: the end), even before that link's run arrives. */
  pin: (ns: number | null) => void;
  toEnd: () => void;
  setSpeedMode: (mode: SpeedMode) => void;
  setFold: (fold: boolean) => void;
}

/** `speedMode` and `setSpeedMode`: the speed, kept by the caller (in the link). */
export function usePlayback(
  endNs: number,
  times: number[],
  gaps: Gap[],
  initialNs: number | null,
  speedMode: SpeedMode,
  setSpeedMode: (mode: SpeedMode) => void,
): Playback {
  const [pinnedNs, setPinned] = useState<number | null>(initialNs);
  const [playing, setPlaying] = useState(false);
  const [fold, setFold] = useState(false);
  const cursorNs = Math.min(pinnedNs ?? endNs, endNs);
  const foldedGaps = useMemo(() => (fold ? gaps : []), [fold, gaps]);
  const speed = speedFor(speedMode, endNs, foldedGaps);

  // The animation loop reads the latest figures through a ref, so it is not restarted by them.
  const live = useRef({ endNs, speed, gaps, fold, cursorNs });
  useEffect(() => {
    live.current = { endNs, speed, gaps, fold, cursorNs };
  }, [endNs, speed, gaps, fold, cursorNs]);

  useEffect(() => {
    if (!playing) return;
    let last = performance.now();
    let cursor = live.current.cursorNs;
    let frame = requestAnimationFrame(function tick(now) {
      const { endNs: end, speed: rate, gaps: folded, fold: folding } = live.current;
      const elapsed = Math.min(250, now - last); // a hidden tab resumes without a jump
      last = now;
      countPlaybackFrame();
      cursor = advance(Math.min(cursor, end), elapsed, rate, folding ? folded : null);
      if (cursor >= end) {
        setPinned(null);
        setPlaying(false);
        return;
      }
      setPinned(cursor);
      frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [playing]);

  const play = useCallback(() => {
    // Play from the start when the playhead rests at the end.
    setPinned((prev) => (prev === null || prev >= live.current.endNs ? 0 : prev));
    setPlaying(true);
  }, []);
  const pause = useCallback(() => {
    setPlaying(false);
    setPinned((prev) => prev ?? live.current.endNs);
  }, []);
  const toggle = useCallback(() => (playing ? pause() : play()), [playing, pause, play]);
  const seek = useCallback((ns: number) => {
    setPlaying(false);
    const end = live.current.endNs;
    setPinned(ns >= end ? null : Math.max(0, ns));
  }, []);
  const pin = useCallback((ns: number | null) => {
    setPlaying(false);
    setPinned(ns);
  }, []);
  const stepForward = useCallback(
    () => seek(nextEvent(times, cursorNs, endNs)),
    [seek, times, cursorNs, endNs],
  );
  const stepBack = useCallback(() => seek(previousEvent(times, cursorNs)), [seek, times, cursorNs]);
  const toEnd = useCallback(() => seek(Infinity), [seek]);

  return {
    cursorNs,
    pinnedNs,
    playing,
    speedMode,
    speed,
    fold,
    canFold: gaps.length > 0,
    foldedGaps,
    play,
    pause,
    toggle,
    stepForward,
    stepBack,
    seek,
    pin,
    toEnd,
    setSpeedMode,
    setFold,
  };
}
