import { loadNs } from '../src/scenario/sweeps';
import { run } from './support/trace';
const base = process.env.B!;
const seeds = [1, 2, 3, 4, 5, 6, 7, 8];
const mean = (q: string) => seeds.map((s) => loadNs(run(`${q}&seed=${s}`)) / 1e9).reduce((a, b) => a + b) / seeds.length;
for (const obj of (process.env.O ?? '').split(';')) for (const loss of [0, 1, 2, 3]) {
  const h2 = mean(`${base}&${obj}&loss=${loss}&http=2&tls=none`);
  const h1 = mean(`${base}&${obj}&loss=${loss}&http=1.0ka&conns=6&tls=none`);
  console.log(obj, 'loss', loss, 'h2', h2.toFixed(3), 'h1x6', h1.toFixed(3), 'ratio', (h2 / h1).toFixed(2));
}
