import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { expect, test } from '../fixtures/explorer';

// Flow: every diagram has a "Download SVG" button; the file is a standalone SVG (parses as
// image/svg+xml, has the SVG namespace, a background, the theme's colours written on its
// elements since the page's stylesheet is absent) with the same nodes, links and
// highlighted path as the drawing on the page.

interface Case {
  name: string;
  url: string;
  /** The button's name (data-testid svg-download-NAME). */
  button: string;
  /** The drawing on the page. */
  svg: string;
  /** Element selectors counted on the page and in the file (must be equal). */
  count: string[];
  /** Of those, the ones that must be present (the highlight and the drawing itself). */
  present: string[];
  /** An element whose stroke (or fill) colour must be the page's. */
  paint?: { selector: string; property: 'stroke' | 'fill' };
}

const DIAGRAM = ['[data-testid="node"]', 'path.edge', 'path.route-edge', 'path.route-edge.second', 'path.dag-edge', 'path.conflict-edge', '.node.src', '.node.dst', '.node.site', '.node.lit', '.node.dim', 'text'];

const CASES: Case[] = [
  {
    name: 'explorer (hypercube)',
    url: './?view=route&t=hypercube:n=4&from=0000&to=1011&s=minimal',
    button: 'diagram',
    svg: 'svg[data-testid="diagram"]',
    count: DIAGRAM,
    present: ['[data-testid="node"]', 'path.edge', 'path.route-edge', '.node.src', '.node.dst'],
    paint: { selector: 'path.route-edge', property: 'stroke' },
  },
  {
    name: 'explorer (KYKLOS)',
    url: './?view=route&t=kyklos2:m=2,r=2,n=6,shuffle=proposed&from=24&to=62&s=d2',
    button: 'diagram',
    svg: 'svg[data-testid="diagram"]',
    count: DIAGRAM,
    present: ['[data-testid="node"]', 'path.edge', 'path.route-edge', 'path.dag-edge'],
    paint: { selector: '.node.src circle', property: 'fill' },
  },
  {
    name: 'Lens walkthrough',
    url: './?view=walk&t=lens:p=4,q=4,n=3,completed&from=02.1&to=1.20&choice=shortest&step=2',
    button: 'walk',
    svg: 'svg[data-testid="diagram"]',
    count: DIAGRAM,
    present: ['[data-testid="node"]', 'path.edge', 'path.route-edge', '.node.src', '.node.dst'],
    paint: { selector: 'path.route-edge', property: 'stroke' },
  },
  {
    name: 'KYKLOS join',
    url: './?view=join&t=kyklos2:m=2,r=2,n=6,shuffle=proposed&s=42&r=0',
    button: 'join',
    svg: 'svg[data-testid="diagram"]',
    count: DIAGRAM,
    present: ['[data-testid="node"]', 'path.route-edge', 'path.route-edge.second', '.node.site'],
    paint: { selector: 'path.route-edge.second', property: 'stroke' },
  },
  {
    name: 'D3 wiring ribbons',
    url: './?view=route&t=d3:k=3,m=4&from=(0,1,2)&to=(2,3,0)&s=lgl',
    button: 'd3-wiring',
    svg: 'svg[data-testid="d3-ribbons"]',
    count: ['[data-testid="d3-ribbon"]', '.pill', '.pill.source', 'text'],
    present: ['[data-testid="d3-ribbon"]', '.pill.source'],
    paint: { selector: '[data-testid="d3-ribbon"]', property: 'stroke' },
  },
  {
    name: 'D3 cabinet',
    url: './?view=route&t=d3:k=3,m=4&from=(0,1,2)&to=(2,3,0)&s=lgl',
    button: 'd3-cabinet',
    svg: 'svg[data-testid="d3-cabinet"]',
    count: ['[data-testid="d3-cabinet-router"]', '[data-testid="d3-cabinet-link"]', '.pill.source', '.pill.dest', '.pill.diagonal'],
    present: ['[data-testid="d3-cabinet-router"]', '[data-testid="d3-cabinet-link"]', '.pill.source'],
  },
  {
    name: 'D3 schedule',
    url: './?view=schedule&t=d3:k=3,m=4&c=one-to-all&root=(0,0,1)&rule=paper&step=2',
    button: 'schedule',
    svg: 'svg[data-testid="diagram"]',
    count: DIAGRAM,
    present: ['[data-testid="node"]', 'path.edge', 'path.dag-edge', '.node.src'],
    paint: { selector: 'path.dag-edge', property: 'stroke' },
  },
  {
    name: 'D3 sub-network',
    url: './?view=subnet&t=d3:k=9,m=3&kind=cabinets&set=1,2,5,8',
    button: 'subnet',
    svg: 'svg[data-testid="diagram"]',
    count: DIAGRAM,
    present: ['[data-testid="node"]', 'path.edge', '.node.lit', '.node.dim'],
    paint: { selector: '.node.lit > rect, .node.lit > circle', property: 'stroke' },
  },
];

/** Counts of `selectors` in the page's drawing. */
function countOnPage(page: Page, svg: string, selectors: string[]): Promise<number[]> {
  return page.locator(svg).evaluate((el, sels) => sels.map((s) => el.querySelectorAll(s).length), selectors);
}

/** Parses `text` in the page as image/svg+xml; counts, namespace, errors and one paint. */
function inspect(page: Page, text: string, selectors: string[], paint?: Case['paint']) {
  return page.evaluate(
    ([text, selectors, paint]) => {
      const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
      const root = doc.documentElement;
      const first = paint ? root.querySelector(paint.selector) : null;
      const style = first?.getAttribute('style') ?? '';
      const painted = paint ? (new RegExp(`(?:^|;)${paint.property}:([^;]+)`).exec(style)?.[1] ?? '') : '';
      return {
        errors: doc.getElementsByTagName('parsererror').length,
        name: root.localName,
        ns: root.namespaceURI,
        viewBox: root.getAttribute('viewBox'),
        background: root.querySelector('rect.export-background')?.getAttribute('fill') ?? '',
        counts: selectors.map((s) => root.querySelectorAll(s).length),
        painted,
        inlined: root.querySelectorAll('[style]').length,
      };
    },
    [text, selectors, paint ?? null] as const,
  );
}

for (const c of CASES) {
  test(`svg export: ${c.name}`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto(c.url);
    const svg = page.locator(c.svg);
    await expect(svg).toBeVisible({ timeout: 30_000 });
    const button = page.getByTestId(`svg-download-${c.button}`);
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toBe(`icnplay-${c.button}.svg`);
    const text = readFileSync(await download.path(), 'utf8');
    expect(text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    const onPage = await countOnPage(page, c.svg, c.count);
    const file = await inspect(page, text, c.count, c.paint);
    expect(file.errors).toBe(0);
    expect(file.name).toBe('svg');
    expect(file.ns).toBe('http://www.w3.org/2000/svg');
    expect(file.viewBox).toBe(await svg.getAttribute('viewBox'));
    expect(file.background).toMatch(/^rgb/);
    expect(file.inlined).toBeGreaterThan(0);
    // The same drawing: every counted kind of element, the highlight included.
    const named = (counts: number[]) => Object.fromEntries(c.count.map((s, i) => [s, counts[i]]));
    expect(named(file.counts)).toEqual(named(onPage));
    for (const s of c.present) expect(file.counts[c.count.indexOf(s)], `${s} in the file`).toBeGreaterThan(0);
    // The page's colour, written on the element (the stylesheet is not in the file).
    if (c.paint) {
      const { selector, property } = c.paint;
      const shown = await svg.locator(selector).first().evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), property);
      expect(file.painted).toBe(shown);
      expect(file.painted).toMatch(/^rgb/);
    }
  });
}

test('svg export: the dark theme is written into the file', async ({ page }) => {
  await page.goto('./?view=route&t=hypercube:n=3&from=000&to=111&s=minimal&theme=dark');
  await expect(page.locator('svg[data-testid="diagram"]')).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('svg-download-diagram').click()]);
  const text = readFileSync(await download.path(), 'utf8');
  const file = await inspect(page, text, ['text'], { selector: '.node:not(.src):not(.dst) text', property: 'fill' });
  // A dark card behind light labels.
  const luminance = (rgb: string) => {
    const [r, g, b] = (rgb.match(/\d+/g) ?? []).map(Number);
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
  };
  expect(luminance(file.background)).toBeLessThan(0.5);
  expect(luminance(file.painted)).toBeGreaterThan(0.5);
});
