import { cliRoute } from '../fixtures/cli';
import { expect, parseSpec, routeUrl, test, type RouteExplorer, type RouteState } from '../fixtures/explorer';

// Flow: a pasted URL restores the route view; reload keeps it; editing updates the URL and
// the browser's Back button restores the previous state.

const spec = 'hypercycle:m=5x4x3,rho=2x1x1';
const state: RouteState = { t: spec, from: '000', to: '421' };

async function expectFields(explorer: RouteExplorer, s: RouteState): Promise<void> {
  const { family, params } = parseSpec(s.t);
  await expect(explorer.family).toHaveValue(family);
  for (const [key, value] of Object.entries(params)) {
    await expect(explorer.param(key)).toHaveValue(value);
  }
  await expect(explorer.from).toHaveValue(s.from);
  await expect(explorer.to).toHaveValue(s.to);
  if (s.s) await expect(explorer.strategy).toHaveValue(s.s);
}

const urls = {
  'URL-encoded': routeUrl(state),
  'typed by hand (unencoded)': `./?view=route&t=${spec}&from=${state.from}&to=${state.to}`,
};

for (const [name, url] of Object.entries(urls)) {
  test(`a pasted ${name} URL restores fields and results, and reload keeps them`, async ({ page, explorer }) => {
    const cli = cliRoute(spec, state.from, state.to);
    await explorer.goto(url);
    await expectFields(explorer, state);
    await explorer.expectResult(cli.distance, cli.pathCount);

    await page.reload();
    await explorer.waitReady();
    await expectFields(explorer, state);
    await explorer.expectResult(cli.distance, cli.pathCount);
  });
}

test('editing an address updates the URL, and Back restores the previous one', async ({ page, explorer }) => {
  const before = cliRoute(spec, '000', '421');
  const after = cliRoute(spec, '000', '312');
  await explorer.gotoState(state);
  await explorer.expectResult(before.distance, before.pathCount);

  await explorer.to.fill('312');
  await explorer.expectResult(after.distance, after.pathCount);
  await expect.poll(() => explorer.query().get('to')).toBe('312');
  const query = explorer.query();
  expect(query.get('view')).toBe('route');
  expect(query.get('from')).toBe('000');
  expect(parseSpec(query.get('t') ?? '')).toEqual(parseSpec(spec));

  await page.goBack();
  await expect(explorer.to).toHaveValue('421');
  await expect.poll(() => explorer.query().get('to')).toBe('421');
  await explorer.expectResult(before.distance, before.pathCount);
});

test('the strategy is part of the URL state', async ({ page, explorer }) => {
  const withStrategy: RouteState = { t: 'hypercube:n=6', from: '000000', to: '101101', s: 'ecube' };
  await explorer.gotoState(withStrategy);
  await expectFields(explorer, withStrategy);

  await explorer.strategy.selectOption('minimal');
  await expect.poll(() => explorer.query().get('s') ?? 'minimal').toBe('minimal');
  await page.reload();
  await explorer.waitReady();
  await expect(explorer.strategy).toHaveValue('minimal');
  await explorer.expectResult('4', '24');
});
