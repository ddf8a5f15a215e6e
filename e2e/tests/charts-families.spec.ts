import { readFileSync } from 'node:fs';
import { icn } from '../fixtures/cli';
import { expect, test } from '../fixtures/explorer';
import { inked } from '../fixtures/canvas';
import { expectChartPng } from '../fixtures/png';

// Flow: the Lens, Hypercycle and Dragonfly charts of the Charts view. Each is computed in the
// worker and drawn with a legend; its CSV download is `icn chart NAME ... --format csv`; the
// Figure 2 simulation shows progress, answers clicks and can be cancelled; bad input is
// reported at its field.

/** Every family chart with a small network, its legend entries and the CLI arguments. */
const CHARTS: { name: string; query: string; legend: string[]; args: string[] }[] = [
  {
    name: 'lens-loads',
    query: 'chart=lens-loads&t=lens:p=3,q=3,n=3',
    legend: ['processors, uncompleted', 'processors, completed', 'busses, uncompleted', 'busses, completed'],
    args: ['-t', 'lens:p=3,q=3,n=3'],
  },
  {
    name: 'lens-distances',
    query: 'chart=lens-distances&t=lens:p=4,q=4,n=3',
    legend: ['uncompleted', 'completed'],
    args: ['-t', 'lens:p=4,q=4,n=3'],
  },
  {
    name: 'hc-distances',
    query: 'chart=hc-distances&t=hypercycle:m=5x4x3,rho=2x1x1',
    legend: ['ordered pairs'],
    args: ['-t', 'hypercycle:m=5x4x3,rho=2x1x1'],
  },
  {
    name: 'hc-loads',
    query: 'chart=hc-loads&t=hypercycle:m=5x4x3,rho=2x1x1',
    legend: ['e-cube, busiest channel', 'random-greedy, busiest channel', 'random-greedy, least busy channel'],
    args: ['-t', 'hypercycle:m=5x4x3,rho=2x1x1'],
  },
  {
    name: 'hc-sim',
    query: 'chart=hc-sim&t=hypercube:n=4&seed=3&ticks=2000',
    legend: ['backtrack-to-the-origin-and-retry', 'e-cube (hold and wait)'],
    args: ['-t', 'hypercube:n=4', '--seed', '3', '--ticks', '2000'],
  },
  {
    name: 'd3-mdf',
    query: 'chart=d3-mdf&t=d3:k=3,m=4',
    legend: ['D3 k=3,m=4', 'MDF k=3,m=4', 'D3 local', 'D3 global', 'MDF local', 'MDF global'],
    args: ['-t', 'd3:k=3,m=4'],
  },
];

for (const chart of CHARTS) {
  test(`charts: ${chart.name} renders with its legend and its CSV is icn's`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto(`./?view=charts&${chart.query}`);
    await expect(page.getByTestId(`chart-tab-${chart.name}`)).toHaveAttribute('aria-pressed', 'true');
    const canvas = page.getByTestId('chart-canvas');
    await expect(canvas).toHaveAttribute('data-legend', /.+/, { timeout: 60_000 });
    const legend = ((await canvas.getAttribute('data-legend')) ?? '').split('|');
    for (const entry of chart.legend) expect(legend).toContain(entry);
    // Legend and plot both carry ink of several colours: not a blank canvas.
    const top = await inked(page, 0, 0.1);
    expect(top.ink).toBeGreaterThan(200);
    const plot = await inked(page, 0.15, 1);
    expect(plot.ink).toBeGreaterThan(2000);
    expect(plot.colours).toBeGreaterThan(2);
    // A chart computed in the worker may redraw once its job ends (a new, closed table):
    // open the table until its rows show, waiting on that state rather than a clock.
    const data = page.getByTestId('chart-data');
    await expect(async () => {
      if (!(await data.evaluate((d) => (d as HTMLDetailsElement).open))) await data.locator('summary').click();
      await expect(page.getByTestId('chart-table').locator('tbody tr').first()).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expectChartPng(page);
    // The CSV download is the CLI's CSV for the same request, byte for byte.
    const cli = ['chart', chart.name, ...chart.args, '--format', 'csv'];
    await expect(page.getByTestId('chart-cli')).toHaveText(`icn ${cli.join(' ')}`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('chart-csv').click()]);
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv).toBe(icn(...cli));
    // The table has one row per CSV line.
    const lines = csv.trim().split('\n').length - 1;
    await expect(page.getByTestId('chart-table').locator('tbody tr')).toHaveCount(lines);
  });
}

test('charts: the Figure 2 simulation states its assumptions', async ({ page }) => {
  await page.goto('./?view=charts&chart=hc-sim&ticks=2000');
  await expect(page.getByTestId('chart-spec')).toHaveValue('hypercube:n=4');
  await expect(page.getByTestId('chart-assumptions')).toContainText('Poisson arrivals', { timeout: 60_000 });
  await expect(page.getByTestId('chart-assumptions')).toContainText('100 ticks');
});

test('charts: hc-sim shows progress, the page answers clicks, and Cancel stops it', async ({ page }) => {
  test.setTimeout(90_000);
  // A million measured ticks of the 4-cube: many seconds of simulation in the worker.
  await page.goto('./?view=charts&chart=hc-sim&t=hypercube:n=4&seed=1&ticks=1000000');
  const progress = page.getByTestId('job-progress');
  await expect(progress).toBeVisible();
  await expect(progress.locator('progress')).toHaveAttribute('value', /[1-9]/, { timeout: 30_000 });
  await expect(progress).toContainText('offered load');
  const how = page.getByTestId('chart-how');
  await how.locator('summary').click();
  await expect(how).toHaveAttribute('open', '');
  await expect(progress).toBeVisible();
  await page.getByTestId('job-cancel').click();
  await expect(progress).toBeHidden();
  await expect(page.getByTestId('chart-compute')).toBeVisible();
});

// Issue 17: Cancel keeps the points already computed. The sweep's points appear while it
// runs; after Cancel they stay, and their CSV is the first lines of `icn chart`'s CSV for the
// same seed (the simulation is deterministic).
test('charts: the hc-sim sweep fills in point by point, and Cancel keeps the points computed', async ({ page }) => {
  test.setTimeout(120_000);
  const args = ['chart', 'hc-sim', '-t', 'hypercube:n=4', '--seed', '1', '--ticks', '20000', '--format', 'csv'];
  await page.goto('./?view=charts&chart=hc-sim&t=hypercube:n=4&seed=1&ticks=20000');
  const partial = page.getByTestId('chart-partial');
  await expect(partial).toBeVisible({ timeout: 60_000 });
  await expect(partial).toContainText('so far');
  await page.getByTestId('chart-data').locator('summary').click();
  await expect(page.getByTestId('chart-table').locator('tbody tr').nth(1)).toBeAttached({ timeout: 60_000 });
  await page.getByTestId('job-cancel').click();
  await expect(page.getByTestId('job-progress')).toBeHidden();
  await expect(partial).toContainText('Stopped: the points computed before Cancel');
  await expect(page.getByTestId('chart-canvas')).toHaveAttribute('data-legend', /backtrack/);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('chart-csv').click()]);
  const kept = readFileSync(await download.path(), 'utf8').trim().split('\n');
  const full = icn(...args).trim().split('\n');
  expect(kept.length).toBeGreaterThanOrEqual(3); // the header and two points at least
  expect(kept.length).toBeLessThan(full.length);
  expect(kept).toEqual(full.slice(0, kept.length));
});

test('charts: switching to a family chart brings its own network; bad input is reported at the field', async ({ page }) => {
  await page.goto('./?view=charts&chart=levels');
  await page.getByTestId('chart-tab-hc-distances').click();
  await expect(page.getByTestId('chart-spec')).toHaveValue('hypercube:n=4');
  await expect(page).toHaveURL(/chart=hc-distances&t=hypercube:n=4/);
  await page.goto('./?view=charts&chart=hc-loads&t=lens:p=3,q=3,n=3');
  await expect(page.getByTestId('chart-spec-error')).toContainText('this chart is for Hypercycles');
  await page.goto('./?view=charts&chart=lens-loads&t=lens:p=4,q=3,n=3');
  await expect(page.getByTestId('chart-spec-error')).toContainText('q = p');
  await page.goto('./?view=charts&chart=lens-loads&t=lens:p=5,q=5,n=6');
  await expect(page.getByTestId('chart-spec-error')).toContainText('CHART_BUDGET');
  await page.goto('./?view=charts&chart=hc-sim&seed=-1');
  await expect(page.getByTestId('chart-seed-error')).toContainText('not a whole number');
  await page.goto('./?view=charts&chart=hc-sim&t=hypercube:n=10&ticks=1000000');
  await expect(page.getByTestId('chart-ticks-error')).toContainText('limit of 2000000');
});
