// The header's Share button and the dialog it opens.
import { useState } from 'react';
import type { Config } from '../../scenario/codec';
import { findPreset } from '../../scenario/presets';
import type { Panel } from '../state/configModel';
import { queryFor } from '../state/useScenario';
import { ShareDialog } from './ShareDialog';
import './share.css';

export function ShareButton({
  config,
  pinnedNs,
  panels,
}: {
  config: Config;
  pinnedNs: number | null;
  panels: Set<Panel>;
}) {
  const [open, setOpen] = useState(false);
  const preset = config.preset ? findPreset(config.preset) : undefined;
  return (
    <>
      <button type="button" className="secondary" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Share
      </button>
      <ShareDialog
        open={open}
        onClose={() => setOpen(false)}
        // Encoded only while the dialog is open: not on every knob change.
        query={open ? queryFor(config, pinnedNs) : ''}
        cursorMs={pinnedNs === null ? null : Math.round(pinnedNs / 1e3) / 1e3}
        panels={panels}
        settings={config.settings}
        title={`Roundtrip: ${preset?.title ?? 'TCP/HTTP simulation'}`}
      />
    </>
  );
}
