// One preset in the gallery: what it shows, what was calibrated, and each published figure
// beside the same figure measured on our run. While a lesson's question is open, its hints and the
// figures for a change wait for the answer, as on the preset's card above the views.
import type { Preset, PresetTexts } from '../../scenario/presets';
import type { FigureResult } from '../../worker/protocol';
import { FigureRows } from './FigureRows';
import { shownFigures, TryNextWithheld } from './withheldHints';
import type { HintsWithheld } from '../lessons/lessonState';

export function PresetCard({
  preset,
  texts,
  results,
  current,
  side,
  hintsWithheld,
  onLoad,
  onCompare,
}: {
  preset: Preset;
  texts: PresetTexts;
  results: FigureResult[] | null;
  current: boolean;
  /** In a comparison: the side loading it changes ('a'), or 'b' where it is B's preset already. */
  side: 'a' | 'b' | null;
  /** A lesson's question is open, or comes next, and the hints would answer it. */
  hintsWithheld: HintsWithheld;
  onLoad: () => void;
  /** Put this preset beside the scenario open now, as side B of a comparison. */
  onCompare: () => void;
}) {
  const titleId = `preset-${preset.id}-title`;
  const figures = shownFigures(preset.published, results, hintsWithheld !== false);
  return (
    <article
      className={`preset-card${current ? ' current' : ''}`}
      aria-labelledby={titleId}
      data-preset={preset.id}
    >
      <h4 id={titleId}>{preset.title}</h4>
      <p className="preset-source">{preset.source}</p>
      <p>{texts.explanation}</p>
      {hintsWithheld ? (
        <TryNextWithheld why={hintsWithheld} figuresWithheld={figures.withheld} />
      ) : (
        <p className="try-next" data-try-next="">
          <strong>Try next:</strong> {texts.tryNext.map((t) => t.sentence).join(' ')}
        </p>
      )}
      {figures.published.length > 0 && (
        <FigureRows
          published={figures.published}
          results={figures.results}
          texts={texts}
          caption="Published vs simulated"
        />
      )}
      {texts.calibrated.length > 0 && (
        <details>
          <summary>What was calibrated ({texts.calibrated.length})</summary>
          <ul>
            {texts.calibrated.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </details>
      )}
      <div className="preset-actions">
        <button type="button" onClick={onLoad} aria-describedby={titleId}>
          {current ? 'Reload this preset' : side ? 'Load as A' : 'Load'}
        </button>
        {!current && side !== 'b' && (
          <button type="button" className="secondary" onClick={onCompare} aria-describedby={titleId}>
            Compare as B
          </button>
        )}
      </div>
    </article>
  );
}
