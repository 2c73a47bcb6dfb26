// The congestion controllers there are, by the name the `cc` key gives them.
import type { CongestionControlName, InitialWindow } from '../params';
import { Bbr } from './bbr';
import type { CongestionControl } from './congestion';
import { Cubic } from './cubic';
import { NewReno } from './newreno';
import { Reno } from './reno';

export const CONGESTION_CONTROLS: Record<
  CongestionControlName,
  (initialWindow: InitialWindow, sack: boolean) => CongestionControl
> = {
  reno: (iw) => new Reno(iw),
  newreno: (iw, sack) => new NewReno(iw, sack),
  cubic: (iw, sack) => new Cubic(iw, sack),
  bbr: (iw, sack) => new Bbr(iw, sack),
};

/** With SACK, Reno's loss recovery is RFC 6675's, which builds on NewReno: reno becomes newreno. */
export function congestionControl(
  name: CongestionControlName,
  iw: InitialWindow,
  sack = false,
): CongestionControl {
  return CONGESTION_CONTROLS[name === 'reno' && sack ? 'newreno' : name](iw, sack);
}
