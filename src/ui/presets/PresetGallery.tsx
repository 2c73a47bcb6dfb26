// The preset gallery: a modal dialog listing every paper's scenarios with their stories and
// figures. Esc or the close button returns to the lab. The stories' words come with the
// gallery's own code, which loads when it is first opened.
import { PRESETS } from '../../scenario/presets';
import { PRESET_TEXTS } from '../../scenario/presetTexts';
import { PresetCard } from './PresetCard';
import { PAPER_NAMES, presetsByPaper } from './presetGroups';
import { usePresetFigures } from './usePresetFigures';
import { useModalDialog } from '../useModalDialog';
import type { HintsWithheld } from '../lessons/lessonState';

export default function PresetGallery({
  open,
  current,
  comparing,
  currentB,
  hintsWithheld,
  onLoad,
  onCompare,
  onClose,
}: {
  open: boolean;
  current: string | null;
  /** A comparison is open: loading a preset changes A. */
  comparing: boolean;
  /** The preset side B starts from, if any. */
  currentB: string | null;
  /** A lesson's question is open: the cards keep back what would answer it. */
  hintsWithheld: HintsWithheld;
  onLoad: (id: string) => void;
  /** Compare the scenario open now (A) with this preset (B). */
  onCompare: (id: string) => void;
  onClose: () => void;
}) {
  const dialogRef = useModalDialog(open);
  const figures = usePresetFigures(open);
  return (
    <dialog ref={dialogRef} className="modal gallery" aria-labelledby="gallery-title" onClose={onClose}>
      <div className="modal-head gallery-head">
        <h2 id="gallery-title">Presets from the papers</h2>
        <button type="button" className="secondary" onClick={onClose}>
          Close
        </button>
      </div>
      <p>
        Each preset sets the knobs to a paper's scenario. Protocol behaviour is never tuned; only the host
        figures listed under "calibrated" were read off the paper. <strong>Compare as B</strong> puts a preset
        beside the scenario open now (a paper's row before its fix and after it, say)
        {comparing && (
          <>
            ; <strong>Load as A</strong> changes side A, and a B that starts from a preset keeps it
          </>
        )}
        .
      </p>
      {open &&
        presetsByPaper(PRESETS).map(([paper, presets]) => (
          <section key={paper} className="gallery-paper" aria-labelledby={`paper-${paper}`}>
            <h3 id={`paper-${paper}`}>{PAPER_NAMES[paper] ?? paper}</h3>
            <div className="gallery-cards">
              {presets.map((p) => (
                <PresetCard
                  key={p.id}
                  preset={p}
                  texts={PRESET_TEXTS[p.id]}
                  results={figures?.get(p.id) ?? null}
                  current={p.id === current}
                  side={comparing ? (p.id === currentB ? 'b' : 'a') : null}
                  hintsWithheld={hintsWithheld}
                  onLoad={() => onLoad(p.id)}
                  onCompare={() => onCompare(p.id)}
                />
              ))}
            </div>
          </section>
        ))}
    </dialog>
  );
}
