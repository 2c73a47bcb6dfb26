// When a delayed ACK goes out. BSD ran one 200 ms "fast timeout" per host: a pending ACK leaves
// at the next tick of that clock, so the wait is anywhere from 0 to 200 ms depending on phase.
import type { DelackMode } from '../params';
import type { Nanoseconds } from '../units';

export function delayedAckAt(
  mode: Exclude<DelackMode, 'off'>,
  nowNs: Nanoseconds,
  periodNs: Nanoseconds,
  phaseNs: Nanoseconds,
): Nanoseconds {
  if (mode === 'fixed') return nowNs + periodNs;
  const ticks = Math.floor((nowNs - phaseNs) / periodNs) + 1;
  return phaseNs + ticks * periodNs;
}
