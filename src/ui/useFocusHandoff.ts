// A button that removes or turns off itself when pressed (Fit, Full run, Compare side by side)
// would leave focus to fall to the page's start, and a keyboard user would Tab on from the top.
// The component that draws the button hands focus to a control nearby in the very render that
// takes the button away, before the browser lets it fall.
import { useLayoutEffect, useRef } from 'react';

type Target = () => HTMLElement | null | undefined;

/**
 * Returns `handOff(from, to)`, to call as `from` is pressed: once a render of this component
 * removes or disables `from` while it has focus, `to()` gets it. A press that leaves `from` as it
 * was keeps focus there, until focus goes elsewhere.
 */
export function useFocusHandoff(): (from: EventTarget, to: Target) => void {
  const pending = useRef<[HTMLButtonElement, Target] | null>(null);
  useLayoutEffect(() => {
    if (!pending.current) return;
    const [from, to] = pending.current;
    const active = document.activeElement;
    if (from.isConnected && !from.disabled) {
      if (active !== from) pending.current = null;
      return;
    }
    pending.current = null;
    if (active === from || active === document.body || !active) to()?.focus();
  });
  return (from, to) => {
    pending.current = [from as HTMLButtonElement, to];
  };
}
