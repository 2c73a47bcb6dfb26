// The web presets' claims, checked on the engine: Wang et al. NSDI 2014 ("How Speedy is SPDY?"):
// "Most SPDY benefits stem from the use of a single TCP connection, but the same feature is also
// detrimental under high packet loss." Random loss makes one run a sample, so loss figures are
// means over several seeds; nothing here is fitted, the margins are the claims' shape.
import { describe, expect, it } from 'vitest';
import { findPreset } from '../src/scenario/presets';
import { loadNs } from '../src/scenario/sweeps';
import { run } from './support/trace';

const q = findPreset('wang-spdy')!.query;
const SIX_CONNECTIONS = 'http=1.0ka&conns=6';
const LARGE = 'images=8&imagebytes=65536';
const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8];

/** Mean page load time in seconds over the seeds. */
function meanLoadS(extra: string): number {
  const times = SEEDS.map((seed) => loadNs(run(`${q}&${extra}&seed=${seed}`)) / 1e9);
  return times.reduce((a, b) => a + b, 0) / times.length;
}

/** HTTP/2's load time over six HTTP/1.1 connections' (below 1: HTTP/2 is faster). */
const ratio = (extra: string) => meanLoadS(extra) / meanLoadS(`${extra}&${SIX_CONNECTIONS}`);

describe('Wang et al. 2014: one SPDY/HTTP/2 connection against six HTTP/1.1 connections', () => {
  it('the preset runs one connection; its comparison six', () => {
    expect(run(q).connections).toHaveLength(1);
    expect(run(`${q}&${SIX_CONNECTIONS}`).connections).toHaveLength(6);
  });

  it('with many small objects the single connection loads the page much faster', () => {
    const r = ratio('loss=0');
    expect(r).toBeLessThan(0.7);
    expect(r).toBeGreaterThan(0.2);
  });

  it('under high loss the single connection loses its advantage: its ratio to six grows', () => {
    expect(ratio('loss=2')).toBeGreaterThan(1.15 * ratio('loss=0'));
  });

  it('with larger objects under high loss the single connection is slower than six', () => {
    const clean = ratio(`${LARGE}&loss=0`);
    const lossy = ratio(`${LARGE}&loss=3`);
    expect(clean).toBeLessThan(1.4); // about even without loss
    expect(lossy).toBeGreaterThan(1.5);
    expect(lossy).toBeGreaterThan(1.3 * clean);
  });

  it('under loss the one connection holds streams behind lost segments (head-of-line blocking)', () => {
    const stalls = SEEDS.flatMap((seed) => run(`${q}&${LARGE}&loss=3&seed=${seed}`).stalls);
    expect(stalls.some((s) => s.cause === 'hol-blocking')).toBe(true);
  });
});

// Langley et al. SIGCOMM 2017, section 1: "QUIC uses a cryptographic handshake that minimizes
// handshake latency for most connections by using known server credentials". The claim checked:
// the saving is counted in round trips, so it matters most on high-RTT paths.
describe('Langley et al. 2017: QUIC with known server credentials against TCP and TLS 1.2', () => {
  const langley = findPreset('langley-quic')!.query;
  const TCP_TLS12 = 'http=2&tls=1.2'; // resuming its session too (resume=1 is in the preset)
  /** The first response byte, in round trips (serializing the flights at 10 Mb/s adds under 8 ms). */
  const firstByteRtts = (extra: string, rttMs: number) =>
    run(`${langley}&rtt=${rttMs}&${extra}`).exchanges[0].firstByteNs! / (rttMs * 1e6);
  const saving = (rttMs: number) =>
    (loadNs(run(`${langley}&rtt=${rttMs}&${TCP_TLS12}`)) - loadNs(run(`${langley}&rtt=${rttMs}`))) / 1e9;

  it.each([
    ['HTTP/3, 0-RTT', '', 1],
    ['HTTP/2 over TLS 1.3 with 0-RTT early data (after the TCP handshake)', 'http=2&tls=1.3', 2],
    ['HTTP/2 over a resumed TLS 1.2 session', TCP_TLS12, 3],
    ['HTTP/3, first visit, a small chain', 'resume=0&cert=2000', 2],
    ['HTTP/3, first visit, the default 3.5 KB chain (over the 3x amplification limit)', 'resume=0', 3],
  ])('%s: the first byte after %s round trips', (_, extra, trips) => {
    for (const rtt of [20, 250]) {
      expect(firstByteRtts(extra, rtt)).toBeGreaterThan(trips);
      expect(firstByteRtts(extra, rtt)).toBeLessThan(trips + 8 / rtt);
    }
  });

  it('a returning client is not held to the amplification limit (its NEW_TOKEN token); a new one is', () => {
    expect(run(langley).stalls.map((s) => s.cause)).not.toContain('amplification');
    // and, once the client's Handshake packet arrives, the server drops its Initial space: no probes there
    const serverInitials = run(langley).packets.filter(
      (p) => p.dir === 's2c' && p.quic!.packets.some((q) => q.type === 'Initial'),
    );
    expect(serverInitials).toHaveLength(1);
    expect(run(`${langley}&resume=0`).stalls.map((s) => s.cause)).toContain('amplification');
  });

  it('the saving is worth round trips: most on high-RTT paths', () => {
    const short = saving(20);
    const long = saving(250);
    const geo = saving(550);
    expect(short).toBeGreaterThan(0);
    expect(long).toBeGreaterThan(8 * short);
    expect(geo).toBeGreaterThan(2 * long);
    // the two handshake round trips 0-RTT takes out
    expect(long / 0.25).toBeGreaterThan(1.5);
    expect(long / 0.25).toBeLessThan(2.5);
  });
});
