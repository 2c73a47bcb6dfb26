// The page's worker client after a fault: a worker that raised an error is dropped, its run is
// answered with the fault, and the next request goes to a fresh worker.
import { describe, expect, it } from 'vitest';
import type { WorkerRequest, WorkerResponse } from '../src/worker/protocol';
import { SimClient } from '../src/worker/simClient';

/** A stand-in worker: records what it is sent; the test makes it answer or fail. */
class FakeWorker {
  sent: WorkerRequest[] = [];
  terminated = false;
  private listeners = new Map<string, ((e: unknown) => void)[]>();
  addEventListener(type: string, fn: (e: unknown) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  postMessage(message: WorkerRequest) {
    this.sent.push(message);
  }
  terminate() {
    this.terminated = true;
  }
  emit(type: string, event: unknown) {
    for (const fn of this.listeners.get(type) ?? []) fn(event);
  }
}

/** A client over fake workers, with what it answered and what it offered as provisional. */
function setup() {
  const workers: FakeWorker[] = [];
  const answers: WorkerResponse[] = [];
  const provisional: WorkerResponse[] = [];
  const client = new SimClient(
    () => {
      workers.push(new FakeWorker());
      return workers.at(-1) as unknown as Worker;
    },
    (r) => answers.push(r),
    (r) => provisional.push(r),
  );
  return { workers, answers, provisional, client };
}

describe('SimClient after a worker fault', () => {
  it('answers the run with the fault, drops the worker, and starts a fresh one for the next request', () => {
    const { workers, answers, client } = setup();
    const id = client.request({ kind: 'preset-figures' });
    workers[0].emit('error', { message: 'Uncaught RangeError: out of memory', preventDefault() {} });
    expect(answers).toEqual([
      { kind: 'error', id, message: 'Uncaught RangeError: out of memory', fault: 'worker' },
    ]);
    expect(workers[0].terminated).toBe(true);

    const next = client.request({ kind: 'preset-figures' });
    expect(workers).toHaveLength(2);
    expect(workers[1].sent.map((m) => m.id)).toEqual([next]);
    workers[1].emit('message', { data: { kind: 'preset-figures', id: next, figures: [] } });
    expect(answers.at(-1)).toEqual({ kind: 'preset-figures', id: next, figures: [] });
  });

  it('sends a request that waited behind the failed run to a fresh worker', () => {
    const { workers, answers, client } = setup();
    client.request({ kind: 'preset-figures' });
    const waiting = client.request({ kind: 'preset-figures' });
    expect(workers[0].sent).toHaveLength(1);
    workers[0].emit('error', { message: '', preventDefault() {} });
    expect(answers).toEqual([]); // the failed run was stale: only the latest request is answered
    expect(workers[1].sent.map((m) => m.id)).toEqual([waiting]);
  });
});

describe('SimClient keeps workers warm', () => {
  it('replaces a stale, slow run by a spare worker started ahead of time, not by a cold one', () => {
    const { workers, answers, client } = setup();
    let now = 0;
    const realNow = performance.now;
    performance.now = () => now;
    try {
      client.request({ kind: 'preset-figures' });
      now = 50;
      client.request({ kind: 'preset-figures' }); // waits behind a run that has not been slow yet
      expect(workers).toHaveLength(1);
      now = 1000;
      const third = client.request({ kind: 'preset-figures' });
      // The slow worker is dropped; with no spare yet, a fresh one runs and a spare is started.
      expect(workers[0].terminated).toBe(true);
      expect(workers).toHaveLength(3);
      const running = workers.find((w) => w.sent.some((m) => m.id === third))!;
      const spare = workers.find((w) => w !== workers[0] && w !== running)!;
      expect(spare.sent).toHaveLength(0);
      now = 2000;
      const fourth = client.request({ kind: 'preset-figures' });
      expect(spare.sent.map((m) => m.id)).toEqual([fourth]); // the spare takes over at once
      spare.emit('message', { data: { kind: 'preset-figures', id: fourth, figures: [] } });
      expect(answers).toEqual([{ kind: 'preset-figures', id: fourth, figures: [] }]);
    } finally {
      performance.now = realNow;
    }
  });

  it('drops a late answer once the page answered a newer request itself', () => {
    const { workers, answers, client } = setup();
    const id = client.request({ kind: 'preset-figures' });
    client.supersede();
    workers[0].emit('message', { data: { kind: 'preset-figures', id, figures: [] } });
    expect(answers).toEqual([]);
    expect(workers[0].terminated).toBe(false); // still warm for the next big run
  });
});

describe('SimClient while a long run goes on', () => {
  it('passes on progress of the latest run without taking it for the answer', () => {
    const { workers, answers, client } = setup();
    const heard: number[] = [];
    client.onProgress = (p) => heard.push(p.packets);
    const id = client.request({ kind: 'preset-figures' });
    workers[0].emit('message', { data: { kind: 'progress', id, side: 0, simulatedNs: 1e9, packets: 1000 } });
    workers[0].emit('message', { data: { kind: 'progress', id, side: 0, simulatedNs: 2e9, packets: 2000 } });
    expect(heard).toEqual([1000, 2000]);
    expect(answers).toEqual([]);
    // still in flight: a newer request waits behind it rather than going out at once
    const newer = client.request({ kind: 'preset-figures' });
    expect(workers[0].sent.map((m) => m.id)).toEqual([id]);
    workers[0].emit('message', { data: { kind: 'progress', id, side: 0, simulatedNs: 3e9, packets: 3000 } });
    expect(heard).toEqual([1000, 2000]); // no longer the latest run
    workers[0].emit('message', { data: { kind: 'preset-figures', id, figures: [] } });
    expect(workers[0].sent.map((m) => m.id)).toEqual([id, newer]);
  });
});

describe('the engine reports progress on long runs', () => {
  it('the event loop calls back with its clock every PROGRESS_EVERY events', async () => {
    const { Sim, PROGRESS_EVERY } = await import('../src/engine/sim');
    const sim = new Sim(10 * PROGRESS_EVERY);
    for (let i = 0; i < 2.5 * PROGRESS_EVERY; i++) sim.at(i * 1000, () => {});
    const clocks: number[] = [];
    sim.run((now) => clocks.push(now));
    expect(clocks).toEqual([1, 2].map((k) => (k * PROGRESS_EVERY - 1) * 1000));
  });

  it('simulate passes on the clock and the packets recorded so far', async () => {
    const { simulate } = await import('../src/engine/simulate');
    const { toSimInput } = await import('../src/scenario/resolve');
    const { parseQuery } = await import('../src/scenario/codec');
    const input = toSimInput(parseQuery('link=ethernet100&objects=30000000&iw=10').config.settings);
    const seen: Array<{ simulatedNs: number; packets: number }> = [];
    const trace = simulate(input, (p) => seen.push(p));
    expect(seen.length).toBeGreaterThan(0);
    for (const p of seen) {
      expect(p.simulatedNs).toBeGreaterThan(0);
      expect(p.simulatedNs).toBeLessThan(trace.endNs);
      // recorded so far: every packet sent by then, and those queued to leave shortly after
      const sentBy = trace.packets.filter((q) => q.sendNs <= p.simulatedNs).length;
      expect(p.packets).toBeGreaterThanOrEqual(sentBy);
      expect(p.packets).toBeLessThan(sentBy + 100);
    }
  });
});

describe('SimClient during a drag', () => {
  const run = (id: number) => ({ kind: 'run', id, runs: [], figures: null }) as unknown as WorkerResponse;

  it('offers a run answered after newer requests as provisional, and the newest as the answer', () => {
    const { workers, answers, provisional, client } = setup();
    const first = client.request({ kind: 'run', sides: [], preset: null });
    client.request({ kind: 'run', sides: [], preset: null });
    const last = client.request({ kind: 'run', sides: [], preset: null });
    workers[0].emit('message', { data: run(first) });
    expect(provisional.map((r) => r.id)).toEqual([first]);
    expect(answers).toEqual([]);
    // The request that waited is the newest one: it was sent next, and its answer is the answer.
    expect(workers[0].sent.map((m) => m.id)).toEqual([first, last]);
    workers[0].emit('message', { data: run(last) });
    expect(answers.map((r) => r.id)).toEqual([last]);
  });

  it("offers nothing older than what the page's own thread already answered", () => {
    const { workers, provisional, client } = setup();
    const inWorker = client.request({ kind: 'run', sides: [], preset: null });
    client.supersede(); // a newer run was answered on the page's thread
    workers[0].emit('message', { data: run(inWorker) });
    expect(provisional).toEqual([]);
  });
});
