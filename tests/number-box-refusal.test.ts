// What a number box says when it refuses what was typed: in the words the box takes.
import { describe, expect, it } from 'vitest';
import { parseValue } from '../src/scenario/codec';
import { CONFIG_KEYS, SCHEMA, type NumberRow, type Row } from '../src/scenario/schema';
import { refusal } from '../src/ui/controls/fieldModel';
import { readSetting, unitChoices } from '../src/scenario/units';

/** What the box says under `text`, as NumberInput reads it: the page's own words first. */
function said(row: NumberRow, text: string): string | null {
  const measured = readSetting(text, row.unit);
  const parsed = parseValue(row, measured === null ? text : String(measured));
  return parsed.ok ? null : refusal(row, parsed.why);
}

const numberRows: NumberRow[] = CONFIG_KEYS.map((key): Row => SCHEMA[key]).filter(
  (row): row is NumberRow => row.kind === 'number',
);

describe('a number box refusing text that is no number', () => {
  it('says which units the box takes', () => {
    expect(said(SCHEMA.bw, '64 parsecs')).toBe('must be a number, in b/s, kb/s, Mb/s or Gb/s');
    expect(said(SCHEMA.window, '64 parsecs')).toBe('must be a number, in bytes, KB, MB or GB');
    expect(said(SCHEMA.rtt, 'soon')).toBe('must be a number, in ms or s');
  });

  it('says only that it must be a number where the box takes no unit words (a count)', () => {
    expect(said(SCHEMA.queue, 'lots')).toBe('must be a number');
  });

  it('names only units the box reads: each one, after a number, is taken', () => {
    for (const row of numberRows) {
      const units = unitChoices(row.unit);
      if (units === null) continue;
      for (const word of units.split(/, | or /))
        expect(readSetting(`2 ${word}`, row.unit), `${row.unit}: ${word}`).not.toBeNull();
    }
  });
});
