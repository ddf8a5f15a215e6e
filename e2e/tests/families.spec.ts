import { cliRoute, icn } from '../fixtures/cli';
import { expect, expectCount, routeUrl, test } from '../fixtures/explorer';

// Flow: the field's standard networks work like the seed families. For each family a person
// picks it, types its parameters and two addresses, and sees the same distance and path count
// as `icn route`, paths that are real ones, and a diagram with both ends drawn; each embeds
// on its own. (Charts of any network: charts-any.spec.ts.)

const cases = [
  { spec: 'torus:k=8x8x4', from: '(0,0,0)', to: '(4,5,3)', strategy: 'minimal' },
  { spec: 'mesh:k=6x5', from: '(0,0)', to: '(5,3)', strategy: 'dor' },
  { spec: 'hyperx:s=4x4x3,t=2', from: '(0,0,0)', to: '(3,2,1)', strategy: 'minimal' },
  { spec: 'flatfly:k=4,n=3', from: '(0,0)', to: '(3,2)', strategy: 'minimal' },
  { spec: 'dragonfly:a=4,p=2,h=2', from: '(0,0)', to: '(8,3)', strategy: 'minimal' },
  { spec: 'fattree:k=2,n=3', from: 'p:000', to: 'p:111', strategy: 'updown' },
  { spec: 'butterfly:k=2,n=3', from: 'p:000', to: 'p:110', strategy: 'desttag' },
  { spec: 'slimfly:q=7', from: '(0,0,0)', to: '(0,0,3)', strategy: 'minimal' },
  { spec: 'polarfly:q=7', from: '(1,0,0)', to: '(1,1,1)', strategy: 'minimal' },
  { spec: 'jellyfish:n=64,r=6,p=2,seed=1', from: '0', to: '63', strategy: 'minimal' },
];

for (const c of cases) {
  test(`${c.spec} ${c.from} → ${c.to} (${c.strategy}) matches icn route and is drawn`, async ({ explorer }) => {
    const cli = cliRoute(c.spec, c.from, c.to, c.strategy);
    await explorer.goto();
    await explorer.setTopology(c.spec);
    await explorer.strategy.selectOption(c.strategy);
    await explorer.setRoute(c.from, c.to);
    await expect(explorer.specError).toBeHidden();
    await explorer.expectResult(cli.distance, cli.pathCount);

    const shown = await explorer.paths();
    expect(shown.length).toBeGreaterThan(0);
    const cliPaths = new Set(cli.paths.map((p) => p.join(' ')));
    for (const path of shown) {
      expect(path.length - 1, path.join(' → ')).toBe(Number(cli.distance));
      if (cli.paths.length === Number(cli.pathCount)) expect(cliPaths.has(path.join(' ')), path.join(' → ')).toBe(true);
    }
    // The diagram draws every node of these sizes, the two ends among them.
    await expect(explorer.diagram).toBeVisible();
    await expect(explorer.node(c.from)).toHaveCount(1);
    await expect(explorer.node(c.to)).toHaveCount(1);
    const nodes = JSON.parse(icn('info', c.spec)).nodes as number;
    await expect(explorer.diagram.locator('[data-testid="node"]')).toHaveCount(nodes);
  });
}

test('Valiant on a Dragonfly lists walks via intermediate routers, as many as icn counts', async ({ explorer }) => {
  const spec = 'dragonfly:a=4,p=2,h=2';
  const cli = cliRoute(spec, '(0,0)', '(8,3)', 'valiant');
  await explorer.gotoState({ t: spec, from: '(0,0)', to: '(8,3)', s: 'valiant' });
  await expectCount(explorer.pathCount, cli.pathCount);
  await expect(explorer.pathItems.first()).toContainText('(via ');
  const shown = await explorer.paths();
  const cliWalks = new Set(cli.paths.map((p) => p.join(' ')));
  for (const walk of shown) {
    expect(walk[0]).toBe('(0,0)');
    expect(walk[walk.length - 1]).toBe('(8,3)');
    expect(cliWalks.has(walk.join(' ')), walk.join(' → ')).toBe(true);
  }
  // Not a distance: the hop range of the listed routes, within icn's.
  const lengths = cli.paths.map((p) => p.length - 1);
  const [lo, hi = lo] = ((await explorer.distance.textContent()) ?? '').split('–').map(Number);
  expect(lo).toBeGreaterThanOrEqual(Math.min(...lengths));
  expect(hi).toBeLessThanOrEqual(Math.max(...lengths));
});

test('a butterfly draws its processors on both sides and says when a pair is out of reach', async ({ explorer, page }) => {
  const spec = 'butterfly:k=2,n=3';
  await explorer.gotoState({ t: spec, from: 'p:000', to: 'p:110', s: 'desttag' });
  await explorer.expectResult('4', '1');
  // Each processor has its button on the left and a copy on the right, where the route ends.
  await expect(explorer.diagram.locator('[data-testid="node-copy"]')).toHaveCount(8);
  const copy = explorer.diagram.locator('[data-testid="node-copy"][data-addr="p:110"]');
  await expect(copy).toHaveClass(/dst/);
  const left = await explorer.node('p:110').boundingBox();
  const right = await copy.boundingBox();
  expect(right!.x).toBeGreaterThan(left!.x + 100);
  // A switch of stage 1 reaches only the processors whose first digit is its word's.
  await explorer.setRoute('s1:01', 'p:110');
  await expect(page.getByTestId('no-path')).toContainText('p:110 cannot be reached from s1:01');
  expect(() => icn('route', spec, 's1:01', 'p:110')).toThrow(/cannot be reached/);
  await explorer.setRoute('s1:01', 'p:011');
  await explorer.expectResult('2', '1');
});

test('past what can be drawn node by node, the adjacency matrix with the route marked', async ({ explorer, page }) => {
  await explorer.gotoState({ t: 'torus:k=32x32', from: '(0,0)', to: '(16,16)', s: 'minimal' });
  // The route's neighbourhood is drawn first (figures.spec.ts); the matrix is one press away.
  await expect(page.getByTestId('diagram-focus')).toBeVisible();
  await page.getByTestId('show-matrix').click();
  const matrix = page.getByTestId('matrix');
  await expect(matrix).toBeVisible();
  await expect(page.getByTestId('diagram-too-large')).toHaveCount(0);
  await expect(page.getByTestId('matrix-caption')).toContainText('address order');
  const canvas = matrix.locator('canvas');
  await expect(canvas).toHaveAttribute('data-bins', '160');
  await expect(canvas).toHaveAttribute('aria-label', /Adjacency matrix of 1024 nodes and 2048 links/);
  // Ink on the diagonal band, and the route's blue cells near the middle.
  const ink = await canvas.evaluate((el: HTMLCanvasElement) => {
    const data = el.getContext('2d')!.getImageData(0, 0, el.width, el.height).data;
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i] + data[i + 1] + data[i + 2] < 200) dark += 1;
    return dark;
  });
  expect(ink).toBeGreaterThan(1_000);
  // Hovering a cell on the diagonal names its blocks and counts its link ends.
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5);
  await expect(page.getByTestId('matrix-hover')).toContainText(/rows \(\d+,\d+\) … \(\d+,\d+\) \(\d+ nodes\) × columns/);
});

for (const c of cases) {
  test(`${c.spec} embeds: the route and its diagram, without the site around them`, async ({ page }) => {
    await page.goto(`${routeUrl({ t: c.spec, from: c.from, to: c.to, s: c.strategy })}&embed=1`);
    await expect(page.getByTestId('embed-main').getByTestId('diagram')).toBeVisible();
    await expectCount(page.getByTestId('path-count'), cliRoute(c.spec, c.from, c.to, c.strategy).pathCount);
    await expect(page.locator('nav.site-nav')).toHaveCount(0);
  });
}

// Issue 17's review: long counts were a wall of digits. The 20-cube's antipodal pair has
// 20! minimal paths (19 digits): shown as 2.43 × 10¹⁸, the exact value, grouped, one click
// away and equal to `icn route`'s.
test('a 19-digit path count is shown in scientific form, the exact value on demand', async ({ explorer, page }) => {
  const [from, to] = ['0'.repeat(20), '1'.repeat(20)];
  const cli = cliRoute('hypercube:n=20', from, to);
  expect(cli.pathCount).toBe('2432902008176640000'); // 20!
  await explorer.gotoState({ t: 'hypercube:n=20', from, to });
  await explorer.expectResult('20', cli.pathCount);
  await expect(explorer.pathCount).toHaveText('2.43 × 10¹⁸');
  const exact = page.getByTestId('path-count-exact');
  await expect(exact).toBeHidden();
  await page.getByText('exact', { exact: true }).click();
  await expect(exact).toHaveText('2,432,902,008,176,640,000');
});
