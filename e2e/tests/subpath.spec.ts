import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { cliRoute } from '../fixtures/cli';
import { expect, expectCount, test } from '../fixtures/explorer';

// Flow: a department publishes `make dist PUBLIC_URL=/courses/icnplay/` on a plain static
// server under that sub-path. `make test` builds that copy into target/dist-subpath (the
// wasm is the one already compiled: only wasm-bindgen and wasm-opt run again); this spec
// serves it with serve.mjs on its own port and checks that every asset link is absolute
// under the sub-path and that the views, the worker and embed.js work from there.

const SUBPATH = '/courses/icnplay/';
const ROOT = path.resolve(__dirname, '..', '..', 'target', 'dist-subpath');
const PORT = Number(process.env.E2E_SUBPATH_PORT ?? Number(process.env.E2E_PORT ?? 8091) + 2000);
const SITE = `http://127.0.0.1:${PORT}${SUBPATH}`;

let server: ChildProcess | undefined;

test.use({ baseURL: SITE });

test.beforeAll(async () => {
  if (!existsSync(path.join(ROOT, 'index.html'))) {
    throw new Error(
      `${ROOT}/index.html missing: build it with \`trunk build --release --public-url ${SUBPATH} --dist target/dist-subpath\` (make test does)`,
    );
  }
  server = spawn('node', [path.join(__dirname, '..', 'serve.mjs'), '--port', String(PORT), '--root', ROOT, '--prefix', SUBPATH], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // Ready when it says where it serves.
  await new Promise<void>((resolve, reject) => {
    server!.stdout!.on('data', (d: Buffer) => d.toString().includes('serving') && resolve());
    server!.on('exit', (code) => reject(new Error(`serve.mjs exited with ${code}`)));
  });
});

test.afterAll(() => {
  server?.kill('SIGTERM');
});

test('a dist built for an absolute sub-path works there', async ({ page }) => {
  const html = readFileSync(path.join(ROOT, 'index.html'), 'utf8');
  const links = [...html.matchAll(/(?:href|src)="([^"]+)"/g)].map((m) => m[1]).filter((u) => !u.startsWith('data:'));
  // Trunk's links are absolute under the sub-path; page.js is relative to the page.
  expect(links.filter((u) => u !== 'page.js').every((u) => u.startsWith(SUBPATH)), links.join(' ')).toBe(true);

  const cli = cliRoute('hypercube:n=5', '00000', '11010', 'minimal');
  await page.goto(`${SITE}?view=route&t=hypercube:n=5&from=00000&to=11010&s=minimal`);
  await expect(page.getByTestId('distance')).toHaveText(cli.distance);
  await expectCount(page.getByTestId('path-count'), cli.pathCount);
  // The worker (a job of the Papers view) and page.js's theme, from the sub-path.
  await page.goto(`${SITE}index.html?view=papers&paper=lens&theme=dark`);
  await expect(page.getByTestId('paper-counts')).toHaveText(/^\d+ \d+ 0$/, { timeout: 60_000 });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  // embed.js from the sub-path builds frames of the sub-path.
  await page.goto(`${SITE}?view=route`);
  await page.evaluate((site) => {
    const div = document.createElement('div');
    div.setAttribute('data-icnplay', 'view=join');
    document.body.appendChild(div);
    const s = document.createElement('script');
    s.src = `${site}embed.js`;
    document.body.appendChild(s);
  }, SITE);
  await expect(page.locator('iframe[data-icnplay-frame]')).toHaveAttribute('src', new RegExp(`^${SITE}\\?view=join&`));
  await expect(page.frameLocator('iframe[data-icnplay-frame]').getByTestId('view-join')).toBeVisible();
});
