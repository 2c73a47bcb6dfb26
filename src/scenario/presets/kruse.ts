// Kruse et al. 1998: HTTP/1.0 over a geostationary satellite (NASA ACTS). The paper's figures
// are graphs without numbers in the text; its findings are listed as claims (kruseTexts.ts),
// which the tests check against the engine's shape.
import type { Preset } from '../presetTypes';

const HOSTS =
  'link=geo&req=300&hdr=250&iw=1&ssr=bsd&stack=netbsd12&nagle=0&flush=none&window=16384&sndbuf=98304&sprocs=5&maxspare=10&maxreq=100&katimeout=60&stale=1&sthink=5&cthink=5&loads=5&pages=kruse';

const PAGES = [
  ['lerc', '/LeRC: 4 elements, 48 KB'],
  ['acts', '/acts: 9 elements, 99 KB, two large ones'],
  ['oufr', '/oufr: 10 elements, 491 KB'],
  ['test', '/Test: 28 elements, 28 KB'],
] as const;

export const KRUSE_PRESETS: Preset[] = PAGES.map(([key, title]) => ({
  id: `kruse-${key}`,
  title: `${title} over a satellite (Kruse Figs 2, 5-7)`,
  paper: 'kruse',
  source: 'Kruse, Allman, Griner, Tran 1998, Figs 2, 5, 6, 7; Table 1',
  query: `${HOSTS}&page=kruse-${key}&http=1.0ka&conns=4`,
  published: [],
}));
