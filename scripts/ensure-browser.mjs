#!/usr/bin/env node
// Makes sure Playwright has a Chromium to drive before `playwright test` runs.
// Order: CHROMIUM_PATH / /usr/bin/chromium -> Playwright's own browser -> apt-get (root on Debian) -> fail.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';
const log = (msg) => console.log(`ensure-browser: ${msg}`);

function systemChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    log(`CHROMIUM_PATH=${fromEnv} does not exist; looking elsewhere`);
  }
  return existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : null;
}

async function playwrightChromium() {
  try {
    const { chromium } = await import('@playwright/test');
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

function canApt() {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  return (
    process.platform === 'linux' &&
    isRoot &&
    existsSync('/etc/debian_version') &&
    (existsSync('/usr/bin/apt-get') || existsSync('/bin/apt-get'))
  );
}

function aptInstall() {
  log('no Chromium found; installing Debian chromium with apt-get');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const steps = [
    ['apt-get', ['update']],
    ['apt-get', ['install', '-y', '--no-install-recommends', 'chromium', 'fonts-liberation']],
  ];
  for (const [cmd, args] of steps) {
    const r = spawnSync(cmd, args, { stdio: 'inherit', env });
    if (r.status !== 0) return false;
  }
  return existsSync(SYSTEM_CHROMIUM);
}

const found = systemChromium() ?? (await playwrightChromium());
if (found) {
  log(`using ${found}`);
} else if (canApt() && aptInstall()) {
  log(`installed ${SYSTEM_CHROMIUM}`);
} else {
  console.error(
    'ensure-browser: no Chromium found - install one (Debian: `apt-get install chromium`; elsewhere: ' +
      '`npx playwright install chromium`) or set CHROMIUM_PATH to a Chromium/Chrome executable.',
  );
  process.exit(1);
}
