import type { Locator, Page } from '@playwright/test';
import { cliRoute } from '../fixtures/cli';
import { expect, test } from '../fixtures/explorer';

// Flow: the papers' headline cases drawn (issue 17). Past what fits, the route's
// neighbourhood is drawn instead of "Too large to draw"; every diagram pans and zooms, no
// visible label is under 10 px on screen, and a diagram is one tab stop with arrow keys
// inside.

const FIGURE2 = 'lens:p=4,q=4,n=10,completed';

// D3(16,16) is drawn as its cabinets first (aggregate.spec.ts); its route's neighbourhood is
// one press away.
const cases: { name: string; url: string; from: string; to: string; show?: string }[] = [
  {
    name: "the Lens's Figure 2 pair",
    url: `./?view=route&t=${FIGURE2}&from=021.0212012&to=0110010.212`,
    from: '021.0212012',
    to: '0110010.212',
  },
  {
    name: "the Lens's Figure 2 walk",
    url: `./?view=walk&t=${FIGURE2}&from=021.0212012&to=0110010.212&choice=class1`,
    from: '021.0212012',
    to: '0110010.212',
  },
  {
    name: 'D3(16,16)',
    url: './?view=route&t=d3:k=16,m=16&from=(0,0,1)&to=(9,7,3)',
    from: '(0,0,1)',
    to: '(9,7,3)',
    show: 'show-focus',
  },
  { name: 'KYKLOS-II<2,2,12>', url: './?view=route&t=kyklos2:m=2,r=2,n=12&from=3&to=4091', from: '3', to: '4091' },
];

/** The on-screen font size (CSS px) of every label shown, and how many are hidden. */
async function labelSizes(diagram: Locator): Promise<{ shown: number[]; hidden: number }> {
  return diagram.evaluate((svg) => {
    const shown: number[] = [];
    let hidden = 0;
    for (const t of Array.from(svg.querySelectorAll('text'))) {
      const text = t as SVGTextElement;
      if (getComputedStyle(text).display === 'none' || text.getClientRects().length === 0) {
        hidden++;
        continue;
      }
      const scale = text.getScreenCTM()?.a ?? 1;
      shown.push(parseFloat(getComputedStyle(text).fontSize) * scale);
    }
    return { shown, hidden };
  });
}

async function tabStops(diagram: Locator): Promise<number> {
  return diagram.evaluate((svg) => svg.querySelectorAll('[tabindex="0"]').length);
}

async function focused(page: Page): Promise<string | null> {
  return page.evaluate(() => document.activeElement?.getAttribute('data-addr') ?? null);
}

for (const c of cases) {
  test(`${c.name} draws its route's neighbourhood, legibly`, async ({ page }) => {
    await page.goto(c.url);
    const diagram = page.getByTestId('diagram');
    await expect(diagram).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('diagram-too-large')).toHaveCount(0);
    if (c.show) await page.getByTestId(c.show).click();
    await expect(page.getByTestId('diagram-focus')).toBeVisible();
    // The pair and the route are drawn.
    await expect(diagram.locator(`[data-testid="node"][data-addr="${c.from}"]`)).toHaveCount(1);
    await expect(diagram.locator(`[data-testid="node"][data-addr="${c.to}"]`)).toHaveCount(1);
    await expect(diagram.locator('.node.src')).toHaveCount(1);
    await expect(diagram.locator('.node.dst')).toHaveCount(1);
    // No visible label under 10 px, before and after zooming in.
    for (let i = 0; i < 3; i++) {
      const { shown } = await labelSizes(diagram);
      for (const px of shown) expect(px).toBeGreaterThanOrEqual(10);
      await page.getByTestId('zoom-in').first().click();
    }
    // Zoomed in, the labels are legible.
    expect((await labelSizes(diagram)).shown.length).toBeGreaterThan(0);
    expect(await tabStops(diagram)).toBe(1);
  });
}

// Issue 35: the route explorer's figure-first panel (the embed) drew "Too large to draw …
// choose a source and a destination" for the Lens's Figure 2 pair while both were chosen, and
// a KYKLOS-II<2,2,12> route's 12k-node adjacency matrix instead of the trees it climbs. Both,
// in the view and in its panel, draw the route's neighbourhood with every node of the path
// `icn route` gives, and its path count.
const headline = [
  { name: "the Lens's Figure 2 pair", t: FIGURE2, from: '021.0212012', to: '0110010.212', s: 'minimal' },
  { name: 'KYKLOS-II<2,2,12> 5 → 4000 under Y-2', t: 'kyklos2:m=2,r=2,n=12', from: '5', to: '4000', s: 'y2' },
];
for (const h of headline) {
  for (const panel of ['', '&embed=1&panel=diagram']) {
    test(`${h.name}${panel ? ', figure-first panel,' : ''} draws the route's neighbourhood`, async ({ page }) => {
      const cli = cliRoute(h.t, h.from, h.to, h.s);
      await page.goto(`./?view=route&t=${h.t}&from=${h.from}&to=${h.to}&s=${h.s}${panel}`);
      await expect(page.getByTestId('diagram-focus')).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('diagram-too-large')).toHaveCount(0);
      await expect(page.getByTestId('matrix')).toHaveCount(0);
      const diagram = page.getByTestId('diagram');
      const path = cli.paths[0];
      expect(path.length - 1).toBe(Number(cli.distance));
      for (const addr of new Set(path)) {
        await expect(diagram.locator(`[data-testid="node"][data-addr="${addr}"]`), addr).toHaveCount(1);
      }
      await expect(page.getByTestId('path-count').first()).toHaveText(cli.pathCount);
    });
  }
}

test('every diagram is one tab stop; arrow keys move between nodes; + and 0 zoom', async ({ page }) => {
  // The KYKLOS route view had 190 tab stops, one per node.
  await page.goto('./?view=route&t=kyklos2:m=2,r=2,n=6,shuffle=proposed&from=24&to=62');
  const diagram = page.getByTestId('diagram');
  await expect(diagram).toBeVisible();
  expect(await diagram.getByTestId('node').count()).toBeGreaterThan(100);
  expect(await tabStops(diagram)).toBe(1);
  // The tab stop starts on the source.
  const stop = diagram.locator('[tabindex="0"]');
  await expect(stop).toHaveAttribute('data-addr', '24');
  await stop.focus();
  await page.keyboard.press('ArrowRight');
  const right = await focused(page);
  expect(right).not.toBe('24');
  expect(await tabStops(diagram)).toBe(1);
  await expect(diagram.locator('[tabindex="0"]')).toHaveAttribute('data-addr', right ?? '');
  await page.keyboard.press('ArrowLeft');
  expect(await focused(page)).toBe('24');
  await page.keyboard.press('ArrowUp');
  expect(await focused(page)).not.toBe('24');
  // Enter still selects (a click sets To by default).
  await page.keyboard.press('Enter');
  await expect.poll(() => new URL(page.url()).searchParams.get('to')).toBe((await focused(page)) ?? '');
  // + zooms in, 0 back to the whole drawing.
  const level = page.getByTestId('zoom-level').first();
  await expect(level).toHaveText('100%');
  await page.keyboard.press('+');
  await expect(level).toHaveText('150%');
  await page.keyboard.press('0');
  await expect(level).toHaveText('100%');
  // Tab leaves the diagram in one press.
  await diagram.locator('[tabindex="0"]').focus();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('svg') === null)).toBe(true);
});

test('the D3(3,4) diagram zooms with its buttons and Ctrl + wheel, and pans by dragging', async ({ page }) => {
  await page.goto('./?view=route&t=d3:k=3,m=4&from=(0,1,2)&to=(2,2,1)');
  const diagram = page.getByTestId('diagram');
  await expect(diagram).toBeVisible();
  const whole = await diagram.getAttribute('viewBox');
  await page.getByTestId('zoom-in').click();
  const zoomed = await diagram.getAttribute('viewBox');
  expect(zoomed).not.toBe(whole);
  // Dragging moves the view; the drag does not select a node.
  const box = await diagram.boundingBox();
  if (!box) throw new Error('no box');
  const to = new URL(page.url()).searchParams.get('to');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 80, box.y + box.height / 2 - 20, { steps: 5 });
  await page.mouse.up();
  expect(await diagram.getAttribute('viewBox')).not.toBe(zoomed);
  expect(new URL(page.url()).searchParams.get('to')).toBe(to);
  await page.getByTestId('zoom-whole').click();
  expect(await diagram.getAttribute('viewBox')).toBe(whole);
  // Ctrl + wheel zooms about the pointer.
  await page.mouse.move(box.x + 40, box.y + 40);
  await page.keyboard.down('Control');
  await page.mouse.wheel(0, -200);
  await page.keyboard.up('Control');
  await expect(page.getByTestId('zoom-level')).not.toHaveText('100%');
});

// The review counted 265 tab stops on the join view (one per node); every view's drawing is
// one tab stop, its nodes reached with the arrow keys.
for (const [name, url] of [
  ['join', './?view=join&t=kyklos2:m=2,r=2,n=6,shuffle=proposed&s=42&r=0'],
  ['walk', './?view=walk'],
  ['schedule', './?view=schedule&t=d3:k=3,m=4&step=2'],
  ['subnet', './?view=subnet&t=d3:k=9,m=3&kind=cabinets&set=1,2,5,8'],
  ['deadlock', './?view=deadlock&t=torus:k=4x4&s=dor&scheme=one&vcs=1'],
]) {
  test(`the ${name} view's drawing is one tab stop with arrow keys inside`, async ({ page }) => {
    await page.goto(url);
    const diagram = page.getByTestId('diagram').first();
    await expect(diagram).toBeVisible({ timeout: 30_000 });
    const count = await diagram.getByTestId('node').count();
    expect(count).toBeGreaterThan(8);
    expect(await tabStops(diagram)).toBe(1);
    const stop = diagram.locator('[tabindex="0"]');
    const first = await stop.getAttribute('data-addr');
    await stop.focus();
    for (const key of ['ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowUp']) {
      await page.keyboard.press(key);
      if ((await focused(page)) !== first) break;
    }
    const moved = await focused(page);
    expect(moved).not.toBe(first);
    expect(await tabStops(diagram)).toBe(1);
    await expect(diagram.locator('[tabindex="0"]')).toHaveAttribute('data-addr', moved ?? '');
  });
}

// The D3 card's drawings (From's drawer's global wiring, the global links inside From's
// cabinet) had no zoom and fixed labels: D3(16,16)'s 256 routers were labelled at 3 px on a
// 400 px card, D3(3,4)'s wiring at 8 px on a phone. They pan and zoom like the diagram, and
// a label is shown only while it reads.
for (const width of [1280, 390]) {
  test(`at ${width} px the D3 card's drawings zoom and show no label under 10 px`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    for (const spec of ['d3:k=16,m=16', 'd3:k=3,m=4']) {
      await page.goto(`./?view=route&t=${spec}&from=(0,1,2)&to=(2,2,1)`);
      for (const id of ['d3-cabinet', 'd3-ribbons']) {
        const drawing = page.getByTestId(id);
        if (id === 'd3-ribbons' && spec === 'd3:k=16,m=16') {
          // 16 cabinets of 16 drawers: the wiring is listed, not drawn.
          await expect(page.getByTestId('d3-ribbons-too-large')).toBeVisible({ timeout: 30_000 });
          continue;
        }
        await expect(drawing).toBeVisible({ timeout: 30_000 });
        const whole = await drawing.getAttribute('viewBox');
        let [shown, zooms] = [0, 0];
        for (; zooms < 6; zooms++) {
          const { shown: sizes } = await labelSizes(drawing);
          for (const px of sizes) expect(px, `${spec} ${id} at ${width} px, zoom step ${zooms}`).toBeGreaterThanOrEqual(10);
          shown = sizes.length;
          if (shown > 0) break;
          await page.getByTestId(`${id}-zoom-in`).click();
        }
        // Zoomed in far enough, the labels read.
        expect(shown, `${spec} ${id}: labels once zoomed`).toBeGreaterThan(0);
        if (spec === 'd3:k=16,m=16') expect(zooms, "256 routers' labels read only zoomed in").toBeGreaterThan(0);
        if (zooms > 0) {
          expect(await drawing.getAttribute('viewBox')).not.toBe(whole);
          await page.getByTestId(`${id}-zoom-whole`).click();
        }
        expect(await drawing.getAttribute('viewBox')).toBe(whole);
      }
    }
  });
}

// Issue 35: at 390 px the Figure 2 route's labels were squeezed to about 60 % of their size
// (five hops a row in a 336 px card). Its rows now take as many hops as fit: every label is
// shown at its size, and the drawing stays inside the screen.
for (const view of ['route', 'walk']) {
  test(`at 390 px the Figure 2 ${view} drawing shows every label at its size`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`./?view=${view}&t=${FIGURE2}&from=021.0212012&to=0110010.212`);
    await expect(page.getByTestId('diagram-focus')).toBeVisible({ timeout: 30_000 });
    const diagram = page.getByTestId('diagram');
    const { shown, hidden } = await labelSizes(diagram);
    expect(hidden).toBe(0);
    expect(shown.length).toBeGreaterThan(40);
    for (const px of shown) expect(px).toBeGreaterThanOrEqual(10);
    const box = (await diagram.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    // Its text alternative says how it is arranged.
    await expect(page.locator('#diagram-desc')).toContainText('3 hops a row');
  });
}
