import path from 'node:path';
import { devices, SCREENSHOT_DIR } from '../fixtures/devices';
import { expect, test } from '../fixtures/explorer';
import { walkUrl } from '../fixtures/walkthrough';

// Flow: full-page screenshots of the Lens walkthrough (Figure 2 with its digit grid and
// region choices; a small lens coloured by load) at desktop and phone widths, light and
// dark, written to e2e/screenshots/ (gitignored) for people to look at. No pixel comparison.

const pages = {
  figure2: `${walkUrl({ t: 'lens:p=4,q=4,n=10,completed', from: '021.0212012', to: '0110010.212', choice: 'class3:2', step: 4 })}`,
  loads: `${walkUrl({ t: 'lens:p=3,q=3,n=3', from: '0.00', to: '1.11', choice: 'paper', step: 2 })}&loads=1`,
};

for (const [device, options] of Object.entries(devices)) {
  test.describe(`${device} ${options.viewport.width}x${options.viewport.height}`, () => {
    test.use(options);
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const [name, url] of Object.entries(pages)) {
        test(`lens walkthrough ${name}, ${colorScheme}`, async ({ page }) => {
          await page.emulateMedia({ colorScheme });
          await page.goto(url);
          await expect(page.getByTestId('walk-differences')).toHaveText(/\d/);
          await expect(page.getByTestId('lens-loads')).toBeVisible();
          await page.evaluate(() => document.fonts.ready.then(() => undefined));
          await page.screenshot({
            path: path.join(SCREENSHOT_DIR, `lens-walk-${name}-${device}-${colorScheme}.png`),
            fullPage: true,
            animations: 'disabled',
          });
        });
      }
    }
  });
}
