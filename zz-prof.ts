import { parseQuery } from './src/scenario/codec';
import { toSimInput } from './src/scenario/resolve';
import { simulate } from './src/engine/simulate';
const q = `objects=20000000&link=longfat&window=16000000&iw=10&cc=${process.argv[2]}&sack=1`;
const t = simulate(toSimInput(parseQuery(q).config.settings));
console.log(t.packets.length, t.packets.filter(p=>p.drop).length, 'drops', t.timers.filter(x=>x.timer==='rto').length, 'rtos');
