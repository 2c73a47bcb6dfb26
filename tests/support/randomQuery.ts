// Random scenarios for property tests, as query strings, so a failure prints a replayable query.
import fc from 'fast-check';
import { LINK_KEYS } from '../../src/scenario/links';

export const randomQuery = fc
  .record({
    link: fc.constantFrom(...LINK_KEYS),
    loss: fc.integer({ min: 0, max: 2000 }).map((x) => x / 100), // up to 20 %
    window: fc.oneof(fc.integer({ min: 256, max: 4096 }), fc.integer({ min: 4096, max: 262144 })),
    mss: fc.integer({ min: 64, max: 1460 }),
    queue: fc.integer({ min: 1, max: 60 }),
    nagle: fc.constantFrom('0', '1'),
    'nagle.client': fc.constantFrom('0', '1'),
    delack: fc.constantFrom('bsd', 'fixed', 'off'),
    delackms: fc.integer({ min: 1, max: 500 }),
    iw: fc.constantFrom('1', '2', '4k', '10'),
    ssr: fc.constantFrom('off', 'bsd', 'rfc'),
    objects: fc
      .array(fc.integer({ min: 0, max: 30000 }), { minLength: 1, maxLength: 3 })
      .map((a) => a.join(',')),
    req: fc.integer({ min: 1, max: 400 }),
    hdr: fc.integer({ min: 1, max: 400 }),
    flush: fc.constantFrom('headers', 'none'),
    chunk: fc.integer({ min: 1, max: 8192 }),
    sthink: fc.integer({ min: 0, max: 50 }),
    cthink: fc.integer({ min: 0, max: 2000 }),
    http: fc.constantFrom('1.0', '1.0ka', '1.1', '1.1pipe', 'getall'),
    conns: fc.integer({ min: 1, max: 6 }),
    visit: fc.constantFrom('first', 'revalidate'),
    gzip: fc.constantFrom('0', '1'),
    pipebuf: fc.integer({ min: 1, max: 2048 }),
    pipeflush: fc.integer({ min: 0, max: 200 }),
    sbuf: fc.constantFrom(0, 0, 1024, 8192),
    maxreq: fc.constantFrom(0, 0, 1, 2, 5),
    katimeout: fc.constantFrom(0, 1, 15),
    loads: fc.integer({ min: 1, max: 3 }),
    loadgap: fc.constantFrom(0, 2),
    closestyle: fc.constantFrom('full', 'half'),
    seed: fc.integer({ min: 0, max: 1_000_000 }),
  })
  .map((r) => new URLSearchParams(Object.entries(r).map(([k, v]) => [k, String(v)])).toString());
