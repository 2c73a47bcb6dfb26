// Every preset twice in Node: byte-identical traces.
import { describe, expect, it } from 'vitest';
import { traceHash } from '../src/engine/hash';
import { runQuery } from '../src/scenario';
import { PRESETS } from '../src/scenario/presets';

describe('determinism', () => {
  it.each(PRESETS.map((p) => p.id))('%s gives the same trace twice', (id) => {
    const a = runQuery(`preset=${id}`).trace;
    const b = runQuery(`preset=${id}`).trace;
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(traceHash(a)).toBe(traceHash(b));
  });
  it('changes the hash when one setting changes', () => {
    expect(traceHash(runQuery('preset=heidemann-odd-final').trace)).not.toBe(
      traceHash(runQuery('preset=heidemann-odd-final&nagle=0').trace),
    );
  });
});
