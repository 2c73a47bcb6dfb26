// The engine refactor's safety net: every preset and a few hundred random scenarios must give the
// same trace, hash for hash, as the fixture recorded before the refactor. Only the fields the
// trace had then are hashed, so records added since (samples, milestones) do not disturb it.
// A change of behaviour made on purpose updates the fixture in the same commit and says why:
//   UPDATE_TRACE_HASHES=1 npx vitest run tests/traceHashes.test.ts
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashString } from '../src/engine/hash';
import type { Trace } from '../src/engine/trace';
import { PRESETS } from '../src/scenario/presets';
import { randomQuery } from './support/randomQuery';
import { run } from './support/trace';

const FIXTURE = new URL('./fixtures/trace-hashes.json', import.meta.url);
const RANDOM_QUERIES = 300;
const GENERATOR_SEED = 11;

function recordedHash(trace: Trace): string {
  const { packets, timers, events, stalls, connections, exchanges } = trace;
  const { linkFramingBytes, endNs, eventCount } = trace;
  // A load's page is recorded since, as the samples are: the loads are hashed as they were.
  const loads = trace.loads.map(({ index, startNs, endNs }) => ({ index, startNs, endNs }));
  const recorded = { packets, timers, events, stalls, connections, exchanges, loads };
  return hashString(JSON.stringify({ ...recorded, linkFramingBytes, endNs, eventCount }));
}

/**
 * Scenarios the random generator seldom reaches, pinned since the modern protocols came: HTTP/3's
 * losses (its probe timeout and loss timer), HTTP/2 and TLS, Linux's TCP, CUBIC with RACK, BBR
 * on a shallow buffer.
 */
const PINNED = [
  'http=3&link=lte&page=microscape&loss=5&seed=4',
  'http=3&page=almanac24&link=geo&loss=2',
  'http=3&link=lte&page=almanac24&h3window=65535',
  'http=2&link=lte&page=almanac24&loss=2',
  'http=2&tls=1.3&link=wan&page=microscape',
  'http=1.1&tls=1.2&link=wan&page=microscape',
  'stack=linux&link=wan&objects=1000000&loss=1',
  'cc=cubic&sack=1&rack=on&link=wan&objects=300000&loss=5&seed=3',
  'preset=cardwell-bufferbloat&queue=30',
];

function queries(): string[] {
  const presets = PRESETS.map((p) => `preset=${p.id}`);
  const random = fc.sample(randomQuery, { seed: GENERATOR_SEED, numRuns: RANDOM_QUERIES });
  return [...presets, ...PINNED, ...random];
}

describe('trace hashes', () => {
  if (process.env.UPDATE_TRACE_HASHES) {
    it('writes the fixture', () => {
      // The recorded queries stay (the generator's output moves as keys are added); new presets
      // and pinned scenarios join.
      const old = existsSync(FIXTURE)
        ? (JSON.parse(readFileSync(FIXTURE, 'utf8')) as Record<string, string>)
        : {};
      const kept = Object.keys(old);
      const hashes: Record<string, string> = {};
      for (const q of kept.length
        ? [
            ...kept,
            ...queries().filter((q) => (q.startsWith('preset=') || PINNED.includes(q)) && !(q in old)),
          ]
        : queries())
        hashes[q] = recordedHash(run(q));
      writeFileSync(FIXTURE, JSON.stringify(hashes, null, 1) + '\n');
    }, 60_000);
    return;
  }
  it('every recorded scenario gives the recorded trace', () => {
    expect(existsSync(FIXTURE)).toBe(true);
    const hashes = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Record<string, string>;
    const entries = Object.entries(hashes);
    expect(entries.length).toBeGreaterThan(PRESETS.length + 250);
    const changed = entries.filter(([q, h]) => recordedHash(run(q)) !== h).map(([q]) => q);
    expect(changed).toEqual([]);
  }, 60_000);
  it('covers every preset and every pinned scenario', () => {
    const hashes = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Record<string, string>;
    for (const p of PRESETS) expect(hashes[`preset=${p.id}`]).toBeDefined();
    for (const q of PINNED) expect(hashes[q], q).toBeDefined();
  });
});
