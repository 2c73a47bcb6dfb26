// The loaded preset's story above the views: what to look at, what to try (each hint with a
// button that applies it), and the paper's figures beside the ones measured on the run on screen now.
import type { Preset } from '../scenario/presets';
import type { FigureResult } from '../worker/protocol';
import { FigureRows } from './presets/FigureRows';

export function PresetInfo({
  preset,
  results,
  changedKeys,
  onTry,
}: {
  preset: Preset;
  results: FigureResult[] | null;
  changedKeys: string[];
  /** Lay a hint's settings (a query) over the scenario. */
  onTry: (settings: string) => void;
}) {
  return (
    <section className="preset-info" aria-labelledby="preset-info-title" data-preset-info={preset.id}>
      <h2 id="preset-info-title">{preset.title}</h2>
      <p className="preset-source">{preset.source}</p>
      <p>{preset.explanation}</p>
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
      {preset.published.length > 0 && (
        <FigureRows
          published={preset.published}
          results={results}
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
