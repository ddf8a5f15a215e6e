import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/explorer';

// Issue 17: "route colours and arrows that stand out in both themes", "distinct colours (H-2
// and D2 are nearly the same)", "on phones a select instead of eleven pills". The colours are
// read from the page as drawn (computed styles), in light and dark, and measured: WCAG
// contrast against the card for the route, CIE76 colour difference between chart series.

/** sRGB [r, g, b] (0-255) of a CSS colour the browser computed ("rgb(…)" or "rgba(…)"). */
function rgb(css: string): number[] {
  const m = css.match(/[\d.]+/g) ?? [];
  return m.slice(0, 3).map(Number);
}

function linear(c: number): number {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

/** WCAG 2 contrast ratio of two sRGB colours. */
function contrast(a: number[], b: number[]): number {
  const l = ([r, g, b]: number[]) => 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  const [x, y] = [l(a), l(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

/** CIE L*a*b* (D65) of an sRGB colour. */
function lab([r, g, b]: number[]): number[] {
  const [R, G, B] = [linear(r), linear(g), linear(b)];
  const x = (0.4124 * R + 0.3576 * G + 0.1805 * B) / 0.95047;
  const y = 0.2126 * R + 0.7152 * G + 0.0722 * B;
  const z = (0.0193 * R + 0.1192 * G + 0.9505 * B) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

function deltaE(a: number[], b: number[]): number {
  const [p, q] = [lab(a), lab(b)];
  return Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
}

/** The card's background on the page. */
async function card(page: Page): Promise<number[]> {
  return rgb(await page.locator('.diagram-card').first().evaluate((el) => getComputedStyle(el).backgroundColor));
}

for (const theme of ['light', 'dark'] as const) {
  test(`the route and its arrows stand out from the card and the links, ${theme}`, async ({ page }) => {
    await page.goto(`./?view=route&t=hypercube:n=4&from=0000&to=1011&s=minimal&theme=${theme}`);
    const diagram = page.getByTestId('diagram');
    await expect(diagram.locator('path.route-edge')).toHaveCount(3);
    const back = await card(page);
    const route = rgb(await diagram.locator('path.route-edge').first().evaluate((el) => getComputedStyle(el).stroke));
    const arrow = rgb(await diagram.locator('polygon.route-arrow').first().evaluate((el) => getComputedStyle(el).fill));
    const link = rgb(await diagram.locator('path.edge').first().evaluate((el) => getComputedStyle(el).stroke));
    // Non-text contrast (WCAG 1.4.11) is 3:1; the route is drawn well past it.
    expect(contrast(route, back), `route on the card ${route} / ${back}`).toBeGreaterThanOrEqual(4.5);
    expect(contrast(arrow, back), 'arrow on the card').toBeGreaterThanOrEqual(4.5);
    // And it is not the links' colour.
    expect(deltaE(route, link), `route ${route} against links ${link}`).toBeGreaterThan(40);
  });

  // Issue 35: a schedule step's channels were the soft, 22 %-opaque accent on grey wiring.
  test(`a schedule step's channels stand out from the card and the wiring, ${theme}`, async ({ page }) => {
    await page.goto(`./?view=schedule&t=d3:k=3,m=4&c=one-to-all&root=(0,0,1)&rule=paper&step=2&theme=${theme}`);
    const diagram = page.getByTestId('diagram');
    const lit = diagram.locator('g.dag path');
    // Attached, not "visible": a straight channel's path has no height.
    await expect(lit.first()).toBeAttached();
    const style = (el: Element) => {
      const s = getComputedStyle(el);
      return { stroke: s.stroke, opacity: s.strokeOpacity, width: parseFloat(s.strokeWidth) };
    };
    const on = await lit.first().evaluate(style);
    const wire = await diagram.locator('path.edge').first().evaluate(style);
    // Opaque: an rgba() stroke or a stroke-opacity under 1 is mixed with what lies beneath.
    expect(on.stroke, 'lit stroke').toMatch(/^rgb\(/);
    expect(Number(on.opacity)).toBe(1);
    const back = await card(page);
    expect(contrast(rgb(on.stroke), back), `lit ${on.stroke} on the card ${back}`).toBeGreaterThanOrEqual(3);
    expect(deltaE(rgb(on.stroke), rgb(wire.stroke)), `lit ${on.stroke} against wiring ${wire.stroke}`).toBeGreaterThan(40);
    expect(on.width).toBeGreaterThanOrEqual(2 * wire.width);
  });

  test(`the chart series colours are far apart, ${theme}`, async ({ page }) => {
    await page.goto(`./?view=charts&theme=${theme}`);
    await expect(page.getByTestId('view-charts')).toBeVisible();
    const colours = await page.evaluate(() => {
      const style = getComputedStyle(document.documentElement);
      return Array.from({ length: 7 }, (_, i) => style.getPropertyValue(`--chart-${i + 1}`).trim());
    });
    const series = colours.map((hex) => {
      const h = hex.replace('#', '');
      return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16));
    });
    expect(series.flat().every((x) => Number.isFinite(x))).toBe(true);
    const back = rgb(await page.locator('.card').first().evaluate((el) => getComputedStyle(el).backgroundColor));
    for (let i = 0; i < series.length; i++) {
      expect(contrast(series[i], back), `series ${i + 1} ${colours[i]} on the card`).toBeGreaterThanOrEqual(3);
      for (let j = i + 1; j < series.length; j++) {
        // ΔE*ab above 20: told apart at a glance (H-2 and D2, green and teal, were 14 apart).
        expect(deltaE(series[i], series[j]), `series ${i + 1} ${colours[i]} and ${j + 1} ${colours[j]}`).toBeGreaterThan(20);
      }
    }
  });
}

test('on a phone the chart picker is one select, and it switches the chart', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('./?view=charts&chart=density');
  const select = page.getByTestId('chart-select');
  await expect(select).toBeVisible();
  await expect(select).toHaveValue('density');
  // The pills are not shown: none takes room above the chart.
  const pills = page.locator('[data-testid^="chart-tab-"]');
  expect(await pills.count()).toBeGreaterThan(10);
  for (const pill of await pills.all()) await expect(pill).toBeHidden();
  const options = await select.locator('option').count();
  expect(options).toBe(await pills.count());
  await select.selectOption('d2h2');
  await expect.poll(() => new URL(page.url()).searchParams.get('chart')).toBe('d2h2');
  await expect(page.getByTestId('chart-canvas')).toBeVisible();
  // On a desktop, the pills and no select.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(select).toBeHidden();
  await expect(page.getByTestId('chart-tab-d2h2')).toHaveAttribute('aria-pressed', 'true');
});
