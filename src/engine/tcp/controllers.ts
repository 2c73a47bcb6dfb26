// The congestion controllers there are, by the name the `cc` key gives them. Reno and NewReno are
// the engine's core; CUBIC and BBR come with the whole engine (allControls.ts), which the worker
// has and the page's own thread leaves out, so its first picture waits for less JavaScript.
import type { CongestionControlName, InitialWindow } from '../params';
import type { CongestionControl } from './congestion';
import { NewReno } from './newreno';
import { Reno } from './reno';

export type CongestionControls = Partial<
  Record<CongestionControlName, (initialWindow: InitialWindow, sack: boolean) => CongestionControl>
>;

export const CORE_CONTROLS: CongestionControls = {
  reno: (iw) => new Reno(iw),
  newreno: (iw, sack) => new NewReno(iw, sack),
};

/** The controller `name` resolves to: with SACK, Reno's loss recovery is RFC 6675's, which builds on NewReno. */
export function controlName(name: CongestionControlName, sack: boolean): CongestionControlName {
  return name === 'reno' && sack ? 'newreno' : name;
}

export function congestionControl(
  controls: CongestionControls,
  name: CongestionControlName,
  iw: InitialWindow,
  sack = false,
): CongestionControl {
  const make = controls[controlName(name, sack)];
  if (!make) throw new Error(`Congestion control ${name} is not part of this build of the engine`);
  return make(iw, sack);
}
