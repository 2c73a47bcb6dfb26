// Random scenarios for property tests and the fuzz script, as query strings, so a failure prints
// a replayable query. The knobs below have ranges chosen by hand; every other key of the schema
// (a knob that has just landed included) is drawn from its own range, or left at its default.
import fc from 'fast-check';
import { LINK_KEYS } from '../../src/scenario/links';
import { CONFIG_KEYS, SCHEMA, type Row } from '../../src/scenario/schema';

const tuned = {
  link: fc.constantFrom(...LINK_KEYS),
  loss: fc.integer({ min: 0, max: 2000 }).map((x) => x / 100), // up to 20 %
  window: fc.oneof(fc.integer({ min: 256, max: 4096 }), fc.integer({ min: 4096, max: 262144 })),
  mss: fc.integer({ min: 64, max: 1460 }),
  queue: fc.integer({ min: 1, max: 60 }),
  nagle: fc.constantFrom('0', '1'),
  'nagle.client': fc.constantFrom('0', '1'),
  delack: fc.constantFrom('bsd', 'fixed', 'off', 'linux'),
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
  http: fc.constantFrom('1.0', '1.0ka', '1.1', '1.1pipe', 'getall', '2', '3'),
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
  // RACK-TLP reads SACK: drawn together, so a quarter of the runs have both.
  sack: fc.constantFrom('0', '1'),
  rack: fc.constantFrom('off', 'on'),
};

/** Upper ends for drawing from a schema range: wide enough to explore, short enough to run fast. */
const REACH: Record<string, number> = { ms: 10_000, s: 60, bytes: 50_000, 'bit/s': Infinity };

/** Spread over orders of magnitude, the range's ends included. */
function logRange(min: number, max: number, integer: boolean): fc.Arbitrary<number> {
  const spread = fc
    .double({ min: Math.log1p(Math.max(0, min)), max: Math.log1p(max), noNaN: true })
    .map((x) => Math.min(max, Math.max(min, Math.expm1(x))))
    .map((x) => (integer ? Math.round(x) : Math.round(x * 100) / 100));
  return fc.oneof(fc.constantFrom(min, max), spread, spread);
}

function fromSchema(row: Row): fc.Arbitrary<string> {
  if (row.kind === 'enum') return fc.constantFrom(...row.values);
  if (row.kind === 'bool') return fc.constantFrom('0', '1');
  const max = Math.min(row.max, REACH[row.unit] ?? 1000);
  const value = logRange(row.min, max, row.kind === 'list' || row.integer);
  if (row.kind === 'number') return value.map(String);
  return fc.array(value, { minLength: 1, maxLength: 3 }).map((a) => a.join(','));
}

const others = Object.fromEntries(
  CONFIG_KEYS.filter((key) => !(key in tuned)).map((key) => [
    key,
    // Mostly left at the default, so the hand-ranged knobs keep most of the runs.
    fc.oneof(
      { arbitrary: fc.constant(undefined), weight: 3 },
      { arbitrary: fromSchema(SCHEMA[key] as Row), weight: 1 },
    ),
  ]),
);

const toQuery = (r: Record<string, unknown>) =>
  new URLSearchParams(
    Object.entries(r)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  ).toString();

/** The hand-ranged knobs only: the property test's configurations. */
export const randomQuery = fc.record(tuned).map(toQuery);

/** HTTP/3 refuses a TLS other than 1.3 (the codec says so): such a draw keeps TLS automatic. */
const consistent = (r: Record<string, unknown>) =>
  r.http === '3' && r.tls !== undefined && r.tls !== '1.3' ? { ...r, tls: undefined } : r;

/** Every key of the schema: the fuzz script's configurations. */
export const anyQuery = fc
  .record({ ...tuned, ...others })
  .map(consistent)
  .map(toQuery);
