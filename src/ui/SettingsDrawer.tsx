// The settings column. On a wide screen it sits beside the views; on a narrower screen (app.css, below 1100 px)
// it is a drawer opened by a Settings button in a bar along the bottom of the screen, so a student never
// scrolls past every view to reach a knob. The bar spans the width and the page keeps room for it at the
// end: a button floating over the views would hide part of a line of text or a control.
// Open, the drawer covers the page: it is a modal dialog, focus goes into it and the page behind is
// inert until it closes (Escape, its Close button, which stays in view as the drawer scrolls, or a
// tap beside it), when focus goes back to the Settings button.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';

export function SettingsDrawer({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const drawerRef = useRef<HTMLDivElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const behind = useRef<Element[]>([]);
  // The page comes back before focus goes to the Settings button on it.
  const close = useCallback(() => {
    release(behind.current);
    setOpen(false);
    openerRef.current?.focus();
  }, []);
  useEffect(() => {
    const drawer = drawerRef.current;
    if (!open || !drawer) return;
    behind.current = inertAround(drawer);
    drawer.querySelector<HTMLElement>('.settings-close')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    // A tap on the page beside the drawer closes it, as a sheet's backdrop does. The page there is
    // inert, so the tap lands on the body; one in a dialog opened from the drawer is not beside it.
    const onClick = (event: MouseEvent) => {
      const target = event.target as Element;
      if (!drawer.contains(target) && !target.closest('dialog')) close();
    };
    // Widened past the drawer's breakpoint (a tablet turned), Settings sit beside the views: the
    // drawer closes, or the page would stay inert behind it with no Close button shown.
    const wide = window.matchMedia('(min-width: 1100px)');
    const onWide = () => wide.matches && (release(behind.current), setOpen(false));
    wide.addEventListener('change', onWide);
    window.addEventListener('keydown', onKey);
    window.addEventListener('click', onClick);
    return () => {
      wide.removeEventListener('change', onWide);
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('click', onClick);
      release(behind.current);
    };
  }, [open, close]);
  return (
    <>
      <div className="settings-bar">
        <button
          type="button"
          ref={openerRef}
          aria-expanded={open}
          aria-controls="controls"
          onClick={() => setOpen(true)}
        >
          Settings
        </button>
      </div>
      {/* A div: an aside may not take the dialog role; closed, it is the page's complementary part. */}
      <div
        className={`sidebar${open ? ' sidebar--open' : ''}`}
        id="controls"
        ref={drawerRef}
        role={open ? 'dialog' : 'complementary'}
        aria-modal={open || undefined}
        aria-label={open ? 'Settings' : undefined}
      >
        <div className="settings-head">
          <button type="button" className="secondary settings-close" onClick={close}>
            Close settings
          </button>
        </div>
        {children}
      </div>
    </>
  );
}

/**
 * Makes inert everything on the page but `drawer` and the dialogs (a dialog opened from the drawer,
 * the preset gallery, must stay usable): each sibling of the drawer and of its ancestors, or, where
 * one holds a dialog, that sibling's own children by the same rule. Returns what it made inert.
 */
function inertAround(drawer: HTMLElement): Element[] {
  const made: Element[] = [];
  const inert = (el: Element) => {
    if (el.tagName === 'DIALOG' || el.tagName === 'SCRIPT' || el.hasAttribute('inert')) return;
    if (!el.querySelector('dialog')) {
      el.setAttribute('inert', '');
      made.push(el);
    } else for (const child of el.children) inert(child);
  };
  for (let el: Element = drawer; el.parentElement && el !== document.body; el = el.parentElement)
    for (const sibling of el.parentElement.children) if (sibling !== el) inert(sibling);
  return made;
}

function release(made: Element[]): void {
  for (const el of made.splice(0)) el.removeAttribute('inert');
}
