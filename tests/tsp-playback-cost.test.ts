// The time-sequence plot is redrawn on every frame of playback: what it asks of a run that does
// not change with the playhead (the run's connections, why its packets were dropped) is found
// once per run, not by reading every packet on every frame.
import { describe, expect, it, vi } from 'vitest';
import { tspNote } from '../src/ui/panels/tspNote';
import type { SideView } from '../src/ui/panels/sideView';
import { connectionIds } from '../src/views/ladderLayout';
import { run } from './support/trace';

// 1 MB over the WAN with loss: about 1,100 packets.
const BULK = 'objects=1000000&flush=none&link=wan&loss=1&window=65535';

describe('the time-sequence plot on each frame of playback', () => {
  it('reads the packets once for the note and the connections, not again on the next frames', () => {
    const trace = run(BULK);
    expect(trace.packets.length).toBeGreaterThan(1000);
    const side = { side: 'a', run: { trace }, caption: '' } as SideView;
    const reads = vi.spyOn(trace.packets, 'get');
    const frame = () => [tspNote([side]), connectionIds(trace)] as const;
    const first = frame();
    const firstReads = reads.mock.calls.length;
    expect(firstReads).toBeGreaterThanOrEqual(trace.packets.length);
    // Ten more frames: the same answers, at most a packet read each (the first packet names
    // a QUIC run's flow-control window).
    for (let i = 0; i < 10; i++) expect(frame()).toEqual(first);
    expect(reads.mock.calls.length - firstReads).toBeLessThanOrEqual(10);
    expect(first[1]).toEqual([0]);
  });
});
