// Time on a link, as the views and the figures derived from a trace reckon it.

/** How long a packet of `wireBytes` takes to leave at `bandwidthBps`: ceil(bits * 1e9 / bandwidth). */
export function serializationNs(wireBytes: number, bandwidthBps: number): number {
  return Math.ceil((wireBytes * 8 * 1e9) / bandwidthBps);
}
