import { defineConfig } from '@playwright/test';
import { COURSE_PORT } from './fixtures/course';

// The suite runs against the release build in ../dist, served by serve.mjs (not trunk serve,
// which keeps 8080). E2E_PREFIX serves the site under a sub-path, for a dist/ built with
// `make dist PUBLIC_URL=/icnplay/`; tests navigate with relative URLs ('./?view=...') so the
// same specs run under either.
const port = Number(process.env.E2E_PORT ?? 8091);
const prefix = `/${(process.env.E2E_PREFIX ?? '/').replace(/^\/+|\/+$/g, '')}/`.replace('//', '/');
const baseURL = `http://127.0.0.1:${port}${prefix}`;
const ci = !!process.env.CI;

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  forbidOnly: ci,
  // One retry on CI: a test that fails and then passes is reported as "flaky" with both
  // runs' errors (console errors carry the page URL), so the flake is seen, not hidden.
  retries: ci ? 1 : 0,
  workers: 2,
  reporter: 'list',
  use: {
    baseURL,
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    // Debian's Chromium; Playwright never downloads a browser here.
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    // A trace snapshots the page at every action, which slows every test (docs/development.md),
    // so only a retry records one: on CI a failing test is run again, traced. Locally,
    // `--trace on` records every test.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  projects: [{ name: 'main' }],
  webServer: [
    {
      command: `node serve.mjs --port ${port} --prefix ${prefix}`,
      url: baseURL,
      reuseExistingServer: !ci,
      timeout: 20_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    // The example course-notes page (fixtures/course/), on another port: another origin that
    // embeds the site's views (tests/course.spec.ts).
    {
      command: `node serve.mjs --port ${COURSE_PORT} --root fixtures/course --prefix /`,
      url: `http://127.0.0.1:${COURSE_PORT}/`,
      reuseExistingServer: !ci,
      timeout: 20_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
