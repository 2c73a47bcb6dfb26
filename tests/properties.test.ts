// Invariants over random configurations (fast-check). A failure prints the seed and the
// query that broke, which `npm run sim -- '<query>'` replays. `npm run fuzz -- --runs N` runs
// the same checks on as many configurations as asked for.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkInvariants } from './support/invariants';
import { randomQuery } from './support/randomQuery';
import { run } from './support/trace';

describe('invariants over random configurations', () => {
  it('every run ends, delivers every byte once and in order, never ACKs unsent data, never goes back in time', () => {
    fc.assert(
      fc.property(randomQuery, (query) => {
        checkInvariants(run(query));
      }),
      { numRuns: 300 },
    );
  }, 120_000);

  it('gives a byte-identical trace for the same query', () => {
    fc.assert(
      fc.property(randomQuery, (query) => {
        expect(JSON.stringify(run(query))).toBe(JSON.stringify(run(query)));
      }),
      { numRuns: 50 },
    );
  }, 60_000);
});
