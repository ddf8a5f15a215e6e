import type { Frame, Page } from '@playwright/test';
import { COURSE_ORIGIN, courseUrl } from '../fixtures/course';
import { expect, test } from '../fixtures/explorer';

// Flow (issue 35, embeds that fit every width): an instructor puts a figure-first embed into
// course notes read at 390, 700 and 1280 px. The figure and its few controls fit (at most
// 900 px tall at 700 px: tables and command lines are a link away), the frame is as tall as
// its content at every width, the widget is centred (no scrollbar gutter) and its "Open in
// icnplay" link is in sight even in a frame of fixed height. The Embed panel offers the
// self-sizing embed.js snippet first, fills its width, and its preview is not loaded again
// (its view's job not run again) when only the theme changes.

test.use({ extraOrigins: [COURSE_ORIGIN] });

/** The figure-first embeds the issue measured: the simulation's chart, the walkthrough's player. */
const FIGURES = [
  { slug: 'sim', query: 'view=sim&t=mesh:k=4x4&s=dor&rates=0.1&panel=chart', figure: '[data-testid="chart-canvas"]' },
  {
    slug: 'walk',
    query: 'view=walk&t=lens:p=4,q=4,n=10,completed&from=021.0212012&to=0110010.212&choice=class1&step=3&panel=player',
    figure: 'svg.diagram',
  },
];

/** What the reader's page and the frame inside it measure. */
interface Fit {
  /** The frame's height in the host page. */
  frame: number;
  /** `document.documentElement.scrollHeight` inside the frame. */
  scroll: number;
  /** The bottom of the content inside the frame (the credit, its last part). */
  content: number;
  /** The frame's viewport, and the credit link's box in it. */
  inner: { width: number; height: number };
  credit: { left: number; top: number; right: number; bottom: number };
  /** The widget's room left and right of `<main>` inside the frame. */
  margins: [number, number];
}

async function measure(course: Page, id: string): Promise<Fit> {
  const frameBox = await course.locator(`#${id} iframe`).boundingBox();
  const frame = (await (await course.locator(`#${id} iframe`).elementHandle())?.contentFrame()) as Frame;
  const inside = await frame.evaluate(() => {
    const credit = document.querySelector('[data-testid="open-full"]')!.getBoundingClientRect();
    const foot = document.querySelector('.embed-credit')!.getBoundingClientRect();
    const main = document.querySelector('main')!.getBoundingClientRect();
    return {
      scroll: document.documentElement.scrollHeight,
      content: Math.ceil(foot.bottom + window.scrollY),
      inner: { width: window.innerWidth, height: window.innerHeight },
      credit: { left: credit.left, top: credit.top, right: credit.right, bottom: credit.bottom },
      margins: [main.left, window.innerWidth - main.right] as [number, number],
    };
  });
  return { frame: Math.round(frameBox?.height ?? 0), ...inside };
}

/** A value read twice a second apart and equal both times (the content has settled). */
async function settledFit(course: Page, id: string): Promise<Fit> {
  let last = '';
  let fit: Fit | undefined;
  await expect
    .poll(
      async () => {
        fit = await measure(course, id);
        const now = `${fit.frame}/${fit.scroll}/${fit.content}`;
        const same = now === last;
        last = now;
        return same;
      },
      { intervals: [1000], timeout: 60_000 },
    )
    .toBe(true);
  return fit!;
}

/** The course page at `width`, its text column lifted, with `html` at the top of its body. */
async function host(page: Page, baseURL: string | undefined, width: number, html: string): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  await page.goto(courseUrl(new URL('./', baseURL).href));
  await page.waitForFunction(() => 'icnplayEmbed' in window);
  await page.evaluate((html) => {
    document.body.style.maxWidth = 'none';
    document.body.style.padding = '0';
    document.body.style.margin = '0';
    const holder = document.createElement('div');
    holder.innerHTML = html;
    document.body.prepend(holder);
    (window as unknown as { icnplayEmbed: { scan: () => void } }).icnplayEmbed.scan();
  }, html);
}

for (const { slug, query, figure } of FIGURES) {
  for (const width of [390, 700, 1280]) {
    test(`the ${slug} figure-first embed fits its content at ${width} px, its credit in sight`, async ({ context, baseURL }) => {
      test.setTimeout(240_000);
      const course = await context.newPage();
      const id = `fit-${slug}`;
      await host(course, baseURL, width, `<div id="${id}" data-icnplay="${query.replaceAll('&', '&amp;')}"></div>`);
      const inner = course.frameLocator(`#${id} iframe`);
      await expect(inner.locator(`main[data-panel] ${figure}`)).toBeVisible({ timeout: 120_000 });
      await expect(inner.getByTestId('job-progress')).toHaveCount(0, { timeout: 180_000 });
      // The table and the command line are a link away, in the full view.
      await expect(inner.getByTestId('figure-more')).toBeVisible();
      await expect(inner.locator('[data-testid="chart-cli"], [data-testid="walk-steps"], table')).toHaveCount(0);
      const fit = await settledFit(course, id);
      if (width === 700) expect(fit.frame, `${slug} at 700 px`).toBeLessThanOrEqual(900);
      expect(Math.abs(fit.scroll - fit.frame), `${slug} at ${width} px: ${JSON.stringify(fit)}`).toBeLessThanOrEqual(10);
      expect(Math.abs(fit.content - fit.frame), `${slug} at ${width} px: ${JSON.stringify(fit)}`).toBeLessThanOrEqual(10);
      expect(fit.inner.width).toBe(width);
      expect(Math.abs(fit.margins[0] - fit.margins[1]), `centred: ${fit.margins}`).toBeLessThanOrEqual(1);
      expect(fit.credit.left).toBeGreaterThanOrEqual(0);
      expect(fit.credit.right).toBeLessThanOrEqual(fit.inner.width);
      expect(fit.credit.top).toBeGreaterThanOrEqual(0);
      expect(fit.credit.bottom).toBeLessThanOrEqual(fit.inner.height);
    });
  }
}

test('a frame of fixed height shorter than its content: no gutter, and the credit stays in sight at 390 px', async ({ context, baseURL }) => {
  test.setTimeout(120_000);
  const course = await context.newPage();
  const walk = FIGURES[1].query.replaceAll('&', '&amp;');
  const src = `${new URL('./', baseURL).href}?${walk}&amp;v=1&amp;embed=1`;
  await host(course, baseURL, 390, `<iframe id="fixed" src="${src}" title="walk" width="100%" height="400" style="border:0;display:block"></iframe>`);
  const inner = course.frameLocator('#fixed');
  await expect(inner.locator('main[data-panel] svg.diagram')).toBeVisible({ timeout: 60_000 });
  const frame = (await (await course.locator('#fixed').elementHandle())?.contentFrame()) as Frame;
  const inside = () =>
    frame.evaluate(() => {
      const credit = document.querySelector('[data-testid="open-full"]')!.getBoundingClientRect();
      const main = document.querySelector('main')!.getBoundingClientRect();
      return {
        overflow: document.documentElement.scrollHeight - window.innerHeight,
        gutter: window.innerWidth - document.documentElement.clientWidth,
        margins: [main.left, window.innerWidth - main.right],
        credit: [credit.top, credit.bottom, credit.right],
        inner: [window.innerHeight, window.innerWidth],
      };
    });
  const at = await inside();
  expect(at.overflow, 'the content is taller than the frame').toBeGreaterThan(100);
  expect(at.gutter).toBe(0);
  expect(Math.abs(at.margins[0] - at.margins[1])).toBeLessThanOrEqual(1);
  expect(at.credit[0]).toBeGreaterThanOrEqual(0);
  expect(at.credit[1]).toBeLessThanOrEqual(at.inner[0]);
  expect(at.credit[2]).toBeLessThanOrEqual(at.inner[1]);
  // Scrolled half-way, still in sight.
  await frame.evaluate(() => window.scrollTo(0, 150));
  await expect.poll(() => frame.evaluate(() => window.scrollY)).toBe(150);
  const scrolled = await inside();
  expect(scrolled.credit[0]).toBeGreaterThanOrEqual(0);
  expect(scrolled.credit[1]).toBeLessThanOrEqual(scrolled.inner[0]);
});

test('the Embed panel offers embed.js first, fills its width, and a theme change does not reload the preview', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto(`./?${FIGURES[0].query.replace('&panel=chart', '')}`);
  await expect(page.getByTestId('view-sim')).toBeVisible();
  await page.getByTestId('embed-button').click();
  const panel = page.getByTestId('embed-panel');
  await expect(panel).toBeVisible();
  // The self-sizing snippet comes first and is the one copied.
  const boxes = panel.locator('textarea');
  await expect(boxes.first()).toHaveAttribute('data-testid', 'embed-script-snippet');
  await expect(boxes.first()).toHaveValue(/<div data-icnplay="view=sim&amp;.*&amp;panel=chart"/);
  await expect(page.getByTestId('embed-snippet')).toHaveValue(/<iframe src=/);
  // No blank column: the panel is as wide as the view, the preview beside the snippets.
  const main = (await page.locator('main#main').boundingBox())!;
  const box = (await panel.boundingBox())!;
  expect(main.x + main.width - (box.x + box.width)).toBeLessThan(40);
  expect(box.x - main.x).toBeLessThan(40);
  const controls = (await panel.locator('.embed-controls').boundingBox())!;
  const side = (await panel.locator('.embed-preview-side').boundingBox())!;
  expect(Math.abs(side.y - controls.y), 'side by side at 1280 px').toBeLessThan(10);
  // The preview uses the room beside the snippets (it left a blank column of about 440 px):
  // its side reaches the panel's edge, and the 700 px frame fills all but a margin of it.
  const frameBox = (await page.getByTestId('embed-preview').boundingBox())!;
  expect(frameBox.width).toBe(700);
  expect(box.x + box.width - (side.x + side.width), "the side reaches the panel's edge").toBeLessThan(24);
  expect(side.width - frameBox.width, 'the preview fills its side').toBeLessThan(0.1 * side.width);
  expect(frameBox.x - (controls.x + controls.width), 'beside the snippets').toBeLessThan(40);
  // The preview, measured once its run has ended; marked to see whether it loads again.
  const preview = page.frameLocator('[data-testid="embed-preview"]');
  await expect(preview.locator('main[data-panel="chart"] [data-testid="chart-canvas"]')).toBeVisible({ timeout: 60_000 });
  await expect(preview.getByTestId('job-progress')).toHaveCount(0, { timeout: 60_000 });
  const frame = (await (await page.getByTestId('embed-preview').elementHandle())?.contentFrame()) as Frame;
  await frame.evaluate(() => ((window as unknown as { kept: number }).kept = 1));
  await page.getByTestId('embed-theme').selectOption('dark');
  await expect(preview.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByTestId('embed-theme').selectOption('light');
  await expect(preview.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.getByTestId('embed-width').selectOption('390');
  await expect(page.getByTestId('embed-preview')).toHaveAttribute('width', '390');
  expect(await frame.evaluate(() => (window as unknown as { kept?: number }).kept)).toBe(1);
  // The snippet still names the theme chosen.
  await expect(boxes.first()).toHaveValue(/&amp;theme=light&amp;/);
  // Another panel is another embed: that one loads.
  await page.getByTestId('embed-panel-choice').selectOption('whole');
  await expect(preview.locator('main:not([data-panel]) [data-testid="view-sim"]')).toBeVisible();
});

test('the plain iframe snippet has a height per width: pasted into a page without scripts, the frame fits at each width', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const walk = FIGURES[1];
  await page.goto(`./?${walk.query.replace('&panel=player', '')}`);
  await page.getByTestId('embed-button').click();
  await expect(page.getByTestId('embed-preview')).toHaveAttribute('data-height', /^\d+$/, { timeout: 30_000 });
  // One width measured: a frame of one height.
  await expect(page.getByTestId('embed-snippet')).toHaveValue(/^<iframe src=.* height="\d+" style="border:0"/);
  // The preview is resized through the other widths (not reloaded) and comes back to 700 px.
  const measureAll = page.getByTestId('embed-measure-widths');
  await measureAll.click();
  await expect(measureAll).toHaveText('Measure at every preview width', { timeout: 60_000 });
  await expect(page.getByTestId('embed-preview')).toHaveAttribute('width', '700');
  const snippet = await page.getByTestId('embed-snippet').inputValue();
  const rules = [...snippet.matchAll(/@container \(min-width:(\d+)px\)\{\.(icnplay-[0-9a-f]{8})>iframe\{height:(\d+)px\}\}/g)];
  expect(rules.map((m) => Number(m[1])), snippet).toEqual([390, 700, 1000]);
  expect(new Set(rules.map((m) => m[2])).size).toBe(1);
  expect(snippet).toContain(`<div class="${rules[0][2]}" style="container-type:inline-size">`);
  // The fallback height, for browsers without container queries: the narrowest width's.
  expect(snippet).toContain(` height="${rules[0][3]}" style="border:0;display:block"`);
  // Pasted into a course page (another origin; no embed.js), at each width measured the
  // frame is as tall as its content; between them, and wider, it is never shorter.
  for (const width of [390, 540, 700, 1000, 1280]) {
    const course = await context.newPage();
    await host(course, baseURL, width, `<div id="plain">${snippet}</div>`);
    const inner = course.frameLocator('#plain iframe');
    await expect(inner.locator('main[data-panel] svg.diagram')).toBeVisible({ timeout: 60_000 });
    const fit = await settledFit(course, 'plain');
    expect(fit.inner.width).toBe(width);
    const measured = rules.find((m) => Number(m[1]) === width);
    if (measured) {
      expect(fit.frame, `${width} px`).toBe(Number(measured[3]));
      expect(Math.abs(fit.content - fit.frame), `${width} px: ${JSON.stringify(fit)}`).toBeLessThanOrEqual(10);
    } else {
      expect(fit.frame, `${width} px: ${JSON.stringify(fit)}`).toBeGreaterThanOrEqual(fit.content - 1);
    }
    await course.close();
  }
});
