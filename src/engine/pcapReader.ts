// A small reader for the captures writePcap makes (classic libpcap, or pcapng with its packet
// comments; Ethernet II, IPv4, TCP), used by the unit tests and by the browser test that checks a
// downloaded file. It verifies the IP and TCP checksums with its own arithmetic. Either byte order
// and the nanosecond variant of classic pcap are accepted, pcapng little-endian as written, one
// interface; anything that is not Ethernet/IPv4/TCP is reported as an error. Times are
// read back on the run's clock: writePcap starts the run at CAPTURE_EPOCH_S.

/** 1997-01-01T00:00:00Z in seconds since 1970: a capture's time 0, where the run's HAR starts too. */
export const CAPTURE_EPOCH_S = 852_076_800;

export interface PcapTcpOption {
  /** Option kind: 0 EOL, 1 NOP, 2 MSS, 3 window scale, others kept as `other`. */
  kind: number;
  name: 'eol' | 'nop' | 'mss' | 'wscale' | 'other';
  /** MSS in bytes, or the window-scale shift. */
  value?: number;
}

export interface PcapRecord {
  /** The record's time on the run's clock: nanoseconds since CAPTURE_EPOCH_S. */
  tsNs: number;
  /** A pcapng packet comment (opt_comment), which marks a dropped packet; null if none. */
  comment: string | null;
  /** The record header's seconds field as written (seconds since 1970). */
  seconds: number;
  /** Bytes stored in the file for this frame, and the frame's length on the wire. */
  capturedLength: number;
  frameLength: number;
  ethertype: number;
  srcMac: string;
  dstMac: string;
  ip: {
    version: number;
    headerLength: number; // bytes
    totalLength: number;
    identification: number;
    dontFragment: boolean;
    ttl: number;
    protocol: number;
    src: string; // dotted quad
    dst: string;
    checksum: number;
    checksumOk: boolean;
  };
  tcp: {
    srcPort: number;
    dstPort: number;
    seq: number;
    ack: number;
    flags: number; // FIN 1, SYN 2, RST 4, PSH 8, ACK 16, URG 32
    window: number; // the raw 16-bit field
    dataOffset: number; // header length in BYTES (20 + options), not 32-bit words
    payloadLength: number;
    checksum: number;
    checksumOk: boolean;
    urgentPointer: number;
    options: PcapTcpOption[];
  };
  payload: Uint8Array;
}

export interface PcapFile {
  format: 'pcap' | 'pcapng';
  versionMajor: number;
  versionMinor: number;
  thiszone: number;
  sigfigs: number;
  snaplen: number;
  linktype: number;
  littleEndian: boolean;
  nanosecond: boolean;
  records: PcapRecord[];
}

/** One's-complement sum of big-endian 16-bit words (an odd last byte padded with zero). */
function onesComplementSum(bytes: number[]): number {
  let sum = 0;
  for (let i = 0; i < bytes.length; i += 2) sum += bytes[i] * 256 + (bytes[i + 1] ?? 0);
  while (sum > 0xffff) sum = (sum % 0x10000) + Math.floor(sum / 0x10000);
  return sum;
}

function parseOptions(bytes: Uint8Array): PcapTcpOption[] {
  const out: PcapTcpOption[] = [];
  let i = 0;
  while (i < bytes.length) {
    const kind = bytes[i];
    if (kind === 0) {
      out.push({ kind, name: 'eol' });
      i += 1;
      continue; // report each padding byte; nothing after EOL is meaningful
    }
    if (kind === 1) {
      out.push({ kind, name: 'nop' });
      i += 1;
      continue;
    }
    const len = bytes[i + 1];
    if (len === undefined || len < 2 || i + len > bytes.length) {
      throw new Error(`pcap: malformed TCP option kind ${kind} at offset ${i}`);
    }
    if (kind === 2 && len === 4) out.push({ kind, name: 'mss', value: bytes[i + 2] * 256 + bytes[i + 3] });
    else if (kind === 3 && len === 3) out.push({ kind, name: 'wscale', value: bytes[i + 2] });
    else out.push({ kind, name: 'other' });
    i += len;
  }
  return out;
}

const mac = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join(':');
const dotted = (b: Uint8Array) => Array.from(b).join('.');

function readRecord(
  { frame, frameLength, seconds, tsNs, comment }: CapturedFrame,
  index: number,
): PcapRecord {
  const fail = (why: string): never => {
    throw new Error(`pcap record ${index}: ${why}`);
  };
  if (frame.length < 14 + 20 + 20) fail(`frame of ${frame.length} bytes is too short`);
  const view = new DataView(frame.buffer, frame.byteOffset, frame.byteLength);
  const ethertype = view.getUint16(12);
  if (ethertype !== 0x0800) fail(`ethertype 0x${ethertype.toString(16)} is not IPv4`);

  const ipStart = 14;
  const version = frame[ipStart] >> 4;
  const ihl = (frame[ipStart] & 0x0f) * 4;
  if (version !== 4 || ihl < 20) fail(`bad IP version/IHL byte 0x${frame[ipStart].toString(16)}`);
  const totalLength = view.getUint16(ipStart + 2);
  const protocol = frame[ipStart + 9];
  if (protocol !== 6) fail(`IP protocol ${protocol} is not TCP`);
  if (ipStart + totalLength > frame.length) fail(`IP length ${totalLength} runs past the captured frame`);
  const ipHeader = Array.from(frame.subarray(ipStart, ipStart + ihl));
  const src = frame.subarray(ipStart + 12, ipStart + 16);
  const dst = frame.subarray(ipStart + 16, ipStart + 20);

  const tcpStart = ipStart + ihl;
  const tcpLength = totalLength - ihl;
  const dataOffset = (frame[tcpStart + 12] >> 4) * 4;
  if (dataOffset < 20 || dataOffset > tcpLength) fail(`bad TCP data offset ${dataOffset}`);
  const tcpBytes = Array.from(frame.subarray(tcpStart, tcpStart + tcpLength));
  const pseudo = [...src, ...dst, 0, 6, tcpLength >> 8, tcpLength & 0xff];

  return {
    tsNs,
    comment,
    seconds,
    capturedLength: frame.length,
    frameLength,
    ethertype,
    dstMac: mac(frame.subarray(0, 6)),
    srcMac: mac(frame.subarray(6, 12)),
    ip: {
      version,
      headerLength: ihl,
      totalLength,
      identification: view.getUint16(ipStart + 4),
      dontFragment: (view.getUint16(ipStart + 6) & 0x4000) !== 0,
      ttl: frame[ipStart + 8],
      protocol,
      src: dotted(src),
      dst: dotted(dst),
      checksum: view.getUint16(ipStart + 10),
      checksumOk: onesComplementSum(ipHeader) === 0xffff,
    },
    tcp: {
      srcPort: view.getUint16(tcpStart),
      dstPort: view.getUint16(tcpStart + 2),
      seq: view.getUint32(tcpStart + 4),
      ack: view.getUint32(tcpStart + 8),
      flags: frame[tcpStart + 13] & 0x3f,
      window: view.getUint16(tcpStart + 14),
      dataOffset,
      payloadLength: tcpLength - dataOffset,
      checksum: view.getUint16(tcpStart + 16),
      checksumOk: onesComplementSum([...pseudo, ...tcpBytes]) === 0xffff,
      urgentPointer: view.getUint16(tcpStart + 18),
      options: parseOptions(frame.subarray(tcpStart + 20, tcpStart + dataOffset)),
    },
    payload: frame.slice(tcpStart + dataOffset, tcpStart + tcpLength),
  };
}

/** One frame as a capture file stores it, before its headers are read. */
export interface CapturedFrame {
  frame: Uint8Array;
  frameLength: number;
  /** Seconds since 1970, as written. */
  seconds: number;
  /** Nanoseconds since CAPTURE_EPOCH_S. */
  tsNs: number;
  comment: string | null;
}

/** Parse a capture (pcap or pcapng) of Ethernet/IPv4/TCP frames; throws with a reason on anything else. */
export function readPcap(bytes: Uint8Array): PcapFile {
  const { frames, ...file } = readCaptureFrames(bytes);
  return { ...file, records: frames.map(readRecord) };
}

/** A capture's header and its frames, whatever they carry (a QUIC run's are UDP). */
export function readCaptureFrames(
  bytes: Uint8Array,
): Omit<PcapFile, 'records'> & { frames: CapturedFrame[] } {
  if (bytes.length < 24) throw new Error('pcap: file shorter than its 24-byte header');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) === 0x0a0d0d0a) return readPcapng(bytes, view);
  const magicLE = view.getUint32(0, true);
  let littleEndian: boolean;
  let nanosecond: boolean;
  if (magicLE === 0xa1b2c3d4 || magicLE === 0xa1b23c4d) {
    littleEndian = true;
    nanosecond = magicLE === 0xa1b23c4d;
  } else {
    const magicBE = view.getUint32(0, false);
    if (magicBE !== 0xa1b2c3d4 && magicBE !== 0xa1b23c4d) {
      throw new Error(`pcap: bad magic 0x${magicLE.toString(16)}`);
    }
    littleEndian = false;
    nanosecond = magicBE === 0xa1b23c4d;
  }
  const u16 = (at: number) => view.getUint16(at, littleEndian);
  const u32 = (at: number) => view.getUint32(at, littleEndian);
  const file = {
    format: 'pcap' as const,
    versionMajor: u16(4),
    versionMinor: u16(6),
    thiszone: view.getInt32(8, littleEndian),
    sigfigs: u32(12),
    snaplen: u32(16),
    linktype: u32(20),
    littleEndian,
    nanosecond,
    frames: [] as CapturedFrame[],
  };
  if (file.linktype !== 1) throw new Error(`pcap: linktype ${file.linktype} is not Ethernet`);

  let at = 24;
  while (at < bytes.length) {
    if (at + 16 > bytes.length) throw new Error(`pcap: truncated record header at byte ${at}`);
    const sec = u32(at);
    const frac = u32(at + 4);
    const captured = u32(at + 8);
    const start = at + 16;
    if (start + captured > bytes.length) throw new Error(`pcap: truncated record at byte ${at}`);
    file.frames.push({
      frame: bytes.subarray(start, start + captured),
      frameLength: u32(at + 12),
      seconds: sec,
      // Seconds are taken from the epoch before scaling, so the nanoseconds stay exact.
      tsNs: (sec - CAPTURE_EPOCH_S) * 1_000_000_000 + (nanosecond ? frac : frac * 1000),
      comment: null,
    });
    at = start + captured;
  }
  return file;
}

/** pcapng, little-endian, one Ethernet interface with microsecond times, as pcap.ts writes it. */
function readPcapng(bytes: Uint8Array, view: DataView): ReturnType<typeof readCaptureFrames> {
  const u32 = (at: number) => view.getUint32(at, true);
  if (u32(8) !== 0x1a2b3c4d) throw new Error('pcapng: not little-endian');
  const file = {
    format: 'pcapng' as const,
    versionMajor: view.getUint16(12, true),
    versionMinor: view.getUint16(14, true),
    thiszone: 0,
    sigfigs: 0,
    snaplen: 0,
    linktype: -1,
    littleEndian: true,
    nanosecond: false,
    frames: [] as CapturedFrame[],
  };
  const utf8 = new TextDecoder();
  for (let at = 0; at < bytes.length;) {
    if (at + 12 > bytes.length) throw new Error(`pcapng: truncated block at byte ${at}`);
    const type = u32(at);
    const length = u32(at + 4);
    if (length < 12 || at + length > bytes.length || u32(at + length - 4) !== length)
      throw new Error(`pcapng: truncated block at byte ${at}`);
    if (type === 1) {
      file.linktype = view.getUint16(at + 8, true);
      file.snaplen = u32(at + 12);
      if (file.linktype !== 1) throw new Error(`pcapng: linktype ${file.linktype} is not Ethernet`);
    } else if (type === 6) {
      const captured = u32(at + 20);
      const us = u32(at + 12) * 2 ** 32 + u32(at + 16);
      const start = at + 28;
      let comment: string | null = null;
      for (let opt = start + Math.ceil(captured / 4) * 4; opt + 4 <= at + length - 4;) {
        const code = view.getUint16(opt, true);
        const size = view.getUint16(opt + 2, true);
        if (code === 0) break;
        if (code === 1) comment = utf8.decode(bytes.subarray(opt + 4, opt + 4 + size));
        opt += 4 + Math.ceil(size / 4) * 4;
      }
      const seconds = Math.floor(us / 1_000_000);
      file.frames.push({
        frame: bytes.subarray(start, start + captured),
        frameLength: u32(at + 24),
        seconds,
        tsNs: (seconds - CAPTURE_EPOCH_S) * 1_000_000_000 + (us % 1_000_000) * 1000,
        comment,
      });
    }
    at += length;
  }
  return file;
}
