// The loaded preset's story above the views: what to look at, what to try (each hint with a
// button that applies it), and the paper's figures beside the ones measured on the run on screen now.
// While a lesson's question is open the hints, and the figures that measure a change, wait for the answer.
// The story's words load apart from the page (presets/presetTexts.ts): until they are here, the
// title, the source and the figures stand alone.
import type { Preset } from '../scenario/presets';
import type { FigureResult } from '../worker/protocol';
import { FigureRows } from './presets/FigureRows';
import { usePresetTexts } from './presets/presetTexts';
import { shownFigures, TryNextWithheld } from './presets/withheldHints';

export function PresetInfo({
  preset,
  results,
  changedKeys,
  hintsWithheld = false,
  onTry,
}: {
  preset: Preset;
  results: FigureResult[] | null;
  changedKeys: string[];
  /** A lesson's question is open and the hints would answer it. */
  hintsWithheld?: boolean;
  /** Lay a hint's settings (a query) over the scenario. */
  onTry: (settings: string) => void;
}) {
  const figures = shownFigures(preset.published, results, hintsWithheld);
  const texts = usePresetTexts(preset.id);
  return (
    <section className="preset-info" aria-labelledby="preset-info-title" data-preset-info={preset.id}>
      <h2 id="preset-info-title">{preset.title}</h2>
      <p className="preset-source">{preset.source}</p>
      {texts && <p>{texts.explanation}</p>}
      {hintsWithheld ? (
        <TryNextWithheld figuresWithheld={figures.withheld} />
      ) : (
        texts && (
          <div className="try-next">
            <strong>Try next:</strong>
            <ul>
              {texts.tryNext.map((t) => (
                <li key={t.settings} data-try={t.settings}>
                  {t.sentence}{' '}
                  <button type="button" className="secondary" onClick={() => onTry(t.settings)}>
                    Try it
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )
      )}
      {figures.published.length > 0 && (
        <FigureRows
          published={figures.published}
          results={figures.results}
          caption={
            changedKeys.length > 0
              ? `Paper vs this run (you changed ${changedKeys.join(', ')})`
              : 'Paper vs this run'
          }
          modified={changedKeys.length > 0}
        />
      )}
      {texts && texts.calibrated.length > 0 && (
        <details>
          <summary>What was calibrated</summary>
          <ul>
            {texts.calibrated.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
