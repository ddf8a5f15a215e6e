import { expect, test } from '../fixtures/network';

// The page is two wasm modules (scripts/page.sh): the first screen and the shell, and a chunk
// with every other view. Flow: a student on a bad connection opens the site; the first
// screen draws without the chunk; a view opened while the chunk cannot be fetched says so at
// the view, with a retry that works once the connection is back. Nothing panics (this
// spec's own fixture has no console watch: the failed fetch is a console error by design).

const CHUNK = /\/split_views[_\d]*\.wasm$/;

test('the first screen draws without the views chunk; a view whose chunk fails says so and retries', async ({ page }) => {
  let blocked = true;
  let asked = 0;
  await page.route(CHUNK, (route) => {
    asked += 1;
    return blocked ? route.abort('internetdisconnected') : route.continue();
  });

  // The first screen and its figure, with the chunk refused (it is asked for in the
  // background after the first render).
  await page.goto('./');
  await expect(page.getByTestId('start-figure').getByTestId('node').first()).toBeAttached();
  await expect.poll(() => asked).toBeGreaterThan(0);

  // A view: the chunk is refused again; the reason and the retry show at the view.
  await page.locator('nav.site-nav a', { hasText: 'Route explorer' }).click();
  const failure = page.getByTestId('view-load-error');
  await expect(failure).toBeVisible();
  await expect(failure).toContainText("This view's code could not be loaded");
  await expect(page.getByTestId('fatal-error')).toHaveCount(0);

  // The connection is back: Retry draws the view.
  blocked = false;
  await page.getByTestId('view-load-retry').click();
  await expect(page.getByTestId('view-route')).toBeVisible();
  await expect(failure).toHaveCount(0);
  await expect(page.getByTestId('distance')).not.toBeEmpty();
});
