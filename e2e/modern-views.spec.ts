// Today's protocols on screen: what the panels' notes say matches what the runs draw.
import { expect, test } from '@playwright/test';
import { openLab } from './lab';

const tspNote = (page: import('@playwright/test').Page) => page.locator('#tsp .panel-note');

test("the time-sequence plot's note names an advertised-window line only where the run draws one", async ({
  page,
}) => {
  await openLab(page, 'preset=langley-quic');
  await expect(page.locator('[data-view="tsp"] [data-series="window"]')).toHaveCount(0);
  await expect(tspNote(page)).toContainText('ACK frames');
  await expect(tspNote(page)).not.toContainText('advertised window');

  await openLab(page, 'http=2');
  await expect(page.locator('[data-view="tsp"] [data-series="window"]').first()).toBeAttached();
  await expect(tspNote(page)).toContainText('the dashed line is ACK + advertised window');

  // HTTP/2 against HTTP/3: the note says which lines belong to which transport.
  await openLab(page, 'http=2&b.http=3');
  await expect(tspNote(page)).toContainText('over TCP bars are segments');
  await expect(tspNote(page)).toContainText('over QUIC bars are the CRYPTO and STREAM bytes');
});

test("the ladder's note gives the one-way delay as the rest of the page writes a time", async ({ page }) => {
  await openLab(page, 'preset=dukkipati-iw10');
  await expect(page.locator('#ladder .panel-note')).toContainText('its slope the 50 ms one-way delay');
  await openLab(page, '');
  await expect(page.locator('#ladder .panel-note')).toContainText('its slope the 0.175 ms one-way delay');
});
