// The time-sequence plot draws a segment when it leaves the server's interface, after the queue in
// front of the link. A segment the full queue turned away never left: it is drawn when it reached
// the queue, above the data still waiting in it, and keyed apart from the retransmissions, so a
// slow start's overshoot of a deep queue does not read as resends of data not yet sent.
import { describe, expect, it } from 'vitest';
import { tspNote } from '../src/ui/panels/tspNote';
import type { SideView } from '../src/ui/panels/sideView';
import { legendEntries } from '../src/views/TimeSequencePlot';
import { connectionSeries } from '../src/views/streamSeries';
import type { TspSeries } from '../src/views/tspSeries';
import { run } from './support/trace';

const QUIC_LTE = 'http=3&link=lte&page=almanac24';
const TCP_SHALLOW_QUEUE = 'http=2&link=lte&page=almanac24&window=1000000&queue=30';
const LINK_LOSS = 'objects=1000000&flush=none&link=wan&loss=1&window=65535';

const NOT_ABOVE = { window: false, cwnd: false };
const keys = (series: TspSeries, dense: boolean) => legendEntries(series, dense, NOT_ABOVE);

describe('segments dropped at the queue on the time-sequence plot', () => {
  for (const [name, query] of [
    ['HTTP/3 over LTE', QUIC_LTE],
    ['HTTP/2 over a 30-packet queue', TCP_SHALLOW_QUEUE],
  ])
    it(`says where each drop happened, and keys the queue's apart (${name})`, () => {
      const trace = run(query);
      const series = connectionSeries(trace, 0, null);
      const dropped = series.segments.filter((s) => s.dropped);
      expect(dropped.length).toBeGreaterThan(0);
      for (const s of dropped) expect(s.drop).toBe(trace.packets.get(s.index).drop);
      expect(dropped.every((s) => s.drop === 'queue')).toBe(true);
      // The drop is drawn when the packet reached the full queue: above the data that left the
      // interface by then (what the key's words say).
      const first = dropped[0];
      const leftBy = Math.max(
        ...series.segments.filter((s) => !s.dropped && s.timeNs <= first.timeNs).map((s) => s.end),
      );
      expect(first.seq).toBeGreaterThan(leftBy);

      const entries = keys(series, false);
      const queue = entries.find((e) => e.series === 'queue-drop');
      expect(queue?.label).toBe('dropped at the queue');
      expect(queue?.words).toMatch(/drawn when it reached the queue, above the data still waiting in it/);
      expect(queue?.colour).not.toBe('var(--packet-retransmit)');
      expect(entries.map((e) => e.series)).not.toContain('dropped');
      // Dense, the retransmissions and link losses share one key; the queue's drops keep theirs.
      const dense = keys(series, true).map((e) => e.series);
      expect(dense).toContain('queue-drop');
      expect(dense.filter((s) => s.includes('queue-drop'))).toEqual(['queue-drop']);
    });

  it('keys a loss on the link as before: dropped, in the retransmissions colour', () => {
    const series = connectionSeries(run(LINK_LOSS), 0, null);
    expect(series.segments.some((s) => s.dropped && s.drop === 'loss')).toBe(true);
    const entries = keys(series, false);
    expect(entries.find((e) => e.series === 'dropped')?.colour).toBe('var(--packet-retransmit)');
    expect(entries.map((e) => e.series)).not.toContain('queue-drop');
    expect(keys(series, true).map((e) => e.series)).toContain('retransmit dropped');
  });

  it("the plot's note says where a queue's drop is drawn, where the run has one", () => {
    const note = (query: string) =>
      tspNote([{ side: 'a', run: { trace: run(query) }, caption: '' } as SideView]);
    expect(note(QUIC_LTE)).toContain(
      'A packet the full queue turned away (in grey) never left: it is drawn when it reached the queue',
    );
    expect(note(LINK_LOSS)).not.toContain('turned away');
  });
});
