// Under the link type: the chosen link's figures and where they come from, with the overrides
// in force marked, so a student sees what "10 Mb Ethernet" means in numbers.
import { linkPreset } from '../../scenario/links';
import type { Settings } from '../../scenario/schema';
import { formatBitRate, UNIT_SPACE } from '../../views/format';

export function LinkSummary({ settings }: { settings: Settings }) {
  let link;
  try {
    link = linkPreset(settings.link);
  } catch {
    return null;
  }
  const bw = settings.bw ?? link.bandwidthBps;
  const rtt = settings.rtt ?? link.rttMs;
  const mss = settings.mss ?? link.mssBytes;
  const mark = (overridden: boolean) => (overridden ? ' (set)' : '');
  return (
    <p className="link-summary" data-link-summary="">
      <strong>{formatBitRate(bw)}</strong>
      {mark(settings.bw !== null)} · <abbr title="round-trip time">RTT</abbr>{' '}
      <strong>{`${rtt}${UNIT_SPACE}ms`}</strong>
      {mark(settings.rtt !== null)} ·{' '}
      <abbr title="maximum segment size: the most data one TCP segment carries">MSS</abbr> {mss} B
      {mark(settings.mss !== null)}
      <span className="link-source">{link.source}</span>
    </p>
  );
}
