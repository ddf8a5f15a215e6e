import type { Page } from '@playwright/test';
import { icn } from '../fixtures/cli';
import { expect, test } from '../fixtures/explorer';

// Flow: the computing worker dies under a job (a WebAssembly trap: out of memory, or a panic
// it reports first). The view says what happened where the result would be, keeps every
// input and everything else on the page, and offers Retry, which runs the job again in a
// fresh worker.
//
// The worker is made to fail by serving, in place of its script (icn-worker_loader.js), one
// that announces itself ready and then traps on the first request, as a wasm instance that
// runs out of memory does. Removing that route and pressing Retry loads the real worker.

const LOADER = '**/icn-worker_loader.js';

/** A worker that loads, then traps on the first job (after a panic message if `panic`). */
function failing(panic: string | null): string {
  const report = panic === null ? '' : `self.postMessage(JSON.stringify({ panicked: { message: ${JSON.stringify(panic)} } }));`;
  return `self.postMessage(JSON.stringify('ready'));
self.onmessage = () => { ${report} throw new WebAssembly.RuntimeError('unreachable'); };`;
}

/** A worker that loads, then answers every request with `reply`, a JavaScript expression
 * that may use the request's `id`. */
function replying(reply: string): string {
  return `self.postMessage(JSON.stringify('ready'));
self.onmessage = (e) => {
  const id = JSON.parse(e.data).id;
  self.postMessage(JSON.stringify(${reply}));
};`;
}

/** Serves `body` in place of the worker's script. */
async function serveWorker(page: Page, body: string): Promise<void> {
  await page.route(LOADER, (route) =>
    route.fulfill({ contentType: 'text/javascript', headers: { 'cache-control': 'no-store' }, body }),
  );
}

async function breakWorker(page: Page, panic: string | null = null): Promise<void> {
  await serveWorker(page, failing(panic));
}


// The real worker starts without a word in the console: Trunk's loader shim passed
// wasm-bindgen's init a bare path, which warned "using deprecated parameters" once per worker
// (static/icn-worker_loader.js passes the one-object form).
test('the worker starts and answers without a console warning', async ({ page }) => {
  const said: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') said.push(m.text());
  });
  await page.goto('./?view=compare&t1=torus:k=4x4&t2=hypercube:n=4');
  // torus:k=4x4's average distance over ordered pairs of distinct nodes: 32 / 15.
  await expect(page.getByTestId('compare-table')).toContainText('2.1333');
  expect(said).toEqual([]);
});

test('out of memory in the explorer: the reason, the inputs kept, Retry computes', async ({ page, explorer }) => {
  test.setTimeout(120_000);
  // Over the page's budget: its exact metrics run in the worker after Compute (cost-gate.spec;
  // MDF(20,20) has no symmetry the planner uses).
  const spec = 'mdf:k=20,m=20';
  const cli = JSON.parse(icn('info', spec)) as { diameter: number };
  await breakWorker(page);
  await explorer.goto(`./?view=route&t=${encodeURIComponent(spec)}`);
  await expect(explorer.distance).toHaveText(/^\d+$/);
  const distance = await explorer.distance.textContent();
  const [from, to] = [await explorer.from.inputValue(), await explorer.to.inputValue()];
  const url = page.url();

  await page.getByTestId('cost-compute').click();
  const crashed = page.getByTestId('job-crashed');
  await expect(crashed).toBeVisible();
  await expect(crashed).toContainText('most likely out of memory');
  await expect(crashed).toContainText('RuntimeError: unreachable');
  await expect(crashed).toContainText('Your inputs are kept');
  // Nothing else is lost: the route, the fields, the address; no panic panel.
  await expect(explorer.distance).toHaveText(distance ?? '');
  await expect(explorer.from).toHaveValue(from);
  await expect(explorer.to).toHaveValue(to);
  expect(page.url()).toBe(url);
  await expect(page.getByTestId('fatal-error')).toHaveCount(0);
  // The page still reacts: another pair routes at once.
  await explorer.to.fill(from);
  await expect(explorer.distance).toHaveText('0');
  await explorer.to.fill(to);
  await expect(explorer.distance).toHaveText(distance ?? '');

  // Retry in a fresh worker (the real one now) computes the metrics.
  await page.unroute(LOADER);
  await page.getByTestId('job-retry').click();
  await expect(crashed).toHaveCount(0);
  await expect(explorer.infoDiameter).toHaveText(String(cli.diameter), { timeout: 100_000 });
});

test('a panic in the worker: said to be a bug, with its message; Retry works', async ({ page }) => {
  test.setTimeout(120_000);
  await breakWorker(page, 'panicked at core/src/example.rs:1:1: an invariant broke');
  await page.goto('./?view=papers&paper=dragonfly');
  const crashed = page.getByTestId('job-crashed');
  await expect(crashed).toBeVisible();
  await expect(crashed).toContainText('internal error');
  await expect(crashed).toContainText('an invariant broke');
  await expect(crashed).toContainText('This is a bug');
  // The tabs still switch (the view is alive); the failed paper's job is the one retried.
  await expect(page.getByTestId('paper-tab-dragonfly')).toBeVisible();

  await page.unroute(LOADER);
  await page.getByTestId('job-retry').click();
  await expect(page.getByTestId('paper-score')).toBeVisible({ timeout: 100_000 });
  await expect(crashed).toHaveCount(0);
});

test('a worker that cannot load: the reason, and Retry once it can', async ({ page }) => {
  test.setTimeout(120_000);
  // A script that throws while loading, as a worker whose wasm cannot be compiled does.
  await serveWorker(page, "throw new Error('no wasm');");
  await page.goto('./?view=charts&chart=density&n=10');
  const crashed = page.getByTestId('job-crashed');
  await expect(crashed).toBeVisible();
  await expect(crashed).toContainText('could not start');
  await page.unroute(LOADER);
  await page.getByTestId('job-retry').click();
  await expect(crashed).toHaveCount(0);
  await expect(page.locator('[data-testid="view-charts"] canvas').first()).toBeVisible({ timeout: 100_000 });
});

test('a result that is not its job kind\'s type is a failure at the view, said to be a bug', async ({ page }) => {
  // The page reads a reply's envelope and leaves the result as JSON text until the view
  // reads it as its type: a reply whose envelope is sound but whose point is not a point
  // stops at the view that reads it, with the reason.
  test.setTimeout(60_000);
  await serveWorker(page, replying('{ done: { id, result: { packet_latency: null } } }'));
  await page.goto('./?view=sim&t=mesh:k=4x4&s=dor&vcs=2&buf=8&rates=0.1');
  const failed = page.getByTestId('sim-failed');
  await expect(failed).toContainText('a sim_point result this page cannot read');
  await expect(failed).toContainText('This is a bug');
  await expect(page.getByTestId('job-progress')).toHaveCount(0);
  await expect(page.getByTestId('sim-spec')).toHaveValue('mesh:k=4x4');
});

test('a reply the page cannot read ends the job at once, said to be a bug; Retry works', async ({ page }) => {
  // Issue 35: a simulation point whose reply carried a null latency left the view at
  // "cycle 1024 of at most 61000" for ever. A reply that cannot be read now ends its job.
  test.setTimeout(120_000);
  await serveWorker(page, replying('{ done: { packet_latency: null } }'));
  await page.goto('./?view=sim&t=mesh:k=4x4&s=dor&vcs=2&buf=8&rates=0.1');
  const crashed = page.getByTestId('job-crashed');
  await expect(crashed).toBeVisible();
  await expect(crashed).toContainText('cannot read');
  await expect(crashed).toContainText('This is a bug');
  await expect(page.getByTestId('job-progress')).toHaveCount(0);
  // The fields are kept, and Retry in the real worker draws the curve.
  await expect(page.getByTestId('sim-spec')).toHaveValue('mesh:k=4x4');
  await page.unroute(LOADER);
  await page.getByTestId('job-retry').click();
  await expect(crashed).toHaveCount(0);
  await expect(page.getByTestId('sim-done')).toBeVisible({ timeout: 100_000 });
});
