// The modern page beside the 1997 ones: the Web Almanac's median totals, object by object.
import { describe, expect, it } from 'vitest';
import { page } from '../src/scenario/workloads';

describe('the median page of 2024', () => {
  it('has the Web Almanac totals: 66 requests, 2,311 KB, 24 scripts and 18 images', () => {
    const p = page('almanac24');
    expect(1 + p.objects.length).toBe(66);
    expect(p.html.bytes + p.objects.reduce((s, o) => s + o.bytes, 0)).toBe(2311 * 1024);
    expect(p.objects.filter((o) => o.url.endsWith('.js'))).toHaveLength(24);
    expect(p.objects.filter((o) => o.url.endsWith('.jpg'))).toHaveLength(18);
  });
});
