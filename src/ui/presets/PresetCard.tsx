// One preset in the gallery: what it shows, what was calibrated, and each published figure
// beside the same figure measured on our run.
import type { Preset } from '../../scenario/presets';
import type { FigureResult } from '../../worker/protocol';
import { FigureRows } from './FigureRows';

export function PresetCard({
  preset,
  results,
  current,
  onLoad,
}: {
  preset: Preset;
  results: FigureResult[] | null;
  current: boolean;
  onLoad: () => void;
}) {
  const titleId = `preset-${preset.id}-title`;
  return (
    <article
      className={`preset-card${current ? ' current' : ''}`}
      aria-labelledby={titleId}
      data-preset={preset.id}
    >
      <h4 id={titleId}>{preset.title}</h4>
      <p className="preset-source">{preset.source}</p>
      <p>{preset.explanation}</p>
      <p className="try-next">
        <strong>Try next:</strong> {preset.tryNext.map((t) => t.sentence).join(' ')}
      </p>
      {preset.published.length > 0 && (
        <FigureRows published={preset.published} results={results} caption="Published vs simulated" />
      )}
      {preset.calibrated.length > 0 && (
        <details>
          <summary>What was calibrated ({preset.calibrated.length})</summary>
          <ul>
            {preset.calibrated.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </details>
      )}
      <button type="button" onClick={onLoad} aria-describedby={titleId}>
        {current ? 'Reload this preset' : 'Load'}
      </button>
    </article>
  );
}
