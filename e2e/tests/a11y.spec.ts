import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { cliRoute, icn } from '../fixtures/cli';
import { expect, test } from '../fixtures/explorer';
import { viewSlugs } from '../fixtures/views';

// Flow: a reader with a keyboard or a screen reader. axe-core finds no serious or critical
// violation on any view (full site and embedded, light and dark, with the Embed panel open);
// the route explorer and the walkthrough work with the keyboard alone, with a visible focus.

async function expectNoSeriousViolations(page: Page, label: string): Promise<void> {
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.length}×: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')})`);
  expect(bad, `axe on ${label}`).toEqual([]);
}

// Two tests per presentation (half the views each, axe on every one): together they outran
// one test's timeout on a loaded machine, and apart they run side by side.
test.describe.configure({ mode: 'parallel' });

const HALVES = 2;
for (const [scheme, extra] of [
  ['light', ''],
  ['dark', '&embed=1'],
] as const) {
  for (let half = 0; half < HALVES; half++) {
    const presentation = `${scheme}${extra ? ', embedded' : ', full site'}`;
    test(`axe: no serious or critical violations on any view, ${presentation}, part ${half + 1}/${HALVES}`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.emulateMedia({ colorScheme: scheme });
      const slugs = (await viewSlugs(page)).filter((_, i) => i % HALVES === half);
      expect(slugs.length).toBeGreaterThanOrEqual(5);
      for (const slug of slugs) {
        // The papers view: a light paper (the default one computes for a while).
        const paper = slug === 'papers' ? '&paper=lens' : '';
        await page.goto(`./?view=${slug}${paper}${extra}`);
        await expect(page.getByTestId(`view-${slug}`)).toBeVisible();
        if (slug === 'papers') await expect(page.getByTestId('paper-counts')).toHaveText(/^\d+ \d+ \d+$/, { timeout: 60_000 });
        await expectNoSeriousViolations(page, `${slug} ${scheme}${extra}`);
      }
      if (half !== HALVES - 1) return;
      // The first screen (the bare address), with its gallery and live figure.
      await page.goto(`./${extra ? `?view=start${extra}` : ''}`);
      await expect(page.getByTestId('view-start')).toBeVisible();
      await expect(page.getByTestId('start-figure').locator('[data-testid="node"]').first()).toBeVisible();
      await expectNoSeriousViolations(page, `the first screen ${scheme}${extra}`);
      if (extra) return;
      await page.goto('./?view=route');
      await page.getByTestId('embed-button').click();
      await expect(page.getByTestId('embed-panel')).toBeVisible();
      await expectNoSeriousViolations(page, 'the Embed panel');
    });
  }
}

/** Presses Tab until `target` has the focus (at most `limit` times); checks the ring. */
async function tabTo(page: Page, target: Locator, limit = 60): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
  await expectFocusRing(target);
}

/** The focused element shows a focus indicator: an outline, or a stroke on an SVG node. */
async function expectFocusRing(target: Locator): Promise<void> {
  const visible = await target.evaluate((el) => {
    const style = getComputedStyle(el);
    if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) return true;
    // SVG nodes: the shape inside gets a thicker accent stroke (style.css, :focus-visible).
    const shape = el.querySelector('circle, rect');
    return !!shape && parseFloat(getComputedStyle(shape).strokeWidth) >= 3;
  });
  expect(visible, 'a visible focus indicator').toBe(true);
}

test('keyboard only: the route explorer', async ({ page, explorer }) => {
  test.setTimeout(90_000);
  await page.goto('./?view=route&t=hypercube:n=4&from=0000&to=0011&s=minimal');
  await explorer.waitReady();
  // From the top of the page: the skip link, then the fields.
  await page.keyboard.press('Tab');
  await expect(page.locator('.skip-link')).toBeFocused();
  await expectFocusRing(page.locator('.skip-link'));
  await tabTo(page, explorer.param('n'));
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('5');
  await tabTo(page, explorer.from);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('00000');
  await tabTo(page, explorer.to);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('10111');
  const cli = cliRoute('hypercube:n=5', '00000', '10111', 'minimal');
  await explorer.expectResult(cli.distance, cli.pathCount);
  expect([cli.distance, cli.pathCount]).toEqual(['4', '24']);
  // A path of the list: Enter highlights it.
  const second = explorer.pathItems.nth(1);
  await tabTo(page, second);
  await page.keyboard.press('Enter');
  await expect(second).toHaveAttribute('aria-pressed', 'true');
  // The diagram is one tab stop (on the source); arrow keys move between its nodes, and
  // Space makes one the destination (the default click mode is To).
  await tabTo(page, explorer.node('00000'));
  await page.keyboard.press('ArrowRight');
  const node = explorer.node('00001');
  await expect(node).toBeFocused();
  await expectFocusRing(node);
  await page.keyboard.press(' ');
  await expect(explorer.to).toHaveValue('00001');
  await explorer.expectResult('1', '1');
});

test('keyboard only: the Lens walkthrough', async ({ page }) => {
  const spec = 'lens:p=4,q=4,n=10,completed';
  const [from, to] = ['021.0212012', '0110010.212'];
  await page.goto(`./?view=walk&t=${spec}&from=${from}&to=${to}&choice=shortest`);
  await expect(page.getByTestId('view-walk')).toBeVisible();
  const cli = JSON.parse(icn('walkthrough', spec, from, to, '--choice', 'class1')) as {
    busses: number;
    steps: { address: string }[];
  };
  // Choose the path with the arrow keys in its select, then step with Enter and Space.
  const choice = page.getByTestId('walk-choice');
  await tabTo(page, choice);
  await choice.selectOption('class1'); // a native select: the keyboard opens it the same way
  await expect(page.getByTestId('walk-step-index')).toHaveText(`0 / ${cli.busses}`);
  const next = page.getByTestId('walk-next');
  await tabTo(page, next);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('walk-step-index')).toHaveText(`1 / ${cli.busses}`);
  await page.keyboard.press(' ');
  await expect(page.getByTestId('walk-step-index')).toHaveText(`2 / ${cli.busses}`);
  await expect(page.getByTestId('walk-address')).toHaveText(cli.steps[1].address);
  // The arrow keys step too, while the focus is in the player.
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('walk-step-index')).toHaveText(`3 / ${cli.busses}`);
  await expect(page.getByTestId('walk-address')).toHaveText(cli.steps[2].address);
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('walk-step-index')).toHaveText(`2 / ${cli.busses}`);
});
