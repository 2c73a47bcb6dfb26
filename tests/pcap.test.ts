import { describe, it, expect } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FLAG, type Trace } from '../src/engine/trace';
import { conn, pkt, trace, us } from './support/handTrace';
import { readPcap, writePcap } from '../src/engine/pcap';
import { CAPTURE_EPOCH_S } from '../src/engine/pcapReader';
import { HAR_EPOCH_MS } from '../src/engine/har';
import { computeMetrics } from '../src/engine/metrics';
import { simulate } from '../src/engine/simulate';
import { captureExtension, formatTcpdump } from '../src/engine/captureFile';
import { parseQuery } from '../src/scenario/codec';
import { toSimInput } from '../src/scenario/resolve';

const { SYN, ACK, PSH, FIN } = FLAG;

const mssSyn = { optionBytes: 4, mssOption: 1460, reason: 'syn' as const };

/** Handshake, request, header segment then data, a lost segment retransmitted twice, FIN exchange. */
function exchangeTrace(): Trace {
  return trace(
    [conn()],
    [
      pkt({ dir: 'c2s', sendNs: 0, flags: SYN, ...mssSyn }),
      pkt({ dir: 's2c', sendNs: us(251), flags: SYN | ACK, ack: 1, ...mssSyn }),
      pkt({ dir: 'c2s', sendNs: us(460), seq: 1, ack: 1 }),
      pkt({ dir: 'c2s', sendNs: us(1110), seq: 1, ack: 1, len: 52, flags: PSH | ACK }),
      pkt({ dir: 's2c', sendNs: us(3285), seq: 1, ack: 53, len: 226, flags: PSH | ACK }),
      pkt({ dir: 's2c', sendNs: us(4911), seq: 227, ack: 53, len: 1460, arriveNs: null, drop: 'loss' }),
      pkt({ dir: 's2c', sendNs: us(6000), seq: 1687, ack: 53, len: 1000, flags: PSH | ACK }),
      pkt({ dir: 'c2s', sendNs: us(7000), seq: 53, ack: 227 }),
      pkt({
        dir: 's2c',
        sendNs: us(1_004_911),
        seq: 227,
        ack: 53,
        len: 1460,
        reason: 'retransmit',
        arriveNs: null,
        drop: 'queue',
      }),
      pkt({ dir: 's2c', sendNs: us(3_004_911), seq: 227, ack: 53, len: 1460, reason: 'retransmit' }),
      pkt({ dir: 'c2s', sendNs: us(3_006_000), seq: 53, ack: 2687 }),
      pkt({ dir: 's2c', sendNs: us(3_007_000), seq: 2687, ack: 53, flags: FIN | ACK, reason: 'fin' }),
      pkt({ dir: 'c2s', sendNs: us(3_008_000), seq: 53, ack: 2688, flags: FIN | ACK, reason: 'fin' }),
      pkt({ dir: 's2c', sendNs: us(3_009_000), seq: 2688, ack: 54 }),
    ],
  );
}

/** Window scaling in both directions, an odd data length, and ISSs that wrap past 2^32. */
function scaledTrace(): Trace {
  const syn = { optionBytes: 8, mssOption: 1460, reason: 'syn' as const, win: 65535 };
  return trace(
    [
      conn({
        id: 4,
        clientPort: 40000,
        serverPort: 80,
        clientWscale: 2,
        serverWscale: 7,
        serverIss: 4294967000,
      }),
    ],
    [
      pkt({ dir: 'c2s', conn: 4, sendNs: us(10), flags: SYN, wscaleOption: 2, ...syn }),
      pkt({ dir: 's2c', conn: 4, sendNs: us(20), flags: SYN | ACK, ack: 1, wscaleOption: 7, ...syn }),
      pkt({ dir: 'c2s', conn: 4, sendNs: us(30), seq: 1, ack: 1, win: 131072 }),
      pkt({ dir: 'c2s', conn: 4, sendNs: us(40), seq: 1, ack: 1, win: 131072, len: 191, flags: PSH | ACK }),
      pkt({ dir: 's2c', conn: 4, sendNs: us(50), seq: 1, ack: 192, win: 1 << 20, len: 1460 }),
      pkt({ dir: 's2c', conn: 4, sendNs: us(50), seq: 1461, ack: 192, win: 1 << 20, len: 1460 }),
      pkt({
        dir: 's2c',
        conn: 4,
        sendNs: us(60),
        seq: 2921,
        ack: 192,
        win: 1 << 20,
        len: 7,
        flags: FIN | PSH | ACK,
      }),
    ],
  );
}

// ---- An independent checksum (RFC 1071), written apart from the writer's and the reader's. ----

/** The checksum of `data` as it would be computed with the checksum field (at `field`) zeroed. */
function rfc1071(data: Uint8Array, field: number, prefix: number[] = []): number {
  const bytes = [...prefix, ...data];
  bytes[prefix.length + field] = 0;
  bytes[prefix.length + field + 1] = 0;
  if (bytes.length % 2 === 1) bytes.push(0);
  let sum = 0;
  for (let i = 0; i < bytes.length; i += 2) {
    sum += (bytes[i] << 8) + bytes[i + 1];
    if (sum > 0xffff) sum -= 0xffff; // end-around carry, one word at a time
  }
  return 0xffff - sum;
}

/** The trace with every packet arrived: its capture is classic pcap, which rawFrames walks. */
const delivered = (t: Trace): Trace =>
  trace(
    t.connections,
    [...t.packets].map((p) => ({ ...p, arriveNs: p.arriveNs ?? p.sendNs, drop: undefined })),
  );

/** Walk a classic pcap file with DataView only and return each frame, with its record header. */
function rawFrames(
  file: Uint8Array,
): { sec: number; usec: number; incl: number; orig: number; frame: Uint8Array }[] {
  const v = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const out = [];
  for (let at = 24; at < file.length;) {
    const incl = v.getUint32(at + 8, true);
    out.push({
      sec: v.getUint32(at, true),
      usec: v.getUint32(at + 4, true),
      incl,
      orig: v.getUint32(at + 12, true),
      frame: file.subarray(at + 16, at + 16 + incl),
    });
    at += 16 + incl;
  }
  return out;
}

const sorted = (t: Trace) => [...t.packets].sort((a, b) => a.sendNs - b.sendNs || a.id - b.id);

describe('pcap global header', () => {
  it('is classic libpcap, little-endian, version 2.4, snaplen 65535, Ethernet, microseconds', () => {
    const file = writePcap(delivered(exchangeTrace()));
    expect(Array.from(file.subarray(0, 4))).toEqual([0xd4, 0xc3, 0xb2, 0xa1]);
    const v = new DataView(file.buffer, file.byteOffset, file.byteLength);
    expect(v.getUint16(4, true)).toBe(2);
    expect(v.getUint16(6, true)).toBe(4);
    expect(v.getInt32(8, true)).toBe(0);
    expect(v.getUint32(12, true)).toBe(0);
    expect(v.getUint32(16, true)).toBe(65535);
    expect(v.getUint32(20, true)).toBe(1);
    const parsed = readPcap(file);
    expect(parsed).toMatchObject({ versionMajor: 2, versionMinor: 4, snaplen: 65535, linktype: 1 });
    expect(parsed.littleEndian && !parsed.nanosecond).toBe(true);
  });

  it('an empty trace is just the 24-byte header', () => {
    const file = writePcap(trace([conn()], []));
    expect(file.length).toBe(24);
    expect(readPcap(file).records).toEqual([]);
  });
});

describe('pcap records', () => {
  for (const [name, make] of [
    ['exchange', exchangeTrace],
    ['window-scaled', scaledTrace],
  ] as const) {
    it(`${name}: one record per packet, in send order, stamped with the send time`, () => {
      const t = make();
      const records = readPcap(writePcap(t)).records;
      const packets = sorted(t);
      expect(records.length).toBe(packets.length);
      records.forEach((r, i) => expect(r.tsNs).toBe(packets[i].sendNs));
    });

    it(`${name}: every IP and TCP checksum verifies (reader and an independent computation)`, () => {
      const file = writePcap(delivered(make()));
      for (const r of readPcap(file).records) {
        expect(r.ip.checksumOk).toBe(true);
        expect(r.tcp.checksumOk).toBe(true);
      }
      for (const { frame } of rawFrames(file)) {
        const ip = frame.subarray(14, 34);
        const ipStored = (ip[10] << 8) | ip[11];
        expect(rfc1071(ip, 10)).toBe(ipStored);

        const totalLength = (ip[2] << 8) | ip[3];
        const segment = frame.subarray(34, 14 + totalLength);
        const pseudo = [...ip.subarray(12, 20), 0, 6, segment.length >> 8, segment.length & 0xff];
        const tcpStored = (segment[16] << 8) | segment[17];
        expect(rfc1071(segment, 16, pseudo)).toBe(tcpStored);
      }
    });

    it(`${name}: lengths are exact (frame = 14 + ipBytes, IP length = ipBytes = 40 + options + len)`, () => {
      const t = delivered(make());
      const file = writePcap(t);
      const packets = sorted(t);
      const raw = rawFrames(file);
      readPcap(file).records.forEach((r, i) => {
        const p = packets[i];
        expect(p.ipBytes).toBe(40 + p.optionBytes + p.len);
        expect(r.ip.totalLength).toBe(p.ipBytes);
        expect(r.frameLength).toBe(14 + p.ipBytes);
        expect(raw[i].incl).toBe(14 + p.ipBytes);
        expect(raw[i].orig).toBe(14 + p.ipBytes);
        expect(raw[i].frame.length).toBe(14 + p.ipBytes);
        expect(r.tcp.dataOffset).toBe(20 + p.optionBytes);
        expect(r.tcp.payloadLength).toBe(p.len);
        expect(r.payload.length).toBe(p.len);
      });
      const expectedSize = 24 + packets.reduce((n, p) => n + 16 + 14 + p.ipBytes, 0);
      expect(file.length).toBe(expectedSize);
    });
  }

  it('headers: Ethernet II addresses by direction, IPv4 DF/TTL 64/TCP, ports from the connection', () => {
    const t = exchangeTrace();
    const records = readPcap(writePcap(t)).records;
    sorted(t).forEach((p, i) => {
      const r = records[i];
      const c2s = p.dir === 'c2s';
      expect(r.ethertype).toBe(0x0800);
      expect(r.srcMac).toBe(c2s ? '02:00:00:00:00:01' : '02:00:00:00:00:02');
      expect(r.dstMac).toBe(c2s ? '02:00:00:00:00:02' : '02:00:00:00:00:01');
      expect(r.ip).toMatchObject({ version: 4, headerLength: 20, ttl: 64, protocol: 6, dontFragment: true });
      expect(r.ip.src).toBe(c2s ? '10.0.0.1' : '10.0.0.2');
      expect(r.ip.dst).toBe(c2s ? '10.0.0.2' : '10.0.0.1');
      expect(r.tcp.srcPort).toBe(c2s ? 3199 : 8080);
      expect(r.tcp.dstPort).toBe(c2s ? 8080 : 3199);
      expect(r.tcp.flags).toBe(p.flags);
      expect(r.tcp.urgentPointer).toBe(0);
    });
  });

  it('IP identification counts up separately for each sender', () => {
    const t = exchangeTrace();
    const records = readPcap(writePcap(t)).records;
    const ids = (src: string) => records.filter((r) => r.ip.src === src).map((r) => r.ip.identification);
    const client = ids('10.0.0.1');
    const server = ids('10.0.0.2');
    expect(client).toEqual(client.map((_, i) => client[0] + i));
    expect(server).toEqual(server.map((_, i) => server[0] + i));
  });

  it('sequence and acknowledgment numbers are absolute: ISS + relative, ack 0 without ACK', () => {
    const records = readPcap(writePcap(exchangeTrace())).records;
    expect(records[0].tcp).toMatchObject({ seq: 676352001, ack: 0, flags: SYN });
    expect(records[1].tcp).toMatchObject({ seq: 1807168001, ack: 676352002, flags: SYN | ACK });
    expect(records[2].tcp).toMatchObject({ seq: 676352002, ack: 1807168002 });
    expect(records[4].tcp).toMatchObject({ seq: 1807168002, ack: 676352054, payloadLength: 226 });
    expect(records[5].tcp).toMatchObject({ seq: 1807168001 + 227, ack: 676352054 });
    // the FIN from the server, then the client's FIN acknowledging it
    expect(records[11].tcp).toMatchObject({ seq: 1807168001 + 2687, flags: FIN | ACK });
    expect(records[12].tcp).toMatchObject({ seq: 676352001 + 53, ack: 1807168001 + 2688 });
  });

  it('sequence numbers wrap modulo 2^32', () => {
    const records = readPcap(writePcap(scaledTrace())).records;
    const iss = 4294967000;
    expect(records[1].tcp.seq).toBe(iss);
    expect(records[2].tcp.ack).toBe(iss + 1);
    expect(records[4].tcp.seq).toBe(iss + 1);
    expect(records[5].tcp.seq).toBe(1461 - (4294967296 - iss)); // wrapped past zero
    expect(records[6].tcp.seq).toBe((iss + 2921) % 2 ** 32);
    expect(records[6].tcp.payloadLength).toBe(7);
  });

  it('window scaling: SYN windows unscaled with mss,nop,wscale options; later windows shifted', () => {
    const records = readPcap(writePcap(scaledTrace())).records;
    const opts = (i: number) => records[i].tcp.options.map((o) => [o.name, o.value]);
    expect(opts(0)).toEqual([
      ['mss', 1460],
      ['nop', undefined],
      ['wscale', 2],
    ]);
    expect(opts(1)).toEqual([
      ['mss', 1460],
      ['nop', undefined],
      ['wscale', 7],
    ]);
    expect(records[0].tcp.window).toBe(65535);
    expect(records[1].tcp.window).toBe(65535);
    expect(records[2].tcp.window).toBe(131072 >> 2); // client shift 2
    expect(records[3].tcp.window).toBe(131072 >> 2);
    expect(records[4].tcp.window).toBe((1 << 20) >> 7); // server shift 7
    expect(records[4].tcp.options).toEqual([]);
  });

  it('an MSS-only SYN has exactly the 4 option bytes 02 04 05 b4', () => {
    const file = writePcap(delivered(exchangeTrace()));
    const first = rawFrames(file)[0].frame;
    expect(first[14 + 20 + 12] >> 4).toBe(6); // data offset: 24 bytes
    expect(Array.from(first.subarray(54, 58))).toEqual([2, 4, 0x05, 0xb4]);
    expect(first.length).toBe(58);
  });

  it('pads options with EOL when the trace reserves more option bytes than it names', () => {
    const t = trace([conn()], [pkt({ dir: 'c2s', sendNs: 0, flags: SYN, ...mssSyn, optionBytes: 8 })]);
    const [r] = readPcap(writePcap(t)).records;
    expect(r.tcp.dataOffset).toBe(28);
    expect(r.tcp.options.map((o) => o.name)).toEqual(['mss', 'eol', 'eol', 'eol', 'eol']);
    expect(r.ip.totalLength).toBe(48);
  });

  it('payload is readable filler laid out by sequence number, so a retransmission repeats it', () => {
    const t = exchangeTrace();
    const records = readPcap(writePcap(t)).records;
    const text = (i: number) => new TextDecoder().decode(records[i].payload);
    expect(text(3)).toBe('roundtrip '.repeat(6).slice(0, 52));
    expect(text(4).startsWith('roundtrip roundtrip')).toBe(true);
    // the lost segment (227:1687) and its two retransmissions carry the same bytes
    expect(text(8)).toBe(text(5));
    expect(text(9)).toBe(text(5));
    expect(text(5).startsWith('rip roundtrip')).toBe(true); // byte 227 is the 7th of 'roundtrip '
  });

  it('timestamps round to the microsecond and carry into seconds', () => {
    const t = trace(
      [conn()],
      [
        pkt({ dir: 'c2s', sendNs: 251_499, seq: 1, ack: 1 }),
        pkt({ dir: 'c2s', sendNs: 251_500, seq: 1, ack: 1 }),
        pkt({ dir: 'c2s', sendNs: 1_999_999_600, seq: 1, ack: 1 }),
      ],
    );
    const raw = rawFrames(writePcap(t));
    // The run's time 0 is 1997-01-01T00:00:00Z, where its HAR starts.
    expect(raw.map((r) => [r.sec - 852_076_800, r.usec])).toEqual([
      [0, 251],
      [0, 252],
      [2, 0],
    ]);
    expect(readPcap(writePcap(t)).records.map((r) => r.tsNs)).toEqual([251_000, 252_000, 2_000_000_000]);
  });

  it("the clock starts at 1997-01-01T00:00:00Z, the HAR's start, and reads back on the run's clock", () => {
    expect(CAPTURE_EPOCH_S).toBe(852_076_800);
    expect(CAPTURE_EPOCH_S * 1000).toBe(HAR_EPOCH_MS);
    const file = readPcap(writePcap(exchangeTrace()));
    expect(file.records[0].seconds).toBe(852_076_800);
    expect(file.records.at(-1)!.seconds).toBe(852_076_800 + 3);
    expect(file.records.map((r) => r.tsNs)).toEqual(sorted(exchangeTrace()).map((p) => p.sendNs));
  });

  it('is deterministic: the same trace gives the same bytes', () => {
    expect(writePcap(exchangeTrace())).toEqual(writePcap(exchangeTrace()));
  });
});

describe('readPcap rejects what it cannot read', () => {
  it('bad magic and truncated records', () => {
    expect(() => readPcap(new Uint8Array(24))).toThrow(/magic/);
    const file = writePcap(exchangeTrace());
    expect(() => readPcap(file.subarray(0, file.length - 1))).toThrow(/truncated/);
  });
});

// ---- The capture point: the pcap holds the packets the Figures count, at the times seen there. ----

function runOf(query: string) {
  const input = toSimInput(parseQuery(query).config.settings);
  const trace = simulate(input);
  return { trace, pcap: writePcap(trace, input.http), figures: computeMetrics(trace) };
}

const LOSSY = 'link=wan&loss=2';
const CLIENT_IP = '10.0.0.1';

/** What a tcpdump at `host` sees, worked out here from the trace: [time, sender ip] in order. */
function seenAt(t: Trace, host: 'client' | 'server'): { ns: number; src: string; id: number }[] {
  const own = host === 'client' ? 'c2s' : 's2c';
  return [...t.packets]
    .filter((p) => p.dir === own || p.arriveNs !== null)
    .map((p) => ({
      ns: p.dir === own ? p.sendNs : p.arriveNs!,
      src: p.dir === 'c2s' ? CLIENT_IP : '10.0.0.2',
      id: p.id,
    }))
    .sort((a, b) => a.ns - b.ns || a.id - b.id);
}
const toMicros = (ns: number) => Math.floor((ns + 500) / 1000) * 1000;

describe('the capture point', () => {
  const wire = runOf(LOSSY);
  const wireFile = readPcap(wire.pcap);
  // The client's GET that the link dropped: its IP identification names it in every capture.
  const sentOrder = sorted(wire.trace);
  const lostGetAt = sentOrder.findIndex((p) => p.dir === 'c2s' && p.len > 0 && p.arriveNs === null);
  const lostGet = wireFile.records[lostGetAt];

  it('wire (the default) keeps every packet in send order, lost ones included', () => {
    expect(wire.trace.capture).toBeUndefined();
    expect(wireFile.records).toHaveLength(31);
    expect(wireFile.records[0].seconds).toBe(852_076_800); // only the clock's base is new
    expect(wireFile.records).toHaveLength(wire.trace.packets.length);
    expect(wireFile.records.map((r) => r.tsNs)).toEqual(sentOrder.map((p) => toMicros(p.sendNs)));
    expect(lostGetAt).toBeGreaterThan(0);
    expect(lostGet.ip.src).toBe(CLIENT_IP);
    expect(lostGet.tcp.payloadLength).toBeGreaterThan(0);
  });

  it("server: 30 records, 15,667 IP bytes as the Figures say; the lost GET absent; the client's at their arrival", () => {
    const { trace: t, pcap, figures } = runOf(`${LOSSY}&capture=server`);
    const file = readPcap(pcap);
    expect(figures.packets.total).toBe(30);
    expect(figures.bytes).toBe(15_667);
    expect(file.records).toHaveLength(30);
    expect(file.records.reduce((n, r) => n + r.ip.totalLength, 0)).toBe(15_667);
    expect(
      file.records.filter((r) => r.ip.src === CLIENT_IP && r.ip.identification === lostGet.ip.identification),
    ).toEqual([]);
    // Its resend, the same bytes, is there once.
    const sameSeq = (r: (typeof file.records)[number]) =>
      r.ip.src === CLIENT_IP &&
      r.tcp.seq === lostGet.tcp.seq &&
      r.tcp.payloadLength === lostGet.tcp.payloadLength;
    expect(wireFile.records.filter(sameSeq)).toHaveLength(2);
    expect(file.records.filter(sameSeq)).toHaveLength(1);
    // Every record at the time the server saw it: the client's packets at their arrival.
    const expected = seenAt(t, 'server');
    expect(file.records.map((r) => [r.tsNs, r.ip.src])).toEqual(expected.map((e) => [toMicros(e.ns), e.src]));
    const fromClient = file.records.filter((r) => r.ip.src === CLIENT_IP);
    expect(fromClient.length).toBe(figures.packets.c2s);
    expect(fromClient[0].tsNs).toBeGreaterThan(0); // the SYN arrives a one-way delay after it left
    expect(file.records[0].seconds).toBeGreaterThanOrEqual(852_076_800);
    expect(file.records.every((r) => r.ip.checksumOk && r.tcp.checksumOk)).toBe(true);
  });

  it("client: the records and bytes the Figures count, the server's packets at their arrival", () => {
    const { trace: t, pcap, figures } = runOf(`${LOSSY}&capture=client`);
    const file = readPcap(pcap);
    expect(file.records).toHaveLength(figures.packets.total);
    expect(file.records.filter((r) => r.ip.src === CLIENT_IP)).toHaveLength(figures.packets.c2s);
    expect(file.records.reduce((n, r) => n + r.ip.totalLength, 0)).toBe(figures.bytes);
    // Only the client's GET was lost: the client saw every packet, the server's at their arrival.
    expect(file.records).toHaveLength(31);
    // The client sent its lost GET: it is in the client's capture.
    expect(
      file.records.filter((r) => r.ip.src === CLIENT_IP && r.ip.identification === lostGet.ip.identification),
    ).toHaveLength(1);
    const expected = seenAt(t, 'client');
    expect(file.records.map((r) => [r.tsNs, r.ip.src])).toEqual(expected.map((e) => [toMicros(e.ns), e.src]));
    expect(file.records[0].seconds).toBeGreaterThanOrEqual(852_076_800);
  });

  it('the tcpdump text lists the same packets in the same order at the same times', () => {
    for (const at of ['wire', 'client', 'server']) {
      const { trace: t, pcap } = runOf(`${LOSSY}&capture=${at}`);
      const records = readPcap(pcap).records;
      const lines = formatTcpdump(t).trimEnd().split('\n');
      expect(lines).toHaveLength(computeMetrics(t).packets.total);
      expect(lines).toHaveLength(records.length);
      lines.forEach((line, i) => {
        const [time, src] = line.split(' ');
        expect(Math.round(Number(time) * 1e6) * 1000).toBe(records[i].tsNs);
        expect(src.startsWith('client.')).toBe(records[i].ip.src === CLIENT_IP);
      });
    }
  });
});

// ---- Dropped packets: in the capture as on the ladder, each marked with a pcapng comment. ----

describe('dropped packets in the capture', () => {
  // The ladder shows `data 1687:3147` and `ACK 12673` dropped, then the RTO's resend.
  const DROPS = 'loss=3&seed=4';
  const DROPPED = 'dropped by the link: never arrived';
  /** Each record as [sender, relative seq, length, relative ack, comment]. */
  const rows = (pcap: Uint8Array) => {
    const records = readPcap(pcap).records;
    const iss = new Map(records.filter((r) => r.tcp.flags & SYN).map((r) => [r.ip.src, r.tcp.seq]));
    const other = (src: string) => (src === CLIENT_IP ? '10.0.0.2' : CLIENT_IP);
    return records.map((r) => [
      r.ip.src === CLIENT_IP ? 'client' : 'server',
      r.tcp.seq - iss.get(r.ip.src)!,
      r.tcp.payloadLength,
      r.tcp.flags & ACK ? r.tcp.ack - iss.get(other(r.ip.src))! : 0,
      r.comment,
    ]);
  };

  it('on the wire: every packet, the two the link dropped marked, the file pcapng', () => {
    const { trace: t, pcap } = runOf(DROPS);
    const file = readPcap(pcap);
    expect(file.format).toBe('pcapng');
    expect(captureExtension(t)).toBe('pcapng');
    expect(file.records).toHaveLength(t.packets.length);
    const marked = rows(pcap).filter((r) => r[4] !== null);
    expect(marked).toEqual([
      ['server', 1687, 1460, 191, DROPPED],
      ['client', 571, 0, 12673, DROPPED],
    ]);
    // The resend of the dropped segment is there, unmarked.
    expect(rows(pcap).filter((r) => r[0] === 'server' && r[1] === 1687 && r[2] === 1460)).toHaveLength(2);
  });

  it("at the server: its own dropped segment marked, the client's dropped ACK absent", () => {
    const { pcap, figures } = runOf(`${DROPS}&capture=server`);
    const all = rows(pcap);
    expect(all).toHaveLength(figures.packets.total);
    expect(all.filter((r) => r[4] !== null)).toEqual([['server', 1687, 1460, 191, DROPPED]]);
    expect(all.filter((r) => r[0] === 'client' && r[3] === 12673 && r[2] === 0)).toHaveLength(1); // its resend's ACK only
  });

  it("a router's full queue is named as such", () => {
    const { trace: t, pcap } = runOf('link=ppp28k&queue=2&iw=10&objects=30000');
    const comments = readPcap(pcap)
      .records.map((r) => r.comment)
      .filter((c) => c !== null);
    expect(t.packets.filter((p) => p.drop === 'queue').length).toBeGreaterThan(0);
    expect(comments).toHaveLength(t.packets.filter((p) => p.arriveNs === null).length);
    expect(new Set(comments)).toEqual(new Set(["dropped at the router's full queue: never arrived"]));
  });

  it('a run with nothing dropped stays classic pcap, no comment', () => {
    const { trace: t, pcap } = runOf('link=wan');
    const file = readPcap(pcap);
    expect(file.format).toBe('pcap');
    expect(captureExtension(t)).toBe('pcap');
    expect(file.records.every((r) => r.comment === null)).toBe(true);
  });
});

const tsharkPath = (() => {
  const r = spawnSync('sh', ['-c', 'command -v tshark'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : '';
})();

describe('tshark agrees', () => {
  it.skipIf(!tsharkPath)(
    'a capture at the server of a lost GET: no spurious retransmission or duplicate ACK, unlike the wire capture',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'roundtrip-pcap-'));
      try {
        /** The sender of each frame tshark flags as a spurious retransmission or a duplicate ACK. */
        const flagged = (query: string) => {
          const path = join(dir, 'run.pcap');
          writeFileSync(path, runOf(query).pcap);
          const filter = 'tcp.analysis.spurious_retransmission || tcp.analysis.duplicate_ack';
          const r = spawnSync(tsharkPath, ['-r', path, '-Y', filter, '-T', 'fields', '-e', 'ip.src'], {
            encoding: 'utf8',
            timeout: 60_000,
          });
          expect(r.status).toBe(0);
          return r.stdout.trim().split('\n').filter(Boolean);
        };
        // The server never saw the lost GET (which acknowledged its last segment): its timeout
        // resend is a plain retransmission, the GET's resend fills a hole.
        expect(flagged(`${LOSSY}&capture=server`)).toEqual([]);
        // On the wire the lost GET looks delivered, so the server's resend looks needless.
        expect(flagged(LOSSY).length).toBeGreaterThan(0);
        // At the client it was needless: that segment had arrived, and the client acknowledges it
        // again. Both are so.
        expect(flagged(`${LOSSY}&capture=client`)).toEqual(['10.0.0.2', '10.0.0.1']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it.skipIf(!tsharkPath)("shows the dropped packets' comments, and reads the pcapng whole", () => {
    const dir = mkdtempSync(join(tmpdir(), 'roundtrip-pcap-'));
    try {
      const { trace: t, pcap } = runOf('loss=3&seed=4');
      const path = join(dir, 'run.pcapng');
      writeFileSync(path, pcap);
      const fields = (filter: string, ...names: string[]) => {
        const args = ['-r', path, '-Y', filter, '-T', 'fields', ...names.flatMap((n) => ['-e', n])];
        const r = spawnSync(tsharkPath, args, { encoding: 'utf8', timeout: 60_000 });
        expect(r.status).toBe(0);
        return r.stdout.trim().split('\n').filter(Boolean);
      };
      expect(fields('frame.comment', 'tcp.seq', 'tcp.len', 'tcp.ack', 'frame.comment')).toEqual([
        '1687\t1460\t191\tdropped by the link: never arrived',
        '571\t0\t12673\tdropped by the link: never arrived',
      ]);
      expect(fields('frame', 'frame.number')).toHaveLength(t.packets.length);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.skipIf(!tsharkPath)('opens the capture with every packet and no bad checksum', () => {
    const dir = mkdtempSync(join(tmpdir(), 'roundtrip-pcap-'));
    try {
      const t = exchangeTrace();
      const scaled = scaledTrace();
      const both = trace([...t.connections, ...scaled.connections], [...t.packets, ...scaled.packets]);
      const path = join(dir, 'capture.pcap');
      writeFileSync(path, writePcap(both));
      const r = spawnSync(
        tsharkPath,
        [
          '-r',
          path,
          '-o',
          'tcp.check_checksum:TRUE',
          '-o',
          'ip.check_checksum:TRUE',
          '-T',
          'fields',
          '-e',
          'tcp.len',
          '-e',
          'tcp.checksum.status',
          '-e',
          'ip.checksum.status',
        ],
        { encoding: 'utf8', timeout: 60_000 },
      );
      expect(r.status).toBe(0);
      const rows = r.stdout
        .trim()
        .split('\n')
        .map((l) => l.split('\t'));
      expect(rows.length).toBe(both.packets.length);
      const lens = sorted(both).map((p) => String(p.len));
      expect(rows.map((row) => row[0])).toEqual(lens);
      // checksum status: 0 bad, 1 good, 2 unverified
      for (const row of rows) expect([row[1], row[2]]).toEqual(['1', '1']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
