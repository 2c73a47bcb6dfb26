// TCP behind the transport seam: endpoints with their stall labeller, and segments described
// as packet records (20 IP + 20 TCP header bytes, plus options on a SYN).
import type { Transport } from '../transport';
import { TcpEndpoint } from './endpoint';
import type { Segment } from './segment';
import { StallLabeller } from './stalls';

const IP_TCP_HEADER_BYTES = 40;

/** MSS (4 bytes) and NOP + window scale (4 bytes) on a SYN; NOP NOP + SACK-permitted or SACK blocks. */
function optionBytes(seg: Segment): number {
  const sack = seg.sackBlocks ? 4 + 8 * seg.sackBlocks.length : seg.sackPermitted ? 4 : 0;
  return (seg.mssOption !== undefined ? 4 : 0) + (seg.wscaleOption !== undefined ? 4 : 0) + sack;
}

export const tcpTransport: Transport<Segment> = {
  endpoint({ sim, sink, conn, side, params, hooks, linkIdleAt }) {
    const end = new TcpEndpoint(sim, sink, conn, side, params, hooks);
    end.observe(new StallLabeller(sink, conn, side, sim, linkIdleAt));
    return end;
  },

  ipBytes(seg) {
    return IP_TCP_HEADER_BYTES + optionBytes(seg) + seg.len;
  },

  record(seg, w) {
    const optionBytes = w.ipBytes - IP_TCP_HEADER_BYTES - seg.len; // optionBytes(seg), as ipBytes counted it
    if (optionBytes === 0 && w.drop === undefined) {
      // Most packets: no options (so no option fields), not dropped. The fields that would be
      // undefined are left out (40 bytes a packet); the rest keep their order, so the record
      // reads and serializes the same.
      return {
        id: 0,
        conn: w.conn,
        dir: w.dir,
        seq: seg.seq,
        ack: seg.ack,
        flags: seg.flags,
        win: seg.win,
        len: seg.len,
        optionBytes,
        reason: seg.reason,
        sendNs: w.sendNs,
        arriveNs: w.arriveNs,
        ipBytes: w.ipBytes,
        wireBytes: w.wireBytes,
      };
    }
    return {
      id: 0,
      conn: w.conn,
      dir: w.dir,
      seq: seg.seq,
      ack: seg.ack,
      flags: seg.flags,
      win: seg.win,
      len: seg.len,
      optionBytes,
      mssOption: seg.mssOption,
      wscaleOption: seg.wscaleOption,
      sackPermitted: seg.sackPermitted,
      sackBlocks: seg.sackBlocks,
      reason: seg.reason,
      sendNs: w.sendNs,
      arriveNs: w.arriveNs,
      drop: w.drop,
      ipBytes: w.ipBytes,
      wireBytes: w.wireBytes,
    };
  },

  established(end, side, record) {
    const shift = (end as TcpEndpoint).rcvScale;
    if (side === 'client') record.clientWscale = shift;
    else record.serverWscale = shift;
  },
};
