// The settings column. On a wide screen it sits beside the views; on a narrower screen (app.css, below 1100 px)
// it is a drawer opened by a Settings button in a bar along the bottom of the screen, so a student never
// scrolls past every view to reach a knob. The bar spans the width and the page keeps room for it at the
// end: a button floating over the views would hide part of a line of text or a control.
import { useEffect, useRef, useState, type ReactNode } from 'react';

export function SettingsDrawer({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const drawerRef = useRef<HTMLElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    drawerRef.current?.querySelector<HTMLElement>('.settings-close')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    const close = () => {
      setOpen(false);
      openerRef.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
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
      <aside className={`sidebar${open ? ' sidebar--open' : ''}`} id="controls" ref={drawerRef}>
        <button
          type="button"
          className="secondary settings-close"
          onClick={() => {
            setOpen(false);
            openerRef.current?.focus();
          }}
        >
          Close settings
        </button>
        {children}
      </aside>
    </>
  );
}
