// The pcap of a TLS-over-TCP run carries the handshake messages sent in the clear for real: each
// plaintext record is read here by a parser written apart from the writer (the hellos' server name
// and ALPN, TLS 1.2's session ID echo, its two DER certificates filling the chain's size, key
// exchanges, ChangeCipherSpec), and tshark, finding TLS on HTTPS's port 443 untold, agrees and finds nothing
// malformed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readPcap, writePcap } from '../src/engine/pcap';
import { certificateMessage } from '../src/engine/tls/plainMessages';
import { simulate } from '../src/engine/simulate';
import { parseQuery } from '../src/scenario/codec';
import { toSimInput } from '../src/scenario/resolve';

function capture(query: string): { pcap: Uint8Array; certBytes: number } {
  const { config, problems } = parseQuery(query);
  if (problems.length > 0) throw new Error(problems.join('; '));
  const input = toSimInput(config.settings);
  return { pcap: writePcap(simulate(input), input.http), certBytes: input.http.tls!.certBytes };
}

/** Each direction's TCP payload of the first connection, put together by sequence number. */
function streams(pcap: Uint8Array): { c2s: Uint8Array; s2c: Uint8Array } {
  const records = readPcap(pcap).records;
  const first = records[0].tcp;
  const out = { c2s: [] as number[], s2c: [] as number[] };
  const isn = new Map<string, number>();
  for (const r of records) {
    if (r.tcp.srcPort !== first.srcPort && r.tcp.dstPort !== first.srcPort) continue;
    const dir = r.tcp.srcPort === first.srcPort ? 'c2s' : 's2c';
    if (!isn.has(dir)) isn.set(dir, r.tcp.seq + 1); // the SYN
    const at = (r.tcp.seq - isn.get(dir)! + 2 ** 32) % 2 ** 32;
    r.payload.forEach((b, i) => (out[dir][at + i] = b));
  }
  return { c2s: Uint8Array.from(out.c2s), s2c: Uint8Array.from(out.s2c) };
}

interface Record {
  type: number;
  body: Uint8Array;
}

/** Every TLS record (RFC 8446 5.1) of a stream, in order. */
function records(stream: Uint8Array): Record[] {
  const out: Record[] = [];
  for (let at = 0; at + 5 <= stream.length;) {
    const length = (stream[at + 3] << 8) | stream[at + 4];
    out.push({ type: stream[at], body: stream.subarray(at + 5, at + 5 + length) });
    at += 5 + length;
  }
  return out;
}

/**
 * The records sent in the clear: up to the first application-data record, and none after a
 * ChangeCipherSpec, which TLS 1.2 follows with its encrypted Finished (a handshake record).
 */
function plainRecords(stream: Uint8Array): Record[] {
  const all = records(stream);
  const end = all.findIndex((r, i) => r.type === 23 || (i > 0 && all[i - 1].type === 20));
  return end < 0 ? all : all.slice(0, end);
}

/** Handshake messages (type, body) from the handshake records' bodies joined. */
function handshakes(records: Record[]): { type: number; body: Uint8Array }[] {
  const joined = records.filter((r) => r.type === 22).flatMap((r) => [...r.body]);
  const out: { type: number; body: Uint8Array }[] = [];
  for (let at = 0; at + 4 <= joined.length;) {
    const length = (joined[at + 1] << 16) | (joined[at + 2] << 8) | joined[at + 3];
    out.push({ type: joined[at], body: Uint8Array.from(joined.slice(at + 4, at + 4 + length)) });
    at += 4 + length;
  }
  return out;
}

const u16 = (b: Uint8Array, at: number) => (b[at] << 8) | b[at + 1];
const ascii = (b: Uint8Array) => String.fromCharCode(...b);

/** A hello's session ID and extensions by type (RFC 8446 4.1.2/4.1.3). */
function hello(body: Uint8Array, client: boolean): { sessionId: Uint8Array; ext: Map<number, Uint8Array> } {
  let at = 2 + 32;
  const sessionId = body.subarray(at + 1, at + 1 + body[at]);
  at += 1 + body[at];
  at += client ? 2 + u16(body, at) : 2; // cipher suites, or the one chosen
  at += client ? 1 + body[at] : 1; // compression
  const end = at + 2 + u16(body, at);
  expect(end).toBe(body.length);
  const ext = new Map<number, Uint8Array>();
  for (at += 2; at < end;) {
    const length = u16(body, at + 2);
    ext.set(u16(body, at), body.subarray(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return { sessionId, ext };
}

function alpn(ext: Uint8Array): string[] {
  const names: string[] = [];
  for (let at = 2; at < ext.length; at += 1 + ext[at])
    names.push(ascii(ext.subarray(at + 1, at + 1 + ext[at])));
  return names;
}

/** A DER element's total length (X.690 8.1.3): the certificate fills its place exactly. */
function derLength(b: Uint8Array): number {
  if (b[1] < 0x80) return 2 + b[1];
  const n = b[1] & 0x7f;
  let length = 0;
  for (let i = 0; i < n; i++) length = length * 256 + b[2 + i];
  return 2 + n + length;
}

const SNI = 0;
const ALPN = 16;
const SUPPORTED_VERSIONS = 43;

describe('the handshake in a TLS capture', () => {
  it.each([
    ['tls=1.2', 443],
    ['tls=1.3&http=2', 443],
    ['http=3', 443],
    ['http=2&tls=none', 8080],
    ['tls=none', 8080],
  ])("%s: the server listens on port %i (HTTPS's and QUIC's, or the papers' 8080)", (query, port) => {
    const { config } = parseQuery(query);
    const input = toSimInput(config.settings);
    const trace = simulate(input);
    expect(new Set(trace.connections.map((c) => c.serverPort))).toEqual(new Set([port]));
    if (!query.startsWith('http=3'))
      expect(readPcap(writePcap(trace, input.http)).records[0].tcp.dstPort).toBe(port);
  });

  it.each([
    ['tls=1.3', ['http/1.1']],
    ['tls=1.3&http=2', ['h2', 'http/1.1']],
    ['tls=1.3&resume=1', ['http/1.1']],
  ])('%s: a real ClientHello and ServerHello, then protected records', (query, offered) => {
    const { c2s, s2c } = streams(capture(query).pcap);
    const [clientHello] = handshakes(plainRecords(c2s));
    const [serverHello] = handshakes(plainRecords(s2c));
    expect(clientHello.type).toBe(1);
    const ch = hello(clientHello.body, true);
    expect(ascii(ch.ext.get(SNI)!.subarray(5))).toBe('server.example');
    expect(alpn(ch.ext.get(ALPN)!)).toEqual(offered);
    expect(ch.ext.get(SUPPORTED_VERSIONS)).toBeDefined();
    expect(serverHello.type).toBe(2);
    const sh = hello(serverHello.body, false);
    expect(u16(sh.ext.get(SUPPORTED_VERSIONS)!, 0)).toBe(0x0304);
    expect(sh.sessionId.length).toBe(0);
  });

  it.each([
    ['tls=1.2', 'http/1.1'],
    ['tls=1.2&http=2', 'h2'],
    ['tls=1.2&cert=1500', 'http/1.1'],
    ['tls=1.2&cert=30000', 'http/1.1'],
  ])(
    '%s: hellos, two DER certificates of the chain size, key exchanges, ChangeCipherSpec',
    (query, chosen) => {
      const { pcap, certBytes } = capture(query);
      const { c2s, s2c } = streams(pcap);
      const server = handshakes(plainRecords(s2c));
      expect(server.map((m) => m.type)).toEqual([2, 11, 12, 14]); // ServerHello, Certificate, ServerKeyExchange, Done
      const sh = hello(server[0].body, false);
      expect(alpn(sh.ext.get(ALPN)!)).toEqual([chosen]);
      expect(sh.ext.has(SUPPORTED_VERSIONS)).toBe(false);
      const chain = server[1].body;
      const certs: Uint8Array[] = [];
      for (
        let at = 3;
        at < chain.length;
        at += 3 + ((chain[at] << 16) | (chain[at + 1] << 8) | chain[at + 2])
      )
        certs.push(
          chain.subarray(at + 3, at + 3 + ((chain[at] << 16) | (chain[at + 1] << 8) | chain[at + 2])),
        );
      expect(certs).toHaveLength(2);
      expect(certs[0].length + certs[1].length).toBe(certBytes);
      for (const cert of certs) {
        expect(cert[0]).toBe(0x30); // a DER SEQUENCE that fills its place
        expect(derLength(cert)).toBe(cert.length);
      }
      expect(ascii(certs[0])).toContain('server.example');
      expect(server[2].body.subarray(0, 3)).toEqual(Uint8Array.of(3, 0x00, 0x1d)); // named curve x25519
      const client = plainRecords(c2s);
      const clientMessages = handshakes(client);
      expect(clientMessages.map((m) => m.type)).toEqual([1, 16]); // ClientHello, ClientKeyExchange
      expect(alpn(hello(clientMessages[0].body, true).ext.get(ALPN)!)).toContain(chosen);
      expect(client.find((r) => r.type === 20)!.body).toEqual(Uint8Array.of(1));
    },
  );

  it.each([
    // ClientHello, ClientKeyExchange, ChangeCipherSpec, Finished; then the requests
    ['tls=1.2', 'c2s', [22, 22, 20, 22, 23]],
    // ServerHello, Certificate, ServerKeyExchange, ServerHelloDone, ChangeCipherSpec, Finished
    ['tls=1.2', 's2c', [22, 22, 22, 22, 20, 22, 23]],
    // ClientHello or ServerHello, then everything sealed as 23
    ['tls=1.3', 'c2s', [22, 23]],
    ['tls=1.3', 's2c', [22, 23]],
  ] as const)(
    "%s %s: record types in order; TLS 1.2's encrypted Finished is a handshake record (22), TLS 1.3 seals all as 23",
    (query, dir, types) => {
      const kinds = records(streams(capture(query).pcap)[dir]).map((r) => r.type);
      // The application data's records counted once.
      expect(kinds.filter((t, i) => t !== 23 || kinds[i - 1] !== 23)).toEqual(types);
    },
  );

  it('TLS 1.2 resumption: the ServerHello echoes the session ID the ClientHello offers', () => {
    const { c2s, s2c } = streams(capture('tls=1.2&resume=1').pcap);
    const ch = hello(handshakes(plainRecords(c2s))[0].body, true);
    const sh = hello(handshakes(plainRecords(s2c))[0].body, false);
    expect(ch.sessionId.length).toBeGreaterThan(0);
    expect(sh.sessionId).toEqual(ch.sessionId);
    expect(ch.ext.get(35)!.length).toBeGreaterThan(0); // the session ticket
  });
});

describe('the certificate chain', () => {
  it("is two DER certificates exactly the chain long, from 1,132 bytes to the knob's 100 KB", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1132, max: 100_000 }), (chainBytes) => {
        const message = certificateMessage(chainBytes, 'server.example', 9);
        expect(message.length).toBe(4 + 3 + 2 * 3 + chainBytes);
        const leafLength = (message[7] << 16) | (message[8] << 8) | message[9];
        const leaf = message.subarray(10, 10 + leafLength);
        const ca = message.subarray(10 + leafLength + 3);
        expect(leaf.length + ca.length).toBe(chainBytes);
        for (const cert of [leaf, ca]) expect(derLength(cert)).toBe(cert.length);
      }),
      { numRuns: 40 },
    );
  });
});

const tsharkPath = (() => {
  const r = spawnSync('sh', ['-c', 'command -v tshark'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : '';
})();

describe('tshark reads the TLS handshake', () => {
  it.skipIf(!tsharkPath).each([
    ['tls=1.2', '1,2,11,12,14,16', 'http/1.1'],
    ['tls=1.2&http=2', '1,2,11,12,14,16', 'h2'],
    ['tls=1.2&resume=1', '1,2', 'http/1.1'],
    ['tls=1.3', '1,2', ''],
    ['tls=1.3&resume=1&http=2', '1,2', ''],
  ])(
    `%s: handshake types %s, the server name, the chosen ALPN, nothing malformed${tsharkPath ? '' : ' — skipped: tshark is not on PATH'}`,
    (query, types, chosen) => {
      const dir = mkdtempSync(join(tmpdir(), 'roundtrip-tls-'));
      try {
        const path = join(dir, 'run.pcap');
        writeFileSync(path, capture(query).pcap);
        const fields = (filter: string, ...names: string[]) => {
          const args = ['-r', path, '-Y', filter, '-T', 'fields', '-E', 'occurrence=a'];
          const r = spawnSync(tsharkPath, [...args, ...names.flatMap((n) => ['-e', n])], {
            encoding: 'utf8',
            timeout: 60_000,
          });
          expect(r.status).toBe(0);
          return r.stdout.trim();
        };
        // The first connection's messages, in capture order.
        const seen = fields('tls.handshake.type && tcp.stream==0', 'tls.handshake.type')
          .split('\n')
          .flatMap((l) => l.split(','))
          .filter((t) => t !== '');
        expect([...new Set(seen)].sort((a, b) => Number(a) - Number(b)).join()).toBe(
          [...new Set(types.split(','))].sort((a, b) => Number(a) - Number(b)).join(),
        );
        expect(fields('tls.handshake.type==1', 'tls.handshake.extensions_server_name').split('\n')[0]).toBe(
          'server.example',
        );
        if (chosen)
          expect(fields('tls.handshake.type==2', 'tls.handshake.extensions_alpn_str').split('\n')[0]).toBe(
            chosen,
          );
        expect(fields('_ws.malformed || _ws.expert.severity >= "error"', 'frame.number')).toBe('');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
