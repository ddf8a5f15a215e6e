import { expect, test } from '../fixtures/explorer';

// Flow (issues 35 and 36): no dead end in the simulator. A point that deadlocks before it
// measures a packet ends with the deadlock verdict and its link (its reply once carried a
// NaN the page could not read, and the view hung); every preset draws a curve; buffers
// shorter than a channel's credit round trip are flagged with the depth that covers it;
// the estimate is shown before anything runs, a large curve asks first, and one beyond a
// tab is refused with numbers written for people.

test('a deadlock before any measured packet ends with the verdict and the deadlock link', async ({ page }) => {
  test.setTimeout(120_000);
  // icn sim torus:k=4x4 -r dor --scheme one --num-vcs 1 --vc-buf-size 2 --packet-size 2
  // --rates 0.5: deadlocked with 0 packets measured (core/tests/deadlock_sim.rs).
  await page.goto('./?view=sim&t=torus:k=4x4&s=dor&scheme=one&vcs=1&buf=2&size=2&rates=0.5');
  const verdict = page.getByTestId('sim-deadlock');
  await expect(verdict).toContainText('Deadlock at load 0.5', { timeout: 100_000 });
  await expect(page.getByTestId('sim-deadlock-link')).toHaveAttribute('href', /view=deadlock.*scheme=one/);
  await expect(page.getByTestId('sim-table').locator('tbody tr').last()).toHaveAttribute('data-status', 'deadlocked');
  await expect(page.getByTestId('sim-progress')).toHaveCount(0);
  await expect(page.getByTestId('sim-failed')).toHaveCount(0);
});

test('every preset draws a curve of at least two points', async ({ page }) => {
  test.setTimeout(600_000);
  await page.goto('./?view=sim&t=mesh:k=4x4&s=dor&rates=0.1');
  const presets = page.getByTestId('sim-preset');
  // count() does not wait: the view first.
  await expect(presets.first()).toBeVisible();
  const n = await presets.count();
  expect(n).toBeGreaterThanOrEqual(5);
  for (let i = 0; i < n; i++) {
    await presets.nth(i).click();
    const label = await presets.nth(i).textContent();
    const stable = page.getByTestId('sim-table').locator('tbody tr[data-status="stable"]');
    await expect(stable.nth(1), `${label}`).toBeVisible({ timeout: 100_000 });
    await expect(page.getByTestId('chart-canvas')).toBeVisible();
    await expect(page.getByTestId('sim-failed')).toHaveCount(0);
  }
});

test('short buffers are flagged with the depth that covers the round trip', async ({ page }) => {
  // BookSim2's 8 flits on a Dragonfly's 100-cycle global channels: 2·100 + 2 + 1 = 203.
  await page.goto('./?view=sim&t=dragonfly:a=4,p=2,h=2&s=minimal&vcs=2&buf=8&rates=0.05');
  const warning = page.getByTestId('sim-buf-warning');
  await expect(warning).toContainText('credit round trip of the 100-cycle channels (203 cycles');
  await page.getByTestId('sim-buf-fix').click();
  await expect(page.getByTestId('sim-buf')).toHaveValue('203');
  await expect(warning).toHaveCount(0);
  await expect(page.getByTestId('sim-estimate')).toContainText('router-cycles');
});

test('a large curve asks first; one beyond a tab is refused with readable numbers', async ({ page }) => {
  // 2,304 routers at BookSim2's protocol: 2.9·10⁸ router-cycles of bound, over the 2^28
  // the page runs without asking.
  await page.goto('./?view=sim&t=mesh:k=48x48&s=dor&vcs=2&buf=8&rates=0.05');
  const gate = page.getByTestId('sim-cost-gate');
  await expect(gate).toBeVisible();
  await expect(page.getByTestId('sim-cost-estimate')).toContainText('2.9·10⁸ router-cycles');
  await expect(page.getByTestId('sim-progress')).toHaveCount(0);
  await page.getByTestId('sim-cost-run').click();
  await expect(gate).toHaveCount(0);
  await expect(page.getByTestId('sim-progress').or(page.getByTestId('sim-table')).first()).toBeVisible();
  await page.getByTestId('job-cancel').click();
  // Far beyond: the refusal at the network's field, no job started.
  await page.goto('./?view=sim&t=mesh:k=512x512&s=dor&rates=0.05');
  const error = page.getByTestId('sim-spec-error');
  await expect(error).toContainText('3.3·10¹⁰ router-cycles');
  await expect(error).toContainText('icn sim');
  await expect(error).not.toContainText(/\d{9,}/);
  await expect(page.getByTestId('sim-progress')).toHaveCount(0);
});
