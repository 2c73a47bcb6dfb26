// What the bytes of each HTTP/3 stream say: as messages.ts does for a TCP stream, each QUIC
// stream of a connection, in each direction, has a StreamContent recording where each HTTP/3
// frame ends and what it is. The reader learns a frame only when its stream has delivered the
// bytes up to the frame's end.
import { StreamContent } from '../messages';
import type { HttpRequest } from '../http/request';
import type { Direction } from '../trace';
import type { Bytes } from '../units';

export type H3Message =
  { type: 'headers'; request: HttpRequest; end: boolean } | { type: 'data'; bytes: Bytes; end: boolean };

const contents = new WeakMap<object, Map<string, StreamContent<H3Message>>>();

/** The content of stream `id` in direction `dir` of the connection whose pair content is `connection`. */
export function streamContent(connection: object, id: number, dir: Direction): StreamContent<H3Message> {
  let streams = contents.get(connection);
  if (!streams) contents.set(connection, (streams = new Map()));
  const key = `${id}${dir}`;
  let content = streams.get(key);
  if (!content) streams.set(key, (content = new StreamContent<H3Message>()));
  return content;
}
