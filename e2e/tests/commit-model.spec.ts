import type { Page } from '@playwright/test';
import { icn } from '../fixtures/cli';
import { expect, test } from '../fixtures/explorer';

// Flow: one commit model in every view, as in the route explorer: a field applies as it is
// typed (no Enter, no blur needed), keeps its focus while the view follows, and a later
// choice in a select keeps what was typed (it used to be discarded in Schedule and
// Sub-networks, which applied only on Enter or blur).

const param = (page: Page, key: string) => new URL(page.url()).searchParams.get(key);

/** The rounds `icn schedule SPEC one-to-all --root ROOT --rule RULE` reports. */
function rounds(spec: string, root: string, rule: string): string {
  const out = JSON.parse(icn('schedule', spec, 'one-to-all', '--root', root, '--rule', rule)) as { rounds: number };
  return String(out.rounds);
}

test('schedule fields apply as typed, keep their focus, and survive a select change', async ({ page }) => {
  await page.goto('./?view=schedule&t=d3:k=3,m=4&c=one-to-all&root=(0,0,1)&rule=paper');
  await expect(page.getByTestId('schedule-rounds')).toHaveText(rounds('d3:k=3,m=4', '(0,0,1)', 'paper'));
  const spec = page.getByTestId('schedule-spec');
  await spec.click();
  await spec.press('End');
  await spec.press('Backspace');
  await spec.pressSequentially('3');
  // No Enter, no blur: applied, and the caret stays in the field.
  await expect.poll(() => param(page, 't')).toBe('d3:k=3,m=3');
  await expect(spec).toBeFocused();
  await expect(spec).toHaveValue('d3:k=3,m=3');
  await expect(page.getByTestId('schedule-rounds')).toHaveText(rounds('d3:k=3,m=3', '(0,0,1)', 'paper'));
  // The root, typed and left unfinished, then the rule changed: both kept.
  const root = page.getByTestId('schedule-root');
  await root.fill('(0,0,');
  await expect.poll(() => param(page, 'root')).toBe('(0,0,');
  await page.getByTestId('schedule-rule').selectOption('greedy');
  await expect(root).toHaveValue('(0,0,');
  await expect(spec).toHaveValue('d3:k=3,m=3');
  expect([param(page, 'root'), param(page, 'rule'), param(page, 't')]).toEqual(['(0,0,', 'greedy', 'd3:k=3,m=3']);
  await root.fill('(0,0,2)');
  await expect(page.getByTestId('schedule-rounds')).toHaveText(rounds('d3:k=3,m=3', '(0,0,2)', 'greedy'));
  // Back undoes one field's edit at a time.
  await page.goBack();
  await expect(root).toHaveValue('(0,0,');
});

test('sub-network fields apply as typed, keep their focus, and survive a select change', async ({ page }) => {
  await page.goto('./?view=subnet&t=d3:k=9,m=4&kind=cabinets&set=1,2,5,8');
  const set = page.getByTestId('subnet-set');
  await expect(set).toHaveValue('1,2,5,8');
  await set.click();
  await set.press('End');
  await set.pressSequentially(',0');
  await expect.poll(() => param(page, 'set')).toBe('1,2,5,8,0');
  await expect(set).toBeFocused();
  const spec = page.getByTestId('subnet-spec');
  await spec.fill('d3:k=9,m=3');
  await expect.poll(() => param(page, 't')).toBe('d3:k=9,m=3');
  await page.getByTestId('subnet-kind').selectOption('drawers');
  await expect(spec).toHaveValue('d3:k=9,m=3');
  expect([param(page, 't'), param(page, 'kind')]).toEqual(['d3:k=9,m=3', 'drawers']);
});

test('deadlock and simulation fields apply as typed', async ({ page }) => {
  await page.goto('./?view=deadlock&t=torus:k=4x4');
  const vcs = page.getByTestId('deadlock-vcs');
  await page.getByTestId('deadlock-scheme').selectOption('dateline');
  await vcs.fill('3');
  await expect.poll(() => param(page, 'vcs')).toBe('3');
  await expect(vcs).toBeFocused();
  const spec = page.getByTestId('deadlock-spec');
  await spec.fill('torus:k=5x5');
  await expect.poll(() => param(page, 't')).toBe('torus:k=5x5');
  await expect(spec).toBeFocused();
  await page.goto('./?view=sim&t=mesh:k=4x4');
  const seed = page.getByTestId('sim-seed');
  await seed.fill('7');
  await expect.poll(() => param(page, 'seed')).toBe('7');
  await expect(seed).toBeFocused();
});
