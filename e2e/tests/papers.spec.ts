import { execFileSync } from 'node:child_process';
import { expect, test } from '../fixtures/network';
import { ICN_BIN } from '../fixtures/cli';

// Flow: open the Papers view on each paper; the tables are computed in the worker, and the
// page's matched / explained / unexplained counts equal `icn papers --paper ID`. An example
// link opens the live view with the example's values. A heavy computation shows progress,
// can be cancelled, and the page answers clicks while it runs.

interface PaperAudit {
  matched: number;
  explained: number;
  unexplained: number;
  items: { name: string; table: { cells: { verdict: string }[] } }[];
}

function cliAudit(paper: string): PaperAudit {
  // Slower than other icn calls: the KYKLOS paper enumerates all pairs of N = 1024.
  const text = execFileSync(ICN_BIN, ['papers', '--paper', paper, '--format', 'json'], {
    encoding: 'utf8',
    timeout: 120_000,
    maxBuffer: 64 << 20,
  });
  const out = JSON.parse(text) as PaperAudit[];
  return out[0];
}

// The KYKLOS paper's Table 3 enumerates all N² pairs of N = 1024 (and N = 4096 by
// symmetry): tens of seconds in the worker.
for (const paper of ['kyklos', 'd2', 'hypercycles', 'lens', 'dragonfly']) {
  test(`papers view: ${paper} counts equal icn papers`, async ({ page }) => {
    test.setTimeout(paper === 'kyklos' ? 300_000 : 120_000);
    const cli = cliAudit(paper);
    await page.goto(`./?view=papers&paper=${paper}`);
    await expect(page.getByTestId('view-papers')).toBeVisible();
    await expect(page.getByTestId(`paper-tab-${paper}`)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('paper-counts')).toHaveText(
      `${cli.matched} ${cli.explained} ${cli.unexplained}`,
      { timeout: paper === 'kyklos' ? 240_000 : 100_000 },
    );
    expect(cli.unexplained).toBe(0);
    for (const item of cli.items) {
      await expect(page.getByTestId(`paper-item-${item.name}`)).toBeVisible();
    }
  });
}

test('papers view: the Lens Figure 2 link opens the walkthrough with the example', async ({ page }) => {
  await page.goto('./?view=papers&paper=lens');
  const link = page.getByTestId('paper-item-lens-figure2').getByTestId('paper-example-link');
  await expect(link).toBeVisible({ timeout: 60_000 });
  await link.click();
  await expect(page.getByTestId('view-walk')).toBeVisible();
  await expect(page).toHaveURL(/view=walk/);
  await expect(page).toHaveURL(/from=021\.0212012/);
  await expect(page).toHaveURL(/choice=class1/);
});

test('papers view: the D2 paper links to its charts, the Dragonfly to its live views', async ({ page }) => {
  test.setTimeout(120_000);
  // The D2 density table's chart: D2 against H2 up to n = 20, with the printed markers.
  await page.goto('./?view=papers&paper=d2');
  const d2 = page.getByTestId('paper-item-d2-density').getByTestId('paper-example-link').filter({ hasText: 'Chart' });
  await expect(d2).toBeVisible({ timeout: 60_000 });
  await d2.click();
  await expect(page.getByTestId('view-charts')).toBeVisible();
  await expect(page).toHaveURL(/chart=d2h2/);
  await expect(page).toHaveURL(/n=20/);
  await expect(page.getByTestId('chart-canvas')).toHaveAttribute('data-legend', /D2/, { timeout: 60_000 });
  // The Swapped Dragonfly's (4,5,3,(4)) example: one global hop in the route explorer.
  await page.goto('./?view=papers&paper=dragonfly');
  const example = page.getByTestId('paper-item-d3-example').getByTestId('paper-example-link');
  await expect(example).toBeVisible({ timeout: 60_000 });
  await example.click();
  await expect(page.getByTestId('view-route')).toBeVisible();
  await expect(page.getByTestId('distance')).toHaveText('1');
  // Theorem 1's table: the sub-network view on κ = {1, 2, 5, 8} of D3(9,3).
  await page.goBack();
  const subnet = page.getByTestId('paper-item-d3-subnetwork').getByTestId('paper-example-link');
  await expect(subnet).toBeVisible({ timeout: 60_000 });
  await subnet.click();
  await expect(page.getByTestId('view-subnet')).toBeVisible();
  await expect(page).toHaveURL(/set=1%2C2%2C5%2C8|set=1,2,5,8/);
});

test('papers view: Hypercycles Figure 2 is audited and links to its simulation chart', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('./?view=papers&paper=hypercycles');
  const item = page.getByTestId('paper-item-hypercycle-figure2');
  // The claim "backtracking is clearly superior" holds at all seven loads.
  await expect(item.locator('[data-verdict="match"]')).toHaveCount(7, { timeout: 60_000 });
  const link = item.getByTestId('paper-example-link').first();
  await link.click();
  await expect(page.getByTestId('view-charts')).toBeVisible();
  await expect(page).toHaveURL(/chart=hc-sim/);
  await expect(page).toHaveURL(/t=hypercube:n=4/);
  // The simulation starts in the worker: progress first, then the two policies' curves.
  await expect(page.getByTestId('chart-canvas')).toHaveAttribute('data-legend', /backtrack-to-the-origin-and-retry/, {
    timeout: 100_000,
  });
});

test('papers view: KYKLOS shows progress, cancels, and stays responsive', async ({ page }) => {
  await page.goto('./?view=papers&paper=kyklos');
  const progress = page.getByTestId('job-progress');
  await expect(progress).toBeVisible();
  // The page answers while the worker computes: switching tabs is immediate.
  await page.getByTestId('paper-tab-hypercycles').click();
  await expect(page.getByTestId('paper-tab-hypercycles')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('paper-tab-kyklos').click();
  await expect(progress).toBeVisible();
  await page.getByTestId('job-cancel').click();
  await expect(progress).toBeHidden();
  await expect(page.getByTestId('papers-compute')).toBeVisible();
});

test('papers view: an unknown paper is reported', async ({ page }) => {
  await page.goto('./?view=papers&paper=%3Cscript%3E');
  await expect(page.getByTestId('paper-error')).toContainText("There is no paper '<script>'");
});

// Issue 17: tables shaped like the paper's, and a "differences only" filter, both in the URL.
// The counts are `icn papers`': every cell that differs (explained or not) is shown with the
// paper's value beside it, and nothing else is once the filter is on.
test('papers view: as printed, differences only, one line per value; the URL keeps both', async ({ page }) => {
  test.setTimeout(120_000);
  const cli = cliAudit('dragonfly');
  const cells = cli.items.flatMap((i) => i.table.cells);
  const differs = cells.filter((c) => c.verdict === 'differs').length;
  const missing = cells.filter((c) => c.verdict === 'not_computed').length;
  // The audit's differences: values that differ, and printed values not computed.
  expect(differs + missing).toBe(cli.explained + cli.unexplained);
  expect(differs).toBeGreaterThan(0);
  await page.goto('./?view=papers&paper=dragonfly');
  await expect(page.getByTestId('paper-counts')).toHaveText(`${cli.matched} ${cli.explained} ${cli.unexplained}`, {
    timeout: 100_000,
  });
  // As printed: grids, each differing cell with the paper's value beside the computed one.
  await expect(page.getByTestId('paper-grid').first()).toBeVisible();
  await expect(page.locator('td[data-verdict="differs"]')).toHaveCount(differs);
  await expect(page.locator('td[data-verdict="not_computed"]')).toHaveCount(missing);
  await expect(page.locator('td[data-verdict="differs"] [data-testid=paper-printed]')).toHaveCount(differs);
  await expect(page.locator('td[data-verdict="match"]:visible')).toHaveCount(cli.matched);
  // Differences only: every difference stays, and no row without one.
  await page.getByTestId('papers-diff-only').check();
  await expect(page).toHaveURL(/diff=1/);
  const shown = page.locator('td[data-verdict="differs"]:visible, td[data-verdict="not_computed"]:visible');
  await expect(shown).toHaveCount(differs + missing);
  for (const row of await page.locator('[data-testid=paper-grid] tbody tr:visible').all()) {
    await expect(row.locator('[data-verdict="differs"], [data-verdict="not_computed"]')).not.toHaveCount(0);
  }
  // One line per value, still filtered; a reload restores both.
  await page.getByTestId('papers-layout-list').click();
  await expect(page).toHaveURL(/layout=list/);
  await expect(page.locator('tr[data-verdict]:visible')).toHaveCount(differs + missing);
  await page.reload();
  await expect(page.getByTestId('papers-diff-only')).toBeChecked();
  await expect(page.locator('tr[data-verdict]:visible')).toHaveCount(differs + missing, { timeout: 100_000 });
});
