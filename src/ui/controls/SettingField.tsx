// One control for one schema row: its label and unit, the widget its kind calls for, and the
// row's help in full as a visible description (aria-describedby: readable without hover, so on
// touch too). Null values mean "inherited" and show what they inherit.
import { memo, type ReactNode } from 'react';
import type { ConfigKey, Row, Settings } from '../../scenario/schema';
import type { HistoryMode } from '../state/history';
import { labelFor, labelNamesUnit } from './fieldModel';
import { BoolInput, EnumInput, ListInput, NumberInput } from './inputs';
import { keepTimesTogether } from '../../views/format';

export interface SettingFieldProps {
  settingKey: ConfigKey;
  row: Row;
  value: Settings[ConfigKey];
  inherited: number | boolean | null;
  side: 'a' | 'b';
  /** On side B: B overrides A here. */
  overridden?: boolean;
  /** `history`: 'draft' while a slider moves or a number is typed, 'commit' when it ends. */
  onChange: (value: Settings[ConfigKey], history?: HistoryMode) => void;
  onResetToA?: () => void;
  /** Help for the value chosen, after the row's own (the link type describes the link). */
  valueHelp?: string;
  children?: ReactNode;
}

export function fieldId(side: string, key: string): string {
  return `${side}-${key.replace(/[^a-z0-9]/gi, '-')}`;
}

function SettingFieldImpl({
  settingKey,
  row,
  value,
  inherited,
  side,
  overridden,
  onChange,
  onResetToA,
  valueHelp,
  children,
}: SettingFieldProps) {
  const id = fieldId(side, settingKey);
  const helpId = `${id}-help`;
  const unit = 'unit' in row && row.unit && !labelNamesUnit(settingKey) ? ` (${row.unit})` : '';
  const valueHelpId = `${helpId}-value`;
  // The inputs are described by the row's help, then by the help on the value chosen.
  const common = { id, helpId: valueHelp ? `${helpId} ${valueHelpId}` : helpId, onChange };
  let input: ReactNode;
  switch (row.kind) {
    case 'enum':
      input = <EnumInput {...common} row={row} value={value as string} />;
      break;
    case 'bool':
      input = (
        <BoolInput
          {...common}
          row={row}
          value={value as boolean | null}
          inherited={inherited as boolean | null}
        />
      );
      break;
    case 'number':
      input = (
        <NumberInput
          {...common}
          label={labelFor(settingKey)}
          row={row}
          value={value as number | null}
          inherited={inherited as number | null}
        />
      );
      break;
    case 'list':
      input = <ListInput {...common} row={row} value={value as number[]} />;
      break;
  }
  return (
    <div
      className={`field field--${row.kind}${overridden ? ' field--overridden' : ''}`}
      data-key={settingKey}
    >
      <div className="field-head">
        <label htmlFor={id}>
          {labelFor(settingKey)}
          <span className="unit">{unit}</span>
        </label>
        {overridden && onResetToA && (
          <button
            type="button"
            className="link-button"
            onClick={onResetToA}
            aria-label={`Make B's ${labelFor(settingKey)} follow A again`}
          >
            B differs · reset
          </button>
        )}
      </div>
      {input}
      <p id={helpId} className="help">
        {keepTimesTogether(row.help)}
      </p>
      {valueHelp && (
        <p id={valueHelpId} className="help" data-value-help="">
          {keepTimesTogether(valueHelp)}
        </p>
      )}
      {children}
    </div>
  );
}

/** Memoised: a knob change re-renders its own field, not forty (callbacks must be stable). */
export const SettingField = memo(SettingFieldImpl);
