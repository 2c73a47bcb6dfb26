// The teacher's embed builder: which panels, which controls stay, where the playhead starts,
// autoplay and its speed, and a note. The choices are lifted to the dialog, which shows the code
// and a preview.
import { CONFIG_KEYS, applies, type Settings } from '../../scenario/schema';
import { labelFor } from '../controls/fieldModel';
import { PANELS, PANEL_TITLES } from '../state/configModel';
import { SPEED_MODES } from '../state/playbackModel';
import { THEMES } from '../../scenario/codec';
import { FRAME_SIZES, NOTE_MAX_CHARS, type EmbedChoices } from './shareLinks';
import { StartAtField } from './StartAtField';

export function EmbedBuilder({
  choices,
  settings,
  sweep,
  revealed,
  endNs,
  onChange,
}: {
  choices: EmbedChoices;
  settings: Settings;
  /** The page shows a sweep: the frame may show its chart alone, without a run's panel. */
  sweep: boolean;
  /** The page shows a lesson step's answer: offer to open the frame with it, or on the question. */
  revealed: boolean;
  /** The end of the run, which the start time may not pass; null while no run is drawn. */
  endNs: number | null;
  onChange: (next: EmbedChoices) => void;
}) {
  const toggle = (list: string[], item: string, on: boolean) =>
    on ? [...list.filter((x) => x !== item), item] : list.filter((x) => x !== item);
  const controlKeys = CONFIG_KEYS.filter((k) => applies(k, settings));
  return (
    <div className="embed-builder">
      <fieldset>
        <legend>Panels</legend>
        {PANELS.map((p) => (
          <label key={p} className="check">
            <input
              type="checkbox"
              name="embed-panel"
              value={p}
              checked={choices.panels.includes(p)}
              disabled={!sweep && choices.panels.length === 1 && choices.panels.includes(p)}
              onChange={(e) =>
                onChange({
                  ...choices,
                  panels: PANELS.filter((x) => toggle(choices.panels, p, e.target.checked).includes(x)),
                })
              }
            />
            {PANEL_TITLES[p]}
          </label>
        ))}
      </fieldset>
      {revealed && (
        <div className="builder-row">
          <label className="check">
            <input
              type="checkbox"
              name="embed-answer"
              checked={choices.answer}
              onChange={(e) => onChange({ ...choices, answer: e.target.checked })}
            />
            Open with the answer shown (off: on the question, for students to predict)
          </label>
        </div>
      )}
      <fieldset className="embed-controls-choice">
        <legend>Controls students can change</legend>
        <div className="check-list">
          {controlKeys.map((k) => (
            <label key={k} className="check">
              <input
                type="checkbox"
                name="embed-control"
                value={k}
                checked={choices.controls.includes(k)}
                onChange={(e) =>
                  onChange({ ...choices, controls: toggle(choices.controls, k, e.target.checked) })
                }
              />
              {labelFor(k)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="builder-row">
        <StartAtField tMs={choices.tMs} endNs={endNs} onChange={(tMs) => onChange({ ...choices, tMs })} />
        <label className="check">
          <input
            type="checkbox"
            name="embed-autoplay"
            checked={choices.autoplay}
            onChange={(e) => onChange({ ...choices, autoplay: e.target.checked })}
          />
          Play from the start when it loads
        </label>
        <label>
          Speed
          <select
            name="embed-speed"
            value={choices.speed}
            onChange={(e) =>
              onChange({
                ...choices,
                speed: SPEED_MODES.find((s) => s.mode === e.target.value)?.mode ?? 'fit',
              })
            }
          >
            {SPEED_MODES.map((s) => (
              <option key={s.mode} value={s.mode}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="builder-row">
        <label>
          Frame size
          <select
            name="embed-size"
            value={choices.size}
            onChange={(e) => onChange({ ...choices, size: e.target.value })}
          >
            {FRAME_SIZES.map((f) => (
              <option key={f.id} value={f.id}>
                {f.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Colours
          <select
            name="embed-theme"
            value={choices.theme ?? ''}
            onChange={(e) =>
              onChange({ ...choices, theme: THEMES.find((t) => t === e.target.value) ?? null })
            }
          >
            <option value="">Follow the student&apos;s device</option>
            <option value="light">Light (for a light course page)</option>
            <option value="dark">Dark (for a dark course page)</option>
          </select>
        </label>
      </div>
      <label className="builder-note">
        Note shown above the views (plain text, up to {NOTE_MAX_CHARS} characters)
        <textarea
          name="embed-note"
          rows={2}
          maxLength={NOTE_MAX_CHARS}
          value={choices.note}
          onChange={(e) => onChange({ ...choices, note: e.target.value })}
        />
      </label>
    </div>
  );
}
