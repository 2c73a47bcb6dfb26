// What the seed decides beyond the engine's own random draws: the phase of each host's
// delayed-ACK clock when the scenario does not give it.
import { Prng } from '../engine/prng';

/** The heartbeat phase of a host's delayed-ACK clock, drawn from the seed when not given. */
export function seededPhaseNs(seed: number, host: number, periodNs: number): number {
  return new Prng(seed, 100 + host).below(Math.max(1, Math.floor(periodNs / 1000))) * 1000;
}
