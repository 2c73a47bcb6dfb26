// The run's trace as files, from the same pure writers the CLI uses (--pcap, --format).
import { writePcap } from '../../engine/pcap';
import { formatTcpdump } from '../../engine/tcpdump';
import type { Trace } from '../../engine/trace';

export function pcapBlob(trace: Trace): Blob {
  const bytes = writePcap(trace);
  // Copy into a plain ArrayBuffer: Blob wants ArrayBuffer-backed views.
  return new Blob([new Uint8Array(bytes)], { type: 'application/vnd.tcpdump.pcap' });
}

export function tcpdumpBlob(trace: Trace): Blob {
  return new Blob([formatTcpdump(trace)], { type: 'text/plain;charset=utf-8' });
}

export function jsonBlob(trace: Trace): Blob {
  return new Blob([`${JSON.stringify(trace)}\n`], { type: 'application/json' });
}

/** roundtrip.pcap for side A, roundtrip-b.pcap for side B. */
export function fileName(side: 'a' | 'b', extension: string, view?: string): string {
  return `roundtrip${view ? `-${view}` : ''}${side === 'b' ? '-b' : ''}.${extension}`;
}
