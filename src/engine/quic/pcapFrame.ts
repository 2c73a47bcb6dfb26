// A QUIC datagram as an Ethernet frame for the pcap (pcap.ts): IPv4, UDP (checksum 0: optional
// over IPv4, RFC 768), and the QUIC packets' bytes (pcapPackets.ts).
import { CLIENT_IP, CLIENT_MAC, SERVER_IP, SERVER_MAC } from '../pcap';
import type { PacketRecord } from '../trace';

const ETHERNET = 14;
const IP = 20;
const UDP = 8;

function ipChecksum(header: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < header.length; i += 2) sum += (header[i] << 8) | header[i + 1];
  while (sum > 0xffff) sum = (sum & 0xffff) + (sum >>> 16);
  return ~sum & 0xffff;
}

/** `payload`: the datagram's QUIC bytes, ipBytes less 28 of them. */
export function udpFrame(
  packet: PacketRecord,
  ports: { src: number; dst: number },
  ipId: number,
  payload: Uint8Array,
): Uint8Array {
  if (payload.length !== packet.ipBytes - IP - UDP)
    throw new Error(
      `packet ${packet.id}: ${payload.length} QUIC bytes for a ${packet.ipBytes}-byte datagram`,
    );
  const frame = new Uint8Array(ETHERNET + packet.ipBytes);
  const view = new DataView(frame.buffer);
  const c2s = packet.dir === 'c2s';
  frame.set(c2s ? SERVER_MAC : CLIENT_MAC, 0);
  frame.set(c2s ? CLIENT_MAC : SERVER_MAC, 6);
  view.setUint16(12, 0x0800);
  const ip = ETHERNET;
  frame[ip] = 0x45;
  view.setUint16(ip + 2, packet.ipBytes);
  view.setUint16(ip + 4, ipId & 0xffff);
  view.setUint16(ip + 6, 0x4000); // DF: QUIC datagrams are not fragmented (RFC 9000 14)
  frame[ip + 8] = 64;
  frame[ip + 9] = 17; // UDP
  frame.set(c2s ? CLIENT_IP : SERVER_IP, ip + 12);
  frame.set(c2s ? SERVER_IP : CLIENT_IP, ip + 16);
  view.setUint16(ip + 10, ipChecksum(frame.subarray(ip, ip + IP)));
  const udp = ip + IP;
  view.setUint16(udp, ports.src);
  view.setUint16(udp + 2, ports.dst);
  view.setUint16(udp + 4, packet.ipBytes - IP);
  frame.set(payload, udp + UDP);
  return frame;
}
