// The Share dialog: the link to this exact view, the embed code, and the teacher's builder with
// a live preview. A native modal <dialog>: labelled, Escape closes it, Tab stays inside.
import type { Config } from '../../scenario/codec';
import type { Panel } from '../state/configModel';
import ShareContents from './ShareContents';
import { useFocusTrap } from './useFocusTrap';
import { useModalDialog } from '../useModalDialog';

export interface ShareDialogProps {
  open: boolean;
  onClose: () => void;
  /** The page's query for the current scenario and resting playhead. */
  query: string;
  cursorMs: number | null;
  /** The end of the run (ns), past which the embed cannot start; null while none is drawn. */
  endNs: number | null;
  panels: Set<Panel>;
  /** The scenario the query encodes: its settings, and its lesson step's question for the embed. */
  config: Config;
}

export function ShareDialog({ open, onClose, ...content }: ShareDialogProps) {
  const dialogRef = useModalDialog(open);
  useFocusTrap(dialogRef, open);
  return (
    <dialog ref={dialogRef} className="modal share-dialog" aria-labelledby="share-title" onClose={onClose}>
      <div className="modal-head share-head">
        <h2 id="share-title">Share this scenario</h2>
        <button type="button" className="secondary" onClick={onClose}>
          Close
        </button>
      </div>
      {open && <ShareContents {...content} />}
    </dialog>
  );
}
