// A gesture: scenario changes coming faster than GESTURE_GAP_MS apart (a slider dragged, an
// arrow key held). While one lasts, the panels other than the ladder keep the run they show and
// catch up once the changes pause: each frame of a drag then redraws the ladder only.
import { useEffect, useState } from 'react';

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
 * the last change. A change outside a gesture is shown in the same render, at no extra cost.
 */
export function useSettled<T>(value: T): T {
  const [held, setHeld] = useState<Held<T>>({ value, shown: value });
  let current = held;
  if (held.value !== value) {
    current = { value, shown: inGesture() ? held.shown : value };
    setHeld(current);
  }
  useEffect(() => {
    if (current.shown === current.value) return;
    const timer = setTimeout(() => setHeld((h) => ({ value: h.value, shown: h.value })), GESTURE_GAP_MS);
    return () => clearTimeout(timer);
  }, [current]);
  return current.shown;
}
