import { readFileSync } from 'node:fs';
import { icn } from '../fixtures/cli';
import { expect, test } from '../fixtures/explorer';
import { inked } from '../fixtures/canvas';
import { expectChartPng } from '../fixtures/png';

// Flow: open the Charts view on each chart; the data is computed in the worker and drawn on a
// canvas with a legend. The Table 3 markers sit on the computed H-2 line (equal values, and
// equal to `icn table kyklos-density`); a heavy job shows progress, can be cancelled, and the
// page answers clicks while it runs; the CSV download is `icn chart ... --format csv`.

/** Every chart with parameters small enough for a quick run. */
const CHARTS: { name: string; query: string; legend: string[] }[] = [
  { name: 'density', query: 'chart=density&n=8', legend: ['K-1', 'H-2', 'Y-2', 'D2', 'printed, TR-88-27 Table 3', 'printed, D2 paper'] },
  { name: 'levels', query: 'chart=levels&t=kyklos2:m=2,r=2,n=6,shuffle=proposed&s=hr', legend: ['tree 0, busiest link', 'tree 1, mean per link'] },
  { name: 'load', query: 'chart=load&t=kyklos2:m=2,r=2,n=6,shuffle=proposed&s=y2', legend: ['busiest node', 'mean per node'] },
  { name: 'distances', query: 'chart=distances&n=6', legend: ['M2', 'H2', 'D2', 'D2 average 7.69'] },
  { name: 'd2h2', query: 'chart=d2h2&n=12', legend: ['D2', 'H2', 'printed, D2 paper'] },
];

for (const chart of CHARTS) {
  test(`charts: ${chart.name} renders with its legend`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto(`./?view=charts&${chart.query}`);
    await expect(page.getByTestId(`chart-tab-${chart.name}`)).toHaveAttribute('aria-pressed', 'true');
    const canvas = page.getByTestId('chart-canvas');
    await expect(canvas).toHaveAttribute('data-legend', /.+/, { timeout: 60_000 });
    const legend = ((await canvas.getAttribute('data-legend')) ?? '').split('|');
    for (const entry of chart.legend) expect(legend).toContain(entry);
    // The legend band (top) and the plot (the rest) both carry ink of several colours.
    const top = await inked(page, 0, 0.12);
    expect(top.ink).toBeGreaterThan(200);
    const plot = await inked(page, 0.15, 1);
    expect(plot.ink).toBeGreaterThan(2000);
    expect(plot.colours).toBeGreaterThan(2);
    // The numbers are in a table too, and the exports are offered.
    await page.getByTestId('chart-data').locator('summary').click();
    await expect(page.getByTestId('chart-table').locator('tbody tr').first()).toBeVisible();
    await expectChartPng(page);
  });
}

test('charts: the Table 3 markers lie on the computed H-2 line at N = 16, 64, 256, 1024', async ({ page }) => {
  test.setTimeout(120_000);
  // `icn table kyklos-density --format csv`: group,row,column,printed,computed,exact,verdict,note
  const table = icn('table', 'kyklos-density', '--format', 'csv')
    .trim()
    .split('\n')
    .map((l) => l.split(','));
  await page.goto('./?view=charts&chart=density&n=10');
  await expect(page.getByTestId('chart-canvas')).toHaveAttribute('data-legend', /H-2/, { timeout: 100_000 });
  for (const [n, nodes] of [[4, 16], [6, 64], [8, 256], [10, 1024]]) {
    const row = page.locator(`[data-testid="chart-table"] tr[data-series="H-2"][data-n="${n}"]`);
    const computed = await row.getAttribute('data-computed');
    const printed = await row.getAttribute('data-printed');
    const cell = table.find((c) => c[1] === `N = ${nodes}` && c[2] === 'H-2');
    expect(cell, `icn table row N = ${nodes}, H-2`).toBeDefined();
    // The marker (printed) is drawn at the point of the line (computed): equal values, and
    // both equal the CLI's table.
    expect(printed).toBe(computed);
    expect(printed).toBe(cell?.[3]);
    expect(computed).toBe(cell?.[4]);
  }
});

test('charts: a heavy job shows progress, can be cancelled, and the page answers meanwhile', async ({ page }) => {
  test.setTimeout(90_000);
  // n = 24: 2^24 sequences for each rule at the last step, seconds of work in the worker.
  await page.goto('./?view=charts&chart=d2h2&n=24');
  const progress = page.getByTestId('job-progress');
  await expect(progress).toBeVisible();
  await expect(progress.locator('progress')).toHaveAttribute('value', /[1-9]/, { timeout: 30_000 });
  // The page answers a click while the worker computes.
  const how = page.getByTestId('chart-how');
  await how.locator('summary').click();
  await expect(how).toHaveAttribute('open', '');
  await expect(progress).toBeVisible();
  await page.getByTestId('job-cancel').click();
  await expect(progress).toBeHidden();
  await expect(page.getByTestId('chart-compute')).toBeVisible();
});

for (const [query, args] of [
  ['chart=levels&t=kyklos2:m=2,r=2,n=4,shuffle=proposed&s=hr', ['levels', '-t', 'kyklos2:m=2,r=2,n=4,shuffle=proposed', '-s', 'hr']],
  ['chart=density&n=6', ['density', '-n', '6']],
  ['chart=d2h2&n=9', ['d2h2', '-n', '9']],
] as const) {
  test(`charts: the CSV download equals icn chart ${args.join(' ')} --format csv`, async ({ page }) => {
    await page.goto(`./?view=charts&${query}`);
    const link = page.getByTestId('chart-csv');
    await expect(link).toBeVisible({ timeout: 60_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const file = await download.path();
    const csv = readFileSync(file, 'utf8');
    expect(csv).toBe(icn('chart', ...args, '--format', 'csv'));
    await expect(page.getByTestId('chart-cli')).toHaveText(`icn chart ${args.join(' ')} --format csv`);
  });
}

test('charts: bad parameters are reported beside their field', async ({ page }) => {
  await page.goto('./?view=charts&chart=pie');
  await expect(page.getByTestId('chart-error')).toContainText("no chart 'pie'");
  await page.goto('./?view=charts&chart=d2h2&n=99');
  await expect(page.getByTestId('chart-n-error')).toContainText('from 3 to 24');
  await page.goto('./?view=charts&chart=load&t=kyklos2:m=2,r=2,n=12&s=y2');
  await expect(page.getByTestId('chart-spec-error')).toContainText('up to 1024');
  await page.goto('./?view=charts&chart=levels&t=lens:p=4,q=4,n=5&s=y2');
  await expect(page.getByTestId('chart-spec-error')).toContainText('KYKLOS');
});
