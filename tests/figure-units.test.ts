// A preset's figures keep their number and unit on one line: a narrow gallery card had wrapped
// "over 50 %" between the number and "%".
import { describe, expect, it } from 'vitest';
import { PRESETS } from '../src/scenario/presets';
import { statedAs, withUnit } from '../src/ui/presets/FigureRows';

const published = PRESETS.flatMap((p) => p.published.map((f) => ({ preset: p.id, f })));

describe("a preset's figures as the gallery states them", () => {
  it('join every number to its unit with a no-break space', () => {
    expect(published.some(({ f }) => f.bound === 'gt' && f.unit === '%')).toBe(true);
    for (const { preset, f } of published) {
      const text = statedAs(f);
      expect(text, `${preset}: ${text}`).toMatch(
        new RegExp(`\\d\\u00a0${f.unit.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`),
      );
      expect(text, `${preset}: ${text}`).not.toMatch(/\d [^\s]+$/);
    }
  });

  it('as the page writes ours and the tolerance', () => {
    expect(withUnit('50', '%')).toBe('50\u00a0%');
  });
});
