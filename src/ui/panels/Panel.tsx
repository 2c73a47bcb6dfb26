// A titled section of the page holding one view.
import type { ReactNode, Ref } from 'react';

export function Panel({
  id,
  title,
  note,
  children,
  sectionRef,
}: {
  id: string;
  title: string;
  note?: ReactNode;
  children: ReactNode;
  sectionRef?: Ref<HTMLElement>;
}) {
  return (
    <section className="panel" aria-labelledby={`${id}-title`} id={id} data-panel={id} ref={sectionRef}>
      <div className="panel-head">
        <h2 id={`${id}-title`}>{title}</h2>
        {note && <p className="panel-note">{note}</p>}
      </div>
      {children}
    </section>
  );
}
