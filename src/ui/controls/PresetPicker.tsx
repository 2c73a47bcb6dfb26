// The scenario chooser at the top of the settings: the default page or a paper preset,
// grouped by paper, and a button to the gallery with every preset's story and figures.
import { PRESETS } from '../../scenario/presets';
import { PAPER_NAMES, presetsByPaper } from '../presets/presetGroups';

export function PresetPicker({
  preset,
  onPreset,
  onBrowse,
}: {
  preset: string | null;
  onPreset: (id: string | null) => void;
  onBrowse: () => void;
}) {
  return (
    <div className="field preset-picker">
      <label htmlFor="preset-select">Scenario</label>
      <select
        id="preset-select"
        aria-describedby="preset-help"
        value={preset ?? ''}
        onChange={(e) => onPreset(e.target.value || null)}
      >
        <option value="">Yahoo page, 1996 server, 10 Mb LAN (default)</option>
        {presetsByPaper(PRESETS).map(([paper, presets]) => (
          <optgroup key={paper} label={PAPER_NAMES[paper] ?? paper}>
            {presets.map((p) => (
              <option key={p.id} value={p.id}>
                {p.title}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      <p id="preset-help" className="help">
        A paper's scenario sets the knobs below; change any of them afterwards.
      </p>
      <button type="button" className="secondary" onClick={onBrowse}>
        Browse presets by paper…
      </button>
    </div>
  );
}
