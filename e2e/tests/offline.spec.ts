import { execFileSync } from 'node:child_process';
import { cliRoute, ICN_BIN, icn } from '../fixtures/cli';
import { expect, test } from '../fixtures/explorer';

// Flow: a student opens the site, then the network drops (a train, a lecture hall). Routes
// are still computed, views still switch, and the worker (loaded with the page) still runs
// a job: nothing the page needs is fetched after the first load.

function audit(paper: string): string {
  const text = execFileSync(ICN_BIN, ['papers', '--paper', paper, '--format', 'json'], { encoding: 'utf8' });
  const [a] = JSON.parse(text) as { matched: number; explained: number; unexplained: number }[];
  return `${a.matched} ${a.explained} ${a.unexplained}`;
}

test('after loading, the site computes and switches views offline', async ({ page, context, explorer }) => {
  await page.goto('./?view=papers&paper=lens');
  await expect(page.getByTestId('paper-counts')).toHaveText(audit('lens'));
  await expect(page.locator('html')).toHaveAttribute('data-worker', 'ready');

  await context.setOffline(true);
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);

  // A route on a network never shown before.
  await page.locator('nav.site-nav a', { hasText: 'Route explorer' }).click();
  await explorer.waitReady();
  await explorer.setTopology('hypercube:n=7');
  await explorer.setRoute('0000000', '1101011');
  const cli = cliRoute('hypercube:n=7', '0000000', '1101011', 'minimal');
  await explorer.expectResult(cli.distance, cli.pathCount);
  expect([cli.distance, cli.pathCount]).toEqual(['5', '120']);

  // Other views: the walkthrough of Figure 2, which its tab opens on the class-1 route
  // (docs/specs.md), as icn walkthrough --choice class1 walks it.
  const walk = JSON.parse(
    icn('walkthrough', 'lens:p=4,q=4,n=10,completed', '021.0212012', '0110010.212', '--choice', 'class1'),
  ) as { busses: number; steps: { address: string }[] };
  await page.locator('nav.site-nav a', { hasText: 'Lens walkthrough' }).click();
  await expect(page.getByTestId('walk-step-index')).toHaveText(`0 / ${walk.busses}`);
  await page.getByTestId('walk-next').click();
  await expect(page.getByTestId('walk-step-index')).toHaveText(`1 / ${walk.busses}`);
  await expect(page.getByTestId('walk-address')).toHaveText(walk.steps[0].address);

  // A new job in the worker that was loaded online.
  await page.locator('nav.site-nav a', { hasText: 'Papers' }).click();
  await expect(page.getByTestId('paper-tab-lens')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('paper-tab-dragonfly').click();
  await expect(page.getByTestId('paper-counts')).toHaveText(audit('dragonfly'), { timeout: 60_000 });
  await context.setOffline(false);
});
