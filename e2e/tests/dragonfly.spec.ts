import { icn } from '../fixtures/cli';
import { expect, test } from '../fixtures/explorer';

// Flow: the Swapped Dragonfly in the route explorer — its wiring diagram (cabinets of drawer
// rows), the source-vector header of the chosen route hop by hop, and a router's ports.

/** The `links` count `icn info SPEC` prints. */
function cliLinks(spec: string): number {
  const info = JSON.parse(icn('info', spec)) as { links: number };
  return info.links;
}

for (const spec of ['d3:k=3,m=4', 'mdf:k=2,m=3']) {
  test(`the ${spec} diagram draws every link once, as icn info counts them`, async ({ explorer }) => {
    const from = spec.startsWith('d3') ? '(0,0,0)' : '(0,0)';
    const to = spec.startsWith('d3') ? '(2,3,1)' : '(6,2)';
    await explorer.gotoState({ t: spec, from, to });
    await expect(explorer.diagram).toBeVisible();
    const nodes = explorer.diagram.getByTestId('node');
    const links = explorer.diagram.locator('g.edges path');
    await expect(links).toHaveCount(cliLinks(spec));
    const info = JSON.parse(icn('info', spec)) as { nodes: number };
    await expect(nodes).toHaveCount(info.nodes);
  });
}

test('the header evolution of a D3(3,4) route equals icn route --header', async ({ explorer }) => {
  const spec = 'd3:k=3,m=4';
  const [from, to] = ['(0,0,1)', '(2,3,2)'];
  const cli = JSON.parse(icn('route', spec, from, to, '--header')) as {
    header: { header: string; routers: string[]; vector: { gamma: number; pi: number; delta: number } };
    paths: string[][];
  };
  await explorer.gotoState({ t: spec, from, to, s: 'lgl' });
  const card = explorer.page.getByTestId('d3-card');
  await expect(card.getByTestId('d3-header-vector')).toHaveText(cli.header.header);
  const rows = card.getByTestId('d3-header-row');
  await expect(rows).toHaveCount(4);
  const { gamma, pi, delta } = cli.header.vector;
  for (let i = 0; i < 4; i++) {
    await expect(rows.nth(i).getByTestId('d3-hop-router')).toHaveText(cli.header.routers[i]);
    await expect(rows.nth(i).getByTestId('d3-hop-header')).toHaveText(`(${3 - i}; ${gamma}, ${pi}, ${delta})`);
  }
  // Every step moves here, so the lgl path is the header's routers, drawn hop by hop.
  expect(cli.paths[0]).toEqual(cli.header.routers);
  expect(await explorer.paths()).toEqual([cli.header.routers]);
  await expect(explorer.diagram.locator('g.route path.route-edge')).toHaveCount(3);
});

test("§10's glgl path in the D3 card equals icn route --glgl, is URL state and is drawn dashed", async ({ explorer }) => {
  const spec = 'd3:k=3,m=4';
  // The outside audit's pair: c′ = c, so glgl-direct does not follow §10's path.
  const [from, to] = ['(0,0,1)', '(0,2,1)'];
  const cli = JSON.parse(icn('route', spec, from, to, '--strategy', 'glgl-direct', '--glgl')) as {
    glgl: string[];
    paths: string[][];
  };
  await explorer.gotoState({ t: spec, from, to, s: 'glgl-direct' });
  const card = explorer.page.getByTestId('d3-card');
  const toggle = card.getByTestId('d3-glgl-toggle');
  await expect(toggle).not.toBeChecked();
  await expect(card.getByTestId('d3-glgl')).toHaveCount(0);
  await toggle.check();
  await expect(explorer.page).toHaveURL(/[?&]glgl=1(&|$)/);
  const routers = card.getByTestId('d3-glgl-router');
  await expect(routers).toHaveCount(cli.glgl.length);
  for (let i = 0; i < cli.glgl.length; i++) await expect(routers.nth(i)).toHaveText(cli.glgl[i]);
  await expect(card.getByTestId('d3-glgl')).toContainText("§10's glgl path");
  await expect(card.getByTestId('d3-glgl-direct')).toContainText('c′ = c');
  await expect(card.getByTestId('d3-glgl-direct')).toContainText(cli.paths[0].join(' → '));
  // The diagram: the strategy's route and §10's path, dashed (one hop per link).
  await expect(explorer.diagram.locator('g.route path.route-edge.second')).toHaveCount(cli.glgl.length - 1);
  // Reloaded from its URL, the path is still shown; unchecked, it leaves the URL.
  await explorer.page.reload();
  await expect(card.getByTestId('d3-glgl-toggle')).toBeChecked();
  await expect(card.getByTestId('d3-glgl-router')).toHaveCount(cli.glgl.length);
  await card.getByTestId('d3-glgl-toggle').uncheck();
  await expect(explorer.page).not.toHaveURL(/glgl=/);
});

test("the paper's (4,5,3,(4)) → (2,3,5,(2)) in D3(6,M) is a port of router (4,5,3)", async ({ explorer }) => {
  await explorer.gotoState({ t: 'd3:k=6,m=6', from: '(4,5,3)', to: '(0,0,0)' });
  const card = explorer.page.getByTestId('d3-card');
  await expect(card.getByTestId('d3-ports-router')).toHaveText('(4,5,3)');
  const port = card.locator('[data-testid="d3-port"][data-kind="global"][data-port="4"]');
  await expect(port.getByTestId('d3-port-peer')).toHaveText('(2,3,5)');
  await expect(port.locator('td').last()).toHaveText('2');
  // M − 1 = 5 local ports and K = 6 global ones (4 ≠ 5: not a diagonal router).
  await expect(card.getByTestId('d3-port')).toHaveCount(11);
  // Hovering the router in the diagram shows the same port in its tooltip.
  await expect(explorer.node('(4,5,3)').locator('title')).toContainText('global port 4 → (2,3,5) (its port 2)');
});

test('clicking a D3 router sets To, and the header follows', async ({ explorer }) => {
  const spec = 'd3:k=3,m=4';
  await explorer.gotoState({ t: spec, from: '(0,0,1)', to: '(2,3,2)' });
  await explorer.node('(1,2,0)').click();
  await expect(explorer.to).toHaveValue('(1,2,0)');
  const cli = JSON.parse(icn('route', spec, '(0,0,1)', '(1,2,0)', '--header')) as { header: { header: string } };
  await expect(explorer.page.getByTestId('d3-header-vector')).toHaveText(cli.header.header);
});

test("the global wiring of drawer (0,0) in D3(3,4) follows the ribbon rule", async ({ explorer }) => {
  await explorer.gotoState({ t: 'd3:k=3,m=4', from: '(0,0,2)', to: '(1,1,1)' });
  const ribbons = explorer.page.getByTestId('d3-ribbons').getByTestId('d3-ribbon');
  // K·M global ports of the drawer, less the diagonal (0,0,0)'s port 0 (a self-loop).
  await expect(ribbons).toHaveCount(3 * 4 - 1);
  for (let g = 0; g < 3; g++) {
    const ofG = explorer.page.locator(`[data-testid="d3-ribbon"][data-g="${g}"]`);
    await expect(ofG).toHaveCount(g === 0 ? 3 : 4);
    // (0,0,p) on port g reaches (g,p,0) on port −g: check router p = 3.
    await expect(ofG.locator('title').filter({ hasText: '(0,0,3) ' })).toHaveText(
      `(0,0,3) global port ${g} → (${g},3,0), its port ${(3 - g) % 3}`,
    );
  }
});

test('a D3 over the drawing limits shows its adjacency matrix and the numbers', async ({ explorer }) => {
  // D3(9,8): 576 routers, more than the 512 drawn node by node.
  await explorer.gotoState({ t: 'd3:k=9,m=8', from: '(0,0,0)', to: '(8,7,7)' });
  // The route's neighbourhood is drawn first (figures.spec.ts); the matrix is one press away.
  await explorer.page.getByTestId('show-matrix').click();
  await expect(explorer.matrix.locator('canvas')).toHaveAttribute('aria-label', /of 576 nodes/);
  await expect(explorer.diagramTooLarge).toHaveCount(0);
  await expect(explorer.distance).toHaveText('3');
});
