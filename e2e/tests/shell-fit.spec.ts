import { expect, test } from '@playwright/test';

// Flow: issue 17's last layout bugs. The site nav is one row at 1280 px (it wrapped "Papers"
// onto a second line); the Embed panel's 700 px preview fits a 390 px phone, scaled, instead
// of scrolling the page sideways; diagrams have one way to zoom (their +/−/Fit buttons), not
// also the old phones-only "Zoom" toggle.

test('the site nav\'s links are one row at 1280 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('./?view=route');
  await expect(page.getByTestId('view-route')).toBeVisible();
  const tops = await page
    .locator('.site-nav a')
    .evaluateAll((links) => links.map((a) => Math.round(a.getBoundingClientRect().top)));
  expect(tops.length).toBeGreaterThanOrEqual(10);
  expect(new Set(tops).size).toBe(1);
});

// Issue 35: the navigation in plain words, in groups, fits a 390 px phone without cutting a
// word (it was one row scrolling sideways, cut mid-word), each link saying what its view does.
for (const url of ['./', './?view=route', './?view=sim']) {
  test(`the grouped navigation fits a 390 px phone, no word cut: ${url}`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(url);
    await expect(page.locator('[data-testid^="view-"]').first()).toBeVisible();
    const groups = page.locator('.site-nav .nav-group');
    await expect(groups).toHaveCount(3);
    await expect(groups.locator('.nav-group-label')).toHaveText(['Explore a network', 'Simulate and verify', 'The papers']);
    const links = page.locator('.site-nav a.nav-link');
    await expect(links).toHaveCount(11);
    const boxes = await links.evaluateAll((as) =>
      as.map((a) => {
        const r = a.getBoundingClientRect();
        return { text: a.textContent ?? '', left: r.left, right: r.right, cut: a.scrollWidth > a.clientWidth + 1, title: a.getAttribute('title') ?? '' };
      }),
    );
    for (const b of boxes) {
      expect(b.left, b.text).toBeGreaterThanOrEqual(0);
      expect(b.right, b.text).toBeLessThanOrEqual(390);
      expect(b.cut, b.text).toBe(false);
      expect(b.title.length, `${b.text} has a title`).toBeGreaterThan(20);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await page.locator('.site-nav').evaluate((n) => n.scrollWidth <= n.clientWidth + 1)).toBe(true);
  });
}

test("the Embed panel's 700 px preview fits a 390 px phone, scaled", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('./?view=route&t=d3:k=3,m=4&from=(0,1,2)&to=(2,2,1)');
  await expect(page.getByTestId('view-route')).toBeVisible();
  await page.getByTestId('embed-button').click();
  const preview = page.getByTestId('embed-preview');
  await expect(preview).toHaveAttribute('width', '700');
  await expect(preview).toHaveAttribute('data-height', /^\d+$/, { timeout: 20_000 });
  // Nothing scrolls sideways: not the page, not the preview's box.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const box = page.locator('.embed-preview-box');
  const [scrollW, clientW] = await box.evaluate((el) => [el.scrollWidth, el.clientWidth]);
  expect(scrollW).toBeLessThanOrEqual(clientW + 1);
  // Shown whole, scaled down, and said so.
  const shown = await preview.boundingBox();
  expect(shown?.width ?? 999).toBeLessThanOrEqual(clientW + 1);
  await expect(page.getByTestId('embed-height-note')).toContainText('to fit this screen');
});

test('a diagram has one way to zoom on phones: no old "Zoom" toggle', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('./?view=route&t=d3:k=3,m=4&from=(0,1,2)&to=(2,2,1)');
  await expect(page.getByTestId('diagram')).toBeVisible();
  await expect(page.getByTestId('zoom-in').first()).toBeVisible();
  await expect(page.locator('.diagram-card').getByRole('button', { name: 'Zoom', exact: true })).toHaveCount(0);
});
