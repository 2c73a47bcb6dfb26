// Kruse's "baseline" model (Kruse et al. 1998, section "Simple Model"): the least time the page
// can take given the channel's data rate, the TCP window and the number of connections, with no
// connection setup, no slow start and no request ordering. Each element costs a round trip per
// window's worth of bytes plus its transmission time; HTTP/1.0 asks for one element at a time per
// connection. This is the paper's analytic model, drawn beside the simulation, not a simulation.
import { parseQuery } from './codec';
import { toSimInput } from './resolve';

export function kruseBaselineSeconds(
  elementBytes: number[],
  connections: number,
  windowBytes: number,
  rttSeconds: number,
  rateBps: number,
): number {
  const cost = (bytes: number) =>
    Math.max(1, Math.ceil(bytes / windowBytes)) * rttSeconds + (bytes * 8) / rateBps;
  const [html, ...rest] = elementBytes;
  const start = cost(html);
  const free = new Array<number>(Math.max(1, connections)).fill(start);
  for (const bytes of rest) {
    const i = free.indexOf(Math.min(...free));
    free[i] += cost(bytes);
  }
  const channel = start + (rest.reduce((a, b) => a + b, 0) * 8) / rateBps;
  return Math.max(channel, ...free);
}

/** The model for a scenario: its page, connections, window, RTT and bandwidth. */
export function kruseBaselineFor(query: string): number {
  const input = toSimInput(parseQuery(query).config.settings);
  const rtt = (2 * input.c2s.oneWayDelayNs) / 1e9;
  return kruseBaselineSeconds(
    input.http.objects.map((o) => o.bodyBytes),
    input.http.maxConnections,
    input.client.bufferBytes,
    rtt,
    input.c2s.bandwidthBps,
  );
}
