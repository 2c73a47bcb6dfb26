// One side of the lab as the panels see it: its run and a caption naming what differs.
import type { Config } from '../../scenario/codec';
import type { SideRun } from '../../worker/protocol';
import { labelFor, valueText } from '../controls/fieldModel';
import { bDifferences } from '../state/configModel';

export interface SideView {
  side: 'a' | 'b';
  run: SideRun;
  caption: string;
}

/** Side B's caption, naming what differs from A ("B: Nagle off"): the lab and embeds alike. */
export function bCaption(config: Config): string {
  const differences = bDifferences(config);
  return differences.length > 0
    ? `B: ${differences.map((k) => `${labelFor(k)} ${valueText(k, config.b![k]!)}`).join(', ')}`
    : 'B: same as A (change a knob on side B)';
}
