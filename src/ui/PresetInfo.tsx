// The loaded preset's story above the views: what to look at, what to try (each hint with a
// button that applies it, or, once the settings hold it, marked applied with the way back), and the
// paper's figures beside the ones measured on the run on screen now: judged against the paper only
// while the settings are the preset's, since the paper's figure is for those.
// While a lesson's question is open the hints, and the figures that measure a change, wait for the answer.
// The story's words load apart from the page (presets/presetTexts.ts): until they are here, the
// title, the source and the figures stand alone.
import { useMemo } from 'react';
import type { Preset } from '../scenario/presets';
import type { Settings } from '../scenario/schema';
import type { FigureResult } from '../worker/protocol';
import { FigureRows } from './presets/FigureRows';
import { usePresetTexts } from './presets/presetTexts';
import { shownFigures, TryNextWithheld } from './presets/withheldHints';
import { tryNextApplied } from './state/presetChanges';
import type { HintsWithheld } from './lessons/lessonState';

export function PresetInfo({
  preset,
  comparedWith,
  results,
  settings,
  sideB = null,
  changedKeys,
  hintsWithheld = false,
  onTry,
  onReset,
  onCompare,
}: {
  preset: Preset;
  /** Side B's own preset (b.preset), when it is another: its story is told too, under A's. */
  comparedWith?: Preset;
  results: FigureResult[] | null;
  /** Side A's settings: a hint they already hold is shown as applied. */
  settings: Settings;
  /** Side B's settings while comparing: a hint B already runs is not offered for A. */
  sideB?: Settings | null;
  changedKeys: string[];
  /** A lesson's question is open, or comes next, and the hints would answer it. */
  hintsWithheld?: HintsWithheld;
  /** Lay a hint's settings (a query) over the scenario. */
  onTry: (settings: string) => void;
  /** Side A back to the preset's settings. */
  onReset: () => void;
  /** The preset as side A beside the settings now as side B. */
  onCompare: () => void;
}) {
  const figures = shownFigures(preset.published, results, hintsWithheld !== false);
  const texts = usePresetTexts(preset.id);
  // Once per change of settings, not at every playback frame (each check may resolve two runs' inputs).
  const applied = useMemo(
    () => (texts ? texts.tryNext.map((t) => tryNextApplied(settings, t.settings)) : []),
    [texts, settings],
  );
  // Trying on A a hint B already runs would leave two identical runs: say B runs it instead.
  const inB = useMemo(
    () => (texts ? texts.tryNext.map((t) => sideB !== null && tryNextApplied(sideB, t.settings)) : []),
    [texts, sideB],
  );
  return (
    <section className="preset-info" aria-labelledby="preset-info-title" data-preset-info={preset.id}>
      <h2 id="preset-info-title">
        {comparedWith && 'A: '}
        {preset.title}
      </h2>
      <p className="preset-source">{preset.source}</p>
      {texts && <p>{texts.explanation}</p>}
      {hintsWithheld ? (
        <TryNextWithheld why={hintsWithheld} figuresWithheld={figures.withheld} />
      ) : (
        texts && (
          <div className="try-next">
            {!applied.every(Boolean) && <strong>Try next:</strong>}
            <ul>
              {texts.tryNext.map((t, i) =>
                applied[i] ? (
                  <li key={t.settings} data-try={t.settings} data-try-applied="">
                    <strong>Applied:</strong> {t.sentence}{' '}
                    <button type="button" className="secondary" onClick={onCompare}>
                      Compare with the preset
                    </button>
                    <button type="button" className="secondary" onClick={onReset}>
                      Back to the preset
                    </button>
                  </li>
                ) : inB[i] ? (
                  <li key={t.settings} data-try={t.settings} data-try-in-b="">
                    {t.sentence} <em>Side B runs this.</em>
                  </li>
                ) : (
                  <li key={t.settings} data-try={t.settings}>
                    {t.sentence}{' '}
                    <button type="button" className="secondary" onClick={() => onTry(t.settings)}>
                      {sideB ? 'Try it on A' : 'Try it'}
                    </button>
                  </li>
                ),
              )}
            </ul>
          </div>
        )
      )}
      {figures.published.length > 0 && (
        <FigureRows
          published={figures.published}
          results={figures.results}
          texts={texts}
          caption={
            // Beside a run B, the table is A's: said, so it is not read as B's.
            `Paper vs ${sideB ? 'run A' : 'this run'}` +
            (changedKeys.length > 0 ? ` (you changed ${changedKeys.join(', ')})` : '')
          }
          modified={changedKeys.length > 0}
        />
      )}
      {figures.published.length > 0 && changedKeys.length > 0 && (
        <p className="figures-note" data-figures-note="">
          The paper's figures are for the preset's own settings: this run is shown beside them, not judged
          against them.
        </p>
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
      {comparedWith && <SideBPreset preset={comparedWith} />}
    </section>
  );
}

/** Side B's preset in a comparison of two: its title, source and story, after all of A's (a "Try it"
 * changes A; the figures beside B's paper are in the figures panel). */
function SideBPreset({ preset }: { preset: Preset }) {
  const texts = usePresetTexts(preset.id);
  return (
    <div className="preset-b" data-preset-b={preset.id}>
      <h3>B: {preset.title}</h3>
      <p className="preset-source">{preset.source}</p>
      {texts && <p>{texts.explanation}</p>}
    </div>
  );
}
