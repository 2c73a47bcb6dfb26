// TLS over TCP: handshake flights cost round trips before the first response byte, records add
// their overhead, a receiver sees plaintext only whole records at a time, and a certificate chain
// larger than the initial window costs a round trip more.
import { describe, expect, it } from 'vitest';
import { computeMetrics } from '../src/engine/metrics';
import { parseQuery } from '../src/scenario/codec';
import { tlsPacketName } from '../src/views/tlsPacketNames';
import { readPcap, writePcap } from '../src/engine/pcap';
import { simulate } from '../src/engine/simulate';
import { toSimInput } from '../src/scenario/resolve';
import { findSweep } from '../src/scenario/sweeps';
import { runSweep } from '../src/scenario/sweepRun';
import { run } from './support/trace';

const RTT_MS = 100;
/** A fast path with a long round trip and hosts that add no delays of their own: only round trips count. */
const PATH = `rtt=${RTT_MS}&bw=1000000000&delack=off&nagle=0&sthink=0&cthink=0&iw=10&window=262144&page=custom&objects=1000`;

function roundTripsToFirstByte(extra: string): number {
  const trace = run(`${PATH}&${extra}`);
  const first = trace.exchanges[0].firstByteNs!;
  return first / (RTT_MS * 1e6);
}

describe('TLS handshakes', () => {
  it.each([
    ['tls=none', 2],
    ['tls=1.2', 4],
    ['tls=1.2&falsestart=1', 3],
    ['tls=1.2&resume=1', 3],
    ['tls=1.3', 3],
    ['tls=1.3&resume=1', 2], // 0-RTT: the request rides with the ClientHello
  ])('%s: the first response byte after %i round trips', (q, trips) => {
    expect(roundTripsToFirstByte(q)).toBeGreaterThan(trips);
    expect(roundTripsToFirstByte(q)).toBeLessThan(trips + 0.1);
  });

  it('names the records of a TLS 1.3 handshake in flight order, the chain in the Certificate', () => {
    const trace = run(`${PATH}&tls=1.3`);
    const kinds = (dir: string) =>
      trace.tlsRecords!.filter((r) => r.dir === dir && r.kind !== 'ApplicationData').map((r) => r.kind);
    expect(kinds('c2s')).toEqual(['ClientHello', 'Finished']);
    expect(kinds('s2c')).toEqual([
      'ServerHello',
      'EncryptedExtensions',
      'Certificate',
      'CertificateVerify',
      'Finished',
    ]);
    const cert = trace.tlsRecords!.find((r) => r.kind === 'Certificate')!;
    expect(cert.wireBytes).toBeGreaterThan(3500);
    expect(cert.wireBytes).toBeLessThan(3600);
    // Records tile the stream: each starts where the one before it ended.
    const s2c = trace.tlsRecords!.filter((r) => r.dir === 's2c');
    s2c.forEach((r, i) => i > 0 && expect(r.seq).toBe(s2c[i - 1].seq + s2c[i - 1].wireBytes));
  });

  it('a chain larger than the initial window costs a round trip more', () => {
    expect(roundTripsToFirstByte('tls=1.3&cert=3500')).toBeLessThan(3.1);
    expect(roundTripsToFirstByte('tls=1.3&cert=30000')).toBeGreaterThan(4);
    expect(roundTripsToFirstByte('tls=1.3&cert=30000')).toBeLessThan(4.1);
  });

  it('records add their overhead to every response, and the TCP stream carries it', () => {
    const plain = run(`${PATH}&objects=50000&tls=none`);
    const tls = run(`${PATH}&objects=50000&tls=1.3`);
    const data = (t: typeof plain) =>
      t.packets.filter((p) => p.dir === 's2c').reduce((sum, p) => sum + p.len, 0);
    const records = tls.tlsRecords!.filter((r) => r.dir === 's2c');
    const appRecords = records.filter((r) => r.kind === 'ApplicationData');
    // 4 KB writes: one 22-byte-overhead record each (RFC 8446 5.2).
    for (const r of appRecords) expect(r.wireBytes - r.plainBytes).toBe(22);
    const handshake = records
      .filter((r) => r.kind !== 'ApplicationData')
      .reduce((s, r) => s + r.wireBytes, 0);
    expect(data(tls) - data(plain)).toBe(handshake + 22 * appRecords.length);
    const m = computeMetrics(tls);
    expect(m.tls!.overhead_bytes).toBe(tls.tlsRecords!.reduce((s, r) => s + r.wireBytes - r.plainBytes, 0));
    expect(m.tls!.handshake_s[0]).toBeCloseTo(RTT_MS / 1000, 2);
    expect(computeMetrics(plain).tls).toBeUndefined();
  });

  it('the client waits on the TLS handshake, labelled as such, after the TCP handshake', () => {
    const trace = run(`${PATH}&tls=1.2`);
    const tcp = trace.stalls.find((s) => s.cause === 'handshake')!;
    const tls = trace.stalls.find((s) => s.cause === 'tls-handshake')!;
    expect(tls.startNs).toBe(tcp.endNs);
    expect((tls.endNs - tls.startNs) / 1e6).toBeCloseTo(2 * RTT_MS, -1);
    expect(run(`${PATH}&tls=1.3&resume=1`).stalls.some((s) => s.cause === 'tls-handshake')).toBe(false);
  });

  it('every object of a page arrives whole over TLS, on every HTTP mode', () => {
    for (const http of ['1.0', '1.0ka', '1.1', '1.1pipe', 'getall']) {
      const trace = run(`tls=1.2&http=${http}&page=microscape&loss=2&seed=3`);
      expect(trace.loads[0].endNs, http).not.toBeNull();
      expect(
        trace.exchanges.filter((e) => !e.lost).every((e) => e.endNs !== null),
        http,
      ).toBe(true);
    }
  });

  it('refuses bad values', () => {
    expect(parseQuery('tls=1.1').problems.join()).toMatch(/tls/);
    expect(parseQuery('cert=10').problems.join()).toMatch(/cert/);
    expect(parseQuery('resume=maybe').problems.join()).toMatch(/resume/);
  });
});

describe('naming TLS segments for the ladder', () => {
  it('names each handshake segment by its records, the certificate with its size', () => {
    const trace = run(`${PATH}&tls=1.3`);
    const names = trace.packets.map((p) => tlsPacketName(trace, p)).filter((n): n is string => n !== null);
    expect(names[0]).toBe('ClientHello');
    expect(names[1]).toMatch(/^ServerHello, EncryptedExtensions, Certificate 3\.5 KB/);
    expect(names).toContain('Finished');
  });

  it('gives a record spread over segments its size once, where it begins', () => {
    // The 3.5 KB certificate over three segments had been named "Certificate 3.5 KB" twice.
    const trace = run(`${PATH}&tls=1.3`);
    const names = trace.packets.map((p) => tlsPacketName(trace, p)).filter((n): n is string => n !== null);
    expect(names.filter((n) => /Certificate \d/.test(n))).toHaveLength(1);
    expect(names[2]).toMatch(/^Certificate(,|$)/);
    expect(names.some((n) => /CertificateVerify/.test(n))).toBe(true);
  });

  it('leaves plain TCP and pure data segments unnamed', () => {
    const plain = run(`${PATH}&tls=none`);
    expect(plain.packets.every((p) => tlsPacketName(plain, p) === null)).toBe(true);
    const tls = run(`${PATH}&tls=1.3&objects=50000`);
    const late = tls.packets.filter((p) => p.dir === 's2c' && p.len > 0).slice(-1)[0];
    expect(tlsPacketName(tls, late)).toBeNull();
  });
});

describe('the pcap of a TLS run', () => {
  it('carries each record header where the record starts in the stream', () => {
    const { config } = parseQuery(`${PATH}&tls=1.3`);
    const input = toSimInput(config.settings);
    const trace = simulate(input);
    const records = readPcap(writePcap(trace, input.http)).records;
    const hello = records.find((r) => r.payload.length > 0)!;
    expect([...hello.payload.slice(0, 3)]).toEqual([22, 3, 1]); // handshake record, ClientHello
    expect((hello.payload[3] << 8) | hello.payload[4]).toBe(512);
    const serverFirst = records.find((r, i) => r.payload.length > 0 && trace.packets.get(i).dir === 's2c')!;
    expect(serverFirst.payload[0]).toBe(22); // ServerHello, in the clear
    const cert = trace.tlsRecords!.find((r) => r.kind === 'Certificate')!;
    const carrying = trace.packets.findIndex(
      (p) => p.dir === 's2c' && p.seq <= cert.seq && cert.seq < p.seq + p.len,
    );
    const at = cert.seq - trace.packets.get(carrying).seq;
    expect(records[carrying].payload[at]).toBe(23); // TLS 1.3 hides it in application data
  });
});

describe('the tls-by-rtt sweep', () => {
  it('TLS 1.2 costs about two round trips more than plain TCP, TLS 1.3 one, at every RTT', () => {
    const spec = findSweep('tls-by-rtt')!;
    const points = runSweep(spec);
    const at = (x: string, s: string) => points.find((p) => p.x === x && p.series === s)!.y;
    for (const x of spec.x.values) {
      const rtt = Number(x) / 1000;
      expect(at(x, '1.2') - at(x, 'none')).toBeCloseTo(2 * rtt, 1);
      expect(at(x, '1.3') - at(x, 'none')).toBeCloseTo(rtt, 1);
    }
  });
});
