// A read-only text field with a Copy button and a polite status line saying what happened.
import { useId, useRef, useState } from 'react';
import { copyText, type CopyOutcome } from './copyText';

export function CopyField({
  label,
  value,
  multiline = false,
  name,
}: {
  label: string;
  value: string;
  multiline?: boolean;
  /** For tests and styling: data-copy attribute on the wrapper. */
  name: string;
}) {
  const id = useId();
  const fieldRef = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const [outcome, setOutcome] = useState<{ value: string; result: CopyOutcome; touch: boolean } | null>(null);
  // A status about an older value would be misleading.
  const shown = outcome?.value === value ? outcome.result : null;
  const onCopy = async () => {
    const result = await copyText(value, fieldRef.current);
    // A phone or tablet has no Ctrl+C: its way to copy is the selection's own menu.
    setOutcome({ value, result, touch: matchMedia('(pointer: coarse)').matches });
  };
  return (
    <div className="copy-field" data-copy={name}>
      <label htmlFor={id}>{label}</label>
      <div className="copy-row">
        {multiline ? (
          <textarea id={id} ref={fieldRef} readOnly value={value} rows={3} spellCheck={false} />
        ) : (
          <input id={id} ref={fieldRef} type="text" readOnly value={value} spellCheck={false} />
        )}
        <button type="button" className="secondary" onClick={onCopy}>
          Copy
        </button>
      </div>
      <p className="copy-status" role="status">
        {shown === 'copied' && 'Copied to the clipboard.'}
        {shown === 'selected' &&
          (outcome?.touch
            ? 'Selected: touch and hold the selection, then choose Copy.'
            : 'Selected: press Ctrl+C (⌘C) to copy.')}
      </p>
    </div>
  );
}
