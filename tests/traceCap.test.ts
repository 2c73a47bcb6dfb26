// A run's trace is bounded: past MAX_PACKETS the engine stops with the same error as the event
// cap, so a fuzzer or a tab never runs out of memory on one configuration.
import { describe, expect, it } from 'vitest';
import { SimulationLimitError } from '../src/engine/sim';
import { simulate } from '../src/engine/simulate';
import { parseQuery } from '../src/scenario/codec';
import { MAX_PACKETS, toSimInput } from '../src/scenario/resolve';
import { describeRunFailure } from '../src/scenario/runFailure';

function input(query: string) {
  const { config, problems } = parseQuery(query);
  expect(problems).toEqual([]);
  return toSimInput(config.settings);
}

describe('the trace budget', () => {
  it('every run from a link carries the packet budget', () => {
    expect(input('').maxPackets).toBe(MAX_PACKETS);
  });

  it('a run that would record more packets than its budget stops, naming the budget, and says what to do', () => {
    const whole = simulate(input('objects=200000'));
    expect(whole.packets.length).toBeGreaterThan(100);
    let caught: unknown;
    try {
      simulate({ ...input('objects=200000&chunk=100000'), maxPackets: 100 });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(SimulationLimitError);
    // The page shows this message: the budget that stopped the run, numbers as the page writes them.
    expect((caught as Error).message).toMatch(
      /^simulation stopped at its budget of 100 packets, \d+\.\d (ms|s) into the run$/,
    );
    const failure = describeRunFailure(caught);
    expect(failure.eventCap).toBe(true);
    expect(failure.message).toMatch(/smaller setting/);
  });

  it('a run within its budget is the same trace as one without a budget', () => {
    const bounded = simulate(input('objects=200000'));
    const unbounded = simulate({ ...input('objects=200000'), maxPackets: undefined });
    expect(bounded).toEqual(unbounded);
  });
});

describe('the trace budget counts application events too', () => {
  it('a server writing a 200 KB response a byte at a time stops at the budget, naming the events', () => {
    const q = 'objects=200000&chunk=1';
    expect(() => simulate({ ...input(q), maxPackets: 1000 })).toThrow(
      /stopped at its budget of 1,000 application events, \d+\.\d (ms|s) into the run/,
    );
    // packets alone stay far under that budget
    expect(simulate({ ...input(q), maxPackets: undefined }).packets.length).toBeLessThan(1000);
  });
});
