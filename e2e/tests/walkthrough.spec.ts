import { cliRoute } from '../fixtures/cli';
import { expect, test } from '../fixtures/explorer';
import { Walkthrough, type WalkState } from '../fixtures/walkthrough';

// Flow: the Lens walkthrough. Figure 2 of the paper (differences, class lengths, the class-1
// path), shortest walks as long as the CLI's distance, and precise address errors.

const figure2: WalkState = {
  t: 'lens:p=4,q=4,n=10,completed',
  from: '021.0212012',
  to: '0110010.212',
  choice: 'class1',
};

test('Figure 2: differences, the four class lengths and the 10-step class-1 path', async ({ page }) => {
  const walk = new Walkthrough(page);
  await walk.goto(figure2);
  await expect(walk.differences).toHaveText('010.0101.100');
  await expect(walk.classLengths).toHaveText(/^10\D+16\D+12\D+14$/);
  await expect(walk.stepIndex).toHaveText('0 / 10');
  await expect(walk.address).toHaveText('021.0212012');
  await expect(walk.prev).toBeDisabled();

  expect(await walk.stepToEnd()).toBe(10);
  await expect(walk.address).toHaveText('0110010.212');
  await expect(walk.next).toBeDisabled();
  await expect(page).toHaveURL(/[?&]step=10(&|$)/);

  // Previous goes back one step, with `?` digits on the way (Figure 2g).
  await walk.prev.click();
  await expect(walk.stepIndex).toHaveText('9 / 10');
  await expect(walk.explanation).toHaveText(/\S/);
  await expect(page.getByTestId('diagram-too-large')).toBeVisible();
});

test('keyboard arrows step when focus is not in a field', async ({ page }) => {
  const walk = new Walkthrough(page);
  await walk.goto({ ...figure2, step: 2 });
  await expect(walk.stepIndex).toHaveText('2 / 10');
  await walk.stepIndex.click();
  await page.keyboard.press('ArrowRight');
  await expect(walk.stepIndex).toHaveText('3 / 10');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(walk.stepIndex).toHaveText('1 / 10');
  // In a text field the arrows move the caret, not the walk.
  await walk.to.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(walk.stepIndex).toHaveText('1 / 10');
});

for (const state of [
  { t: 'lens:p=3,q=3,n=3,completed', from: '0.00', to: '111.' },
  { t: 'lens:p=3,q=3,n=4', from: '01.00', to: '1.110' },
  { t: 'lens:p=4,q=4,n=3,completed', from: '21.0', to: '0.12' },
]) {
  test(`shortest walk ${state.t} ${state.from} → ${state.to} takes distance/2 busses`, async ({ page }) => {
    const cli = cliRoute(state.t, state.from, state.to);
    const busses = Number(cli.distance) / 2;
    const walk = new Walkthrough(page);
    await walk.goto({ ...state, choice: 'shortest' });
    expect(await walk.total()).toBe(busses);
    expect(await walk.stepToEnd()).toBe(busses);
    await expect(walk.address).toHaveText(state.to);
    await expect(page.getByTestId('diagram')).toBeVisible();
  });
}

test('malformed destinations show precise errors next to the field', async ({ page }) => {
  const walk = new Walkthrough(page);
  await walk.goto(figure2);
  await expect(walk.toError).toBeHidden();

  await walk.to.fill('0110010.213');
  await expect(walk.toError).toContainText("'3'");
  await expect(walk.toError).toContainText('position 11');
  await expect(walk.toError).toContainText('radix 3');

  await walk.to.fill('011.0010.212');
  await expect(walk.toError).toContainText('second dot');
  await expect(walk.toError).toContainText('position 9');

  await walk.to.fill('0110010.21');
  await expect(walk.toError).toContainText('9 digits');
  await expect(walk.toError).toContainText('exactly 10');

  await expect(walk.fromError).toBeHidden();
  await expect(walk.to).toHaveValue('0110010.21');

  await walk.to.fill('0110010.212');
  await expect(walk.toError).toBeHidden();
  await expect(walk.differences).toHaveText('010.0101.100');
});

test('a network that is not a Lens points to the explorer', async ({ page }) => {
  const walk = new Walkthrough(page);
  await walk.goto({ t: 'hypercube:n=3', from: '000', to: '111' });
  await expect(page.getByTestId('walk-not-lens')).toBeVisible();
  await expect(walk.next).toHaveCount(0);
});
