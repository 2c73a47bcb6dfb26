// First: it adjusts the renderer before anything renders.
import './ui/preactOptions';
import { StrictMode, Suspense, lazy } from 'react';
import { createRoot } from 'react-dom/client';
import App from './ui/App';
import { isEmbed, unescapedQuery } from './ui/share/openingLink';
import { speltQuery } from './scenario/codec';
import { loadForLink } from './ui/lessons/openGuides';
import { startTheme } from './ui/theme';
import { afterFirstPicture } from './ui/perf';

// A link pasted from HTML (`&amp;` between its keys), or with a name in capitals or a stray space,
// is read as the link it stands for; the address bar shows that link, so everything below (which
// lesson or sweep to load, whether it is an embed), and Back to this entry, reads it.
{
  const search = speltQuery(unescapedQuery(window.location.search));
  if (search !== window.location.search)
    window.history.replaceState(
      window.history.state,
      '',
      `${window.location.pathname}${search}${window.location.hash}`,
    );
}

// A link to a panel (`#waterfall`), read before the page writes its own link (without the hash).
const panelLink = decodeURIComponent(window.location.hash.slice(1));

// Before the first render, so the page never paints in the wrong theme.
startTheme(window.location.search);

const root = document.getElementById('root');
if (!root) throw new Error('index.html is missing <div id="root">');

// `embed=1` (for an iframe) gets the chrome-less page; everything else the full lab.
const embed = isEmbed(Object.fromEntries(new URLSearchParams(window.location.search)));

// What only some links need loads on demand, before the first render, so such a link still opens
// straight into it: the embed page, and what the link names (loadForLink). Should a load fail,
// the lab stands in for the embed, the notice names the lesson it could not open, and a preset
// shows its title, source and figures alone.
const ready = Promise.all([
  embed
    ? import('./ui/embed/EmbedApp').then(
        (m) => m.default,
        () => App,
      )
    : App,
  loadForLink(window.location.search, embed),
]);
// The offline copy and the "new version" notice wait for the first picture, which needs neither.
// Until the page has said which build it runs, the worker keeps every build's files (public/sw.js),
// so the wait loses nothing; should their code fail to load, the page works the same without it.
const UpdateNotice = lazy(() =>
  afterFirstPicture()
    .then(() => import('./ui/UpdateNotice'))
    .then(
      (m) => {
        if (import.meta.env.PROD) m.registerServiceWorker();
        return m;
      },
      () => ({ default: () => null }),
    ),
);

void ready.then(([Page]) =>
  createRoot(root).render(
    <StrictMode>
      <Page />
      <Suspense fallback={null}>
        <UpdateNotice />
      </Suspense>
    </StrictMode>,
  ),
);

// Only such a link loads the code that scrolls to its panel once the run has drawn it.
if (panelLink && !embed) void import('./ui/scrollToPanel').then((m) => m.scrollToPanel(panelLink));
