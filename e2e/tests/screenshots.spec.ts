import fs from 'node:fs';
import path from 'node:path';
import { devices, SCREENSHOT_DIR } from '../fixtures/devices';
import { expect, test, type RouteState } from '../fixtures/explorer';

// Flow: full-page screenshots of the first screen and the route explorer at desktop and phone
// widths, light and dark, written to e2e/screenshots/ (gitignored) for people to look at. No
// pixel comparison. With DOCS_SCREENSHOTS=1 the first screen's also go to docs/ (the README's
// docs/first-screen-WIDTH-SCHEME.png): `DOCS_SCREENSHOTS=1 make e2e E2E_ARGS=tests/screenshots.spec.ts`.

const DOCS = path.resolve(__dirname, '..', '..', 'docs');

const state: RouteState = { t: 'hypercycle:m=5x4x3,rho=2x1x1', from: '000', to: '421' };

for (const [device, options] of Object.entries(devices)) {
  test.describe(`${device} ${options.viewport.width}x${options.viewport.height}`, () => {
    test.use(options);
    for (const colorScheme of ['light', 'dark'] as const) {
      test(`first screen, ${colorScheme}`, async ({ page }) => {
        // Reduced motion: the figure stays on its first route, so every run draws the same.
        await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
        await page.goto('./');
        await expect(page.getByTestId('start-figure').locator('g.route path.route-edge')).not.toHaveCount(0);
        await expect(page.getByTestId('start-gallery').locator('a.story-link')).toHaveCount(7);
        await page.evaluate(() => document.fonts.ready.then(() => undefined));
        const name = `first-screen-${options.viewport.width}-${colorScheme}.png`;
        const shot = await page.screenshot({ path: path.join(SCREENSHOT_DIR, name), fullPage: true, animations: 'disabled' });
        if (process.env.DOCS_SCREENSHOTS === '1') fs.writeFileSync(path.join(DOCS, name), shot);
      });

      test(`route explorer, ${colorScheme}`, async ({ page, explorer }) => {
        await page.emulateMedia({ colorScheme });
        await explorer.gotoState(state);
        await expect(explorer.distance).toHaveText(/^\d+$/);
        await expect(explorer.pathItems.first()).toBeVisible();
        await expect(explorer.diagram.or(explorer.matrix).or(explorer.diagramTooLarge)).toBeVisible();
        await page.evaluate(() => document.fonts.ready.then(() => undefined));
        await page.screenshot({
          path: path.join(SCREENSHOT_DIR, `route-explorer-${device}-${colorScheme}.png`),
          fullPage: true,
          animations: 'disabled',
        });
      });
    }
  });
}
