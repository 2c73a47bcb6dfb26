import { describe, expect, it } from 'vitest';
import { parseQuery } from '../src/scenario';
import { LINKS } from '../src/scenario/links';
import { linkHelp } from '../src/ui/controls/fieldModel';

const helpFor = (query: string) => linkHelp(parseQuery(query).config.settings);

describe('the link type help', () => {
  it("is the link type's own sentence while the link's figures are its own", () => {
    const ethernet = LINKS.find((l) => l.key === 'ethernet10')!;
    expect(helpFor('')).toBe(ethernet.help);
    // Setting a figure to the link's own value changes nothing the sentence says.
    expect(helpFor('bw=10000000')).toBe(ethernet.help);
  });

  it('says which figures the scenario sets before describing the link type as it comes', () => {
    const help = helpFor('preset=langley-quic');
    expect(help).toMatch(/^10 Mb\/s Ethernet LAN, RTT set to 250 ms \(the link's: 0\.35 ms\)\. Unchanged,/);
    expect(help).toContain('well under a millisecond');
    expect(help).not.toMatch(/^A 1990s office LAN/);
    expect(helpFor('link=ppp28k&bw=56000&mss=536')).toMatch(
      /^28\.8k modem.*, bandwidth set to 56 kb\/s \(the link's: 28\.8 kb\/s\) and MSS set to 536 bytes \(the link's: 1460 bytes\)\. Unchanged, the link type is a dial-up modem/,
    );
  });

  it('reads on from "Unchanged, the link type is" for every link', () => {
    for (const link of LINKS) expect(link.help, link.key).toMatch(/^An? /);
  });
});
