/* global window, performance */
/**
 * The JavaScript files (names) the page asked for before its first picture was painted: scripts
 * whose request started before the first redraw's mark (resource timing, read in the page). Code
 * the page asks for after that picture (panels below it, loaded when the page is idle) is not on
 * the way to it; counting responses until the test saw the mark had raced with those requests.
 * Shared by `npm run bench:ui`, which prints the figure, and the browser test that holds its budget.
 */
export async function scriptsBeforeFirstPicture(page, url) {
  await page.goto(url);
  await page.waitForFunction(() => (window.roundtripPerf?.redraws ?? 0) > 0, null, { timeout: 60_000 });
  const names = await page.evaluate(() => {
    const painted = performance.getEntriesByName('roundtrip:redraw')[0].startTime;
    return performance
      .getEntriesByType('resource')
      .filter((r) => r.startTime < painted)
      .map((r) => new URL(r.name).pathname.split('/').pop())
      .filter((n) => n.endsWith('.js'));
  });
  return [...new Set(names)].sort();
}
