// Reading a capture back as HTTP: each connection's byte streams reassembled by sequence number,
// and a small HTTP/1.x parser over them (enough to check what Wireshark would dissect).
import { readPcap } from '../../src/engine/pcap';
import { FLAG } from '../../src/engine/trace';

export interface Streams {
  c2s: Uint8Array;
  s2c: Uint8Array;
}

/** Streams keyed by the client's port. Throws if two segments disagree about a byte. */
export function reassemble(file: Uint8Array): Map<number, Streams> {
  const records = readPcap(file).records;
  const iss = new Map<string, number>();
  const parts = new Map<string, Map<number, number>>();
  for (const r of records) {
    const c2s = r.ip.src === '10.0.0.1';
    const clientPort = c2s ? r.tcp.srcPort : r.tcp.dstPort;
    const key = `${clientPort} ${c2s ? 'c2s' : 's2c'}`;
    if (r.tcp.flags & FLAG.SYN) iss.set(key, r.tcp.seq);
    if (r.payload.length === 0) continue;
    const start = (r.tcp.seq - iss.get(key)! - 1 + 2 ** 32) % 2 ** 32;
    const bytes = parts.get(key) ?? new Map<number, number>();
    parts.set(key, bytes);
    r.payload.forEach((b, i) => {
      const had = bytes.get(start + i);
      if (had !== undefined && had !== b) throw new Error(`${key}: byte ${start + i} differs on resend`);
      bytes.set(start + i, b);
    });
  }
  const out = new Map<number, Streams>();
  const array = (bytes: Map<number, number> | undefined) => {
    let length = 0;
    bytes?.forEach((_, i) => (length = Math.max(length, i + 1)));
    const a = new Uint8Array(length);
    bytes?.forEach((b, i) => (a[i] = b));
    return a;
  };
  for (const key of iss.keys()) {
    const port = Number(key.split(' ')[0]);
    out.set(port, { c2s: array(parts.get(`${port} c2s`)), s2c: array(parts.get(`${port} s2c`)) });
  }
  return out;
}

export interface Message {
  start: string;
  headers: Map<string, string>;
  headBytes: number;
  body: Uint8Array;
}

/**
 * The messages of one direction. Responses take their body length from Content-Length, except
 * 304s and answers to HEAD (`methods` lists the requests' methods in order). Throws on anything
 * that is not a well-formed message or a body longer than what is left (a stream cut short).
 */
export function parseMessages(stream: Uint8Array, methods?: string[]): Message[] {
  const text = new TextDecoder('latin1').decode(stream);
  const out: Message[] = [];
  let at = 0;
  while (at < text.length) {
    const end = text.indexOf('\r\n\r\n', at);
    if (end < 0) throw new Error(`no end of head at ${at}: ${JSON.stringify(text.slice(at, at + 40))}`);
    const [start, ...lines] = text.slice(at, end).split('\r\n');
    if (!/^(GET|HEAD) \/\S* HTTP\/1\.[01]$|^HTTP\/1\.[01] \d{3} [A-Za-z ]+$/.test(start.trimEnd()))
      throw new Error(`bad start line ${JSON.stringify(start)}`);
    const headers = new Map<string, string>();
    for (const line of lines) {
      const m = /^([A-Za-z-]+): ?(.*)$/.exec(line);
      if (!m) throw new Error(`bad header line ${JSON.stringify(line)}`);
      headers.set(m[1].toLowerCase(), m[2].trim());
    }
    const headBytes = end + 4 - at;
    const isResponse = start.startsWith('HTTP/');
    const answersHead = isResponse && methods?.[out.length] === 'HEAD';
    const bodyless = !isResponse || answersHead || / 304 /.test(start);
    const bodyBytes = bodyless ? 0 : Number(headers.get('content-length'));
    if (!Number.isInteger(bodyBytes)) throw new Error(`no Content-Length in ${start}`);
    const bodyStart = at + headBytes;
    if (bodyStart + bodyBytes > stream.length) throw new Error(`body of ${start} runs past the stream`);
    out.push({ start, headers, headBytes, body: stream.subarray(bodyStart, bodyStart + bodyBytes) });
    at = bodyStart + bodyBytes;
  }
  return out;
}
