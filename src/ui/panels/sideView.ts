// One side of the lab as the panels see it: its run and a caption naming what differs.
import type { SideRun } from '../../worker/protocol';

export interface SideView {
  side: 'a' | 'b';
  run: SideRun;
  caption: string;
}
