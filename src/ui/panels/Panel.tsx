// A titled section of the page holding one view.
import type { ReactNode } from 'react';

export function Panel({
  id,
  title,
  note,
  children,
}: {
  id: string;
  title: string;
  note?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="panel" aria-labelledby={`${id}-title`} id={id} data-panel={id}>
      <div className="panel-head">
        <h2 id={`${id}-title`}>{title}</h2>
        {note && <p className="panel-note">{note}</p>}
      </div>
      {children}
    </section>
  );
}
