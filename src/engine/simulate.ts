// simulate(input) -> Trace: the whole engine, HTTP/3, CUBIC and BBR included, behind one pure function.
import { HTTP3 } from './http3';
import { ALL_CONTROLS } from './tcp/allControls';
import { tcpTransport } from './tcp/transport';
import type { SimInput } from './params';
import { simulateWith, type EngineParts, type SimProgress } from './simulateCore';
import type { Trace } from './trace';

export { emptyTrace, type SimProgress } from './simulateCore';

const PARTS: EngineParts = { http3: HTTP3, tcp: tcpTransport(ALL_CONTROLS) };

export function simulate(input: SimInput, onProgress?: (p: SimProgress) => void): Trace {
  return simulateWith(input, PARTS, onProgress);
}
