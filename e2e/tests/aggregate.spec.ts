import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures/explorer';

// Flow: networks past what is drawn node by node are drawn as aggregates (issue 17): D3(16,16)
// as cabinets -> drawers -> routers, a 20-cube as blocks of its high dimensions, each opened by
// a click or Enter, in the route, schedule, deadlock and sub-network views; never "Too large to
// draw"; no visible label under 10 px; one tab stop per drawing.

const D3 = 'd3:k=16,m=16';

/** The on-screen font size (CSS px) of every text shown in the drawing. */
async function shownSizes(diagram: Locator): Promise<number[]> {
  return diagram.evaluate((svg) => {
    const out: number[] = [];
    for (const t of Array.from(svg.querySelectorAll('text'))) {
      const text = t as SVGTextElement;
      if (getComputedStyle(text).display === 'none' || text.getClientRects().length === 0) continue;
      out.push(parseFloat(getComputedStyle(text).fontSize) * (text.getScreenCTM()?.a ?? 1));
    }
    return out;
  });
}

async function legible(diagram: Locator): Promise<void> {
  for (const px of await shownSizes(diagram)) expect(px).toBeGreaterThanOrEqual(10);
}

function nodes(page: Page): Locator {
  return page.getByTestId('diagram').getByTestId('node');
}

function node(page: Page, addr: string): Locator {
  return page.getByTestId('diagram').locator(`[data-testid="node"][data-addr="${addr}"]`);
}

async function tabStops(page: Page): Promise<number> {
  return page.getByTestId('diagram').evaluate((svg) => svg.querySelectorAll('[tabindex="0"]').length);
}

test('D3(16,16) route: cabinets with their bundles, opened into drawers and routers', async ({ page }) => {
  await page.goto(`./?view=route&t=${D3}&from=(0,0,1)&to=(9,7,3)`);
  await expect(page.getByTestId('diagram-aggregate')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('diagram-too-large')).toHaveCount(0);
  await expect(nodes(page)).toHaveCount(16);
  // The route's ends and its hops through the cabinets.
  await expect(page.locator('.node.src')).toHaveAttribute('data-addr', 'c0');
  await expect(page.locator('.node.dst')).toHaveAttribute('data-addr', 'c9');
  expect(await page.locator('svg.diagram .route-edge').count()).toBeGreaterThan(0);
  // Bundles carry their counts: M^2 = 256 global links between two cabinets.
  await expect(page.locator('svg.diagram text.note').first()).toHaveText('256');
  await legible(page.getByTestId('diagram'));
  expect(await tabStops(page)).toBe(1);

  // A click opens cabinet 0 into its 16 drawers (d0 … d15 under a bracket naming it); the
  // focus goes to its first drawer, zoomed in until its label reads.
  await node(page, 'c0').click();
  await expect(nodes(page)).toHaveCount(31);
  await expect(node(page, 'd0')).toBeFocused();
  await expect(page.locator('.node.src')).toHaveAttribute('data-addr', 'd0');
  // Enter opens the drawer: its routers, the source among them.
  await page.keyboard.press('Enter');
  await expect(nodes(page)).toHaveCount(46);
  await expect(page.locator('.node.src')).toHaveAttribute('data-addr', 'p1');
  await legible(page.getByTestId('diagram'));
  expect(await tabStops(page)).toBe(1);
  // Arrow keys move along the row.
  await node(page, 'p1').focus();
  await page.keyboard.press('ArrowRight');
  await expect(node(page, 'p2')).toBeFocused();
  // A router is a node: a click sets To.
  await node(page, 'p5').click();
  await expect.poll(() => new URL(page.url()).searchParams.get('to')).toBe('(0,0,5)');
  // Closing goes back to the cabinets.
  await page.getByTestId('aggregate-collapse').click();
  await expect(nodes(page)).toHaveCount(16);
  // Zoomed in, labels stay legible.
  for (let i = 0; i < 2; i++) {
    await page.getByTestId('zoom-in').first().click();
    await legible(page.getByTestId('diagram'));
  }
  // The route's neighbourhood is one click away.
  await page.getByTestId('show-focus').click();
  await expect(page.getByTestId('diagram-focus')).toBeVisible();
});

test('a 20-cube is drawn as 16 blocks by dimension, opened on a click', async ({ page }) => {
  const from = '0'.repeat(20);
  const to = '1'.repeat(20);
  await page.goto(`./?view=route&t=hypercube:n=20&from=${from}&to=${to}`);
  await expect(page.getByTestId('diagram-aggregate')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('diagram-too-large')).toHaveCount(0);
  await expect(nodes(page)).toHaveCount(16);
  await expect(page.locator('.node.src')).toHaveAttribute('data-addr', '0000*');
  await expect(page.locator('.node.dst')).toHaveAttribute('data-addr', '1111*');
  await expect
    .poll(async () => [...new Set(await page.locator('svg.diagram text.note').allTextContents())].sort())
    .toEqual(['dim 1', 'dim 2', 'dim 3', 'dim 4']);
  await legible(page.getByTestId('diagram'));
  await node(page, '0101*').click();
  await expect(nodes(page)).toHaveCount(31);
  // Its parts named by their own digits under the bracket naming the block.
  await expect(node(page, '1111*')).toHaveCount(2);
  await expect(page.locator('svg.diagram text.note', { hasText: 'block 0101*' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Close block 0101*' }).click();
  await expect(nodes(page)).toHaveCount(16);
});

test('D3(16,16) schedule: the step drawn on the cabinets, opened to routers', async ({ page }) => {
  // Step 18: the first to leave cabinet 0 (icn schedule d3:k=16,m=16 one-to-all --root (0,0,1)).
  await page.goto(`./?view=schedule&t=${D3}&c=one-to-all&root=(0,0,1)&rule=paper&step=18`);
  await expect(page.getByTestId('diagram-aggregate')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('diagram-too-large')).toHaveCount(0);
  await expect(nodes(page)).toHaveCount(16);
  await expect(page.locator('.node.src')).toHaveAttribute('data-addr', 'c0');
  // Step 18's channels from cabinet 0 to cabinet 1 light a bundle.
  await expect.poll(() => page.locator('svg.diagram .dag-edge').count()).toBeGreaterThan(0);
  await legible(page.getByTestId('diagram'));
  await node(page, 'c0').click();
  await page.keyboard.press('Enter');
  await expect(nodes(page)).toHaveCount(46);
  await expect(node(page, 'p1')).toHaveClass(/src/);
  await legible(page.getByTestId('diagram'));
  expect(await tabStops(page)).toBe(1);
});

test('D3(16,16) deadlock and sub-network views draw the aggregates', async ({ page }) => {
  await page.goto(`./?view=deadlock&t=${D3}&s=lgl&scheme=one&vcs=1`);
  await expect(page.getByTestId('diagram-aggregate')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('diagram-too-large')).toHaveCount(0);
  await expect(nodes(page)).toHaveCount(16);
  await legible(page.getByTestId('diagram'));
  await page.goto(`./?view=subnet&t=${D3}&kind=cabinets&set=1,2`);
  await expect(page.getByTestId('diagram-aggregate')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('diagram-too-large')).toHaveCount(0);
  await expect(page.locator('svg.diagram .node.lit')).toHaveCount(2);
  await expect(page.locator('svg.diagram .node.dim')).toHaveCount(14);
});

test("the D3 panel's cabinet drawing is one tab stop with arrow keys inside", async ({ page }) => {
  await page.goto('./?view=route&t=d3:k=3,m=4&from=(0,1,2)&to=(2,2,1)');
  const cabinet = page.getByTestId('d3-cabinet');
  await expect(cabinet).toBeVisible();
  await expect(cabinet.getByTestId('d3-cabinet-router')).toHaveCount(16);
  // One tab stop: From's router.
  const stop = cabinet.locator('[tabindex="0"]');
  await expect(stop).toHaveCount(1);
  await expect(stop).toHaveAttribute('data-addr', '(0,1,2)');
  await stop.focus();
  await page.keyboard.press('ArrowRight');
  const moved = await page.evaluate(() => document.activeElement?.getAttribute('data-addr'));
  expect(moved).not.toBe('(0,1,2)');
  await expect(cabinet.locator('[tabindex="0"]')).toHaveCount(1);
  await expect(cabinet.locator('[tabindex="0"]')).toHaveAttribute('data-addr', moved ?? '');
  // Its ports show, and Enter picks it (a click sets To).
  await expect(page.getByTestId('d3-cabinet-tip')).toContainText(moved ?? '');
  await page.keyboard.press('Enter');
  await expect.poll(() => new URL(page.url()).searchParams.get('to')).toBe(moved);
});
