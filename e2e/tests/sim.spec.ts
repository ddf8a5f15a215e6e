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
  await expect(page.getByTestId('sim-progress').or(rows.first())).toBeVisible();
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
  await expect(rows).toHaveCount(kept + 1, { timeout: 60_000 });
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

test('two curves overlaid: a torus against a mesh', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('./?view=sim&t=torus:k=4x4&s=dor&rates=0.2,0.4&t2=mesh:k=4x4&s2=dor');
  await expect(page.getByTestId('sim-done')).toBeVisible({ timeout: 100_000 });
  const legend = await page.getByTestId('chart-canvas').getAttribute('data-legend');
  expect(legend).toContain('torus:k=4x4 · dor');
  expect(legend).toContain('mesh:k=4x4 · dor');
  await expect(page.getByTestId('sim-facts').locator('li')).toHaveCount(2);
});
