// An HTTP/3 run's capture reads as a real one: every QUIC packet the engine recorded, with its
// real header, in its datagram of exactly the recorded size; Initial packets protected with the
// keys anyone can derive (RFC 9001 5.2), which this test derives and opens with Node's crypto
// (written apart from the engine's), finding the recorded packet numbers and frames and a TLS
// ClientHello and ServerHello; and tshark, on QUIC's port 443, agrees and finds nothing
// malformed.
import { spawnSync } from 'node:child_process';
import { createCipheriv, createDecipheriv, createHmac } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { HttpParams } from '../src/engine/params';
import { writePcap } from '../src/engine/pcap';
import { readCaptureFrames } from '../src/engine/pcapReader';
import { QuicPayloads } from '../src/engine/quic/pcapPackets';
import { simulate } from '../src/engine/simulate';
import { packetsInSendOrder } from '../src/engine/tcpdump';
import type { PacketRecord, Trace } from '../src/engine/trace';
import { computeMetrics } from '../src/engine/metrics';
import { parseQuery } from '../src/scenario/codec';
import { PRESETS } from '../src/scenario/presets';
import { toSimInput } from '../src/scenario/resolve';
import { randomQuery } from './support/randomQuery';

/** `lenient`: a preset or random query may name a TLS that HTTP/3 replaces with its own. */
function runWithParams(query: string, lenient = false): { trace: Trace; http: HttpParams } {
  const { config, problems } = parseQuery(query);
  if (problems.length > 0 && !lenient) throw new Error(problems.join('; '));
  const input = toSimInput(config.settings);
  return { trace: simulate(input), http: input.http };
}

/** The capture's UDP payloads, record by record (a lossy run's capture is pcapng). */
function udpPayloads(pcap: Uint8Array): Uint8Array[] {
  return readCaptureFrames(pcap).frames.map(({ frame }) => {
    expect(frame[14 + 9]).toBe(17); // UDP
    return frame.subarray(14 + 20 + 8);
  });
}

// RFC 9001 5.2 with Node's HMAC: HKDF-Extract, and HKDF-Expand-Label (RFC 8446 7.1: info is the
// length, "tls13 " + label and an empty context; one HMAC block covers the lengths needed here).
const hmac = (key: Uint8Array, data: Uint8Array) => createHmac('sha256', key).update(data).digest();
function expandLabel(secret: Uint8Array, label: string, length: number): Buffer {
  const full = Buffer.from(`tls13 ${label}`);
  const info = Buffer.concat([
    Buffer.from([length >> 8, length & 0xff, full.length]),
    full,
    Buffer.from([0]),
  ]);
  return hmac(secret, Buffer.concat([info, Buffer.from([1])])).subarray(0, length);
}
function nodeInitialKeys(dcid: Uint8Array, label: 'client in' | 'server in') {
  const initial = hmac(Buffer.from('38762cf7f55934b34d179ae6a4c80cadccbb7f0a', 'hex'), dcid);
  const secret = expandLabel(initial, label, 32);
  return {
    key: expandLabel(secret, 'quic key', 16),
    iv: expandLabel(secret, 'quic iv', 12),
    hp: expandLabel(secret, 'quic hp', 16),
  };
}

function readVarint(b: Uint8Array, at: number): [number, number] {
  const n = 1 << (b[at] >> 6);
  let v = b[at] & 0x3f;
  for (let i = 1; i < n; i++) v = v * 256 + b[at + i];
  return [v, at + n];
}

interface ParsedPacket {
  type: 'Initial' | '0-RTT' | 'Handshake' | '1-RTT';
  dcid: string;
  length: number;
  /** Initial only: opened. */
  pn?: number;
  frames?: string[];
  crypto?: Array<{ offset: number; data: Uint8Array }>;
}

/** Walk a datagram's packets by their Length fields; open the Initial ones. */
function parseDatagram(
  d: Uint8Array,
  keysFor: (dcid: string) => ReturnType<typeof nodeInitialKeys>,
): ParsedPacket[] {
  const out: ParsedPacket[] = [];
  for (let at = 0; at < d.length;) {
    const first = d[at];
    expect(first & 0x40).toBe(0x40); // fixed bit
    if (!(first & 0x80)) {
      out.push({
        type: '1-RTT',
        dcid: Buffer.from(d.subarray(at + 1, at + 9)).toString('hex'),
        length: d.length - at,
      });
      break;
    }
    const type = (['Initial', '0-RTT', 'Handshake'] as const)[(first >> 4) & 3];
    expect(new DataView(d.buffer, d.byteOffset + at + 1, 4).getUint32(0)).toBe(1); // version 1
    let p = at + 5;
    const dcid = d.subarray(p + 1, p + 1 + d[p]);
    p += 1 + d[p];
    p += 1 + d[p]; // SCID
    if (type === 'Initial') {
      const [tokenLength, next] = readVarint(d, p);
      p = next + tokenLength;
    }
    const [length, pnOffset] = readVarint(d, p);
    const end = pnOffset + length;
    const packet: ParsedPacket = { type, dcid: Buffer.from(dcid).toString('hex'), length: end - at };
    if (type === 'Initial') {
      const keys = keysFor(packet.dcid);
      const ecb = createCipheriv('aes-128-ecb', keys.hp, null).setAutoPadding(false);
      const mask = ecb.update(d.subarray(pnOffset + 4, pnOffset + 20));
      const header = Buffer.from(d.subarray(at, pnOffset + 4));
      header[0] ^= mask[0] & 0x0f;
      const pnLength = (header[0] & 3) + 1;
      let pn = 0;
      for (let i = 0; i < pnLength; i++) pn = pn * 256 + (header[pnOffset - at + i] ^= mask[1 + i]);
      const aad = header.subarray(0, pnOffset - at + pnLength);
      const nonce = Buffer.from(keys.iv);
      for (let i = 0, rest = pn; i < 6; i++, rest = Math.floor(rest / 256)) nonce[11 - i] ^= rest % 256;
      const decipher = createDecipheriv('aes-128-gcm', keys.key, nonce);
      decipher.setAAD(aad);
      decipher.setAuthTag(Buffer.from(d.subarray(end - 16, end)));
      const plain = Buffer.concat([
        decipher.update(d.subarray(pnOffset + pnLength, end - 16)),
        decipher.final(),
      ]);
      packet.pn = pn;
      packet.frames = [];
      packet.crypto = [];
      for (let f = 0; f < plain.length;) {
        const kind = plain[f];
        const name = { 0: 'PADDING', 1: 'PING', 2: 'ACK', 6: 'CRYPTO', 0x1c: 'CONNECTION_CLOSE' }[kind];
        if (!name) throw new Error(`frame type ${kind} in an Initial`);
        if (packet.frames.at(-1) !== name) packet.frames.push(name);
        f++;
        if (kind === 2) {
          let v: number;
          [, f] = readVarint(plain, f); // largest
          [, f] = readVarint(plain, f); // delay
          [v, f] = readVarint(plain, f); // range count
          [, f] = readVarint(plain, f); // first range
          for (let i = 0; i < 2 * v; i++) [, f] = readVarint(plain, f);
        } else if (kind === 6) {
          let offset: number, len: number;
          [offset, f] = readVarint(plain, f);
          [len, f] = readVarint(plain, f);
          packet.crypto.push({ offset, data: plain.subarray(f, f + len) });
          f += len;
        } else if (kind === 0x1c) f += 3;
      }
    }
    out.push(packet);
    at = end;
  }
  return out;
}

/** The TLS handshake message at the start of a CRYPTO stream, and what its extensions say. */
function readHello(data: Uint8Array) {
  const type = data[0];
  const length = (data[1] << 16) | (data[2] << 8) | data[3];
  let p = 4 + 2 + 32;
  p += 1 + data[p]; // session id
  p += type === 1 ? 2 + ((data[p] << 8) | data[p + 1]) : 2; // suites / suite
  p += type === 1 ? 1 + data[p] : 1; // compression
  const extensionsEnd = p + 2 + ((data[p] << 8) | data[p + 1]);
  p += 2;
  const extensions = new Map<number, Uint8Array>();
  while (p < extensionsEnd) {
    const ext = (data[p] << 8) | data[p + 1];
    const len = (data[p + 2] << 8) | data[p + 3];
    extensions.set(ext, data.subarray(p + 4, p + 4 + len));
    p += 4 + len;
  }
  expect(extensionsEnd).toBe(4 + length); // the lengths nest exactly
  const text = (b?: Uint8Array) => (b ? Buffer.from(b).toString('latin1') : '');
  return {
    type,
    bytes: 4 + length,
    sni: text(extensions.get(0)?.subarray(5)),
    alpn: text(extensions.get(16)?.subarray(3)),
    extensions,
  };
}

const QUERIES = [
  'http=3',
  'http=3&loss=10&seed=38',
  'http=3&loss=10&seed=63',
  'http=3&resume=1',
  'http=3&conns=3&loss=5&seed=2',
  'http=3&mss=30000&cert=100000&link=ethernet10', // Handshake packets past a 2-byte Length
];

describe('the QUIC packets of an HTTP/3 capture', () => {
  it.each(QUERIES)(
    'real headers, the recorded sizes, types and Initial packet numbers; Initials open to the recorded frames (%s)',
    (query) => {
      const { trace, http } = runWithParams(query);
      const pcap = writePcap(trace, http);
      expect(writePcap(trace, http)).toEqual(pcap); // deterministic
      const payloads = udpPayloads(pcap);
      const ordered = packetsInSendOrder(trace);
      expect(payloads.length).toBe(ordered.length);
      // The client's first Destination Connection ID, per connection: the Initial keys come from it.
      const firstDcid = new Map<number, string>();
      const helloSeen = new Set<string>();
      ordered.forEach((record: PacketRecord, i) => {
        const d = payloads[i];
        expect(d.length).toBe(record.ipBytes - 28);
        if (record.dir === 'c2s' && !firstDcid.has(record.conn))
          firstDcid.set(record.conn, Buffer.from(d.subarray(6, 14)).toString('hex'));
        const label = record.dir === 'c2s' ? 'client in' : 'server in';
        const packets = parseDatagram(d, () =>
          nodeInitialKeys(Buffer.from(firstDcid.get(record.conn)!, 'hex'), label),
        );
        const recorded = record.quic!.packets;
        expect(packets.map((p) => p.type)).toEqual(recorded.map((q) => q.type));
        expect(packets.reduce((n, p) => n + p.length, 0)).toBe(d.length);
        packets.forEach((p, k) => {
          if (p.type !== 'Initial') return;
          const q = recorded[k];
          expect(p.pn).toBe(q.pn);
          // A client closing in an Initial pads it to 1200 bytes, which its record does not name.
          const frames = q.frames.includes('CONNECTION_CLOSE')
            ? p.frames!.filter((f) => f !== 'PADDING')
            : p.frames;
          expect(frames).toEqual(q.frames);
          expect(p.crypto!.reduce((n, c) => n + c.data.length, 0)).toBe(q.cryptoBytes ?? 0);
          for (const c of p.crypto!) {
            if (c.offset !== 0) continue;
            const hello = readHello(c.data);
            const key = `${record.conn} ${hello.type}`;
            if (helloSeen.has(key)) continue;
            helloSeen.add(key);
            expect(hello.type).toBe(record.dir === 'c2s' ? 1 : 2);
            expect(hello.bytes).toBe(c.data.length); // the recorded CRYPTO size is one whole hello
            if (hello.type === 1) {
              expect(hello.sni).toBe('server.example');
              expect(hello.alpn).toBe('h3');
              for (const ext of [43, 51, 57]) expect(hello.extensions.has(ext)).toBe(true);
            }
          }
        });
      });
      for (const conn of trace.connections) {
        expect(helloSeen.has(`${conn.id} 1`)).toBe(true);
        expect(helloSeen.has(`${conn.id} 2`)).toBe(true);
      }
    },
  );

  it('the frames account for every Initial exactly, over the presets and 150 random runs', () => {
    const queries = [
      ...PRESETS.map((p) => `preset=${p.id}&http=3`),
      ...fc
        .sample(randomQuery, { seed: 5, numRuns: 150 })
        .map((q) => `${q.replace(/(^|&)(http|tls)=[^&]*/g, '')}&http=3`),
    ];
    let datagrams = 0;
    let unmatched = 0;
    for (const query of queries) {
      const { trace, http } = runWithParams(query, true);
      if (!trace.packets.some((p) => p.quic)) continue;
      const writer = new QuicPayloads(trace, http.tls);
      for (const p of packetsInSendOrder(trace)) writer.payload(p);
      expect(writer.bentInitials, query).toBe(0);
      datagrams += trace.packets.length;
      unmatched += writer.unmatched;
    }
    // Some sealed Handshake resends carry CRYPTO ranges the capture cannot tell apart: their
    // packet takes the difference unseen. Few, and never an Initial.
    expect(unmatched / datagrams).toBeLessThan(0.01);
  });
});

describe('a QUIC capture at one host', () => {
  it('holds the datagrams the Figures count, each with the bytes the wire capture gives it', () => {
    const query = 'http=3&loss=10&seed=38';
    const wire = runWithParams(query);
    const wireOrder = packetsInSendOrder(wire.trace);
    const wirePayloads = udpPayloads(writePcap(wire.trace, wire.http));
    const counts: number[] = [];
    for (const host of ['client', 'server'] as const) {
      const { trace, http } = runWithParams(`${query}&capture=${host}`);
      const own = host === 'client' ? 'c2s' : 's2c';
      const seen = [...trace.packets]
        .filter((p) => p.dir === own || p.arriveNs !== null)
        .map((p) => ({ p, ns: p.dir === own ? p.sendNs : p.arriveNs! }))
        .sort((a, b) => a.ns - b.ns || a.p.id - b.p.id);
      const pcap = writePcap(trace, http);
      const payloads = udpPayloads(pcap);
      expect(payloads.length).toBe(computeMetrics(trace).packets.total);
      counts.push(payloads.length);
      const frames = readCaptureFrames(pcap).frames;
      seen.forEach(({ p, ns }, i) => {
        const wireIndex = wireOrder.findIndex((w) => w.id === p.id);
        expect(Buffer.from(payloads[i]).equals(Buffer.from(wirePayloads[wireIndex])), `${host} #${i}`).toBe(
          true,
        );
        expect(frames[i].tsNs).toBe(Math.floor((ns + 500) / 1000) * 1000);
      });
    }
    // Datagrams were lost: one host saw fewer than were sent.
    expect(Math.min(...counts)).toBeLessThan(wireOrder.length);
  });
});

const tsharkPath = (() => {
  const r = spawnSync('sh', ['-c', 'command -v tshark'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : '';
})();

function tshark(path: string, args: string[]): string {
  const r = spawnSync(tsharkPath, ['-r', path, '-d', 'udp.port==443,quic', ...args], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(r.status).toBe(0);
  return r.stdout.replace(/\n+$/, '');
}

const LONG_TYPE = { Initial: '0', '0-RTT': '1', Handshake: '2' } as const;
const FRAME_TYPE: Record<string, string> = {
  PADDING: '0',
  PING: '1',
  ACK: '2',
  CRYPTO: '6',
  CONNECTION_CLOSE: '28',
};

describe('tshark reads the QUIC', () => {
  it
    .skipIf(!tsharkPath)
    .each([
      'http=3',
      'http=3&loss=10&seed=38',
      'http=3&loss=10&seed=63',
      'http=3&resume=1',
      'http=3&h3window=4096&loss=5&seed=3',
    ])(
    `Initials with a decrypted ClientHello and ServerHello, Handshake and 1-RTT packets, the recorded sizes and packet numbers, nothing malformed (%s)${tsharkPath ? '' : ' — skipped: tshark is not on PATH'}`,
    (query) => {
      const { trace, http } = runWithParams(query);
      const dir = mkdtempSync(join(tmpdir(), 'roundtrip-quic-'));
      try {
        const path = join(dir, 'run.pcap');
        writeFileSync(path, writePcap(trace, http));
        const rows = tshark(path, [
          '-T',
          'fields',
          '-E',
          'occurrence=a',
          '-e',
          'udp.length',
          '-e',
          'quic.long.packet_type',
          '-e',
          'quic.short',
          '-e',
          'quic.packet_length',
          '-e',
          'quic.packet_number',
          '-e',
          'quic.frame_type',
          '-e',
          'tls.handshake.type',
          '-e',
          'tls.handshake.extensions_server_name',
          '-e',
          'tls.handshake.extensions_alpn_str',
        ])
          .split('\n')
          .map((line) => line.split('\t').map((cell) => (cell ? cell.split(',') : [])));
        const ordered = packetsInSendOrder(trace);
        expect(rows.length).toBe(ordered.length);
        const handshakeTypes: string[] = [];
        ordered.forEach((record, i) => {
          const [udpLength, longTypes, short, packetLengths, pns, frameTypes, tlsTypes, sni, alpn] = rows[i];
          const recorded = record.quic!.packets;
          expect(udpLength).toEqual([String(record.ipBytes - 20)]);
          expect(packetLengths.reduce((n, v) => n + Number(v), 0)).toBe(record.ipBytes - 28);
          expect(longTypes).toEqual(
            recorded
              .filter((q) => q.type !== '1-RTT')
              .map((q) => LONG_TYPE[q.type as keyof typeof LONG_TYPE]),
          );
          expect(short.length > 0).toBe(recorded.at(-1)!.type === '1-RTT');
          // Only Initial packets open without the session's keys: theirs are the numbers tshark shows.
          const initials = recorded.filter((q) => q.type === 'Initial');
          expect(pns).toEqual(initials.map((q) => String(q.pn)));
          const shown = frameTypes.filter((t, k) => t !== frameTypes[k - 1]);
          const named = initials.flatMap((q) => q.frames.map((f) => FRAME_TYPE[f]));
          if (!initials.some((q) => q.frames.includes('CONNECTION_CLOSE'))) expect(shown).toEqual(named);
          handshakeTypes.push(...tlsTypes);
          if (tlsTypes.includes('1')) {
            expect(sni).toEqual(['server.example']);
            expect(alpn).toEqual(['h3']);
          }
        });
        expect(handshakeTypes.filter((t) => t === '1').length).toBe(trace.connections.length);
        expect(handshakeTypes.filter((t) => t === '2').length).toBe(trace.connections.length);
        expect(rows.some((r) => r[1].includes('2'))).toBe(true); // Handshake packets
        expect(rows.some((r) => r[2].length > 0)).toBe(true); // 1-RTT packets
        expect(tshark(path, ['-Y', '_ws.malformed || _ws.expert.severity == error'])).toBe('');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it.skipIf(!tsharkPath)(
    "the ClientHello's transport parameters give the window the run had: a browser's, or h3window's",
    () => {
      const limits = (query: string) => {
        const { trace, http } = runWithParams(query);
        const dir = mkdtempSync(join(tmpdir(), 'roundtrip-quic-'));
        try {
          const path = join(dir, 'run.pcap');
          writeFileSync(path, writePcap(trace, http));
          const fields = ['initial_max_data', 'initial_max_stream_data_bidi_local'];
          return tshark(path, [
            '-Y',
            'tls.handshake.type == 1',
            '-T',
            'fields',
            ...fields.flatMap((f) => ['-e', `tls.quic.parameter.${f}`]),
          ]).split('\n');
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      };
      expect(limits('http=3&objects=100000')).toEqual(['15728640\t6291456']);
      expect(limits('http=3&objects=100000&h3window=16384')).toEqual(['16384\t16384']);
    },
  );
});
