// The Share dialog's contents: the link to this view, the embed builder, its code and preview.
import { useState } from 'react';
import { PANELS, speedInLink } from '../state/configModel';
import { CopyField } from './CopyField';
import { EmbedBuilder } from './EmbedBuilder';
import { EmbedPreview } from './EmbedPreview';
import {
  appUrl,
  DEFAULT_FRAME,
  embedQuery,
  frameSize,
  iframeSnippet,
  questionOf,
  type EmbedChoices,
} from './shareLinks';
import type { ShareDialogProps } from './ShareDialog';
import { sweepShownIn } from '../sweep/sweepPanelState';
import { queryFor } from '../state/useScenario';
import { shownSweepTitle } from '../lessons/openGuides';
import { presetsTitle } from '../panels/presetsTitle';

export default function ShareContents({
  query,
  cursorMs,
  endNs,
  panels,
  config,
}: Omit<ShareDialogProps, 'open' | 'onClose'>) {
  const title = `Roundtrip: ${presetsTitle(config) ?? shownSweepTitle(config) ?? 'TCP/HTTP simulation'}`;
  const sweep = sweepShownIn(Object.fromEntries(new URLSearchParams(query)));
  // Fresh choices each time the dialog opens, starting from what the page shows now.
  const [choices, setChoices] = useState<EmbedChoices>(() => ({
    // All five panels crowd a frame: start from the ladder unless the page shows a chosen few, or
    // from a sweep's chart alone (beside it, a ladder of the page's own run had nothing to do with it).
    panels: panels.size === PANELS.length ? (sweep ? [] : ['ladder']) : [...panels],
    controls: [],
    tMs: cursorMs,
    autoplay: false,
    speed: speedInLink(Object.fromEntries(new URLSearchParams(query))),
    note: '',
    theme: null,
    size: DEFAULT_FRAME.id,
    answer: false,
  }));
  const size = frameSize(choices.size);
  const link = appUrl(query, window.location);
  const revealed = config.view.reveal === '1';
  // A lecturer checks the answer before copying the code; the students should still predict first.
  const scenario = revealed && !choices.answer ? queryFor(questionOf(config), null) : query;
  const embedUrl = appUrl(embedQuery(scenario, choices), window.location);
  return (
    <div className="share-body">
      <CopyField
        name="link"
        label="Link to this view (scenario, panels, playhead, zooms and speed)"
        value={link}
      />
      <h3>Embed in a course page</h3>
      <EmbedBuilder
        choices={choices}
        settings={config.settings}
        sweep={sweep}
        revealed={revealed}
        endNs={endNs}
        onChange={setChoices}
      />
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
