import { icn } from '../fixtures/cli';
import { expect, test } from '../fixtures/explorer';

// Flow: a D3 collective played step by step (?view=schedule): totals equal `icn schedule`,
// and each step lights exactly the channels `icn schedule` lists for it.

interface CliSchedule {
  rounds: number;
  delays: number;
  steps: number;
  conflicts: number;
  deliveries: number;
  claim: { rounds: number; delays: number; conflicts: number };
  occupancy: { step: number; channels: unknown[] }[];
}

test('one-to-all from (0,0,1) on D3(3,4) plays as icn schedule computes it', async ({ page }) => {
  const [spec, root] = ['d3:k=3,m=4', '(0,0,1)'];
  const cli = JSON.parse(icn('schedule', spec, 'one-to-all', '--root', root)) as CliSchedule;
  const query = new URLSearchParams({ view: 'schedule', t: spec, c: 'one-to-all', root, rule: 'paper' });
  await page.goto(`./?${query.toString()}`);
  await expect(page.getByTestId('view-schedule')).toBeVisible();
  const id = (t: string) => page.getByTestId(t);
  await expect(id('schedule-rounds')).toHaveText(String(cli.rounds));
  await expect(id('schedule-claim-rounds')).toHaveText(String(cli.claim.rounds));
  await expect(id('schedule-delays')).toHaveText(String(cli.delays));
  await expect(id('schedule-conflicts')).toHaveText(String(cli.conflicts));
  await expect(id('schedule-steps')).toHaveText(String(cli.steps));
  await expect(id('schedule-deliveries')).toHaveText(String(cli.deliveries));
  // Theorem 5: K·M = 12 rounds, no delays, no conflicts.
  expect([cli.rounds, cli.claim.rounds, cli.conflicts]).toEqual([12, 12, 0]);

  const lit = id('diagram').locator('g.dag path');
  for (const k of [1, 2, 3]) {
    await expect(id('schedule-step')).toHaveText(`step ${k} of ${cli.steps}`);
    const channels = cli.occupancy.find((u) => u.step === k)?.channels.length ?? 0;
    await expect(id('schedule-channels')).toHaveText(String(channels));
    await expect(lit).toHaveCount(channels);
    await id('schedule-next').click();
  }
  await expect.poll(() => new URL(page.url()).searchParams.get('step')).toBe('4');
});

test('all-to-all on D3(3,4) reports the rounds and delays of icn schedule and Theorem 7', async ({ page }) => {
  const spec = 'd3:k=3,m=4';
  const cli = JSON.parse(icn('schedule', spec, 'all-to-all', '--summary')) as CliSchedule;
  const query = new URLSearchParams({ view: 'schedule', t: spec, c: 'all-to-all', rule: 'paper' });
  await page.goto(`./?${query.toString()}`);
  const id = (t: string) => page.getByTestId(t);
  await expect(id('schedule-rounds')).toHaveText(String(cli.rounds));
  await expect(id('schedule-delays')).toHaveText(String(cli.delays));
  await expect(id('schedule-conflicts')).toHaveText(String(cli.conflicts));
  await expect(id('schedule-claim-rounds')).toHaveText(String(cli.claim.rounds));
  // Theorem 7: K·M² = 48 rounds with K·M = 12 intra-round delays, and no conflict.
  expect([cli.rounds, cli.delays, cli.conflicts]).toEqual([48, 12, 0]);
  expect([cli.claim.rounds, cli.claim.delays]).toEqual([48, 12]);
});

test('a network that is not a D3 is reported at the field', async ({ page }) => {
  await page.goto('./?view=schedule&t=mdf:k=2,m=3&c=one-to-all&root=(0,0)');
  await expect(page.getByTestId('schedule-error')).toContainText('Swapped Dragonfly');
});

// Issue 17's review: a bad root showed its error in the Totals card and the player read
// "step 1 of 0". The error is under the field that caused it (and names it for assistive
// technology), the Totals card says what to fix, and the player has nothing to play.
// Every field's error at once: a bad root no longer hides an unknown collective or delay
// rule (the view said only the first thing that stopped the schedule).
test('every field in error is reported under it at once', async ({ page }) => {
  await page.goto('./?view=schedule&t=d3:k=3,m=4&c=nonsense&root=(9,9,9)&rule=bogus');
  const under = (id: string) => page.locator('.field').filter({ has: page.getByTestId(id) }).getByTestId('schedule-error');
  await expect(under('schedule-collective')).toContainText("unknown collective 'nonsense'");
  await expect(under('schedule-root')).toContainText('root: coordinate c = 9 is out of range');
  await expect(under('schedule-rule')).toContainText("unknown delay rule 'bogus'");
  await expect(page.getByTestId('schedule-error')).toHaveCount(3);
  // Each field described by its own error, and marked.
  await expect(page.getByTestId('schedule-collective')).toHaveAccessibleDescription(/unknown collective/);
  await expect(page.getByTestId('schedule-rule')).toHaveAccessibleDescription(/unknown delay rule/);
  await expect(page.getByTestId('schedule-rule')).toHaveAttribute('aria-invalid', 'true');
  // The selects show the address's names, not a first option that was never chosen.
  await expect(page.getByTestId('schedule-collective')).toHaveValue('nonsense');
  await expect(page.getByTestId('schedule-rule')).toHaveValue('bogus');
  await expect(page.getByTestId('schedule-no-totals')).toHaveText('The totals appear once the fields marked above are fixed.');
});

// The seed is read only for the random permutation, where its field is shown: an unknown
// permutation with an unreadable seed is told at the permutation's field (the seed's error,
// under a hidden field, said nothing), and the random one's bad seed at the seed's.
test('a permutation\'s errors are told at the field that is shown', async ({ page }) => {
  const under = (id: string) => page.locator('.field').filter({ has: page.getByTestId(id) }).getByTestId('schedule-error');
  await page.goto('./?view=schedule&t=d3:k=3,m=4&c=permutation&perm=bogus&seed=x');
  await expect(under('schedule-perm')).toContainText("unknown permutation 'bogus'");
  await expect(page.getByTestId('schedule-perm')).toHaveValue('bogus');
  await expect(page.getByTestId('schedule-seed')).toHaveCount(0);
  await expect(page.getByTestId('schedule-error')).toHaveCount(1);
  await page.goto('./?view=schedule&t=d3:k=3,m=4&c=permutation&perm=random&seed=x');
  await expect(under('schedule-seed')).toContainText("seed: 'x' is not a whole number");
  await expect(page.getByTestId('schedule-error')).toHaveCount(1);
});

test('a bad root is reported under its field, and the player says there is nothing to play', async ({ page }) => {
  await page.goto('./?view=schedule&t=d3:k=3,m=4&root=(9,9,9)');
  const root = page.getByTestId('schedule-root');
  const field = page.locator('.field').filter({ has: root });
  await expect(field.getByTestId('schedule-error')).toContainText('root: coordinate c = 9 is out of range');
  await expect(root).toHaveAttribute('aria-invalid', 'true');
  await expect(root).toHaveAccessibleDescription(/coordinate c = 9 is out of range/);
  await expect(page.getByTestId('schedule-error')).toHaveCount(1);
  await expect(page.getByTestId('schedule-no-totals')).toBeVisible();
  await expect(page.getByTestId('schedule-step')).toHaveText('no schedule to play');
  await expect(page.getByTestId('schedule-prev')).toBeDisabled();
  await expect(page.getByTestId('schedule-next')).toBeDisabled();
  await expect(page.getByTestId('schedule-play')).toBeDisabled();
  await expect(page.getByTestId('schedule-nothing')).toBeVisible();
  // No drawing, so no hint about clicking on it.
  await expect(page.getByTestId('schedule-click-help')).toHaveCount(0);
  // Fixed, the schedule is back, and the error gone.
  await root.fill('(2,3,1)');
  await expect(page.getByTestId('schedule-error')).toHaveCount(0);
  await expect(page.getByTestId('schedule-step')).toHaveText(/^step 1 of \d+$/);
  await expect(page.getByTestId('schedule-click-help')).toBeVisible();
});
