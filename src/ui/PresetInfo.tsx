// The loaded preset's story above the views: what to look at, what to try, and the paper's
// figures beside the ones measured on the run on screen now.
import type { Preset } from '../scenario/presets';
import type { FigureResult } from '../worker/protocol';
import { FigureRows } from './presets/FigureRows';

export function PresetInfo({
  preset,
  results,
  changedKeys,
}: {
  preset: Preset;
  results: FigureResult[] | null;
  changedKeys: string[];
}) {
  return (
    <section className="preset-info" aria-labelledby="preset-info-title" data-preset-info={preset.id}>
      <h2 id="preset-info-title">{preset.title}</h2>
      <p className="preset-source">{preset.source}</p>
      <p>{preset.explanation}</p>
      <p className="try-next">
        <strong>Try next:</strong> {preset.tryNext}
      </p>
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
