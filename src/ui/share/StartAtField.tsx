// The embed builder's "Start at": where the embed's playhead starts, in ms (empty: the end of the
// run). Typed as text with a draft, as the settings' number fields are, so a "-" or a half-typed
// number stays in the box while its reason shows under the row; only a time inside the run
// reaches the embed code. Left with a value refused, the box goes back to the one in effect.
import { useState } from 'react';

/** The run's end in ms as the box would take it: to the microsecond, rounded up. */
export function endMsText(endNs: number): string {
  return String(Math.ceil(endNs / 1e3) / 1e3);
}

/** A typed start time: the ms it sets (null: the end of the run), or why it cannot be one. */
export function readStartAt(text: string, endNs: number | null): { ms: number | null } | { why: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { ms: null };
  const ms = Number(trimmed);
  const end = endNs === null ? null : endMsText(endNs);
  const bounds = end === null ? '0 or more' : `between 0 and ${end} (the end of the run)`;
  if (!Number.isFinite(ms)) return { why: `must be a number of ms, ${bounds}` };
  if (ms < 0 || (end !== null && ms > Number(end)))
    return {
      why: end === null ? 'must be 0 ms or more' : `must be between 0 and ${end} ms (the end of the run)`,
    };
  return { ms };
}

export function StartAtField({
  tMs,
  endNs,
  onChange,
}: {
  tMs: number | null;
  /** The end of the run (both runs' when comparing); null while none is drawn. */
  endNs: number | null;
  onChange: (tMs: number | null) => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <label>
        Start at (ms; empty = end of the run)
        <input
          type="text"
          inputMode="decimal"
          name="embed-t"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'embed-t-error' : undefined}
          value={draft ?? (tMs === null ? '' : String(tMs))}
          onChange={(e) => {
            setDraft(e.target.value);
            const read = readStartAt(e.target.value, endNs);
            setError('why' in read ? read.why : null);
            if (!('why' in read)) onChange(read.ms);
          }}
          onBlur={() => {
            setDraft(null);
            setError(null);
          }}
        />
      </label>
      {error && (
        <p id="embed-t-error" className="field-error builder-error">
          Start at {error}
        </p>
      )}
    </>
  );
}
