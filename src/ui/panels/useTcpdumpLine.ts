// A packet's tcpdump line: its name for assistive technology and the hover tip's text. Its code
// loads after the first picture, which does not need it (until then a packet is named in words).
import { useEffect, useState } from 'react';
import { afterFirstPicture } from '../perf';

type TcpdumpLine = typeof import('../../engine/tcpdump').formatTcpdumpLine;

let loaded: TcpdumpLine | null = null;
let loading: Promise<TcpdumpLine> | null = null;

export function useTcpdumpLine(): TcpdumpLine | null {
  const [line, setLine] = useState(() => loaded);
  useEffect(() => {
    if (line) return;
    let live = true;
    loading ??= afterFirstPicture()
      .then(() => import('../../engine/tcpdump'))
      .then((m) => (loaded = m.formatTcpdumpLine));
    void loading.then((f) => live && setLine(() => f));
    return () => {
      live = false;
    };
  }, [line]);
  return line;
}
