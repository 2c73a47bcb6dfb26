import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// Use a system Chromium when there is one (CI, Debian); otherwise Playwright's own browser.
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const executablePath = existsSync(chromiumPath) ? chromiumPath : undefined;

// PORT lets two checkouts run their browser tests side by side.
const PORT = Number(process.env.PORT) || 4173;

export default defineConfig({
  testDir: 'e2e',
  // One retry in CI only: a real regression fails twice; a timing hiccup on a loaded machine does not sink a run.
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  forbidOnly: !!process.env.CI,
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'off',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          ...(executablePath ? { executablePath } : {}),
          args: [
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
            '--disable-gpu',
          ],
        },
      },
    },
  ],
  webServer: {
    command: `npx vite build && npx vite preview --port ${PORT} --strictPort`,
    url: `http://localhost:${PORT}`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
  },
});
