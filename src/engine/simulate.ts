// simulate(input) -> Trace: the whole engine, HTTP/3 included, behind one pure function.
import { HTTP3 } from './http3';
import type { SimInput } from './params';
import { simulateWith, type SimProgress } from './simulateCore';
import type { Trace } from './trace';

export { emptyTrace, type SimProgress } from './simulateCore';

export function simulate(input: SimInput, onProgress?: (p: SimProgress) => void): Trace {
  return simulateWith(input, HTTP3, onProgress);
}
