import type { Locator } from '@playwright/test';
import { expect, test } from '../fixtures/explorer';

/** The values of a <select>'s options (an option without a value attribute has its text). */
function optionValues(select: Locator): Promise<string[]> {
  return select.evaluate((el) => Array.from((el as HTMLSelectElement).options, (o) => o.value));
}

// Flow: open the route explorer; the wasm app mounts it and logs no console errors. (The bare
// site root is the first screen: tests/first-screen.spec.ts.)
// (The `consoleErrors` fixture fails the test on any console error or uncaught exception.)

test('?view=route loads the route explorer without console errors', async ({ page, explorer }) => {
  const response = await page.goto('./?view=route');
  expect(response?.status()).toBe(200);
  await explorer.waitReady();
  // Let late requests (wasm, icons, styles) finish so their failures are seen too.
  await page.waitForLoadState('networkidle');

  await expect(page).toHaveTitle(/\S/);
  await expect(explorer.family).toBeVisible();
  await expect(explorer.from).toBeVisible();
  await expect(explorer.to).toBeVisible();
  await expect(explorer.strategy).toBeVisible();
  expect(await optionValues(explorer.family)).toEqual(expect.arrayContaining(['hypercycle', 'hypercube']));
  expect(await optionValues(explorer.strategy)).toEqual(
    expect.arrayContaining(['minimal', 'eq311', 'greedy', 'ecube']),
  );
  // The default example is valid: no error shown, a result and the network facts are numbers.
  await expect(explorer.specError).toBeHidden();
  await expect(explorer.fromError).toBeHidden();
  await expect(explorer.toError).toBeHidden();
  await expect(explorer.distance).toHaveText(/^\d+$/);
  await expect(explorer.pathCount).toHaveAttribute('data-exact', /^\d+$/);
  for (const info of [explorer.infoNodes, explorer.infoLinks, explorer.infoDegree, explorer.infoDiameter]) {
    await expect(info).toHaveText(/^\d{1,3}(,\d{3})*$/);
  }
  await expect(explorer.diagram.or(explorer.matrix).or(explorer.diagramTooLarge)).toBeVisible();
});
