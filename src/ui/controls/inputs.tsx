// The widgets behind SettingField, one per schema kind. Text entries keep a draft while typed
// and commit only values the codec accepts, so a half-typed number never reaches the engine.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { parseValue } from '../../scenario/codec';
import type { BoolRow, EnumRow, ListRow, NumberRow, Settings, ConfigKey } from '../../scenario/schema';
import type { HistoryMode } from '../state/history';
import { formatSetting } from '../../views/format';
import { readSetting } from '../../scenario/units';
import { refusal, SLIDER_STEPS, sliderScale } from './fieldModel';

interface Common {
  id: string;
  helpId: string;
  /** Text and sliders send 'draft' while edited and 'commit' when left: one history entry each. */
  onChange: (value: Settings[ConfigKey], history?: HistoryMode) => void;
}

export function EnumInput({ id, helpId, onChange, row, value }: Common & { row: EnumRow; value: string }) {
  return (
    <select id={id} aria-describedby={helpId} value={value} onChange={(e) => onChange(e.target.value)}>
      {row.values.map((v) => (
        <option key={v} value={v}>
          {row.options[v] ?? v}
        </option>
      ))}
    </select>
  );
}

export function BoolInput({
  id,
  helpId,
  onChange,
  row,
  value,
  inherited,
}: Common & { row: BoolRow; value: boolean | null; inherited: boolean | null }) {
  if (row.default !== null) {
    return (
      <label className="switch">
        <input
          id={id}
          type="checkbox"
          aria-describedby={helpId}
          checked={value ?? false}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span>{value ? 'on' : 'off'}</span>
      </label>
    );
  }
  const inheritedText = inherited === null ? 'default' : `same as general (${inherited ? 'on' : 'off'})`;
  return (
    <select
      id={id}
      aria-describedby={helpId}
      value={value === null ? '' : value ? '1' : '0'}
      onChange={(e) => onChange(e.target.value === '' ? null : e.target.value === '1')}
    >
      <option value="">{inheritedText}</option>
      <option value="1">on</option>
      <option value="0">off</option>
    </select>
  );
}

/** How long after a key's release on a slider another press still belongs to the same change. */
const KEY_RUN_PAUSE_MS = 700;

export function NumberInput({
  id,
  helpId,
  onChange,
  label,
  row,
  value,
  inherited,
}: Common & { label: string; row: NumberRow; value: number | null; inherited: number | null }) {
  // The text typed, the value in effect once it was typed, and its refusal: shown while that value
  // is. A value changed from elsewhere (Back, Reset, a fix applied) replaces them, focused or not.
  const [typed, setTyped] = useState<[text: string, value: number | null, error?: string] | null>(null);
  const [draft, , error] = typed?.[1] === value ? typed : [];
  const slider = sliderScale(row);
  const effective = value ?? inherited;
  // Edited since the last 'commit': the gesture to close when the slider or the box is left.
  const edited = useRef(false);
  // The value last drawn, for a commit that comes after a pause (the render that set the timer
  // may be older than the last key's change); set as the render is committed, before any event.
  const latest = useRef(value);
  useLayoutEffect(() => {
    latest.current = value;
  }, [value]);
  const finish = () => {
    cancelKeyRun();
    if (edited.current) onChange(latest.current, 'commit');
    edited.current = false;
  };
  // A run of arrow-key presses on the slider is one gesture, as a drag is: each key's release
  // waits KEY_RUN_PAUSE_MS for another press before it commits (five presses had made five
  // history entries, five Backs to undo). Leaving the slider commits at once.
  const keyRun = useRef<ReturnType<typeof setTimeout> | null>(null);
  const cancelKeyRun = () => {
    if (keyRun.current !== null) clearTimeout(keyRun.current);
    keyRun.current = null;
  };
  const finishAfterPause = () => {
    cancelKeyRun();
    keyRun.current = setTimeout(finish, KEY_RUN_PAUSE_MS);
  };
  useEffect(() => cancelKeyRun, []);
  const commit = (text: string) => {
    edited.current = true;
    // Empty, a box with no default goes back to inheriting; "64 KB" as the page writes it, as
    // well as 65536. A value refused leaves the one in effect as it is.
    const measured = readSetting(text, row.unit);
    const parsed =
      text.trim() === '' && row.default === null
        ? { ok: true as const, value: null }
        : parseValue(row, measured === null ? text : String(measured));
    const next = parsed.ok ? (parsed.value as number | null) : value;
    setTyped([text, next, parsed.ok ? undefined : refusal(row, parsed.why)]);
    if (parsed.ok) onChange(next, 'draft');
  };

  const errorId = `${id}-error`;
  return (
    <div className="number-input">
      <input
        id={id}
        type="text"
        inputMode="decimal"
        aria-describedby={error ? `${helpId} ${errorId}` : helpId}
        aria-invalid={error ? true : undefined}
        value={draft ?? (value === null ? '' : String(value))}
        placeholder={inherited === null ? 'auto' : String(inherited)}
        onChange={(e) => commit(e.target.value)}
        onBlur={() => {
          // Left with a value refused, the box goes back to the one in effect, and so does its error.
          setTyped(null);
          finish();
        }}
      />
      {slider && (
        <input
          type="range"
          min={0}
          max={SLIDER_STEPS}
          aria-label={`${label} slider`}
          aria-describedby={helpId}
          aria-valuetext={effective === null ? 'auto' : formatSetting(effective, row.unit)}
          value={effective === null ? 0 : slider.toPosition(effective)}
          onChange={(e) => {
            cancelKeyRun();
            setTyped(null);
            edited.current = true;
            onChange(slider.fromPosition(Number(e.target.value), effective ?? undefined), 'draft');
          }}
          onPointerUp={finish}
          onKeyUp={finishAfterPause}
          onBlur={finish}
        />
      )}
      {/* Not a live region (an output's implicit one): the slider says its value itself, and a
          link type changing three readouts at once had them spoken on top of the result. */}
      {effective !== null && row.unit && (
        <output htmlFor={id} className="value-readout" data-readout="" aria-live="off">
          {formatSetting(effective, row.unit)}
          {value === null && (row.group === 'link' ? " (the link's)" : ' (inherited)')}
        </output>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

export function ListInput({ id, helpId, onChange, row, value }: Common & { row: ListRow; value: number[] }) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const errorId = `${id}-error`;
  return (
    <>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        spellCheck={false}
        aria-describedby={error ? `${helpId} ${errorId}` : helpId}
        aria-invalid={error ? true : undefined}
        value={draft ?? value.join(',')}
        onChange={(e) => {
          setDraft(e.target.value);
          const parsed = parseValue(row, e.target.value);
          setError(parsed.ok ? null : parsed.why);
          if (parsed.ok) onChange(parsed.value, 'draft');
        }}
        onBlur={() => {
          setDraft(null);
          setError(null);
          if (draft !== null) onChange(value, 'commit');
        }}
      />
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </>
  );
}
