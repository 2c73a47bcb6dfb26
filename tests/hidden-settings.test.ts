// What Settings hides, the engine ignores. A link that sets a knob HTTP/2 or HTTP/3 hides runs
// exactly as without it, so hiding the knob hides nothing a student could have seen move; and the
// same value changes an HTTP/1.x run of the same scenarios, so they do reach the code that reads it.
import { describe, expect, it } from 'vitest';
import { hashString } from '../src/engine/hash';
import { simulate } from '../src/engine/simulate';
import { parseQuery } from '../src/scenario/codec';
import { toSimInput } from '../src/scenario/resolve';
import { applies, CONFIG_KEYS, SCHEMA, type ConfigKey, type Row } from '../src/scenario/schema';
import { changedFromPreset } from '../src/ui/state/presetChanges';

const HTTP1_MODES = ['1.0', '1.0ka', '1.1', '1.1pipe', 'getall'];

const SCENARIOS = [
  'page=microscape&link=wan',
  // The keep-alive walkthrough: three loads 20 s apart, where a 1 s timeout closes HTTP/1.1's connection.
  'loads=3&loadgap=20&link=wan',
  // Loss, a connection given up and opened again, and a second load.
  'page=pm-images&images=20&link=wan&loss=3&seed=3&loads=2&loadgap=5',
  'page=microscape&link=ethernet10&visit=revalidate&conns=4',
];

/** Values that move an HTTP/1.x run, and what they need set beside them to matter there. */
const TRIES: Partial<Record<ConfigKey, { values: string[]; needs?: string }>> = {
  katimeout: { values: ['1', '0'] },
  maxreq: { values: ['1', '5'] },
  sbuf: { values: ['8192'] },
  chunk: { values: ['512'] },
  saccept: { values: ['100'] },
  sprocs: { values: ['1'] },
  maxspare: { values: ['1'], needs: 'sprocs=4' },
  conns: { values: ['1', '16'] },
  pipebuf: { values: ['10'] },
  pipeflush: { values: ['0', '500'] },
};

/** The values to try of a key: its own (TRIES), else every other choice, or its range's ends. */
function tries(key: ConfigKey): { values: string[]; needs?: string } {
  const own = TRIES[key];
  if (own) return own;
  const row: Row = SCHEMA[key];
  if (row.kind === 'enum') return { values: row.values.filter((v) => v !== row.default) };
  if (row.kind === 'bool') return { values: ['1', '0'].filter((v) => v !== (row.default ? '1' : '0')) };
  if (row.kind === 'number') return { values: [String(row.min), String(row.max)] };
  return { values: [String(row.min)] };
}

const settings = (q: string) => parseQuery(q).config.settings;

/** Every record of the run, hashed (the trace-hash fixture leaves newer records out; this does not). */
function traceHash(query: string): string {
  return hashString(JSON.stringify(simulate(toSimInput(settings(query)))));
}

/** Keys some HTTP/1.x mode shows and this mode hides. */
function hiddenUnder(http: string): ConfigKey[] {
  return CONFIG_KEYS.filter(
    (key) =>
      HTTP1_MODES.some((m) => applies(key, settings(`http=${m}&sprocs=4`))) &&
      !applies(key, settings(`http=${http}&sprocs=4`)),
  );
}

describe('a setting HTTP/2 or HTTP/3 hides', () => {
  const serverKeys = ['flush', 'chunk', 'saccept', 'sbuf', 'sprocs', 'maxspare', 'maxreq', 'katimeout'];
  const connectionKeys = ['closestyle', 'stale', 'conns', 'pipebuf', 'pipeflush'];

  it("is HTTP/1.x's server writes, processes and closes (and, under HTTP/3, TCP's knobs)", () => {
    expect(hiddenUnder('2').sort()).toEqual([...serverKeys, ...connectionKeys].sort());
    expect(hiddenUnder('3')).toEqual(expect.arrayContaining([...serverKeys, ...connectionKeys]));
    expect(hiddenUnder('3')).toEqual(expect.arrayContaining(['nagle', 'delack', 'window', 'sack']));
  });

  for (const http of ['2', '3']) {
    it(`leaves an HTTP/${http} run as it was, record for record`, () => {
      const changed: string[] = [];
      for (const base of SCENARIOS) {
        const before = traceHash(`${base}&http=${http}`);
        for (const key of hiddenUnder(http)) {
          const { values, needs } = tries(key);
          for (const value of values) {
            const query = `${base}&http=${http}${needs ? `&${needs}` : ''}&${key}=${value}`;
            if (traceHash(query) !== before) changed.push(query);
          }
        }
      }
      expect(changed).toEqual([]);
    }, 60_000);
  }

  it('changes an HTTP/1.x run of the same scenarios, each value', () => {
    const unmoved: string[] = [];
    for (const key of hiddenUnder('2')) {
      const { values, needs } = tries(key);
      const modes = HTTP1_MODES.filter((m) => applies(key, settings(`http=${m}&${needs ?? ''}`)));
      for (const value of values) {
        const moves = SCENARIOS.some((base) =>
          modes.some((m) => {
            const query = `${base}&http=${m}${needs ? `&${needs}` : ''}`;
            return traceHash(`${query}&${key}=${value}`) !== traceHash(query);
          }),
        );
        if (!moves) unmoved.push(`${key}=${value}`);
      }
    }
    expect(unmoved).toEqual([]);
  }, 60_000);
});

describe('the "Modified:" line under the scenario menu', () => {
  // It lists the knobs to find in Settings: one hidden there sent a reader looking for it in vain.
  it('names a changed knob only where Settings shows it', () => {
    const onH2 = parseQuery('http=2&tls=1.2&katimeout=1&maxreq=5&flush=none&nagle=0').config;
    expect(changedFromPreset(onH2)).toEqual(["Nagle's algorithm", 'HTTP mode', 'TLS version']);
    const onH1 = parseQuery('http=1.1&tls=1.2&katimeout=1&maxreq=5&flush=none&nagle=0').config;
    expect(changedFromPreset(onH1)).toEqual([
      "Nagle's algorithm",
      'Header flush',
      'Requests per connection',
      'Keep-alive timeout',
      'TLS version',
    ]);
  });
});
