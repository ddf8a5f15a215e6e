import { icn } from '../fixtures/cli';
import { expect, test } from '../fixtures/explorer';

// Flow: the schedule view's permutation (Theorem 8), the Play/Pause player with its state in
// the URL, inserted delays and link conflicts marked per step; and the explorer's wiring
// diagram (3), the global links inside a cabinet.

interface CliSchedule {
  rounds: number;
  delays: number;
  steps: number;
  conflicts: number;
  deliveries: number;
  complete: boolean;
  launches: number[];
  claim: { rounds: number; delays: number; conflicts: number };
  occupancy: { step: number; channels: { rounds: number[] }[] }[];
}

for (const [perm, rule, seed] of [
  ['shift', 'paper', ''],
  ['swap', 'greedy', ''],
  ['random', 'greedy', '7'],
]) {
  test(`the ${perm} permutation on D3(3,4) (${rule}) reports what icn schedule computes`, async ({ page }) => {
    const spec = 'd3:k=3,m=4';
    const args = ['schedule', spec, 'permutation', '--perm', perm, '--rule', rule];
    if (seed) args.push('--seed', seed);
    const cli = JSON.parse(icn(...args, '--summary')) as CliSchedule;
    const query = new URLSearchParams({ view: 'schedule', t: spec, c: 'permutation', perm, rule });
    if (seed) query.set('seed', seed);
    await page.goto(`./?${query.toString()}`);
    const id = (t: string) => page.getByTestId(t);
    await expect(id('schedule-rounds')).toHaveText(String(cli.rounds));
    await expect(id('schedule-delays')).toHaveText(String(cli.delays));
    await expect(id('schedule-conflicts')).toHaveText(String(cli.conflicts));
    await expect(id('schedule-steps')).toHaveText(String(cli.steps));
    await expect(id('schedule-deliveries')).toHaveText(String(cli.deliveries));
    await expect(id('schedule-claim-rounds')).toHaveText(String(cli.claim.rounds));
    // Theorem 8: every router's message delivered once, within M + 4 = 8 steps.
    expect(cli.complete).toBe(true);
    expect(cli.deliveries).toBe(48);
    if (rule === 'greedy') {
      expect(cli.conflicts).toBe(0);
      expect(cli.steps).toBeLessThanOrEqual(4 + 4);
    }
  });
}

test('a bad seed is reported at the form', async ({ page }) => {
  await page.goto('./?view=schedule&t=d3:k=3,m=4&c=permutation&perm=random&seed=-3');
  await expect(page.getByTestId('schedule-error')).toContainText("seed: '-3'");
});

test('Play steps on its own with its state in the URL, and stops at the last step', async ({ page }) => {
  test.setTimeout(90_000);
  const spec = 'd3:k=2,m=2';
  const cli = JSON.parse(icn('schedule', spec, 'permutation', '--perm', 'shift', '--summary')) as CliSchedule;
  await page.goto(`./?view=schedule&t=${spec}&c=permutation&perm=shift&rule=paper`);
  const id = (t: string) => page.getByTestId(t);
  const play = id('schedule-play');
  await expect(id('schedule-step')).toHaveText(`step 1 of ${cli.steps}`);
  // Keyboard: focus and Enter.
  await play.focus();
  await page.keyboard.press('Enter');
  await expect(play).toHaveText('Pause');
  await expect(play).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => new URL(page.url()).searchParams.get('play')).toBe('1');
  await expect.poll(() => Number(new URL(page.url()).searchParams.get('step'))).toBeGreaterThan(1);
  // It stops by itself at the end.
  await expect(play).toHaveText('Play', { timeout: 15_000 });
  await expect(id('schedule-step')).toHaveText(`step ${cli.steps} of ${cli.steps}`);
  expect(new URL(page.url()).searchParams.get('play')).toBeNull();
  // Pause keeps the step: restart (from 1), then pause with Space.
  await play.focus();
  await page.keyboard.press('Space');
  await expect(play).toHaveText('Pause');
  await page.keyboard.press('Space');
  await expect(play).toHaveText('Play');
  const paused = new URL(page.url()).searchParams.get('step');
  await page.waitForTimeout(1500);
  expect(new URL(page.url()).searchParams.get('step')).toBe(paused);
  // A URL with play=1 plays when loaded.
  await page.goto(`./?view=schedule&t=${spec}&c=permutation&perm=shift&rule=paper&step=1&play=1`);
  await expect(play).toHaveText('Pause');
  await expect.poll(() => Number(new URL(page.url()).searchParams.get('step'))).toBeGreaterThan(1);
});

test('inserted delays and link conflicts are marked step by step as icn schedule lists them', async ({ page }) => {
  const id = (t: string) => page.getByTestId(t);
  // All-to-all, paper's delays: Theorem 7's K·M = 12 delays, one step each.
  const spec = 'd3:k=3,m=4';
  const all = JSON.parse(icn('schedule', spec, 'all-to-all')) as CliSchedule;
  await page.goto(`./?view=schedule&t=${spec}&c=all-to-all&rule=paper`);
  await expect(id('schedule-tick')).toHaveCount(all.steps);
  const last = Math.max(...all.launches);
  const delaySteps = all.occupancy.filter((u) => u.step < last && !all.launches.includes(u.step));
  expect(delaySteps.length).toBe(all.delays);
  await expect(page.locator('[data-testid="schedule-tick"][data-kind="delay"]')).toHaveCount(all.delays);
  // One-to-all from the diagonal router (0,1,1), paper's delays: the steps with a channel
  // used twice, counted from icn schedule's occupancy.
  const root = '(0,1,1)';
  const one = JSON.parse(icn('schedule', spec, 'one-to-all', '--root', root)) as CliSchedule;
  const conflictSteps = one.occupancy.filter((u) => u.channels.some((c) => c.rounds.length > 1));
  await page.goto(`./?${new URLSearchParams({ view: 'schedule', t: spec, c: 'one-to-all', root, rule: 'paper' })}`);
  await expect(id('schedule-conflicts')).toHaveText(String(one.conflicts));
  await expect(page.locator('[data-testid="schedule-tick"][data-kind="conflict"]')).toHaveCount(conflictSteps.length);
  if (conflictSteps.length > 0) {
    const u = conflictSteps[0];
    const twice = u.channels.filter((c) => c.rounds.length > 1).length;
    await page.goto(
      `./?${new URLSearchParams({ view: 'schedule', t: spec, c: 'one-to-all', root, rule: 'paper', step: String(u.step) })}`,
    );
    await expect(id('schedule-step-conflicts')).toHaveText(String(twice));
    await expect(id('diagram').getByTestId('conflict-edge')).toHaveCount(twice);
  }
});

test('wiring diagram (3): the global links inside From’s cabinet, counted apart', async ({ explorer }) => {
  const spec = 'd3:k=3,m=4';
  await explorer.gotoState({ t: spec, from: '(1,0,2)', to: '(2,3,1)' });
  const page = explorer.page;
  const cabinet = page.getByTestId('d3-cabinet');
  await expect(cabinet).toBeVisible();
  await expect(page.getByTestId('d3-cabinet-c')).toHaveText('1');
  // M = 4: the unordered pairs d ≠ p joined by port 0, (c,d,p) — (c,p,d): 4·3/2 = 6.
  const links = cabinet.getByTestId('d3-cabinet-link');
  await expect(links).toHaveCount(6);
  await expect(page.getByTestId('d3-cabinet-count')).toHaveText('6');
  // Each link joins a router and its mirror, both in cabinet 1; none touches the diagonal.
  for (const title of await links.locator('title').allTextContents()) {
    const m = /^\((\d+),(\d+),(\d+)\) global port 0 ↔ \((\d+),(\d+),(\d+)\) global port 0$/.exec(title);
    expect(m, title).not.toBeNull();
    const [c1, d1, p1, c2, d2, p2] = (m ?? []).slice(1).map(Number);
    expect([c1, c2]).toEqual([1, 1]);
    expect([d1, p1]).toEqual([p2, d2]);
    expect(d1).not.toBe(p1);
  }
  await expect(cabinet.getByTestId('d3-cabinet-router')).toHaveCount(16);
  // The tooltip lists the router's ports and peers, from icn's port rule: (1,0,2) global
  // port 1 → (2,2,0).
  const from = cabinet.locator('[data-addr="(1,0,2)"]');
  await expect(from.locator('title')).toContainText('global port 1 → (2,2,0)');
  // Focusing it shows the same lines under the drawing (keyboard users get no tooltip).
  await from.focus();
  await expect(page.getByTestId('d3-cabinet-tip')).toContainText('global port 1 → (2,2,0)');
  // The chosen routers' global wiring: one row per global port.
  await expect(page.getByTestId('d3-chosen-row')).toHaveCount(3);
  // Picking: focus a router and press Enter — it becomes To (the default "Click sets").
  await cabinet.locator('[data-addr="(1,3,0)"]').focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => new URL(page.url()).searchParams.get('to')).toBe('(1,3,0)');
});
