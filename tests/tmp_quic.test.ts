import { it } from 'vitest';
import { run } from './support/trace';
import { computeMetrics } from '../src/engine/metrics';
it('x', () => {
  const q = process.env.Q ?? 'http=3&rtt=100&bw=1000000000&sthink=0&cthink=0&page=custom&objects=1000';
  const t = run(q);
  for (const p of t.packets.slice(0, Number(process.env.N ?? 40)))
    console.log((p.sendNs / 1e6).toFixed(2), p.arriveNs === null ? 'DROP' : (p.arriveNs / 1e6).toFixed(2), p.dir, p.ipBytes, p.len, p.reason, JSON.stringify(p.quic?.packets.map((x) => `${x.type}#${x.pn}[${x.frames.join(', ')}]`)));
  const m = computeMetrics(t);
  console.log(JSON.stringify({ elapsed: m.elapsed_s, objects: m.objects, stalls: m.stalls.slice(0, 10), packets: m.packets }));
});
