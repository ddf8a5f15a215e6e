import { defineConfig } from '@playwright/test';

// The browser benchmark (`make bench-browser`; docs/benchmarks.md): not part of `make test`,
// whose config reads ../tests only. Serves ../dist at the root of BENCH_PORT and runs
// browser.bench.ts, one test at a time, which writes ../../docs/benchmarks-browser.md.
const port = Number(process.env.BENCH_PORT ?? 8099);

export default defineConfig({
  testDir: '.',
  testMatch: '*.bench.ts',
  outputDir: '../test-results/bench',
  timeout: 600_000,
  workers: 1,
  fullyParallel: false,
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}/`,
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    },
  },
  webServer: {
    command: `node ../serve.mjs --port ${port} --root ../dist --prefix / --gzip`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 20_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
