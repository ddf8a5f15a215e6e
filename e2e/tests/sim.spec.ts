import { icn } from '../fixtures/cli';
import { expect, test } from '../fixtures/explorer';

// Flow: somebody simulates a network: the curve of latency against offered load fills in
// point by point from the worker, stops where the network saturates, and its numbers are
// `icn sim`'s to the last digit (the simulator is seeded and deterministic natively and in
// wasm). Cancel keeps the points done; a routing that can deadlock is reported as such; a
// malformed field is said at its field.

/** A point of `icn sim`'s JSON (the result's fields beside the rate). */
interface CliPoint {
  rate: number;
  status: string;
  packet_latency: number;
  accepted: number;
}

test('an 8×8 mesh: the curve fills in, with the channel-load bound, as icn sim computes it', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('./?view=sim&t=mesh:k=8x8&s=dor&vcs=2&buf=8&rates=0.1,0.2,0.3');
  const rows = page.getByTestId('sim-table').locator('tbody tr');
  // The progress line, or a first row (both may show at once: either will do).
  await expect(page.getByTestId('sim-progress').or(rows.first()).first()).toBeVisible();
  await expect(page.getByTestId('sim-done')).toBeVisible({ timeout: 100_000 });
  const cli = JSON.parse(
    icn('sim', 'mesh:k=8x8', '--routing', 'dor', '--num-vcs', '2', '--vc-buf-size', '8', '--rates', '0.1,0.2,0.3', '--seed', '1'),
  ) as { points: CliPoint[] };
  const stable = cli.points.filter((p) => p.status === 'stable');
  expect(stable.length).toBeGreaterThanOrEqual(2);
  // The page stops at the first point past saturation; up to there, every point as the CLI's.
  const shown = await rows.count();
  expect(shown).toBe(Math.min(cli.points.length, stable.length + 1));
  for (let i = 0; i < shown; i++) {
    const cells = rows.nth(i).locator('td');
    const p = cli.points[i];
    await expect(cells.nth(2)).toHaveText(p.accepted.toFixed(3));
    if (p.status === 'stable') await expect(cells.nth(3)).toHaveText(p.packet_latency.toFixed(1));
    await expect(cells.nth(8)).toHaveText(p.status);
  }
  // 64 terminals, 64 endpoints; under dimension order the busiest channel carries 128 of the
  // ordered pairs' units (4 sources left of the bisection × 32 destinations right of it),
  // so r ≤ 64² / (64 · 128) = 0.5.
  await expect(page.getByTestId('sim-bound').first()).toHaveText('0.5000');
  await expect(page.getByTestId('sim-zero-load').first()).toContainText(`${stable[0].packet_latency.toFixed(2)} cycles`);
  // The chart, its downloads, and the channels drawn on the network.
  await expect(page.getByTestId('chart-canvas')).toBeVisible();
  await expect(page.getByTestId('chart-csv')).toHaveAttribute('href', /^data:text\/csv/);
  expect(await page.getByTestId('heat-edge').count()).toBeGreaterThan(50);
  await expect(page.getByTestId('sim-util-caption')).toContainText('Busiest');
  // A row's load shows its channels, in the URL.
  await rows.first().getByRole('button').click();
  await expect(page).toHaveURL(/[?&]at=0\.1(&|$)/);
  await expect(page.getByTestId('sim-util-caption')).toContainText('At offered load 0.1:');
});

test('Cancel keeps the points done; Continue goes on from there', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('./?view=sim&t=mesh:k=8x8&s=dor&rates=0.02:0.4:0.02');
  const rows = page.getByTestId('sim-table').locator('tbody tr');
  await expect(rows.first()).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('job-cancel').click();
  await expect(page.getByTestId('sim-stopped')).toBeVisible();
  const kept = await rows.count();
  expect(kept).toBeGreaterThanOrEqual(1);
  await page.waitForTimeout(1500);
  await expect(rows).toHaveCount(kept); // nothing runs while stopped
  await expect(page.getByTestId('sim-progress')).toHaveCount(0);
  await page.getByTestId('sim-continue').click();
  // Points run in parallel lanes: more than one may arrive at once.
  await expect.poll(() => rows.count(), { timeout: 60_000 }).toBeGreaterThan(kept);
});

test('a ring on one virtual channel deadlocks under load, and the page says so', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('./?view=sim&t=torus:k=8&s=dor&scheme=one&vcs=1&rates=0.4,0.8');
  const verdict = page.getByTestId('sim-deadlock');
  await expect(verdict).toBeVisible({ timeout: 100_000 });
  await expect(verdict).toContainText('Deadlock at load');
  await expect(page.getByTestId('sim-scheme-text')).toContainText('can deadlock');
  await expect(page.getByTestId('sim-table').locator('tbody tr').last()).toHaveAttribute('data-status', 'deadlocked');
  await expect(page.getByTestId('sim-deadlock-link')).toHaveAttribute('href', /view=deadlock.*scheme=one/);
  // No stable point: the table alone, said so, and no empty chart.
  await expect(page.getByTestId('sim-no-curve')).toBeVisible();
  await expect(page.getByTestId('chart-canvas')).toHaveCount(0);
});

// A curve that ends in a deadlock has not saturated; its summary says the deadlock ended it
// (it had said "not saturated up to the last load"). `icn sim 'mesh:k=4x4' --routing minimal
// --num-vcs 2 --vc-buf-size 8 --rates 0.25,0.3`: 0.25 stable, accepted 0.25285; 0.3 deadlocked.
test('a curve ended by a deadlock says so in its saturation line', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('./?view=sim&t=mesh:k=4x4&s=minimal&vcs=2&buf=8&rates=0.25,0.3');
  await expect(page.getByTestId('sim-deadlock')).toContainText('Deadlock at load 0.3', { timeout: 100_000 });
  await expect(page.getByTestId('sim-saturation')).toHaveText(
    '0.253 accepted, not saturated before the deadlock at load 0.3',
  );
});

test('malformed fields: each error at its field, nothing simulated', async ({ page }) => {
  await page.goto('./?view=sim&t=mesh:k=3x3&s=dor&vcs=two&rates=0:2&traffic=transpose');
  await expect(page.getByTestId('sim-vcs-error')).toContainText("'two'");
  await expect(page.getByTestId('sim-rates-error')).toContainText('FROM:TO:STEP');
  await expect(page.getByTestId('sim-vcs')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('sim-progress')).toHaveCount(0);
  await expect(page.getByTestId('sim-table')).toHaveCount(0);
  // Fixed one by one: the traffic that does not fit 9 endpoints is said at its field.
  await page.getByTestId('sim-vcs').fill('2');
  await page.getByTestId('sim-vcs').press('Enter');
  await page.getByTestId('sim-rates').fill('0.1');
  await page.getByTestId('sim-rates').press('Enter');
  await expect(page.getByTestId('sim-traffic-error')).toContainText('9');
  await page.getByTestId('sim-traffic').fill('uniform');
  await page.getByTestId('sim-traffic').press('Enter');
  await expect(page.getByTestId('sim-done')).toBeVisible({ timeout: 60_000 });
});

// Every field's trouble at once, each at its field: a number that does not read no longer
// hides the others' (packet size 0 showed nothing while the seed did not read), and a field
// out of range is not blamed on the empty "other keys" field ("num_vcs = : give …").
test('malformed fields: every error at once, none at a field left empty', async ({ page }) => {
  await page.goto('./?view=sim&t=mesh:k=4x4&s=dor&vcs=0&size=0&seed=x&traffic=bogus');
  await expect(page.getByTestId('sim-vcs-error')).toHaveText('num_vcs = 0: give 1 to 64');
  await expect(page.getByTestId('sim-size-error')).toHaveText('packet_size = 0: give 1 to 4096');
  await expect(page.getByTestId('sim-seed-error')).toContainText("'x' is not a whole number");
  // The field shows what its message quotes (a number input showed blank for 'x'), and
  // offers a numeric keyboard.
  await expect(page.getByTestId('sim-seed')).toHaveValue('x');
  await expect(page.getByTestId('sim-seed')).toHaveAttribute('inputmode', 'numeric');
  await expect(page.getByTestId('sim-traffic-error')).toContainText('bogus');
  await expect(page.getByTestId('sim-extra-error')).toHaveCount(0);
  await expect(page.getByTestId('sim-buf-error')).toHaveCount(0);
  await expect(page.getByTestId('sim-table')).toHaveCount(0);
});

test('two curves overlaid: a torus against a mesh', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('./?view=sim&t=torus:k=4x4&s=dor&rates=0.2,0.4&t2=mesh:k=4x4&s2=dor');
  await expect(page.getByTestId('sim-done')).toBeVisible({ timeout: 100_000 });
  // The chart is drawn in the task after the table's (ChartCanvas's `deferred`).
  const canvas = page.getByTestId('chart-canvas');
  await expect(canvas).toHaveAttribute('data-legend', /torus:k=4x4 · dor/);
  await expect(canvas).toHaveAttribute('data-legend', /mesh:k=4x4 · dor/);
  await expect(page.getByTestId('sim-facts').locator('li')).toHaveCount(2);
});

test('points in parallel workers: the curve and its CSV are icn sim --format csv to the digit', async ({ page }) => {
  test.setTimeout(120_000);
  // Four lanes whatever the machine (the page sizes its pool from hardwareConcurrency).
  await page.addInitScript(() => Object.defineProperty(navigator, 'hardwareConcurrency', { get: () => 4 }));
  await page.goto('./?view=sim&t=mesh:k=4x4&s=dor&vcs=2&buf=4&rates=0.1,0.2,0.3,0.4,0.5,0.6');
  // Several points run at once: the status says how many beside the first.
  await expect(page.getByTestId('sim-progress').or(page.getByTestId('sim-done')).first()).toBeVisible();
  await expect(page.getByTestId('sim-done')).toBeVisible({ timeout: 100_000 });
  const cli = icn(
    'sim', 'mesh:k=4x4', '--routing', 'dor', '--num-vcs', '2', '--vc-buf-size', '4', '--rates', '0.1,0.2,0.3,0.4,0.5,0.6', '--seed', '1', '--format', 'csv',
  ).trim().split('\n');
  const href = (await page.getByTestId('chart-csv').getAttribute('href')) ?? '';
  const csv = decodeURIComponent(href.slice(href.indexOf(',') + 1)).trim().split('\n');
  // The page's rows stop at the first point past saturation; each is the CLI's row.
  expect(csv.length).toBeGreaterThanOrEqual(3);
  expect(csv).toEqual(cli.slice(0, csv.length));
  const statuses = csv.slice(1).map((row) => row.split(',')[1]);
  expect(statuses.slice(0, -1).every((s) => s === 'stable')).toBe(true);
  if (csv.length < cli.length) expect(statuses[statuses.length - 1]).not.toBe('stable');
});

test('a keystroke that leaves the experiment as it was does not restart the running point', async ({ page }) => {
  test.setTimeout(120_000);
  await page.addInitScript(() => Object.defineProperty(navigator, 'hardwareConcurrency', { get: () => 1 }));
  // One point of a few seconds: a 16×16 mesh sampled over 4,000-cycle periods.
  await page.goto('./?view=sim&t=mesh:k=16x16&s=dor&vcs=2&rates=0.1,0.12&keys=sample_period%3D4000');
  const bar = page.getByTestId('sim-progress').locator('progress');
  await expect(bar).toHaveAttribute('value', /^[1-9]\d{3,}$/, { timeout: 60_000 });
  // Watch the bar's value from now on: a restart would send it back to 0.
  await page.evaluate(() => {
    const w = window as unknown as { __seen: number[] };
    w.__seen = [];
    const poll = () => {
      // Until the first point is in: then the bar is the next point's.
      if (document.querySelector('[data-testid="sim-table"] tbody tr')) return;
      const p = document.querySelector('[data-testid="sim-progress"] progress');
      if (p) w.__seen.push(Number(p.getAttribute('value')));
      requestAnimationFrame(poll);
    };
    poll();
  });
  // The VCs field emptied (nothing parses: nothing new starts, the point goes on) and typed
  // again as it was; a trailing space in the traffic; the comparison network typed letter
  // by letter and cleared.
  const vcs = page.getByTestId('sim-vcs');
  await vcs.fill('');
  await vcs.pressSequentially('2');
  await page.getByTestId('sim-traffic').fill('uniform ');
  await page.getByTestId('sim-spec2').pressSequentially('mesh:k=4');
  await page.getByTestId('sim-spec2').fill('');
  await expect(page.getByTestId('sim-table').locator('tbody tr').first()).toBeVisible({ timeout: 100_000 });
  const seen = await page.evaluate(() => (window as unknown as { __seen: number[] }).__seen);
  expect(seen.length).toBeGreaterThan(0);
  for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThanOrEqual(seen[i - 1]);
});

// Issue 35: at 390 px the table showed only its "Curve" column (the spec on every row), at
// 700 px the network latency was cut, at 1280 px a long spec hid Busiest and Status. The
// curve is a number (its name listed above), and every figure of every row lies inside the
// table's box, as `icn sim` computes it.
for (const width of [390, 700, 1280]) {
  test(`every figure of the table is in view at ${width} px`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const petersen = 'graph:g=AQoKAQADAAIAAgADAgADAgADAQQCAQACAQABAQAA';
    await page.goto(`./?view=sim&t=${petersen}&s=minimal&vcs=2&buf=8&rates=0.1,0.2`);
    await expect(page.getByTestId('sim-done')).toBeVisible({ timeout: 100_000 });
    const cli = JSON.parse(
      icn('sim', petersen, '--routing', 'minimal', '--num-vcs', '2', '--vc-buf-size', '8', '--rates', '0.1,0.2', '--seed', '1'),
    ) as { points: (CliPoint & { network_latency: number; hops: number })[] };
    await expect(page.getByTestId('sim-curve-name')).toHaveText(`Curve 1: ${petersen} · minimal`);
    const box = await page.getByTestId('sim-table').locator('..').boundingBox();
    const rows = page.getByTestId('sim-table').locator('tbody tr');
    await expect(rows).toHaveCount(cli.points.length);
    for (let i = 0; i < cli.points.length; i++) {
      const p = cli.points[i];
      const cells = rows.nth(i).locator('td');
      await expect(cells).toHaveCount(9);
      await expect(cells.nth(0)).toHaveText('1');
      await expect(cells.nth(1)).toHaveText(String(p.rate));
      await expect(cells.nth(2)).toHaveText(p.accepted.toFixed(3));
      await expect(cells.nth(3)).toHaveText(p.packet_latency.toFixed(1));
      await expect(cells.nth(5)).toHaveText(p.network_latency.toFixed(1));
      await expect(cells.nth(6)).toHaveText(p.hops.toFixed(2));
      await expect(cells.nth(8)).toHaveText(p.status);
      for (let j = 0; j < 9; j++) {
        const c = await cells.nth(j).boundingBox();
        expect(c, `row ${i} cell ${j}`).not.toBeNull();
        expect(c!.x, `row ${i} cell ${j} left`).toBeGreaterThanOrEqual(box!.x - 1);
        expect(c!.x + c!.width, `row ${i} cell ${j} right`).toBeLessThanOrEqual(box!.x + box!.width + 1);
        expect(c!.x + c!.width, `row ${i} cell ${j} in the window`).toBeLessThanOrEqual(width);
      }
    }
  });
}

// Issue 35: at 390 px the chart's legend was cut at the canvas's edge and lay over the
// curves. It wraps in rows above each panel's plot: every entry listed, the canvas inside
// the card and the window, and its rightmost columns left blank (nothing drawn to the edge).
for (const colorScheme of ['light', 'dark'] as const) {
  test(`the chart's legend at 390 px is whole, ${colorScheme}`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme });
    await page.goto('./?view=sim&t=torus:k=4x4&s=dor&rates=0.2,0.4&t2=mesh:k=4x4&s2=dor');
    await expect(page.getByTestId('sim-done')).toBeVisible({ timeout: 100_000 });
    const canvas = page.getByTestId('chart-canvas');
    await expect(canvas).toHaveAttribute('data-legend', /mesh:k=4x4 · dor/);
    const legend = (await canvas.getAttribute('data-legend'))!.split('|');
    // Each panel lists both curves, and each curve's two bounds.
    expect(legend.filter((e) => e === 'torus:k=4x4 · dor').length).toBe(2);
    expect(legend.filter((e) => e === 'mesh:k=4x4 · dor').length).toBe(2);
    expect(legend.filter((e) => e.startsWith("routing's bound")).length).toBe(4);
    expect(legend.filter((e) => e.startsWith('best any routing')).length).toBe(4);
    const box = (await canvas.boundingBox())!;
    const card = (await canvas.locator('xpath=ancestor::section[1]').boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(card.x);
    expect(box.x + box.width).toBeLessThanOrEqual(Math.min(card.x + card.width, 390));
    // The rightmost columns hold only the background: no legend text runs off the edge.
    const edge = await canvas.evaluate((el) => {
      const c = el as HTMLCanvasElement;
      const ctx = c.getContext('2d')!;
      const cols = Math.max(2, Math.round(c.width * 0.015));
      const data = ctx.getImageData(c.width - cols, 0, cols, c.height).data;
      const first = [data[0], data[1], data[2], data[3]];
      let differ = 0;
      for (let i = 0; i < data.length; i += 4) {
        const d = [0, 1, 2, 3].reduce((sum, k) => sum + Math.abs(data[i + k] - first[k]), 0);
        if (d > 60) differ++;
      }
      return { differ, cols, height: c.height };
    });
    expect(edge.height).toBeGreaterThan(200);
    expect(edge.differ, `pixels drawn in the rightmost ${edge.cols} columns`).toBe(0);
  });
}

// Issue 35: the saturation line and the channel-load bound were drawn in the same colour and
// dash. On an 8×8 mesh past its 0.5 bound, the curve's end, the routing's bound and the best
// any routing could do are three rules in the legend, no two drawn alike; the end and the
// routing's bound share the curve's colour, so their dashes differ.
test('the saturation and the two bounds are drawn apart and labelled', async ({ page }) => {
  test.setTimeout(150_000);
  await page.goto('./?view=sim&t=mesh:k=8x8&s=dor&vcs=2&buf=8&rates=0.2,0.6');
  await expect(page.getByTestId('sim-done')).toBeVisible({ timeout: 120_000 });
  const canvas = page.getByTestId('chart-canvas');
  await expect(canvas).toHaveAttribute('data-legend', /best any routing 0\.500/, { timeout: 60_000 });
  const labels = (await canvas.getAttribute('data-legend'))!.split('|');
  const styles = (await canvas.getAttribute('data-legend-styles'))!.split('|');
  expect(styles).toHaveLength(labels.length);
  const style = (prefix: string) => styles[labels.findIndex((l) => l.startsWith(prefix))];
  const end = style('saturated at 0.6');
  const bound = style("routing's bound 0.500");
  const best = style('best any routing 0.500');
  for (const s of [end, bound, best]) expect(s).toMatch(/^rule #[0-9a-f]{6} \d+-\d+$/);
  expect(new Set([end, bound, best]).size).toBe(3);
  const [, endColour, endDash] = end.split(' ');
  const [, boundColour, boundDash] = bound.split(' ');
  expect(endColour).toBe(boundColour);
  expect(endDash).not.toBe(boundDash);
  // The curve's own line is in that colour too.
  expect(style('mesh:k=8x8')).toBe(`line ${endColour}`);
});
