// The header's Export menu: a <details> disclosure, so it opens with Enter or Space. Its entries
// (ExportItems.tsx) load when it is first opened, not with the page (a pointer on it starts the
// load); then they stay, so a status line outlives a close.
import { lazy, useState } from 'react';
import type { Config } from '../../scenario/codec';
import type { SideRun } from '../../worker/protocol';
import type { Panel } from '../state/configModel';
import { useHeaderMenu } from '../headerMenu';
import { LazyPanel } from '../LazyPanel';
import './export.css';

const loadItems = () => import('./ExportItems');
const ExportItems = lazy(loadItems);

export function ExportMenu(props: {
  runs: SideRun[] | null;
  panels: Set<Panel>;
  config: Config;
  /** The ladder's idle gaps are folded. */
  fold: boolean;
}) {
  const [used, setUsed] = useState(false);
  const menu = useHeaderMenu();
  return (
    <details className="export-menu" {...menu} onToggle={(e) => e.currentTarget.open && setUsed(true)}>
      <summary onPointerEnter={() => void loadItems().catch(() => {})}>Export</summary>
      {used && (
        <div className="export-items" role="group" aria-label="Export">
          <LazyPanel name="the export menu">
            <ExportItems {...props} />
          </LazyPanel>
        </div>
      )}
    </details>
  );
}
