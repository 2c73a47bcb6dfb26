// A gesture: scenario changes coming faster than GESTURE_GAP_MS apart (a slider dragged, an
// arrow key held). While one lasts, the panels other than the ladder keep the run they show and
// catch up once the changes pause: each frame of a drag then redraws the ladder only. A panel
// out of view waits too, for the frame that shows what is in view: a knob change is drawn where
// the reader looks first, and the rest follows a frame later.
import { useEffect, useState } from 'react';
import { afterNextFrame } from '../afterNextFrame';

/** Changes closer together than this are one gesture (a drag sends one per frame). */
export const GESTURE_GAP_MS = 250;

let lastChangeAt = -Infinity;
let gesture = false;

/** Call at each scenario change, when it is made (not when it is rendered). */
export function noteChange(now: number = performance.now()): void {
  gesture = now - lastChangeAt < GESTURE_GAP_MS;
  lastChangeAt = now;
}

/** Whether the latest change continued a gesture. */
export function inGesture(): boolean {
  return gesture;
}

interface Held<T> {
  value: T;
  shown: T;
}

/**
 * `value`, except during a gesture: then the value shown before it, until GESTURE_GAP_MS after
 * the last change. `offscreen`: the value shown before, until the next frame has been painted
 * (coming into view shows the newest at once). A change outside a gesture, on screen, is shown in
 * the same render, at no extra cost. `duringGestures` false: on screen, a gesture is not waited
 * for (the ladder draws each frame of a drag).
 */
export function useSettled<T>(value: T, offscreen = false, duringGestures = true): T {
  const [held, setHeld] = useState<Held<T>>({ value, shown: value });
  let current = held;
  const waits = (duringGestures && inGesture()) || offscreen;
  if (held.value !== value || (!waits && held.shown !== value)) {
    current = { value, shown: waits ? held.shown : value };
    setHeld(current);
  }
  useEffect(() => {
    if (current.shown === current.value) return;
    const settle = () => setHeld((h) => ({ value: h.value, shown: h.value }));
    if (!inGesture()) return afterNextFrame(settle);
    const timer = setTimeout(settle, GESTURE_GAP_MS);
    return () => clearTimeout(timer);
  }, [current]);
  return current.shown;
}
