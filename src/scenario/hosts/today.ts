// Today's hosts for HTTP/2 and older: what a browser and server of today run TCP with, as the
// modern presets load it. HTTP/3 needs none of it: QUIC brings its own recovery and flow
// control, so HTTP/2 on the papers' hosts against HTTP/3 compares 1990s hosts with today's as
// much as it compares the protocols.
import type { ConfigKey, Settings } from '../schema';

/**
 * Linux's TCP (CUBIC, SACK, IW10, its ACKs); no Nagle (browsers and servers set TCP_NODELAY);
 * a socket buffer of 1 MB, where Linux's receive autotuning takes a busy connection; and
 * Chrome's HTTP/2 stream window (6 MB), so flow control is not what limits the one connection.
 */
const TODAY = {
  stack: 'linux',
  nagle: false,
  window: 1_048_576,
  h2window: 6_291_456,
} as const satisfies Partial<Settings>;

const asQuery = (keys: Array<keyof typeof TODAY>) =>
  keys.map((k) => `${k}=${typeof TODAY[k] === 'boolean' ? Number(TODAY[k]) : TODAY[k]}`).join('&');

/** Today's TCP hosts as a query, for any HTTP over TCP. */
export const TODAY_HOSTS = asQuery(['stack', 'nagle', 'window']);
/** Today's HTTP/2 window as a query. */
export const TODAY_H2_WINDOW = asQuery(['h2window']);

export interface HostDifference {
  key: ConfigKey;
  /** The value in force, and today's. */
  now: Settings[ConfigKey];
  today: Settings[ConfigKey];
}

/**
 * Where these settings' hosts fall short of today's (in the order of TODAY): a stack other than
 * Linux, Nagle on, a smaller socket buffer or HTTP/2 window. Larger buffers count as today's.
 */
export function hostsBehindToday(s: Settings): HostDifference[] {
  const out: HostDifference[] = [];
  for (const [key, today] of Object.entries(TODAY) as unknown as Array<[ConfigKey, Settings[ConfigKey]]>) {
    const now = s[key];
    const behind = typeof today === 'number' ? Number(now) < today : now !== today;
    if (behind) out.push({ key, now, today });
  }
  return out;
}

/** The settings that give these hosts today's: the differences' `today` values. */
export function todaysHostsPatch(differences: HostDifference[]): Partial<Settings> {
  return Object.fromEntries(differences.map((d) => [d.key, d.today])) as Partial<Settings>;
}
