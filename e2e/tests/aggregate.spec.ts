import type { Locator, Page } from '@playwright/test';
import { icn } from '../fixtures/cli';
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

// Issue 17: the aggregates opened are view state (`open=`), so a shared link and an embed
// show what was open; Back closes what was opened; another network forgets them; hostile
// values open nothing they should not.
// One navigation or two per test (each loads D3(16,16)'s 4,096 routers), so that every test
// stays far inside its time limit on a loaded machine.
const route = `./?view=route&t=${D3}&from=(0,0,1)&to=(9,7,3)`;
const openIn = (page: Page) => () => new URL(page.url()).searchParams.get('open');

test('the aggregates opened are in the URL: reload, Back, embed', async ({ page }) => {
  const open = openIn(page);
  await page.goto(route);
  await expect(nodes(page)).toHaveCount(16, { timeout: 30_000 });
  await node(page, 'c0').click();
  await expect.poll(open).toBe('0');
  await expect(node(page, 'd0')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(open).toBe('0,0.0');
  await expect(nodes(page)).toHaveCount(46);
  // A reload (a shared link) shows the same: cabinet 0, its drawer 0's routers, the source.
  await page.reload();
  await expect(nodes(page)).toHaveCount(46, { timeout: 30_000 });
  await expect(page.locator('.node.src')).toHaveAttribute('data-addr', 'p1');
  await expect(page.getByTestId('aggregate-close')).toHaveText(['× cabinet 0', '× drawer (0,0,*)']);
  // Back closes the drawer, Forward opens it again.
  await page.goBack();
  await expect(nodes(page)).toHaveCount(31);
  await page.goForward();
  await expect(nodes(page)).toHaveCount(46);
  // The embed snippet and the figure-first embed carry it.
  await page.getByTestId('embed-button').click();
  await expect(page.getByTestId('embed-snippet')).toHaveValue(/&amp;open=0,0\.0&amp;/);
  await page.goto(`${route}&open=0,0.0&embed=1&panel=diagram`);
  await expect(nodes(page)).toHaveCount(46, { timeout: 30_000 });
  await expect(page.locator('main[data-panel="diagram"]')).toBeVisible();
  // Closing a cabinet closes its drawer too.
  await page.getByRole('button', { name: 'Close cabinet 0' }).click();
  await expect(nodes(page)).toHaveCount(16);
  await expect.poll(open).toBe(null);
});

test('another network forgets the aggregates that were open', async ({ page }) => {
  const open = openIn(page);
  await page.goto(`${route}&open=3`);
  await expect(nodes(page)).toHaveCount(31, { timeout: 30_000 });
  await page.getByTestId('param-k').fill('12');
  await expect(page.getByTestId('info-nodes')).toHaveText('3,072');
  await expect.poll(open).toBe(null);
  await expect(nodes(page)).toHaveCount(12);
});

// Hostile or meaningless values: what this network can open is opened, the rest left out.
const hostile: [string, number, string[]][] = [
  ['99', 16, []], // no cabinet 99
  ['0.99', 16, []], // no drawer 99, and its cabinet not open
  ['1.2', 16, []], // its cabinet is not open
  ['0,0.0.0', 31, ['× cabinet 0']], // a router: nothing to open
  ['x,-1,%3Cscript%3E,0.', 16, []],
  ['0,,5', 46, ['× cabinet 0', '× cabinet 5']],
  ['4294967296', 16, []],
  [Array.from({ length: 16 }, (_, i) => i).join(','), 16, []], // 256 aggregates: too many, none opened
  ['7'.repeat(5000), 16, []],
];

for (const [value, count, closers] of hostile) {
  test(`open=${value.slice(0, 24)}${value.length > 24 ? '…' : ''} opens ${closers.length ? closers.join(' and ') : 'nothing'}`, async ({ page }) => {
    await page.goto(`${route}&open=${value}`);
    await expect(nodes(page), `open=${value.slice(0, 40)}`).toHaveCount(count, { timeout: 30_000 });
    await expect(page.getByTestId('aggregate-close')).toHaveText(closers);
  });
}

test('a schedule step inside one cabinet rings that cabinet until it is opened', async ({ page }) => {
  // icn schedule: one-to-all from (0,0,1) on D3(16,16); the steps whose channels all stay in
  // one cabinet (local hops, global ones to the same cabinet) light no bundle.
  const cli = JSON.parse(icn('schedule', D3, 'one-to-all', '--root', '(0,0,1)')) as {
    occupancy: { step: number; channels: { from: string; to: string }[] }[];
  };
  const cabinet = (addr: string) => addr.slice(1).split(',')[0];
  const inside = cli.occupancy.find((u) => u.channels.every((c) => cabinet(c.from) === cabinet(c.to)));
  const leaving = cli.occupancy.find((u) => u.channels.some((c) => cabinet(c.from) !== cabinet(c.to)));
  if (!inside || !leaving) throw new Error('icn schedule lists no such steps');
  const cabinets = [...new Set(inside.channels.map((c) => cabinet(c.from)))];
  expect(cabinets).toEqual(['0']);
  const at = (step: number) => `./?view=schedule&t=${D3}&c=one-to-all&root=(0,0,1)&rule=paper&step=${step}`;
  await page.goto(at(inside.step));
  await expect(nodes(page)).toHaveCount(16, { timeout: 30_000 });
  await expect(page.getByTestId('schedule-channels')).toHaveText(String(inside.channels.length));
  await expect(page.locator('svg.diagram .dag-edge')).toHaveCount(0);
  await expect(page.getByTestId('inner-ring')).toHaveCount(1);
  await expect(node(page, 'c0')).toHaveClass(/inner/);
  await expect(node(page, 'c0')).toHaveAttribute('aria-label', /with highlighted channels inside/);
  // Opened, the drawers carry the step (local links stay inside a drawer: those rings).
  await node(page, 'c0').click();
  await expect(nodes(page)).toHaveCount(31);
  await expect(node(page, 'c0')).toHaveCount(0);
  const drawers = new Set(
    inside.channels.filter((c) => c.from.split(',')[1] === c.to.split(',')[1]).map((c) => `d${c.from.split(',')[1]}`),
  );
  const ringed = await page.locator('svg.diagram .node.inner').evaluateAll((els) => els.map((e) => e.getAttribute('data-addr')));
  expect(new Set(ringed)).toEqual(drawers);
  // A step leaving cabinet 0 lights bundles.
  await page.goto(at(leaving.step));
  await expect(nodes(page)).toHaveCount(16, { timeout: 30_000 });
  await expect.poll(() => page.locator('svg.diagram .dag-edge').count()).toBeGreaterThan(0);
});

// At 390 px, an opened cabinet's name under its bracket was cut off (centred under its 16
// drawers, off the view zoomed in on the first), and a source at the row's edge was cut in
// half when the link opened with it.
test('on a phone an opened cabinet shows its name and its first drawer whole', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // How far `what` sticks out of the drawing's box (0: shown whole), once the view has
  // settled on the opened cabinet.
  const within = async (what: Locator) => {
    await expect
      .poll(async () => {
        const svg = await page.getByTestId('diagram').boundingBox();
        const box = await what.boundingBox();
        if (!svg || !box) return 'not laid out';
        const out = Math.max(svg.x - box.x, box.x + box.width - svg.x - svg.width, box.y + box.height - svg.y - svg.height);
        return out <= 0.5 ? 'whole' : `${out.toFixed(1)} px out: ${JSON.stringify([svg, box])}`;
      })
      .toBe('whole');
  };
  const route = `./?view=route&t=${D3}&from=(0,0,1)&to=(9,7,3)`;
  for (const how of ['click', 'link']) {
    await page.goto(how === 'link' ? `${route}&open=0` : route);
    await expect(nodes(page)).toHaveCount(how === 'link' ? 31 : 16, { timeout: 30_000 });
    if (how === 'click') await node(page, 'c0').click();
    await expect(nodes(page)).toHaveCount(31);
    const name = page.locator('svg.diagram text.note', { hasText: 'cabinet 0' });
    await expect(name).toHaveCount(1);
    await within(name);
    await within(node(page, 'd0'));
    await legible(page.getByTestId('diagram'));
  }
});
