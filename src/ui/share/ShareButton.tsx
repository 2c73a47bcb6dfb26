// The header's Share button and the dialog it opens, whose code loads when Share is first pressed
// (a pointer on the button starts the load): most visits never share.
import type { Config } from '../../scenario/codec';
import type { Panel } from '../state/configModel';
import { queryFor } from '../state/useScenario';
import { onDemand } from '../onDemand';
import { LoadFailure } from '../LazyPanel';
import { useOnDemandDialog } from '../useOnDemandDialog';
import './share.css';

const shareDialog = onDemand(() => import('./ShareDialog').then((m) => m.ShareDialog));

export function ShareButton({
  config,
  pinnedNs,
  endNs,
  panels,
}: {
  config: Config;
  pinnedNs: number | null;
  /** The end of the run; null while none is drawn. */
  endNs: number | null;
  panels: Set<Panel>;
}) {
  const { open, close, failure, prefetch, request } = useOnDemandDialog(shareDialog);
  const ShareDialog = shareDialog.value;
  return (
    <>
      <button
        type="button"
        className="secondary"
        aria-haspopup="dialog"
        onPointerEnter={prefetch}
        onClick={request}
      >
        Share
      </button>
      {failure !== null && <LoadFailure name="the share dialog" error={failure} />}
      {ShareDialog && (
        <ShareDialog
          open={open}
          onClose={close}
          // Encoded only while the dialog is open: not on every knob change.
          query={open ? queryFor(config, pinnedNs) : ''}
          cursorMs={pinnedNs === null ? null : Math.round(pinnedNs / 1e3) / 1e3}
          endNs={endNs}
          panels={panels}
          config={config}
        />
      )}
    </>
  );
}
