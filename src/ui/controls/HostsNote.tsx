// Under the HTTP mode, for HTTP/2 and HTTP/3: whether HTTP over TCP here runs on today's hosts.
// QUIC always brings today's recovery and flow control, so HTTP/2 on the papers' hosts against
// HTTP/3 would teach that HTTP/3 is many times faster for reasons that are mostly the hosts'
// (the 2024 page over LTE: 10.8 s against 1.43 s; 1.44 s on today's hosts).
import { hostsBehindToday, todaysHostsPatch } from '../../scenario/hosts/today';
import type { ConfigKey, Settings } from '../../scenario/schema';
import { labelFor, optionName, valueText } from './fieldModel';

export function HostsNote({
  settings,
  onApply,
}: {
  settings: Settings;
  onApply: (patch: Partial<Settings>) => void;
}) {
  if (settings.http !== '2' && settings.http !== '3') return null;
  const behind = hostsBehindToday(settings);
  if (behind.length === 0) return null;
  return (
    <div className="hosts-note" data-hosts-note="" role="note">
      <p>
        {settings.http === '3'
          ? "HTTP/3 runs over QUIC, with today's loss recovery and flow control built in: the TCP settings do not apply. HTTP/2 and older would run over hosts that are not today's:"
          : "This HTTP/2 runs over TCP hosts that are not today's:"}
      </p>
      <ul>
        {behind.map((d) => (
          <li key={d.key}>
            {labelFor(d.key)}: {shown(d.key, d.now)} (today: {shown(d.key, d.today)})
          </li>
        ))}
      </ul>
      <p>
        {settings.http === '3'
          ? 'To compare HTTP/2 with HTTP/3 fairly, give it today\u2019s hosts first.'
          : 'HTTP/3 brings today\u2019s recovery and flow control whatever these say, so against it this compares the hosts as much as the protocols.'}
      </p>
      <button type="button" className="secondary" onClick={() => onApply(todaysHostsPatch(behind))}>
        Use today&rsquo;s hosts
      </button>
    </div>
  );
}

/** A value as the settings show it: an option by its name ("Default", "Linux"), else as the callout prints it. */
function shown(key: ConfigKey, value: Settings[ConfigKey]): string {
  const text = valueText(key, value);
  return optionName(key, text) || text;
}
