// A link's view keys against the run it opens: a zoom after the run's end, a connection or an
// HTTP/2 stream the run does not have are named, and what holds is left alone.
import { describe, expect, it } from 'vitest';
import { runQuery } from '../src/scenario';
import { runEndNs } from '../src/views/timeScale';
import { linkMisfits } from '../src/ui/state/linkFit';

function misfits(query: string, view: Record<string, string>, cursorNs: number | null = null) {
  const { trace } = runQuery(query);
  return linkMisfits(view, [trace], runEndNs(trace), cursorNs);
}

describe("a link's view against its run", () => {
  it('names a zoom that starts after the run, a connection and a stream it does not have', () => {
    // Heidemann's odd final segment: one HTTP/1.1 connection, 190 ms.
    const odd = misfits('preset=heidemann-odd-final', { zoom: '500,900', tspconn: '9', tspzoom: '200,300' });
    expect(odd.keys).toEqual(['zoom', 'tspzoom', 'tspconn']);
    expect(odd.problems).toEqual([
      'zoom="500,900": the run ends at 190\u00a0ms; showing the whole run',
      'tspzoom="200,300": the run ends at 190\u00a0ms; showing the whole run',
      'tspconn="9": the run has one connection; plotting connection 1',
    ]);
    expect(misfits('preset=heidemann-odd-final', { tspstream: '3' }).problems).toEqual([
      'tspstream="3": connection 1 carries no HTTP/2 streams; plotting the whole connection',
    ]);
    // HTTP/2's client streams are odd: stream 4 is none of them.
    expect(misfits('preset=wang-spdy', { tspstream: '4' }).problems).toEqual([
      'tspstream="4": connection 1 has no stream 4; plotting the whole connection',
    ]);
  });

  it('names a playhead past the end, and shows the end: t=600 and t=1e12 on a 190 ms run', () => {
    // They had read "190 ms / 190 ms" with no word, and stayed in the link.
    for (const [ms, written] of [
      [600, '600'],
      [1e12, '1000000000000'],
    ] as const)
      expect(misfits('preset=heidemann-odd-final', {}, ms * 1e6)).toEqual({
        keys: ['t'],
        problems: [`t=${written}: past the run's end (190\u00a0ms); showing the end`],
      });
    // Within the run, or the page's own link at its end (t to the microsecond, rounded), it is left.
    const { trace } = runQuery('preset=heidemann-odd-final');
    const endNs = runEndNs(trace);
    const atEnd = Math.round((Math.round(endNs / 1e3) / 1e3) * 1e6);
    for (const cursorNs of [0, 100e6, endNs, atEnd])
      expect(linkMisfits({}, [trace], endNs, cursorNs).keys).toEqual([]);
  });

  it('leaves alone what the run has: a window inside it or past its end', () => {
    expect(misfits('preset=heidemann-odd-final', { zoom: '2,12', tspzoom: '150,900' })).toEqual({
      keys: [],
      problems: [],
    });
    expect(misfits('preset=wang-spdy', { tspconn: '1', tspstream: '3' }).keys).toEqual([]);
    expect(misfits('preset=kruse-lerc', { tspconn: '4' }).keys).toEqual([]);
  });
});
