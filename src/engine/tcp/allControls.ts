// Every congestion controller, for the whole engine (simulate.ts); see controllers.ts.
import { Bbr } from './bbr';
import { CORE_CONTROLS, type CongestionControls } from './controllers';
import { Cubic } from './cubic';

export const ALL_CONTROLS: CongestionControls = {
  ...CORE_CONTROLS,
  cubic: (iw, sack) => new Cubic(iw, sack),
  bbr: (iw, sack) => new Bbr(iw, sack),
};
