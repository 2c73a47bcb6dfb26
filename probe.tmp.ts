import { runQuery } from './src/scenario';
import { connectionSpans, laneCount } from './src/views/ladderLayout';
for (const q of ['preset=nielsen-lan-1.0-first','page=microscape&http=1.0&conns=4','preset=kruse-acts','preset=nielsen-ppp-pipe-first', 'page=microscape&http=1.0&conns=4&link=ppp']) { const { trace } = runQuery(q); const s = connectionSpans(trace); console.log(q, s.length, laneCount(s)); }
