import { readFileSync } from 'node:fs';
import { icn } from '../fixtures/cli';
import { expect, test } from '../fixtures/explorer';
import { inked } from '../fixtures/canvas';

// Flow: the charts of any network (net-distances, net-loads). Each is computed in the worker
// for a family the seed charts do not know (a Dragonfly, a fat tree), drawn with a legend, and
// its table and CSV download hold `icn chart NAME -t SPEC --format csv`, value for value.

const CHARTS: { name: string; spec: string; canonical: string; legend: string[] }[] = [
  {
    name: 'net-loads',
    spec: 'dragonfly:a=4,p=2,h=2',
    canonical: 'dragonfly:a=4,p=2,h=2,g=9,arr=absolute',
    // Under uniform traffic Valiant's detour about doubles every load.
    legend: ['minimal (max 21.3, mean 16.47)', 'valiant (max 42.6, mean 32.33)'],
  },
  {
    name: 'net-distances',
    spec: 'fattree:k=2,n=3',
    canonical: 'fattree:k=2,n=3',
    legend: ['ordered pairs', 'mean 4.86'],
  },
  {
    // The Lens in the paper's unit: busses first (mean 2.86 busses, 5.71 links).
    name: 'net-distances',
    spec: 'lens:p=3,q=3,n=3',
    canonical: 'lens:p=3,q=3,n=3',
    legend: ['ordered pairs', 'mean 2.86'],
  },
];

for (const chart of CHARTS) {
  test(`charts: ${chart.name} of ${chart.spec} draws and its table is icn's CSV`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto(`./?view=charts&chart=${chart.name}&t=${chart.spec}`);
    await expect(page.getByTestId(`chart-tab-${chart.name}`)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('chart-spec')).toHaveValue(chart.spec);
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

    // The command names the canonical spec (the parameters a spec leaves out, spelt out).
    const cli = ['chart', chart.name, '-t', chart.canonical, '--format', 'csv'];
    const expected = icn(...cli);
    await expect(page.getByTestId('chart-cli')).toHaveText(`icn ${cli.join(' ')}`);
    // The table: one row per CSV line, each cell the CSV's value.
    await page.getByTestId('chart-data').locator('summary').click();
    const rows = page.getByTestId('chart-table').locator('tbody tr');
    const lines = expected.trim().split('\n').slice(1);
    await expect(rows).toHaveCount(lines.length);
    const cells = await rows.evaluateAll((trs) =>
      trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent ?? '').join(',')),
    );
    expect(cells).toEqual(lines);
    // The CSV download is the CLI's, byte for byte.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('chart-csv').click()]);
    expect(readFileSync(await download.path(), 'utf8')).toBe(expected);
  });
}

test('charts: the any-network charts keep a network across tabs and refuse one too large', async ({ page }) => {
  // From a chart without a network: the chart's own default.
  await page.goto('./?view=charts&chart=density');
  await page.getByTestId('chart-tab-net-distances').click();
  await expect(page.getByTestId('chart-spec')).toHaveValue('torus:k=8x8');
  await expect(page).toHaveURL(/chart=net-distances&t=torus:k=8x8/);
  // From another family's chart: its network carries over, whatever the family.
  await page.goto('./?view=charts&chart=hc-distances&t=hypercube:n=5');
  await page.getByTestId('chart-tab-net-loads').click();
  await expect(page.getByTestId('chart-spec')).toHaveValue('hypercube:n=5');
  await expect(page.getByTestId('chart-canvas')).toHaveAttribute('data-legend', /minimal/, { timeout: 60_000 });
  await page.goto('./?view=charts&chart=net-loads&t=dragonfly:a=16,p=8,h=8');
  await expect(page.getByTestId('chart-spec-error')).toContainText('CHART_BUDGET');
});

// One chart per new family (and an imported graph): the loads of every strategy it offers,
// drawn, with as many table rows as `icn` prints.
const EVERY = [
  'torus:k=6x6', 'mesh:k=5x4', 'hyperx:s=4x3,t=2', 'flatfly:k=3,n=3', 'dragonfly:a=3,p=1,h=2,arr=relative',
  'fattree:k=2,n=3', 'butterfly:k=2,n=3', 'slimfly:q=5', 'polarfly:q=5', 'jellyfish:n=32,r=4,seed=2',
  'graph:g=AQoKAQADAAIAAgADAgADAgADAQQCAQACAQABAQAA',
];
for (const spec of EVERY) {
  test(`charts: net-loads of ${spec.split(':')[0]} draws every strategy`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto(`./?view=charts&chart=net-loads&t=${encodeURIComponent(spec)}`);
    const canvas = page.getByTestId('chart-canvas');
    await expect(canvas).toHaveAttribute('data-legend', /.+/, { timeout: 45_000 });
    const csv = icn('chart', 'net-loads', '-t', spec, '--format', 'csv').trim().split('\n').slice(1);
    const strategies = new Set(csv.map((line) => line.split(',')[0]));
    const legend = ((await canvas.getAttribute('data-legend')) ?? '').split('|');
    for (const s of strategies) expect(legend.some((entry) => entry.startsWith(`${s} (max `)), s).toBe(true);
    expect((await inked(page, 0.15, 1)).ink).toBeGreaterThan(1000);
    await page.getByTestId('chart-data').locator('summary').click();
    await expect(page.getByTestId('chart-table').locator('tbody tr')).toHaveCount(csv.length);
  });
}
