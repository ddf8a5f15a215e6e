import type { Page } from '@playwright/test';
import { icn } from '../fixtures/cli';
import { expect, test } from '../fixtures/explorer';

// Flow: a reader moves between views on one network. The navigation and the "On this
// network" links carry the network and the pair to the views that take them.

const param = (page: Page, key: string) => new URL(page.url()).searchParams.get(key);

test('the navigation carries a D3 from the explorer to the schedule view, and back', async ({ page }) => {
  await page.goto('./?view=route&t=d3:k=5,m=4&from=(0,0,1)&to=(3,2,1)&s=lgl');
  await expect(page.getByTestId('distance')).toBeVisible();
  await page.locator('nav.site-nav a', { hasText: 'Collective schedules' }).click();
  await expect(page.getByTestId('schedule-spec')).toHaveValue('d3:k=5,m=4');
  await expect(page.getByTestId('schedule-root')).toHaveValue('(0,0,1)');
  // One-to-all on D3(5,4) takes K·M = 20 rounds (Theorem 5), as icn schedule says.
  const cli = JSON.parse(icn('schedule', 'd3:k=5,m=4', 'one-to-all', '--root', '(0,0,1)')) as { rounds: number };
  await expect(page.getByTestId('schedule-rounds')).toHaveText(String(cli.rounds));
  expect(cli.rounds).toBe(20);
  // Back in the explorer through the navigation: the same network, the root as From.
  await page.locator('nav.site-nav a', { hasText: 'Route explorer' }).click();
  await expect(page.getByTestId('from-input')).toHaveValue('(0,0,1)');
  expect(param(page, 't')).toBe('d3:k=5,m=4');
  // A view that does not take a D3 opens as it was.
  await page.locator('nav.site-nav a', { hasText: 'Lens walkthrough' }).click();
  await expect(page.getByTestId('walk-spec')).toHaveValue('lens:p=4,q=4,n=10,completed');
});

test('"On this network" opens this pair\'s join site and this Lens in the walkthrough', async ({ page }) => {
  await page.goto('./?view=route&t=kyklos2:m=2,r=2,n=4,shuffle=proposed&from=3&to=12&s=d2');
  await expect(page.getByTestId('distance')).toBeVisible();
  await expect(page.getByTestId('related-links')).toBeVisible();
  await expect(page.getByTestId('related-schedule')).toHaveCount(0);
  await page.getByTestId('related-join').click();
  await expect(page.getByTestId('join-spec')).toHaveValue('kyklos2:m=2,r=2,n=4,shuffle=proposed');
  await expect(page.getByTestId('join-s')).toHaveValue('3');
  await expect(page.getByTestId('join-r')).toHaveValue('12');
  const join = JSON.parse(icn('join', 'kyklos2:m=2,r=2,n=4,shuffle=proposed', '--s', '3', '--r', '12')) as {
    ib_node: string | null;
  };
  await expect(page.getByTestId('join-site')).toHaveText(join.ib_node ?? '3');
  // Back restores the explorer.
  await page.goBack();
  await expect(page.getByTestId('from-input')).toHaveValue('3');

  await page.goto('./?view=route&t=lens:p=4,q=4,n=3,completed&from=02.1&to=1.20');
  await expect(page.getByTestId('distance')).toBeVisible();
  await page.getByTestId('related-walk').click();
  await expect(page.getByTestId('walk-spec')).toHaveValue('lens:p=4,q=4,n=3,completed');
  await expect(page.getByTestId('walk-from')).toHaveValue('02.1');
  await expect(page.getByTestId('walk-to')).toHaveValue('1.20');
  await page.getByTestId('related-deadlock').click();
  await expect(page.getByTestId('deadlock-spec')).toHaveValue('lens:p=4,q=4,n=3,completed');
});

test('"On this network" goes while the network cannot be built, and comes back with it', async ({ page }) => {
  // KYKLOS-II with n = 99 is refused (the proposed shuffle needs n mod r = 0, as core says).
  await page.goto('./?view=join&t=kyklos2:m=2,r=2,n=99,shuffle=proposed&s=0&r=1');
  const spec = page.getByTestId('join-spec');
  await expect(spec).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('related-links')).toHaveCount(0);
  // The same family, valid: the links are back and carry it.
  await spec.fill('kyklos2:m=2,r=2,n=6,shuffle=proposed');
  await expect(page.getByTestId('related-route')).toHaveAttribute('href', /t=kyklos2:m=2,r=2,n=6,shuffle=proposed/);
  // A D3 the schedule view refuses (k = 0): no links under it either.
  await page.goto('./?view=schedule&t=d3:k=0,m=2');
  await expect(page.getByTestId('schedule-spec')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('related-links')).toHaveCount(0);
  await page.getByTestId('schedule-spec').fill('d3:k=2,m=2');
  await expect(page.getByTestId('related-subnet')).toBeVisible();
});

test('a view left through the navigation opens again as the reader left it', async ({ page }) => {
  // The address holds only the shown view's state; the page keeps the views left earlier.
  await page.goto('./?view=compare');
  await page.getByTestId('compare-spec-2').fill('hypercube:n=5');
  await expect(page).toHaveURL(/t2=hypercube:n=5/);
  await page.locator('nav.site-nav a', { hasText: 'Papers' }).click();
  await page.getByTestId('paper-tab-kyklos').click();
  await expect(page.getByTestId('paper-tab-kyklos')).toHaveAttribute('aria-pressed', 'true');
  expect(param(page, 't2')).toBeNull();
  // The navigation's link to the compare view says where it goes, and goes there.
  const link = page.locator('nav.site-nav a', { hasText: 'Compare' });
  await expect(link).toHaveAttribute('href', /t2=hypercube:n=5/);
  await link.click();
  await expect(page.getByTestId('compare-spec-2')).toHaveValue('hypercube:n=5');
  expect(param(page, 't2')).toBe('hypercube:n=5');
  // And the papers view as it was left: the KYKLOS paper.
  await page.locator('nav.site-nav a', { hasText: 'Papers' }).click();
  await expect(page.getByTestId('paper-tab-kyklos')).toHaveAttribute('aria-pressed', 'true');
  expect(param(page, 'paper')).toBe('kyklos');
  // Back walks the same entries: the compare view, then the paper picked before.
  await page.goBack();
  await expect(page.getByTestId('compare-spec-2')).toHaveValue('hypercube:n=5');
});
