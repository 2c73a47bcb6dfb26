// The modern presets' claims, checked on the engine: Dukkipati et al. 2010 (IW10), Mathis et al.
// 1997 (the square-root law), Cardwell et al. 2016 (BBR under loss and with a deep buffer).
import { describe, expect, it } from 'vitest';
import { computeMetrics } from '../src/engine/metrics';
import { runQuery } from '../src/scenario';
import { findPreset } from '../src/scenario/presets';
import { PRESET_TEXTS } from '../src/scenario/presetTexts';
import { findSweep, loadNs, measure } from '../src/scenario/sweeps';
import { runSweep } from '../src/scenario/sweepRun';
import { dataSegments, ms, run } from './support/trace';

const presetQuery = (id: string) => findPreset(id)!.query;
/** Response throughput in bit/s. */
const throughputBps = (q: string) => {
  const { trace, path } = runQuery(q);
  return measure('throughput_kbps', trace, path) * 1000;
};

describe('Dukkipati et al. 2010: IW10', () => {
  const q = presetQuery('dukkipati-iw10');
  it('a 12 KB response takes fewer round trips with IW10 than with 4 KB', () => {
    const rtts = (extra: string) => loadNs(run(`${q}&${extra}`)) / 100e6;
    const saved = rtts('iw=4k') - rtts('iw=10');
    expect(saved).toBeGreaterThan(0.9); // at least one round trip
    expect(saved).toBeLessThan(3.5);
  });

  it('what the explanation says of the flight: all but a 320-byte tail leave at once, Nagle holds the tail a round trip', () => {
    const flight = (query: string) => {
      const data = dataSegments(run(query), 's2c');
      const first = data.filter((p) => p.sendNs < data[0].sendNs + 50e6); // before any ACK is back
      return { first, rest: data.slice(first.length) };
    };
    const nagle = flight(q);
    expect(nagle.first).toHaveLength(9); // the headers and eight full segments
    expect(nagle.rest.map((p) => p.len)).toEqual([320]);
    expect(ms(nagle.rest[0].sendNs - nagle.first[8].sendNs)).toBeGreaterThan(95); // a round trip
    expect(flight(`${q}&nagle=0`).rest).toEqual([]);
    const { explanation, tryNext } = PRESET_TEXTS['dukkipati-iw10'];
    expect(explanation).toMatch(/the last 320 bytes, a short segment, wait one round trip for Nagle/);
    expect(explanation).not.toMatch(/it leaves in one flight/);
    expect(
      tryNext.some((t) => t.settings === 'nagle=0' && /whole response leaves in one flight/.test(t.sentence)),
    ).toBe(true);
  });

  it('what the two-segment hint says: it beats 4 KB, whose tail Nagle holds behind a delayed ACK', () => {
    const nagleMs = (extra: string) =>
      Math.max(
        0,
        ...run(`${q}&${extra}`)
          .stalls.filter((s) => s.cause === 'nagle')
          .map((s) => ms(s.endNs - s.startNs)),
      );
    expect(loadNs(run(`${q}&iw=2`))).toBeLessThan(loadNs(run(`${q}&iw=4k`)));
    expect(nagleMs('iw=4k')).toBeCloseTo(180, -1);
    expect(nagleMs('iw=2')).toBeCloseTo(100, -1);
    const hint = PRESET_TEXTS['dukkipati-iw10'].tryNext.find((t) => t.settings === 'iw=2')!;
    expect(hint.sentence).toMatch(/even beats 4 KB.*longer than the round trip it waits with two segments/);
  });

  it('the time saved grows with the round trip', () => {
    const savedMs = (rtt: number) =>
      (loadNs(run(`${q}&rtt=${rtt}&iw=4k`)) - loadNs(run(`${q}&rtt=${rtt}&iw=10`))) / 1e6;
    expect(savedMs(200)).toBeGreaterThan(3 * savedMs(20));
  });
});

describe('Mathis et al. 1997: throughput ~ MSS / (RTT sqrt(p))', () => {
  const q = presetQuery('mathis-loss');
  it('is within a factor of two of the model at 1% loss', () => {
    const model = ((1460 * 8) / 0.1) * (Math.sqrt(1.5) / Math.sqrt(0.01));
    const got = throughputBps(q);
    expect(got / model).toBeGreaterThan(0.5);
    expect(got / model).toBeLessThan(2);
  });

  it('four times the loss gives half the throughput or less: timeouts steepen the fall (Padhye 1998)', () => {
    // 1% -> 4%: 0.34 of the throughput; 12 timeouts take 10.5 s of the 52.5 s run. Padhye's model
    // with a 1 s timeout gives 0.32, the square-root law alone 0.5.
    const ratio = throughputBps(`${q}&loss=4`) / throughputBps(q);
    expect(ratio).toBeGreaterThan(0.3);
    expect(ratio).toBeLessThan(0.55);
  });
});

describe('Cardwell et al. 2016: BBR', () => {
  it('under 1% random loss BBR keeps most of the link rate; CUBIC and Reno collapse', () => {
    const q = presetQuery('cardwell-loss');
    const link = 20e6;
    expect(throughputBps(q) / link).toBeGreaterThan(0.7);
    expect(throughputBps(`${q}&cc=cubic`) / link).toBeLessThan(0.35);
    expect(throughputBps(`${q}&cc=reno`) / link).toBeLessThan(0.35);
  });

  it("the loss preset's note on a one-BDP buffer quotes its runs, with RACK and without", () => {
    // The note had said 26.7 s and 8.0 s after the engine had come to give 25.6 s and 7.8 s.
    const note = PRESET_TEXTS['cardwell-loss'].calibrated!.join(' ');
    const [, without, withRack] = note.match(
      /\((\d+\.\d) s for the 10 MB at one BDP, (\d+\.\d) s with rack=on\)/,
    )!;
    const seconds = (q: string) => computeMetrics(run(`${presetQuery('cardwell-loss')}&${q}`)).elapsed_s;
    expect(seconds('queue=170')).toBeCloseTo(Number(without), 1);
    expect(seconds('queue=170&rack=on')).toBeCloseTo(Number(withRack), 1);
    // And at its own two BDPs, Startup's overshoot is the brief one the note says.
    const [, quoted] = note.match(/\((\d+) segments dropped by the queue, all within 0\.1 s\)/)!;
    const dropped = run(presetQuery('cardwell-loss')).packets.filter((p) => p.drop === 'queue');
    expect(dropped).toHaveLength(Number(quoted));
    expect(dropped.at(-1)!.sendNs - dropped[0].sendNs).toBeLessThan(0.1e9);
  });

  it('with a deep buffer CUBIC fills it while BBR keeps RTT near its floor', () => {
    const q = presetQuery('cardwell-bufferbloat');
    const bbr = computeMetrics(run(q));
    const cubic = computeMetrics(run(`${q}&cc=cubic`));
    expect(bbr.rtt_ms!.p50).toBeLessThan(2 * 20);
    expect(cubic.rtt_ms!.p50).toBeGreaterThan(3 * 20);
    expect(cubic.rtt_ms!.p95).toBeGreaterThan(10 * 20);
    expect(throughputBps(q) / 20e6).toBeGreaterThan(0.8);
    expect(throughputBps(`${q}&cc=cubic`) / 20e6).toBeGreaterThan(0.8);
  });
});

describe("the bufferbloat preset's words hold on its run", () => {
  const preset = findPreset('cardwell-bufferbloat')!;
  const { explanation } = PRESET_TEXTS['cardwell-bufferbloat'];
  const cubic = run(`${preset.query}&cc=cubic`);

  it('CUBIC fills the buffer: a segment then waits the 0.6 s the words say', () => {
    // A drop-tail drop means the queue is full: what it holds then is the wait behind it.
    let busyUntilNs = 0;
    let fullWaitNs = 0;
    for (const p of cubic.packets) {
      if (p.dir !== 's2c') continue;
      if (p.drop === 'queue') fullWaitNs = Math.max(fullWaitNs, busyUntilNs - p.sendNs);
      else busyUntilNs = Math.max(busyUntilNs, p.sendNs + (p.wireBytes * 8 * 1e9) / 20e6);
    }
    expect(fullWaitNs / 1e9).toBeCloseTo(0.6, 1);
    expect(explanation).toContain(`wait up to ${(fullWaitNs / 1e9).toFixed(1)} s in the queue`);
  });

  it('the smoothed RTT passes the figure the words give, and stays under the full queue', () => {
    const srttMs = Math.max(
      ...(cubic.samples ?? []).filter((s) => s.side === 'server').map((s) => (s.srttNs ?? 0) / 1e6),
    );
    const stated = Number(/passes (\d+) ms/.exec(explanation)?.[1]);
    expect(srttMs).toBeGreaterThan(stated);
    expect(srttMs).toBeLessThan(stated * 1.2);
    expect(srttMs).toBeLessThan(600);
  });
});

describe('the mathis-loss sweep', () => {
  const points = runSweep(findSweep('mathis-loss')!);
  const at = (x: string, series: string) => points.find((p) => p.x === x && p.series === series)!.y;

  it('NewReno with SACK: four times the loss, about half the throughput', () => {
    for (const [low, high] of [
      ['0.25', '1'],
      ['1', '4'],
    ]) {
      const ratio = at(high, 'newreno') / at(low, 'newreno');
      expect(ratio, `${low}% to ${high}%`).toBeGreaterThan(0.25); // timeouts steepen the fall at high loss (Padhye 1998)
      expect(ratio, `${low}% to ${high}%`).toBeLessThan(0.75);
    }
  });

  it('BBR keeps most of the link rate where the loss-based controllers fall away', () => {
    expect(at('2', 'bbr')).toBeGreaterThan(5000); // kbit/s of 10 000
    expect(at('2', 'bbr')).toBeGreaterThan(3 * at('2', 'cubic'));
    expect(at('2', 'bbr')).toBeGreaterThan(3 * at('2', 'newreno'));
  });
});
