import path from 'node:path';
import { devices, SCREENSHOT_DIR } from '../fixtures/devices';
import { expect, test, type RouteState } from '../fixtures/explorer';

// Flow: full-page screenshots of the route explorer at desktop and phone widths, light and
// dark, written to e2e/screenshots/ (gitignored) for people to look at. No pixel comparison.

const state: RouteState = { t: 'hypercycle:m=5x4x3,rho=2x1x1', from: '000', to: '421' };

for (const [device, options] of Object.entries(devices)) {
  test.describe(`${device} ${options.viewport.width}x${options.viewport.height}`, () => {
    test.use(options);
    for (const colorScheme of ['light', 'dark'] as const) {
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
