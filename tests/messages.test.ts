// Tagged messages in a byte stream: a reader learns which message the bytes it was handed belong
// to, and how much of each is in, from the writer's marks alone (how HTTP/1.x responses and
// HTTP/2 frames reach the client).
import { describe, expect, it } from 'vitest';
import { MessageReader, StreamContent } from '../src/engine/messages';

function stream(...messages: Array<[number, string]>) {
  const content = new StreamContent<string>();
  for (const [bytes, tag] of messages) content.append(bytes, tag);
  return new MessageReader(content);
}

describe('reading tagged messages', () => {
  it('says which message each delivery carries bytes of, and how much of it is in', () => {
    const reader = stream([100, 'GET /'], [50, 'GET /a.gif']);
    expect(reader.readParts(30)).toEqual([{ tag: 'GET /', received: 30, complete: false }]);
    expect(reader.readParts(90)).toEqual([
      { tag: 'GET /', received: 100, complete: true },
      { tag: 'GET /a.gif', received: 20, complete: false },
    ]);
    expect(reader.readParts(0)).toEqual([]);
    expect(reader.readParts(30)).toEqual([{ tag: 'GET /a.gif', received: 50, complete: true }]);
  });

  it('hands over a whole message only once its last byte is in', () => {
    const reader = stream([10, 'a'], [10, 'b'], [10, 'c']);
    expect(reader.read(9)).toEqual([]);
    expect(reader.partial).toBe(9);
    expect(reader.read(12)).toEqual(['a', 'b']);
    expect(reader.partial).toBe(1);
    expect(reader.read(9)).toEqual(['c']);
  });

  it('reads messages marked after the reader was made (the writer marks as it writes)', () => {
    const content = new StreamContent<string>();
    const reader = new MessageReader(content);
    content.append(5, 'x');
    expect(reader.readParts(5)).toEqual([{ tag: 'x', received: 5, complete: true }]);
    content.append(5, 'y');
    expect(reader.readParts(2)).toEqual([{ tag: 'y', received: 2, complete: false }]);
  });
});
