// How "where did the time go" draws its parts: a colour and a name for each cause, moving data
// and idle time. The figures themselves come from scenario/breakdown.ts.
import { causeStyle } from '../scenario/stallCauses';

/** Colour of "time spent moving data" in the breakdown bar. */
const TRANSFER_FILL = '#d9d9d9';
const IDLE_FILL = '#f4f4f4';

/** Name and colour of a part: a stall cause, moving data, or idle time. */
export function partStyle(cause: string): { fill: string; short: string; words: string } {
  if (cause === 'transfer')
    return { fill: TRANSFER_FILL, short: 'moving data', words: 'sending and receiving data' };
  if (cause === 'idle')
    return { fill: IDLE_FILL, short: 'idle', words: 'idle: nothing in flight, nothing waiting' };
  return causeStyle(cause);
}

/** Black or white, whichever reads better on a fill colour given as #rrggbb. */
export function textOn(fill: string): string {
  const n = parseInt(fill.slice(1), 16);
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const lum =
    0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
  return lum > 0.22 ? '#000000' : '#ffffff';
}
