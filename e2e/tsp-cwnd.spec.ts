// The time-sequence plot draws the server's congestion window from the samples the engine
// records, above the ACK line: a step at each recorded change and at each ACK, and a fast
// retransmit shows as a drop.
import { expect, test } from '@playwright/test';
import { tspSeries } from '../src/views/tspSeries';
import { engine, openLab } from './lab';

const QUERY = 'objects=60000&flush=none&link=wan&loss=2&window=65535';

test('the cwnd line has a step for every recorded change of the server cwnd and every ACK', async ({
  page,
}) => {
  const { trace } = engine(QUERY);
  const samples = trace.samples!.filter((s) => s.conn === 0 && s.side === 'server');
  expect(samples.length).toBeGreaterThan(10);
  expect(samples.some((s, i) => i > 0 && s.cwnd < samples[i - 1].cwnd)).toBe(true); // a loss cut it
  await openLab(page, QUERY);
  const line = page.locator('[data-view="tsp"] [data-series="cwnd"]');
  await expect(line).toHaveCount(1);
  const d = (await line.getAttribute('d')) ?? '';
  const steps = tspSeries(trace, 0).cwnd.length;
  expect(steps).toBeGreaterThan(samples.length);
  expect(d.split('H').length - 1).toBe(steps);
});

test('the plot says what its cwnd and window lines stand for', async ({ page }) => {
  await openLab(page);
  const tsp = page.locator('[data-view="tsp"]');
  await expect(tsp.locator('[data-legend="cwnd"] title')).toHaveText("ACK + the sender's congestion window");
  await expect(tsp.locator('[data-legend="window"] title')).toHaveText(
    "ACK + the receiver's advertised window",
  );
  await expect(tsp.locator('.axis-title', { hasText: 'cwnd' })).toHaveText('cwnd: congestion window (KB)');
});
