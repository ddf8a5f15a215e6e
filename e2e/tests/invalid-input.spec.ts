import { cliRoute } from '../fixtures/cli';
import { expect, test, type RouteState } from '../fixtures/explorer';

// Flow: malformed input shows an error next to its field; the rest of the page keeps working,
// and fixing the input brings the results back. (No console errors either: see the fixture.)

const spec = 'hypercycle:m=5x4x3,rho=2x1x1';
const state: RouteState = { t: spec, from: '000', to: '421' };

test('a malformed destination address shows to-error and the page keeps working', async ({ explorer }) => {
  const fixed = cliRoute(spec, '000', '312');
  await explorer.gotoState(state);
  await expect(explorer.distance).toHaveText(/^\d+$/);

  await explorer.to.fill('0z9');
  await expect(explorer.toError).toBeVisible();
  await expect(explorer.toError).toHaveText(/\S/);
  await expect(explorer.fromError).toBeHidden();
  await expect(explorer.specError).toBeHidden();
  await expect(explorer.to).toHaveValue('0z9'); // what was typed stays, to be corrected
  await expect(explorer.from).toHaveValue('000');
  await expect(explorer.infoNodes).toHaveText('60'); // 5·4·3 nodes: the topology still stands

  // Other controls still work while the error shows.
  await explorer.from.fill('001');
  await expect(explorer.fromError).toBeHidden();
  await expect(explorer.toError).toBeVisible();

  await explorer.from.fill('000');
  await explorer.to.fill('312');
  await expect(explorer.toError).toBeHidden();
  await explorer.expectResult(fixed.distance, fixed.pathCount);
});

test('an out-of-range source digit shows from-error', async ({ explorer }) => {
  await explorer.gotoState(state);
  await explorer.from.fill('500'); // the first digit is mod 5
  await expect(explorer.fromError).toBeVisible();
  await expect(explorer.fromError).toHaveText(/\S/);
  await expect(explorer.toError).toBeHidden();

  await explorer.from.fill('000');
  await expect(explorer.fromError).toBeHidden();
  await expect(explorer.distance).toHaveText(/^\d+$/);
});

test('invalid parameters show spec-error and recover when fixed', async ({ explorer }) => {
  const cli = cliRoute(spec, '000', '421');
  await explorer.gotoState(state);
  await explorer.expectResult(cli.distance, cli.pathCount);

  await explorer.param('m').fill('5xx3');
  await expect(explorer.specError).toBeVisible();
  await expect(explorer.specError).toHaveText(/\S/);

  await explorer.param('m').fill('5x4x3');
  await expect(explorer.specError).toBeHidden();
  await explorer.expectResult(cli.distance, cli.pathCount);
});
