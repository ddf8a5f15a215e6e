import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { icn } from '../fixtures/cli';
import { expect, test } from '../fixtures/explorer';

// Flow: the throughput view's link-load table. Every channel of a 4×4 torus under dimension
// order and uniform traffic, checked against a closed form worked out here and against
// `icn throughput --channels`, in the table and in its CSV; sorted by a header (click and
// keyboard, aria-sort, in the URL); a row hovered, focused or selected lit on the diagram;
// hostile `link=` and `sort=` said in words; at 390 px the table scrolls inside its box.

interface CliChannels {
  max_channel_load: number;
  channels: { channel: string; load: number }[];
}

const cliChannels = (spec: string) =>
  JSON.parse(icn('throughput', spec, '--routing', 'dor', '--traffic', 'uniform', '--channels')) as CliChannels;

const K = 4;
const ENDPOINTS = K * K;

/** The coordinates of an address `(x,y)`. */
const coords = (address: string) => (address.match(/\d+/g) ?? []).map(Number);

/** Closed form: on a 4-ary ring under dimension order (the shorter way, the 2-hop tie the
 *  + way), a + channel carries the pairs 1 and 2 hops behind it that cross it: 1 + 2 = 3
 *  of every ring's ordered pairs, a − channel only the 1 pair one hop the other way. On the
 *  4×4 torus an x channel carries those pairs of its row to any of the 4 rows' destinations
 *  (x first), a y channel those of its column from any of the 4 columns' sources: 4 × 3 = 12
 *  or 4 × 1 = 4 pairs, each sending 1/(E − 1) = 1/15 at rate 1: 4/5 and 4/15. */
function closedForm(channel: string): number {
  const [from, to] = channel.split(' → ').map(coords);
  const plus = from.some((c, d) => (to[d] - c + K) % K === 1);
  return (plus ? 12 : 4) / (ENDPOINTS - 1);
}

/** The cells of one CSV line (RFC 4180 quoting). */
function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') {
        quoted = false;
      } else {
        cell += ch;
      }
    } else if (ch === '"') {
      quoted = true;
    } else if (ch === ',') {
      cells.push(cell);
      cell = '';
    } else {
      cell += ch;
    }
  }
  cells.push(cell);
  return cells;
}

const rowIndices = (page: Page) =>
  page.getByTestId('link-row').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-index'))));

test('every channel of the 4×4 torus: its load against the closed form and the CLI, in the table and its CSV', async ({ page }) => {
  test.setTimeout(60_000);
  const cli = cliChannels('torus:k=4x4');
  expect(cli.channels).toHaveLength(ENDPOINTS * 4);
  for (const c of cli.channels) expect(c.load).toBeCloseTo(closedForm(c.channel), 11);
  expect(cli.max_channel_load).toBeCloseTo(4 / 5, 11);
  await page.goto('./?view=throughput&t=torus:k=4x4&s=dor&traffic=uniform');
  const id = (t: string) => page.getByTestId(t);
  // The busiest first by default: the first page is 50 of the 32 + 32 channels, + channels
  // in channel order, then − channels.
  await expect(id('link-row')).toHaveCount(50, { timeout: 20_000 });
  await expect(page.locator('th[aria-sort]')).toHaveCount(1);
  await expect(page.locator('th[aria-sort="descending"] [data-column="load"]')).toHaveCount(1);
  const busiest = cli.channels.map((c, k) => ({ ...c, k })).filter((c) => c.load === cli.max_channel_load);
  expect(busiest).toHaveLength(32);
  const first = await rowIndices(page);
  expect(first.slice(0, 32)).toEqual(busiest.map((c) => c.k));
  await expect(id('link-load').first()).toHaveText('4/5 = 0.8000');
  await expect(id('link-share').first()).toHaveText('100.0 %');
  await expect(id('link-load').nth(40)).toHaveText('4/15 ≈ 0.2667');
  await expect(id('link-share').nth(40)).toHaveText('33.3 %');
  // Each row shown names its channel as the CLI does and carries its load, bit for bit.
  const shown = await page.getByTestId('link-row').evaluateAll((rows) =>
    rows.map((r) => ({
      k: Number(r.getAttribute('data-index')),
      name: `${r.querySelector('[data-testid="link-from"]')?.textContent} → ${r.querySelector('[data-testid="link-to"]')?.textContent}`,
      load: Number(r.querySelector('[data-testid="link-load"]')?.getAttribute('data-value')),
    })),
  );
  for (const s of shown) expect(s).toEqual({ k: s.k, name: cli.channels[s.k].channel, load: cli.channels[s.k].load });
  // The rest on the next page.
  await expect(id('link-pager')).toContainText('Channels 1–50 of 64');
  await id('link-pager').getByRole('button', { name: 'Next' }).click();
  await expect(id('link-row')).toHaveCount(14);
  // The CSV: the whole table in its order, a header line, the CLI's numbers.
  const [download] = await Promise.all([page.waitForEvent('download'), id('link-csv').click()]);
  expect(download.suggestedFilename()).toBe('icnplay-link-loads.csv');
  const lines = readFileSync(await download.path(), 'utf8').trimEnd().split('\n');
  expect(lines[0]).toBe('index,from,to,load,load_exact,share_of_busiest');
  expect(lines).toHaveLength(cli.channels.length + 1);
  const order: number[] = [];
  for (const line of lines.slice(1)) {
    const [k, from, to, load, exact, share] = csvCells(line);
    const c = cli.channels[Number(k)];
    order.push(Number(k));
    expect(`${from} → ${to}`).toBe(c.channel);
    expect(Number(load)).toBe(c.load);
    expect(exact).toBe(closedForm(c.channel) > 0.5 ? '4/5' : '4/15');
    expect(Number(share)).toBeCloseTo(c.load / cli.max_channel_load, 12);
  }
  expect(order.slice(0, 32)).toEqual(busiest.map((c) => c.k));
  expect([...order].sort((a, b) => a - b)).toEqual(cli.channels.map((_, k) => k));
});

test('sorted by any column with a click or the keyboard, aria-sort said, the order in the URL', async ({ page }) => {
  test.setTimeout(60_000);
  const cli = cliChannels('torus:k=4x4');
  await page.goto('./?view=throughput&t=torus:k=4x4&s=dor&traffic=uniform');
  const id = (t: string) => page.getByTestId(t);
  await expect(id('link-row')).toHaveCount(50, { timeout: 20_000 });
  const sortBy = (column: string) => page.locator(`[data-testid="link-sort"][data-column="${column}"]`);
  const from = (k: number) => cli.channels[k].channel.split(' → ')[0];
  // From, ascending: (0,0)'s four channels first; again: descending, (3,3)'s first.
  await sortBy('from').click();
  await expect(page).toHaveURL(/[?&]sort=from(&|$)/);
  await expect(page.locator('th[aria-sort="ascending"] [data-column="from"]')).toHaveCount(1);
  await expect(id('link-from').first()).toHaveText('(0,0)');
  expect((await rowIndices(page)).slice(0, 4).map(from)).toEqual(Array(4).fill('(0,0)'));
  await sortBy('from').click();
  await expect(page).toHaveURL(/[?&]sort=-from(&|$)/);
  await expect(page.locator('th[aria-sort="descending"] [data-column="from"]')).toHaveCount(1);
  await expect(id('link-from').first()).toHaveText('(3,3)');
  // The keyboard: Enter on a header's button sorts by it; the index column counts up.
  await sortBy('index').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]sort=index(&|$)/);
  await expect.poll(() => rowIndices(page)).toEqual([...Array(50).keys()]);
  // The load column ascending: the 32 − channels first; the share column orders the same.
  await sortBy('load').click();
  await sortBy('load').click();
  await expect(page).toHaveURL(/[?&]sort=load(&|$)/);
  await expect(id('link-load').first()).toHaveText('4/15 ≈ 0.2667');
  await expect(id('link-load').nth(32)).toHaveText('4/5 = 0.8000');
  // The order survives a reload (the URL holds it).
  await page.reload();
  await expect(page.locator('th[aria-sort="ascending"] [data-column="load"]')).toHaveCount(1, { timeout: 20_000 });
  await expect(id('link-load').first()).toHaveText('4/15 ≈ 0.2667');
});

test('a row hovered, focused or selected lights its channel on the diagram; link= in the URL', async ({ page }) => {
  test.setTimeout(60_000);
  const cli = cliChannels('torus:k=8');
  await page.goto('./?view=throughput&t=torus:k=8&s=dor&traffic=uniform');
  const id = (t: string) => page.getByTestId(t);
  const lit = page.locator('[data-testid="diagram"] .route-edge');
  await expect(id('link-row')).toHaveCount(2 * 8, { timeout: 20_000 });
  await expect(lit).toHaveCount(0);
  // The pointer over a row lights its channel, and only while it is there.
  const row = (k: number) => page.locator(`[data-testid="link-row"][data-index="${k}"]`);
  await row(1).hover();
  await expect(lit).toHaveCount(1);
  await id('link-csv').hover();
  await expect(lit).toHaveCount(0);
  // The focus on a row's number lights it too.
  await row(3).getByRole('button').focus();
  await expect(lit).toHaveCount(1);
  await row(3).getByRole('button').blur();
  await expect(lit).toHaveCount(0);
  // A click selects it: in the URL, pressed, lit after the pointer leaves, and after a reload.
  await row(5).click();
  await expect(page).toHaveURL(/[?&]link=5(&|$)/);
  await expect(row(5).getByRole('button')).toHaveAttribute('aria-pressed', 'true');
  await expect(row(5).getByRole('button')).toHaveAccessibleName(`Channel 5, ${cli.channels[5].channel}: light it on the diagram`);
  await id('link-csv').hover();
  await expect(lit).toHaveCount(1);
  await page.reload();
  await expect(row(5).getByRole('button')).toHaveAttribute('aria-pressed', 'true', { timeout: 20_000 });
  await expect(lit).toHaveCount(1);
  // A second click clears it: lit only while the pointer stays.
  await row(5).click();
  await expect(page).not.toHaveURL(/[?&]link=/);
  await expect(row(5).getByRole('button')).toHaveAttribute('aria-pressed', 'false');
  await id('link-csv').hover();
  await expect(lit).toHaveCount(0);
  // A click on a node selects the busiest channel out of it: node 2's are channels 4 and 5
  // (the CLI lists channels by tail), 2 → 3 the busier (the + way).
  await page.getByTestId('diagram').locator('[data-testid="node"][data-i="2"]').click();
  await expect(page).toHaveURL(/[?&]link=4(&|$)/);
  expect(cli.channels[4].channel.startsWith('(2) → ')).toBe(true);
  expect(cli.channels[4].load).toBeGreaterThan(cli.channels[5].load);
  await expect(row(4).getByRole('button')).toHaveAttribute('aria-pressed', 'true');
  await expect(lit).toHaveCount(1);
});

test('a deep link opens the page of the channel it selects; hostile link= and sort= are said', async ({ page }) => {
  test.setTimeout(60_000);
  const id = (t: string) => page.getByTestId(t);
  // Channel 63 is a − channel: the second page when sorted busiest first.
  await page.goto('./?view=throughput&t=torus:k=4x4&s=dor&traffic=uniform&link=63');
  await expect(id('link-pager')).toContainText('Channels 51–64 of 64', { timeout: 20_000 });
  await expect(page.locator('[data-testid="link-row"][data-index="63"] button')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('[data-testid="diagram"] .route-edge')).toHaveCount(1);
  for (const [query, message] of [
    ['link=64', 'link=64 in the address is beyond the last channel: the network has 64 (0 to 63)'],
    ['link=x%3Cb%3E', 'link=x<b> in the address is not a channel number'],
  ]) {
    await page.goto(`./?view=throughput&t=torus:k=4x4&s=dor&traffic=uniform&${query}`);
    await expect(id('link-error')).toContainText(message, { timeout: 20_000 });
    await expect(id('link-row')).toHaveCount(50);
    await expect(page.locator('[data-testid="link-row"] button[aria-pressed="true"]')).toHaveCount(0);
  }
  await page.goto('./?view=throughput&t=torus:k=4x4&s=dor&traffic=uniform&sort=heaviest');
  await expect(id('link-sort-error')).toContainText('sort=heaviest in the address names no column', { timeout: 20_000 });
  await expect(page.locator('th[aria-sort="descending"] [data-column="load"]')).toHaveCount(1);
  await expect(id('link-load').first()).toHaveText('4/5 = 0.8000');
});

for (const theme of ['light', 'dark']) {
  test(`at 390 px (${theme}) the table scrolls inside its box, the page does not`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`./?view=throughput&t=dragonfly:a=4,p=2,h=2&s=minimal&traffic=uniform&theme=${theme}`);
    const table = page.getByTestId('link-table');
    await expect(page.getByTestId('link-row').first()).toBeVisible({ timeout: 20_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const box = await page.locator('.link-loads-scroll').boundingBox();
    expect(box).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    // Wider than its box or not, every header reads whole (no cell wraps a label).
    const headers = await table.locator('th').evaluateAll((ths) => ths.map((th) => th.scrollWidth <= th.clientWidth + 1));
    expect(headers).toEqual(Array(5).fill(true));
  });
}

test('an imported graph (the Petersen graph): every channel by name, each 5/9, as the CLI and the distance sum say', async ({ page }) => {
  // Issue 35: no view listed an imported graph's links with their loads (Compare drops it).
  test.setTimeout(60_000);
  const spec = 'graph:g=AQoKAQADAAIAAgADAgADAgADAQQCAQACAQABAQAA';
  const info = JSON.parse(icn('info', spec)) as { terminals: number; links: number; distance_sum: number };
  const cli = JSON.parse(icn('throughput', spec, '--routing', 'minimal', '--traffic', 'uniform', '--channels')) as CliChannels;
  // Every ordered pair sends 1/(T − 1) over its shortest paths: the loads add up to the
  // distance sum over T − 1, and the Petersen graph, edge-transitive, spreads it evenly
  // over its 2 × 15 channels: 150/9/30 = 5/9 each.
  expect(cli.channels).toHaveLength(2 * info.links);
  const total = cli.channels.reduce((a, c) => a + c.load, 0);
  expect(total).toBeCloseTo(info.distance_sum / (info.terminals - 1), 9);
  for (const c of cli.channels) expect(c.load).toBeCloseTo(5 / 9, 11);
  await page.goto(`./?view=throughput&t=${spec}&s=minimal&traffic=uniform`);
  await expect(page.getByTestId('link-row')).toHaveCount(30, { timeout: 20_000 });
  const shown = await page.getByTestId('link-row').evaluateAll((rows) =>
    rows.map((r) => ({
      k: Number(r.getAttribute('data-index')),
      name: `${r.querySelector('[data-testid="link-from"]')?.textContent} → ${r.querySelector('[data-testid="link-to"]')?.textContent}`,
      exact: r.querySelector('[data-testid="link-load"]')?.textContent,
    })),
  );
  expect(new Set(shown.map((s) => s.k)).size).toBe(30);
  for (const s of shown) expect(s).toEqual({ k: s.k, name: cli.channels[s.k].channel, exact: '5/9 ≈ 0.5556' });
});
