// The path's timing as the ladder needs it: bandwidth and propagation delay each way.
export interface LinkTiming {
  bandwidthBps: number;
  oneWayDelayNs: number;
}

/** Both directions of the path; the engine may one day make them differ. */
export interface PathTiming {
  c2s: LinkTiming;
  s2c: LinkTiming;
}

/** The path a run's input describes. */
export function pathOf(input: { c2s: LinkTiming; s2c: LinkTiming }): PathTiming {
  const timing = (l: LinkTiming): LinkTiming => ({
    bandwidthBps: l.bandwidthBps,
    oneWayDelayNs: l.oneWayDelayNs,
  });
  return { c2s: timing(input.c2s), s2c: timing(input.s2c) };
}
