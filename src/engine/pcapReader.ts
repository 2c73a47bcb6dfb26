// A small reader for the captures writePcap makes (classic libpcap, Ethernet II, IPv4, TCP), used
// by the unit tests and by the browser test that checks a downloaded file. It verifies the IP and
// TCP checksums with its own arithmetic. Either byte order and the nanosecond variant of the
// format are accepted; anything that is not Ethernet/IPv4/TCP is reported as an error. Times are
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
  frame: Uint8Array,
  frameLength: number,
  seconds: number,
  tsNs: number,
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

/** Parse a libpcap file of Ethernet/IPv4/TCP frames; throws with a reason on anything else. */
export function readPcap(bytes: Uint8Array): PcapFile {
  if (bytes.length < 24) throw new Error('pcap: file shorter than its 24-byte header');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
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
  const file: PcapFile = {
    versionMajor: u16(4),
    versionMinor: u16(6),
    thiszone: view.getInt32(8, littleEndian),
    sigfigs: u32(12),
    snaplen: u32(16),
    linktype: u32(20),
    littleEndian,
    nanosecond,
    records: [],
  };
  if (file.linktype !== 1) throw new Error(`pcap: linktype ${file.linktype} is not Ethernet`);

  let at = 24;
  while (at < bytes.length) {
    if (at + 16 > bytes.length) throw new Error(`pcap: truncated record header at byte ${at}`);
    const sec = u32(at);
    const frac = u32(at + 4);
    const captured = u32(at + 8);
    const original = u32(at + 12);
    const start = at + 16;
    if (start + captured > bytes.length) throw new Error(`pcap: truncated record at byte ${at}`);
    // Seconds are taken from the epoch before scaling, so the nanoseconds stay exact.
    const tsNs = (sec - CAPTURE_EPOCH_S) * 1_000_000_000 + (nanosecond ? frac : frac * 1000);
    const index = file.records.length;
    file.records.push(readRecord(bytes.subarray(start, start + captured), original, sec, tsNs, index));
    at = start + captured;
  }
  return file;
}
