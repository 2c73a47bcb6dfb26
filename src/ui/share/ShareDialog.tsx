// The Share dialog: the link to this exact view, the embed code, and the teacher's builder with
// a live preview. A native modal <dialog>: labelled, Escape closes it, Tab stays inside.
import { useState } from 'react';
import type { Settings } from '../../scenario/schema';
import { PANELS, type Panel } from '../state/configModel';
import { CopyField } from './CopyField';
import { EmbedBuilder } from './EmbedBuilder';
import { EmbedPreview } from './EmbedPreview';
import { appUrl, DEFAULT_FRAME, embedQuery, frameSize, iframeSnippet, type EmbedChoices } from './shareLinks';
import { useFocusTrap } from './useFocusTrap';
import { useModalDialog } from '../useModalDialog';

export interface ShareDialogProps {
  open: boolean;
  onClose: () => void;
  /** The page's query for the current scenario and resting playhead. */
  query: string;
  cursorMs: number | null;
  panels: Set<Panel>;
  settings: Settings;
  title: string;
}

export function ShareDialog({ open, onClose, ...content }: ShareDialogProps) {
  const dialogRef = useModalDialog(open);
  useFocusTrap(dialogRef, open);
  return (
    <dialog ref={dialogRef} className="share-dialog" aria-labelledby="share-title" onClose={onClose}>
      <div className="share-head">
        <h2 id="share-title">Share this scenario</h2>
        <button type="button" className="secondary" onClick={onClose}>
          Close
        </button>
      </div>
      {open && <ShareContents {...content} />}
    </dialog>
  );
}

function ShareContents({
  query,
  cursorMs,
  panels,
  settings,
  title,
}: Omit<ShareDialogProps, 'open' | 'onClose'>) {
  // Fresh choices each time the dialog opens, starting from what the page shows now.
  const [choices, setChoices] = useState<EmbedChoices>(() => ({
    // All five panels crowd a frame: start from the ladder unless the page shows a chosen few.
    panels: panels.size === PANELS.length ? ['ladder'] : [...panels],
    controls: [],
    tMs: cursorMs,
    autoplay: false,
    note: '',
    theme: null,
    size: DEFAULT_FRAME.id,
  }));
  const size = frameSize(choices.size);
  const link = appUrl(query, window.location);
  const embedUrl = appUrl(embedQuery(query, choices), window.location);
  return (
    <div className="share-body">
      <CopyField name="link" label="Link to this view (scenario, panels and playhead)" value={link} />
      <h3>Embed in a course page</h3>
      <EmbedBuilder choices={choices} settings={settings} onChange={setChoices} />
      <CopyField
        name="embed"
        label="Embed code (paste into an HTML page or LMS)"
        value={iframeSnippet(embedUrl, title, size)}
        multiline
      />
      <EmbedPreview url={embedUrl} size={size} />
    </div>
  );
}
