import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { COURSE_ORIGIN, courseUrl } from '../fixtures/course';
import { expect, test } from '../fixtures/explorer';
import { background, isDark, viewSlugs } from '../fixtures/views';

// Flow: an instructor presses Embed on any view. The panel offers the view's figure first
// and alone (panel=…), previews the embed live at 700 px, and the snippet takes the
// preview's height. In the course notes (fixtures/course/), the same widget at 700 px is as
// tall as the preview said. The picked path and the theme travel in the URL.

test.use({ extraOrigins: [COURSE_ORIGIN] });

/** A value read twice a second apart and equal both times (the content has settled). */
async function settled(read: () => Promise<number>): Promise<number> {
  let last = -1;
  await expect
    .poll(
      async () => {
        const now = await read();
        const same = now > 0 && now === last;
        last = now;
        return same;
      },
      { intervals: [1000], timeout: 60_000 },
    )
    .toBe(true);
  return last;
}

/** axe-core finds no serious or critical violation (frames included: the preview). */
async function expectAxeClean(page: Page, label: string): Promise<void> {
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')})`);
  expect(bad, `axe on ${label}`).toEqual([]);
}

/** The preview's measured height, once it has settled. */
async function previewHeight(page: Page): Promise<number> {
  const preview = page.getByTestId('embed-preview');
  return settled(async () => Number((await preview.getAttribute('data-height')) ?? 0));
}

// One test per view (the nav's i-th), each far inside its own time limit, rather than one
// test over every view; a view added to the nav fails the first test until VIEW_TESTS counts it.
const VIEW_TESTS = 11;

test('the nav lists no more views than the per-view embed tests cover', async ({ page }) => {
  expect((await viewSlugs(page)).length).toBeLessThanOrEqual(VIEW_TESTS);
});

for (let i = 0; i < VIEW_TESTS; i++) {
  test(`view ${i + 1} embeds its figure first, and the preview is as tall as the embed in the course page`, async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(300_000);
    const slugs = await viewSlugs(page);
    test.skip(i >= slugs.length, `the nav lists ${slugs.length} views`);
    const slug = slugs[i];
    const course = await context.newPage();
    await course.setViewportSize({ width: 1280, height: 900 });
    await course.goto(courseUrl(new URL('./', baseURL).href));
    await course.waitForFunction(() => 'icnplayEmbed' in window);
    await page.goto(`./?view=${slug}`);
    await expect(page.getByTestId(`view-${slug}`)).toBeVisible();
    await page.getByTestId('embed-button').click();
    const choice = page.getByTestId('embed-panel-choice');
    const panel = await choice.inputValue();
    expect(panel, `${slug} offers a figure first`).not.toBe('whole');
    await expect(page.getByTestId('embed-width')).toHaveValue('700');
    const preview = page.frameLocator('[data-testid="embed-preview"]');
    await expect(preview.locator(`main[data-panel="${panel}"] [data-testid="view-${slug}"]`)).toBeVisible();
    await expect(preview.getByTestId('open-full')).toBeVisible();
    // A view whose figure is computed in the worker (the Papers' audit: tens of seconds for
    // KYKLOS on a busy machine) is measured once the computation has ended.
    await expect(preview.getByTestId('job-progress')).toHaveCount(0, { timeout: 240_000 });
    // The simulation's bounds arrive in a job of their own and add their lines to the
    // chart's legend: measured once they are in.
    if (slug === 'sim') {
      await expect(preview.getByTestId('sim-bound')).toHaveText(/^\d/, { timeout: 240_000 });
      await expect(preview.getByTestId('sim-bound-cancel')).toHaveCount(0, { timeout: 240_000 });
    }
    const height = await previewHeight(page);
    // The snippets carry that height.
    await expect(page.getByTestId('embed-snippet')).toHaveValue(new RegExp(`height="${height}"`));
    const script = await page.getByTestId('embed-script-snippet').inputValue();
    expect(script).toContain(`data-icnplay-height="${height}"`);
    const query = (/data-icnplay="([^"]+)"/.exec(script)?.[1] ?? '').replaceAll('&amp;', '&');
    expect(query).toContain(`panel=${panel}`);
    await expectAxeClean(page, `${slug}: the Embed panel and its preview (panel=${panel})`);

    // The same widget in the course notes, in a 700 px column.
    const id = `fig-${slug}`;
    await course.evaluate(
      ({ id, query }) => {
        const div = document.createElement('div');
        div.id = id;
        div.style.width = '700px';
        div.setAttribute('data-icnplay', query);
        document.querySelector('main')!.prepend(div);
        (window as unknown as { icnplayEmbed: { scan: () => void } }).icnplayEmbed.scan();
      },
      { id, query },
    );
    const frame = course.locator(`#${id} iframe`);
    await expect(course.frameLocator(`#${id} iframe`).getByTestId(`view-${slug}`)).toBeVisible();
    await expect(course.frameLocator(`#${id} iframe`).getByTestId('job-progress')).toHaveCount(0, { timeout: 240_000 });
    if (slug === 'sim') {
      const widget = course.frameLocator(`#${id} iframe`);
      await expect(widget.getByTestId('sim-bound')).toHaveText(/^\d/, { timeout: 240_000 });
      await expect(widget.getByTestId('sim-bound-cancel')).toHaveCount(0, { timeout: 240_000 });
    }
    const embedded = await settled(async () => Math.round((await frame.boundingBox())?.height ?? 0));
    expect(Math.abs(embedded - height), `${slug}: preview ${height} px, course page ${embedded} px`).toBeLessThanOrEqual(10);
    await course.evaluate((id) => document.getElementById(id)?.remove(), id);
  });
}

test('panel= shows the figure alone; an unknown or foreign panel shows the whole view', async ({ page }) => {
  const route = 'view=route&t=hypercube:n=4&from=0000&to=1011&s=minimal';
  await page.goto(`./?${route}&embed=1&panel=diagram`);
  await expect(page.locator('main[data-panel="diagram"] .diagram-card svg.diagram')).toBeVisible();
  await expect(page.getByTestId('figure-summary')).toHaveText(/3 hops, 6 paths/);
  await expect(page.getByTestId('from-input')).toHaveValue('0000');
  await expect(page.getByTestId('path-list')).toHaveCount(0);
  const back = new URLSearchParams(((await page.getByTestId('open-full').getAttribute('href')) ?? '').slice(1));
  expect([back.get('view'), back.get('from'), back.has('panel'), back.has('embed')]).toEqual(['route', '0000', false, false]);
  // Typing in the figure's fields keeps the panel in the address.
  await page.getByTestId('to-input').fill('1111');
  await expect(page.getByTestId('figure-summary')).toHaveText(/4 hops, 24 paths/);
  expect(new URL(page.url()).searchParams.get('panel')).toBe('diagram');
  for (const odd of ['bogus', 'chart', 'DIAGRAM', '%3Cscript%3E']) {
    await page.goto(`./?${route}&embed=1&panel=${odd}`);
    await expect(page.getByTestId('path-list'), `panel=${odd}`).toBeVisible();
    await expect(page.locator('main[data-panel]')).toHaveCount(0);
  }
  // Outside embeds panel= changes nothing.
  await page.goto(`./?${route}&panel=diagram`);
  await expect(page.getByTestId('path-list')).toBeVisible();
  await expect(page.locator('nav.site-nav')).toBeVisible();
});

// "The diagram first, alone": in the deadlock and throughput embeds the drawing comes before
// the verdict or result, whose lists (every pair of a permutation) would push it out of sight.
for (const [slug, result, extra] of [
  ['deadlock', 'deadlock-verdict', ''],
  ['throughput', 'tput-headline', '&traffic=worst'],
] as const) {
  test(`the ${slug} figure-first embed draws the network above its ${result}`, async ({ page }) => {
    await page.setViewportSize({ width: 700, height: 900 });
    await page.goto(`./?view=${slug}&t=torus:k=4x4${extra}&embed=1&panel=diagram`);
    const drawing = page.locator('main[data-panel="diagram"] .diagram-card svg.diagram');
    await expect(drawing).toBeVisible();
    await expect(page.getByTestId(result)).toBeVisible();
    const top = async (l: typeof drawing) => (await l.boundingBox())?.y ?? Number.NaN;
    const [figure, words] = [await top(drawing), await top(page.getByTestId(result))];
    expect(figure, `${slug}: drawing at ${figure} px, ${result} at ${words} px`).toBeLessThan(words);
    // The drawing starts within the first screen of a 900 px frame.
    expect(figure).toBeLessThan(900);
  });
}

test('the picked path is in the URL: a shared link and an embed show it', async ({ page }) => {
  await page.goto('./?view=route&t=hypercube:n=4&from=0000&to=1011&s=minimal');
  const items = page.getByTestId('path-item');
  await expect(items).toHaveCount(6);
  await expect(items.nth(0)).toHaveAttribute('aria-pressed', 'true');
  await items.nth(2).click();
  await expect(items.nth(2)).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => new URL(page.url()).searchParams.get('path')).toBe('3');
  const picked = await items.nth(2).textContent();
  // Reload: the same path is pressed and drawn.
  await page.reload();
  await expect(page.getByTestId('path-item').nth(2)).toHaveAttribute('aria-pressed', 'true');
  // Back: the first path again.
  await page.goBack();
  await expect(page.getByTestId('path-item').nth(0)).toHaveAttribute('aria-pressed', 'true');
  await page.goForward();
  await expect(page.getByTestId('path-item').nth(2)).toHaveAttribute('aria-pressed', 'true');
  // The embed snippet carries it.
  await page.getByTestId('embed-button').click();
  await expect(page.getByTestId('embed-snippet')).toHaveValue(/&amp;path=3&amp;/);
  // Another destination is another route: the pick is forgotten.
  await page.getByTestId('to-input').fill('1111');
  await expect(page.getByTestId('path-item')).toHaveCount(8); // the first 8 of 24
  await expect.poll(() => new URL(page.url()).searchParams.has('path')).toBe(false);
  await expect(page.getByTestId('path-item').nth(0)).toHaveAttribute('aria-pressed', 'true');
  // A path number past the listed ones shows the first; garbage is no pick.
  for (const odd of ['99', '0', '-2', 'x']) {
    await page.goto(`./?view=route&t=hypercube:n=4&from=0000&to=1011&s=minimal&path=${odd}`);
    await expect(page.getByTestId('path-item').nth(0), `path=${odd}`).toHaveAttribute('aria-pressed', 'true');
  }
  expect(picked).toBeTruthy();
});

test('the header switches light, dark and auto, kept in the URL and in embeds', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('./?view=join');
  const pressed = (t: string) => page.getByTestId(`theme-${t}`);
  await expect(pressed('auto')).toHaveAttribute('aria-pressed', 'true');
  expect(isDark(await background(page))).toBe(false);
  await pressed('dark').click();
  await expect(pressed('dark')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(isDark(await background(page))).toBe(true);
  expect(new URL(page.url()).searchParams.get('theme')).toBe('dark');
  // A later edit keeps it; a reload too.
  await page.getByTestId('join-s').fill('7');
  await expect.poll(() => new URL(page.url()).searchParams.get('s')).toBe('7');
  expect(new URL(page.url()).searchParams.get('theme')).toBe('dark');
  await page.reload();
  await expect(pressed('dark')).toHaveAttribute('aria-pressed', 'true');
  expect(isDark(await background(page))).toBe(true);
  // The embed takes the page's theme.
  await page.getByTestId('embed-button').click();
  await expect(page.getByTestId('embed-theme')).toHaveValue('dark');
  await expect(page.getByTestId('embed-snippet')).toHaveValue(/theme=dark/);
  // Light, then auto on a dark system: dark again, and no theme= in the address.
  await pressed('light').click();
  expect(isDark(await background(page))).toBe(false);
  await page.emulateMedia({ colorScheme: 'dark' });
  await pressed('auto').click();
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', /./);
  expect(isDark(await background(page))).toBe(true);
  expect(new URL(page.url()).searchParams.has('theme')).toBe(false);
});
