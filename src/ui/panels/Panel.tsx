// A titled section of the page holding one view.
import type { ReactNode, Ref } from 'react';

export function Panel({
  id,
  title,
  note,
  children,
  sectionRef,
  stale = false,
}: {
  id: string;
  title: string;
  note?: ReactNode;
  children: ReactNode;
  sectionRef?: Ref<HTMLElement>;
  /** It still shows a run older than the newest (held for a gesture, or until the next frame
   * out of view): dimmed and busy, so its figures are not read beside the newer run's. */
  stale?: boolean;
}) {
  return (
    <section
      className="panel"
      aria-labelledby={`${id}-title`}
      id={id}
      data-panel={id}
      data-stale={stale || undefined}
      aria-busy={stale || undefined}
      ref={sectionRef}
    >
      <div className="panel-head">
        <h2 id={`${id}-title`}>{title}</h2>
        {note && <p className="panel-note">{note}</p>}
      </div>
      {children}
    </section>
  );
}
