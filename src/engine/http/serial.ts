// The simplest HTTP-like application: one connection carrying its exchanges one at a time.
// The client writes a request, the server reads it, thinks, and makes its writes (e.g. headers
// flushed alone, then 4 KB chunks); the next request follows once the response is complete.
import type { ConnectionScript } from '../params';
import type { Sim } from '../sim';
import type { AppHandlers, ConnectionPair } from '../network';
import type { AppEventKind, ExchangeRecord, Side, StallCause, Trace } from '../trace';
import type { Bytes, Nanoseconds } from '../units';
import { AppWriter } from './writer';

export function serialApp(sim: Sim, trace: Trace, script: ConnectionScript, pair: ConnectionPair): AppHandlers {
  const conn = pair.conn;
  const clientWriter = new AppWriter(pair.client);
  const serverWriter = new AppWriter(pair.server);
  const responseBytes = script.exchanges.map((e) => e.responseWrites.reduce((a, b) => a + b, 0));
  const records: ExchangeRecord[] = script.exchanges.map((e, index) => ({
    conn,
    index,
    label: e.label,
    requestBytes: e.requestBytes,
    responseBytes: responseBytes[index],
    startNs: -1,
    endNs: null,
  }));
  let clientExchange = 0; // the exchange whose response the client awaits
  let clientReceived = 0;
  let serverExchange = 0; // the exchange whose request the server is reading
  let serverReceived = 0;

  const event = (side: Side, kind: AppEventKind, exchange: number, bytes?: Bytes) =>
    trace.events.push({ atNs: sim.now, conn, side, kind, exchange, bytes });
  const stall = (side: Side, startNs: Nanoseconds, cause: StallCause) => {
    if (sim.now > startNs) trace.stalls.push({ conn, side, startNs, endNs: sim.now, cause });
  };

  function sendRequest(i: number): void {
    const readyNs = sim.now;
    sim.after(script.exchanges[i].clientThinkNs, () => {
      stall('client', readyNs, 'client-think');
      records[i].startNs = sim.now;
      trace.exchanges.push(records[i]);
      event('client', 'request-write', i, script.exchanges[i].requestBytes);
      clientWriter.write(script.exchanges[i].requestBytes);
    });
  }

  function serveRequest(i: number): void {
    const ex = script.exchanges[i];
    const readNs = sim.now;
    event('server', 'request-read', i, ex.requestBytes);
    sim.after(ex.serverThinkNs, () => {
      stall('server', readNs, 'server-think');
      for (const bytes of ex.responseWrites) {
        event('server', 'response-write', i, bytes);
        serverWriter.write(bytes);
      }
      if (i === script.exchanges.length - 1 && script.closer === 'server') {
        serverWriter.whenDrained(() => (script.closeStyle === 'full' ? pair.server.close() : pair.server.shutdown()));
      }
    });
  }

  function onClientData(bytes: Bytes): void {
    clientReceived += bytes;
    while (clientExchange < records.length && clientReceived >= responseBytes[clientExchange]) {
      clientReceived -= responseBytes[clientExchange];
      records[clientExchange].endNs = sim.now;
      event('client', 'response-done', clientExchange, responseBytes[clientExchange]);
      clientExchange++;
      if (clientExchange < records.length) sendRequest(clientExchange);
      else if (script.closer === 'client') {
        if (script.closeStyle === 'full') pair.client.close();
        else pair.client.shutdown();
      }
    }
  }

  function onServerData(bytes: Bytes): void {
    serverReceived += bytes;
    while (serverExchange < records.length && serverReceived >= script.exchanges[serverExchange].requestBytes) {
      serverReceived -= script.exchanges[serverExchange].requestBytes;
      serveRequest(serverExchange);
      serverExchange++;
    }
  }

  const connectNs = sim.now;
  return {
    onEstablished(side) {
      if (side === 'client') {
        stall('client', connectNs, 'handshake');
        if (records.length > 0) sendRequest(0);
      }
    },
    onDeliver(side, bytes) {
      if (side === 'client') onClientData(bytes);
      else onServerData(bytes);
    },
    onPeerFin(side) {
      // The other side closed: close ours too once our writes are in the socket.
      if (side === 'client') clientWriter.whenDrained(() => pair.client.close());
      else serverWriter.whenDrained(() => pair.server.close());
    },
    onWritable(side) {
      if (side === 'client') clientWriter.flush();
      else serverWriter.flush();
    },
  };
}
