// simulate(input) -> Trace: the whole engine, HTTP/3, CUBIC and BBR included, behind one pure function.
import { HTTP3 } from './http3';
import { ALL_CONTROLS } from './tcp/allControls';
import type { SimInput } from './params';
import { simulateWith, type SimProgress } from './simulateCore';
import type { Trace } from './trace';

export { emptyTrace, type SimProgress } from './simulateCore';

export function simulate(input: SimInput, onProgress?: (p: SimProgress) => void): Trace {
  return simulateWith(input, { http3: HTTP3, controls: ALL_CONTROLS }, onProgress);
}
