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
