import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { icn } from '../fixtures/cli';
import { expect, test } from '../fixtures/explorer';
import { expectChartPng } from '../fixtures/png';

// Flow: the compare view puts two to four networks of different families side by side. Every
// number in its table is `icn compare`'s (JSON, the native binary), the chart overlays the
// distance distributions with a legend naming each network, the CSV download is
// `icn compare ... --format csv` byte for byte, a bad spec is reported at its own field, and
// the URL (t1..t4) restores the view.

interface Row {
  spec: string;
  family: string;
  nodes: number;
  terminals: number;
  links: number;
  min_degree: number;
  max_degree: number;
  diameter: number;
  average_distance: number;
  strategy: string;
  max_link_load: number;
  mean_link_load: number;
}

const TWO = ['hypercube:n=4', 'lens:p=3,q=3,n=2'];
const FOUR = ['hypercube:n=4', 'kyklos2:m=2,r=2,n=4,shuffle=proposed', 'lens:p=3,q=3,n=2', 'mdf:k=2,m=3'];

function compareUrl(specs: string[]): string {
  const q = new URLSearchParams({ view: 'compare' });
  specs.forEach((s, i) => q.set(`t${i + 1}`, s));
  return `./?${q.toString()}`;
}

/** The table's cell of `metric` for network n (1-based). */
const cell = (page: Page, metric: string, n: number) =>
  page.locator(`[data-testid="compare-table"] td[data-metric="${metric}"][data-net="${n}"]`);

/** Every number of the table equals `icn compare`'s JSON for the same specs. */
async function expectCliValues(page: Page, specs: string[]) {
  const cli = (JSON.parse(icn('compare', ...specs)) as { networks: Row[] }).networks;
  expect(cli.length).toBe(specs.length);
  await expect(page.getByTestId('compare-table')).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('[data-testid="compare-table"] thead th[data-net]')).toHaveText(cli.map((r) => r.spec));
  for (const [i, r] of cli.entries()) {
    const n = i + 1;
    for (const key of ['nodes', 'terminals', 'links', 'diameter'] as const) {
      await expect(cell(page, key, n), `${r.spec} ${key}`).toHaveAttribute('data-value', String(r[key]));
    }
    await expect(cell(page, 'family', n)).toHaveText(r.family);
    await expect(cell(page, 'strategy', n)).toHaveText(r.strategy);
    await expect(cell(page, 'degree', n)).toHaveAttribute('data-value', `${r.min_degree}/${r.max_degree}`);
    for (const key of ['average_distance', 'max_link_load', 'mean_link_load'] as const) {
      const value = Number(await cell(page, key, n).getAttribute('data-value'));
      expect(value, `${r.spec} ${key}`).toBe(r[key]);
    }
  }
}

/** Pixels unlike the top-left one, and how many distinct colours they have. */
async function canvasInk(page: Page): Promise<{ ink: number; colours: number }> {
  return page.getByTestId('chart-canvas').evaluate((el) => {
    const c = el as HTMLCanvasElement;
    const px = c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data;
    if (!px) return { ink: 0, colours: 0 };
    const seen = new Set<string>();
    let ink = 0;
    for (let i = 0; i < px.length; i += 4) {
      if (Math.abs(px[i] - px[0]) + Math.abs(px[i + 1] - px[1]) + Math.abs(px[i + 2] - px[2]) > 60) {
        ink++;
        seen.add(`${px[i] >> 4},${px[i + 1] >> 4},${px[i + 2] >> 4}`);
      }
    }
    return { ink, colours: seen.size };
  });
}

test('compare: two networks equal icn compare, the chart has a legend, the CSV is the CLI CSV', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto(compareUrl(TWO));
  await expect(page.getByTestId('view-compare')).toBeVisible();
  await expectCliValues(page, TWO);
  const canvas = page.getByTestId('chart-canvas');
  await expect(canvas).toHaveAttribute('data-legend', /.+/);
  const legend = ((await canvas.getAttribute('data-legend')) ?? '').split('|');
  for (const spec of TWO) expect(legend).toContain(spec);
  expect(legend.filter((l) => l.startsWith('average '))).toHaveLength(2);
  const { ink, colours } = await canvasInk(page);
  expect(ink).toBeGreaterThan(2000);
  expect(colours).toBeGreaterThan(2);
  await expectChartPng(page);
  // The CSV download, byte for byte.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('chart-csv').click()]);
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv).toBe(icn('compare', ...TWO, '--format', 'csv'));
  await expect(page.getByTestId('chart-cli')).toHaveText(`icn compare ${TWO.join(' ')} --format csv`);
});

test('compare: four families added row by row equal icn compare, and the URL restores them', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(compareUrl(FOUR.slice(0, 2)));
  await expectCliValues(page, FOUR.slice(0, 2));
  for (const n of [3, 4]) {
    await page.getByTestId('compare-add').click();
    await page.getByTestId(`compare-spec-${n}`).fill(FOUR[n - 1]);
  }
  // Four is the most: no more "Add".
  await expect(page.getByTestId('compare-add')).toHaveCount(0);
  await expectCliValues(page, FOUR);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('chart-csv').click()]);
  expect(readFileSync(await download.path(), 'utf8')).toBe(icn('compare', ...FOUR, '--format', 'csv'));
  // The URL holds the four specs, numbered, readable; a reload restores the view.
  const params = new URL(page.url()).searchParams;
  expect(params.get('view')).toBe('compare');
  expect([1, 2, 3, 4].map((i) => params.get(`t${i}`))).toEqual(FOUR);
  await page.reload();
  for (const [i, spec] of FOUR.entries()) await expect(page.getByTestId(`compare-spec-${i + 1}`)).toHaveValue(spec);
  await expectCliValues(page, FOUR);
  // Removing the second row leaves three, in order; two is the fewest.
  await page.getByTestId('compare-remove-2').click();
  const three = [FOUR[0], FOUR[2], FOUR[3]];
  await expectCliValues(page, three);
  await page.getByTestId('compare-remove-1').click();
  await expect(page.getByTestId('compare-remove-1')).toHaveCount(0);
  await expectCliValues(page, three.slice(1));
  // Back restores the three.
  await page.goBack();
  await expectCliValues(page, three);
});

test('compare: a bad spec is reported at its own field, the others still compare', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto(compareUrl(['hypercube:n=3', 'hypercube:n=zz']));
  const error2 = page.getByTestId('compare-spec-error-2');
  await expect(error2).toBeVisible();
  await expect(error2).toContainText('zz');
  await expect(page.getByTestId('compare-spec-error-1')).toHaveCount(0);
  await expect(page.getByTestId('compare-spec-2')).toHaveAttribute('aria-describedby', 'compare-spec-error-2');
  // The valid network's row is still there.
  await expect(cell(page, 'nodes', 1)).toHaveAttribute('data-value', '8');
  // A network beyond the page's budget: a clear message at its field, naming it.
  await page.getByTestId('compare-spec-1').fill('hypercube:n=30');
  const error1 = page.getByTestId('compare-spec-error-1');
  await expect(error1).toContainText('hypercube:n=30');
  await expect(error1).toContainText('limit');
  await expect(error1).toContainText('icn compare');
  // Fixing both computes both.
  await page.getByTestId('compare-spec-1').fill('hypercube:n=3');
  await page.getByTestId('compare-spec-2').fill('mdf:k=1,m=2');
  await expectCliValues(page, ['hypercube:n=3', 'mdf:k=1,m=2']);
});

test('compare: specs with URL-hostile characters round-trip through the URL as typed', async ({ page }) => {
  // '&', '#', '+' and '%' must survive; ':' ',' '=' stay readable.
  const odd = 'lens:p=3,q=3,n=2&x=#1+%';
  await page.goto('./?view=compare&t1=hypercube:n=3&t2=' + encodeURIComponent(odd));
  await expect(page.getByTestId('compare-spec-2')).toHaveValue(odd);
  await expect(page.getByTestId('compare-spec-error-2')).toBeVisible();
  await page.getByTestId('compare-spec-1').fill('hypercube:n=4');
  await expect(page).toHaveURL(/t1=hypercube:n=4&/);
  await page.reload();
  await expect(page.getByTestId('compare-spec-1')).toHaveValue('hypercube:n=4');
  await expect(page.getByTestId('compare-spec-2')).toHaveValue(odd);
});
