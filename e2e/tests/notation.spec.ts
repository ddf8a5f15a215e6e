import { cliRoute } from '../fixtures/cli';
import { expect, test } from '../fixtures/explorer';
import { Walkthrough, type WalkState } from '../fixtures/walkthrough';

// Issue 35, part 4: the notation defined where it is used. Every term of the walkthrough
// carries its definition and the paper's section (hover, focus and tap), and the distance
// in busses says why it is less than the paper's.

const figure2: WalkState = {
  t: 'lens:p=4,q=4,n=10,completed',
  from: '021.0212012',
  to: '0110010.212',
  choice: 'class1',
};

const term = (page: import('@playwright/test').Page, key: string) => {
  const root = page.locator(`[data-term="${key}"]`).first();
  return { label: root.locator('.term-label'), tip: root.getByRole('tooltip') };
};

test('hover and focus show a term\'s definition with the paper\'s section', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const walk = new Walkthrough(page);
  await walk.goto(figure2);
  await expect(walk.classLengths).toHaveText(/^10\D+16\D+12\D+14$/);

  const abc = term(page, 'lens.abc');
  await expect(abc.tip).toBeHidden();
  await abc.label.hover();
  await expect(abc.tip).toBeVisible();
  await expect(abc.tip).toContainText('arc A');
  await expect(abc.tip).toContainText('§5');
  // The tip stays inside the window.
  const box = await abc.tip.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x + box!.width).toBeLessThanOrEqual(1280);

  await page.mouse.move(5, 5);
  await expect(abc.tip).toBeHidden();
  const classes = term(page, 'lens.classes');
  await classes.label.focus();
  await expect(classes.tip).toBeVisible();
  await expect(classes.tip).toContainText('n + a − 2b');
  await expect(classes.label).toHaveAttribute('aria-describedby', /^term-\d+$/);
  await page.keyboard.press('Escape');
  await expect(classes.label).toHaveAttribute('aria-expanded', 'false');

  // The step's pattern, once the walk moves.
  await walk.next.click();
  const pattern = term(page, 'lens.pattern');
  await pattern.label.hover();
  await expect(pattern.tip).toContainText('wa.u and w.bu');
});

test('the distance in busses says why it is less than the paper\'s', async ({ page }) => {
  const walk = new Walkthrough(page);
  await walk.goto(figure2);
  // The paper's distance: the shortest class (10, Figure 2); the busses: breadth-first
  // search, half the CLI's link distance.
  const busses = Number(cliRoute(figure2.t, figure2.from, figure2.to).distance) / 2;
  expect(busses).toBe(9);
  await expect(page.getByTestId('walk-distance')).toHaveText(String(busses));
  await expect(page.getByTestId('walk-differs')).toHaveText(
    `${10 - busses} fewer than the paper's 10: pattern B changes a digit in place where the walk turns, and the paper counts pattern A only`,
  );
});

test('at 390 px a tap opens the definition under its term, and a second tap closes it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const walk = new Walkthrough(page);
  await walk.goto(figure2);
  const busses = term(page, 'lens.bus-distance');
  await busses.label.scrollIntoViewIfNeeded();
  await busses.label.click();
  await expect(busses.tip).toBeVisible();
  await expect(busses.tip).toContainText('pattern B');
  const tip = await busses.tip.boundingBox();
  const label = await busses.label.boundingBox();
  expect(tip!.y).toBeGreaterThan(label!.y);
  expect(tip!.x).toBeGreaterThanOrEqual(0);
  expect(tip!.x + tip!.width).toBeLessThanOrEqual(390);
  await busses.label.click();
  await expect(busses.label).toHaveAttribute('aria-expanded', 'false');
});

test('the deadlock verdict defines its terms, each with its source', async ({ page }) => {
  await page.goto('./?view=deadlock&t=torus:k=4x4&s=dor&scheme=one&vcs=1');
  await expect(page.getByTestId('deadlock-verdict')).toHaveAttribute('data-acyclic', 'false');
  for (const [key, says, source] of [
    ['deadlock.cdg', 'has no cycle', 'Dally and Seitz'],
    ['deadlock.vc', 'break a cycle', 'Virtual-channel flow control'],
    ['deadlock.scheme', 'dateline', 'icn deadlock'],
    ['deadlock.duato', 'escape', 'Duato'],
  ]) {
    const t = term(page, key);
    await t.label.hover();
    await expect(t.tip).toBeVisible();
    await expect(t.tip).toContainText(says);
    await expect(t.tip).toContainText(source);
  }
});
