// The run's trace as files, from the same pure writers the CLI uses (--pcap, --format).
import { buildHar } from '../../engine/har';
import { buildQlog } from '../../engine/qlog';
import type { HttpParams } from '../../engine/params';
import { writePcap } from '../../engine/pcap';
import { formatTcpdump } from '../../engine/captureFile';
import type { Trace } from '../../engine/trace';

export function pcapBlob(trace: Trace, http: HttpParams): Blob {
  const bytes = writePcap(trace, http);
  // Copy into a plain ArrayBuffer: Blob wants ArrayBuffer-backed views.
  return new Blob([new Uint8Array(bytes)], { type: 'application/vnd.tcpdump.pcap' });
}

export function tcpdumpBlob(trace: Trace): Blob {
  return new Blob([formatTcpdump(trace)], { type: 'text/plain;charset=utf-8' });
}

export function jsonBlob(trace: Trace): Blob {
  return new Blob([`${JSON.stringify(trace)}\n`], { type: 'application/json' });
}

export function harBlob(trace: Trace, http: HttpParams, title: string): Blob {
  return new Blob([`${JSON.stringify(buildHar(trace, http, title), null, 1)}\n`], {
    type: 'application/json',
  });
}

/** An HTTP/3 run's qlog (JSON-SEQ, saved as .sqlog); the menu offers it only for QUIC runs. */
export function qlogBlob(trace: Trace, title: string): Blob {
  // The qlog main schema's Media Type for JSON-SEQ (draft-ietf-quic-qlog-main-schema-05 6.2).
  return new Blob([buildQlog(trace, title) ?? ''], { type: 'application/qlog+json-seq' });
}
