// The loaded preset's story above the views: what to look at, what to try (each hint with a
// button that applies it), and the paper's figures beside the ones measured on the run on screen now.
// While a lesson's question is open the hints, and the figures that measure a change, wait for the answer.
import type { Preset, PublishedFigure } from '../scenario/presets';
import type { FigureResult } from '../worker/protocol';
import { FigureRows } from './presets/FigureRows';

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
  const figures = hintsWithheld
    ? withoutComparisons(preset.published, results)
    : { published: preset.published, results, withheld: false };
  return (
    <section className="preset-info" aria-labelledby="preset-info-title" data-preset-info={preset.id}>
      <h2 id="preset-info-title">{preset.title}</h2>
      <p className="preset-source">{preset.source}</p>
      <p>{preset.explanation}</p>
      {hintsWithheld ? (
        <p className="try-next" data-try-withheld="">
          <strong>Try next{figures.withheld ? ", and the paper's figure for the change" : ''}:</strong> hidden
          until you answer the lesson's question.
        </p>
      ) : (
        <div className="try-next">
          <strong>Try next:</strong>
          <ul>
            {preset.tryNext.map((t) => (
              <li key={t.settings} data-try={t.settings}>
                {t.sentence}{' '}
                <button type="button" className="secondary" onClick={() => onTry(t.settings)}>
                  Try it
                </button>
              </li>
            ))}
          </ul>
        </div>
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
        />
      )}
      {preset.calibrated.length > 0 && (
        <details>
          <summary>What was calibrated</summary>
          <ul>
            {preset.calibrated.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}

/**
 * The figures of the run on screen alone: a figure measured against another scenario (`versus`)
 * says what a change does, which is what a lesson's question asks the student to predict.
 */
function withoutComparisons(published: PublishedFigure[], results: FigureResult[] | null) {
  const kept = published.flatMap((f, i) => (f.versus === undefined ? [i] : []));
  return {
    published: kept.map((i) => published[i]),
    results: results && kept.map((i) => results[i]),
    withheld: kept.length < published.length,
  };
}
