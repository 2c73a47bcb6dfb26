import { describe, expect, it } from 'vitest';
import { SLIDER_STEPS, sliderScale, type SliderScale } from '../src/ui/controls/fieldModel';
import { CONFIG_KEYS, SCHEMA, type ConfigKey, type NumberRow } from '../src/scenario/schema';

const row = (key: ConfigKey) => SCHEMA[key] as NumberRow;
const scaleOf = (key: ConfigKey) => sliderScale(SCHEMA[key]) as SliderScale;
const logKeys = CONFIG_KEYS.filter((k) => sliderScale(SCHEMA[k]) && row(k).max - row(k).min > 1000);

describe('log sliders: equal distances are equal ratios', () => {
  it('puts the geometric mean of the ends at the middle of the track', () => {
    const bw = scaleOf('bw');
    // 1 kb/s to 100 Gb/s: the middle is 10 Mb/s.
    expect(bw.fromPosition(SLIDER_STEPS / 2)).toBe(10_000_000);
    expect(bw.toPosition(10_000_000)).toBe(SLIDER_STEPS / 2);
    // A quarter of the way up is a quarter of the decades: 1 kb/s * 10^2.
    expect(bw.fromPosition(SLIDER_STEPS / 4)).toBe(100_000);
    const mss = scaleOf('mss');
    expect(mss.fromPosition(SLIDER_STEPS / 2)).toBe(Math.round(Math.sqrt(64 * 65_495)));
  });

  it('gives the bottom of the track no more than its share of the range', () => {
    // The audit's complaint: the bottom 27% of the bandwidth track all meant 1-2 kb/s.
    expect(scaleOf('bw').fromPosition(270)).toBeGreaterThan(100_000);
    expect(scaleOf('mss').fromPosition(370)).toBeGreaterThan(800);
  });

  it('reaches both ends of every row', () => {
    for (const key of logKeys) {
      const scale = scaleOf(key);
      expect(scale.fromPosition(0), key).toBe(row(key).min);
      expect(scale.fromPosition(SLIDER_STEPS), key).toBe(row(key).max);
      expect(scale.toPosition(row(key).min), key).toBe(0);
      expect(scale.toPosition(row(key).max), key).toBe(SLIDER_STEPS);
    }
  });

  it('keeps 0 at the start of a row that allows 0, and the next step small', () => {
    const rtt = scaleOf('rtt');
    expect(rtt.fromPosition(0)).toBe(0);
    expect(rtt.fromPosition(1)).toBeGreaterThan(0);
    expect(rtt.fromPosition(1)).toBeLessThan(0.1);
    expect(rtt.toPosition(0.01)).toBeGreaterThan(0);
    expect(scaleOf('sthink').fromPosition(1)).toBeLessThan(0.1);
  });

  it('round trips value -> position -> value to within one step of the track', () => {
    for (const key of logKeys) {
      const scale = scaleOf(key);
      const { min, max } = row(key);
      const low = min > 0 ? min : row(key).integer ? 1 : max * 1e-6;
      const stepRatio = Math.pow(max / low, 1 / (SLIDER_STEPS - 1));
      for (const value of [low * 3, Math.sqrt(low * max), max / 7]) {
        const back = scale.fromPosition(scale.toPosition(value));
        const tolerance = stepRatio * 1.01 + (row(key).integer ? 1 / value : 0.01);
        expect(back / value, `${key} ${value} -> ${back}`).toBeLessThan(tolerance);
        expect(value / back, `${key} ${value} -> ${back}`).toBeLessThan(tolerance);
      }
    }
  });

  it('round trips position -> value -> position where the values are distinct', () => {
    const bw = scaleOf('bw');
    for (let p = 0; p <= SLIDER_STEPS; p += 37) expect(bw.toPosition(bw.fromPosition(p))).toBe(p);
  });

  it('moves the value on every arrow-key step, even where whole numbers crowd together', () => {
    for (const key of logKeys) {
      const scale = scaleOf(key);
      let value = row(key).min;
      for (let i = 0; i < 20; i++) {
        const next = scale.fromPosition(scale.toPosition(value) + 1, value);
        expect(next, `${key} after ${value}`).toBeGreaterThan(value);
        value = next;
      }
      for (let i = 0; i < 5; i++) {
        const next = scale.fromPosition(scale.toPosition(value) - 1, value);
        expect(next, `${key} before ${value}`).toBeLessThan(value);
        value = next;
      }
    }
  });
});
