import { expect, test } from '../fixtures/network';

// Flow: the app panics. The page does not go blank: an error panel says what happened, keeps
// the view that was showing, and offers a way back (reload the same URL, or start over).
//
// A real panic path would be a bug, and every one found is fixed; so the suite triggers the
// real hook with `icnplay_test_panic`, a wasm export reachable only from script (Trunk puts
// the exports on window.wasmBindings), never from a URL or a control. Not the console-error
// fixture: the panic is meant to be logged.

const url = './?view=route&t=hypercube:n=3&from=000&to=111';

test('a panic shows the error panel with a way back, and the page is not blank', async ({ page }) => {
  const consoleErrors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push(msg.text());
  });
  await page.goto(url);
  await expect(page.getByTestId('distance')).toHaveText('3');
  const before = page.url();

  await page.evaluate(() => {
    const bindings = (window as unknown as { wasmBindings: { icnplay_test_panic: () => void } }).wasmBindings;
    try {
      bindings.icnplay_test_panic();
    } catch {
      // The panic aborts: a WebAssembly trap, thrown here after the hook ran.
    }
  });

  const panel = page.getByTestId('fatal-error');
  await expect(panel).toBeVisible();
  await expect(panel).toHaveAttribute('role', 'alert');
  await expect(panel).toContainText('internal error');
  await expect(panel).toContainText('icnplay_test_panic'); // the panic message, as text
  await expect(panel).toHaveCount(1);
  // console_error_panic_hook logged it.
  expect(consoleErrors.some((e) => e.includes('icnplay_test_panic'))).toBe(true);
  // The view that was showing stays: not a blank page.
  await expect(page.getByTestId('view-route')).toBeVisible();
  await expect(page.getByTestId('distance')).toHaveText('3');
  // A way back: reload this URL, or start over.
  await expect(page.getByTestId('fatal-reload')).toHaveAttribute('href', before);
  await expect(page.getByTestId('fatal-reload')).toBeFocused();
  // Starting over is the bare address: the first screen, drawn, and the link says so (it
  // said "the default view" when the bare address was the route explorer; issue 35).
  await expect(page.getByTestId('fatal-home')).toHaveText('Start over from the first screen');
  await page.getByTestId('fatal-home').click();
  await expect(page.getByTestId('view-start')).toBeVisible();
  await expect(page.getByTestId('fatal-error')).toHaveCount(0);
  await expect(page.getByTestId('start-figure').locator('[data-testid="node"]').first()).toBeVisible();
});
