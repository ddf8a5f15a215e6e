import { icn } from '../fixtures/cli';
import { expect, test } from '../fixtures/explorer';

// Flow: a network whose exact metrics exceed the page's budget. The page shows the estimated
// cost and a Compute button (and the exact counts meanwhile); nothing is computed before the
// click; after it, the numbers equal the CLI's. Far beyond a tab's memory, there is no button.

function info(spec: string): { nodes: number; links: number; diameter: number } {
  return JSON.parse(icn('info', spec)) as { nodes: number; links: number; diameter: number };
}

test('over the budget: the estimate first, exact metrics after Compute', async ({ page, explorer }) => {
  test.setTimeout(120_000);
  // A Jellyfish of 16384 switches (a random 8-regular graph): no symmetry, no formula for
  // its diameter, so every switch's breadth-first search, 256 at a time in the bit-parallel
  // engine: Network::cost estimates 8.5 · 10^7 steps, over the 2^24 budget. (The uncompleted lens:p=3,q=3,n=10, the example here before, now takes one
  // search per dot position by its digit symmetry: within the budget.)
  const spec = 'jellyfish:n=16384,r=8';
  const cli = info(spec);
  expect(cli.nodes).toBe(16384);
  await explorer.goto(`./?view=route&t=${encodeURIComponent(spec)}`);
  const gate = page.getByTestId('cost-gate');
  await expect(gate).toBeVisible();
  await expect(page.getByTestId('cost-nodes')).toHaveText(cli.nodes.toLocaleString('en-US'));
  await expect(page.getByTestId('cost-estimates')).toContainText('exact metrics');
  await expect(page.getByTestId('cost-estimates')).toContainText('steps');
  await expect(explorer.infoNodes).toHaveText(cli.nodes.toLocaleString('en-US'));
  await expect(explorer.infoLinks).toHaveText(cli.links.toLocaleString('en-US'));
  await expect(explorer.infoDiameter).toHaveCount(0); // not computed before confirming
  // The route itself is within the budget and shows at once.
  await expect(explorer.distance).toHaveText(/^\d+$/);

  await page.getByTestId('cost-compute').click();
  await expect(gate).toHaveCount(0);
  // Computed in the worker, with its progress and Cancel meanwhile (seconds; more when the
  // machine is busy).
  await expect(page.getByTestId('job-progress').or(explorer.infoDiameter).first()).toBeVisible();
  await expect(explorer.infoDiameter).toHaveText(String(cli.diameter), { timeout: 100_000 });

  // Another network asks again.
  await explorer.param('n').fill('32768');
  await expect(gate).toBeVisible();
});

test('beyond what a tab can hold: counts, the estimate, and no Compute button', async ({ page, explorer }) => {
  // 2^28 L-nodes and two trees: 805,306,366 nodes; a route without closed forms would need
  // a breadth-first search and a path-count walk over all of them (tens of GB).
  const spec = 'kyklos2:m=2,r=2,n=28,shuffle=proposed';
  await explorer.goto(`./?view=route&t=${encodeURIComponent(spec)}&s=d2`);
  await expect(page.getByTestId('cost-gate')).toBeVisible();
  await expect(page.getByTestId('cost-nodes')).toHaveText((2 ** 28 + 2 * (2 ** 28 - 1)).toLocaleString('en-US'));
  await expect(page.getByTestId('cost-refused')).toBeVisible();
  await expect(page.getByTestId('cost-compute')).toHaveCount(0);
  await expect(page.getByTestId('cost-estimates')).toContainText('path count');
  await expect(explorer.distance).toHaveCount(0);
  await expect(explorer.infoNodes).toHaveText((2 ** 28 + 2 * (2 ** 28 - 1)).toLocaleString('en-US'));
  // Smaller parameters bring everything back.
  await explorer.param('n').fill('6');
  await expect(page.getByTestId('cost-gate')).toHaveCount(0);
  await expect(explorer.distance).toHaveText(/^\d+$/);
});
