// The callout suggests a knob that removes the stall, and none when no knob would.
import { describe, expect, it } from 'vitest';
import type { StallRecord } from '../src/engine/trace';
import { parseQuery } from '../src/scenario/codec';
import { suggestionFor } from '../src/ui/callout/stallAdvice';

const stall = (cause: StallRecord['cause']): StallRecord => ({
  conn: 0,
  side: 'client',
  startNs: 0,
  endNs: 70e6,
  cause,
});
const settings = (q: string) => parseQuery(q).config.settings;

describe('stall advice', () => {
  it('suggests a persistent connection for handshakes only when there is a connection per request', () => {
    expect(suggestionFor(stall('handshake'), settings('http=1.0'))).toEqual({ key: 'http', value: '1.1' });
    expect(suggestionFor(stall('handshake'), settings('http=getall'))).toBeNull();
    expect(suggestionFor(stall('handshake'), settings('http=1.1'))).toBeNull();
  });
  it('suggests not flushing the headers alone for a delayed-ACK stall', () => {
    expect(suggestionFor(stall('delayed-ack'), settings('flush=headers'))).toEqual({
      key: 'flush',
      value: 'none',
    });
  });
});
