import { cliRoute } from '../fixtures/cli';
import { expect, test } from '../fixtures/explorer';

// Flow: choose a family, its parameters and two addresses; the page shows the same distance
// and minimal-path count as `icn route` (target/debug/icn), and its listed paths are real ones.

const cases = [
  { spec: 'hypercycle:m=5x4x3,rho=2x1x1', from: '000', to: '421', strategy: 'minimal' },
  { spec: 'hypercube:n=6', from: '000000', to: '101101', strategy: 'minimal' },
  // TR-88-27 Examples 1 and 2 under Y-2 and D2 (all minimal paths).
  { spec: 'kyklos2:m=2,r=2,n=6,shuffle=proposed', from: '24', to: '62', strategy: 'y2' },
  { spec: 'kyklos2:m=2,r=2,n=6,shuffle=proposed', from: '20', to: '14', strategy: 'd2' },
  // The Lens: processors and busses; the §4 example pair.
  { spec: 'lens:p=4,q=4,n=5', from: '021.10', to: '00.220', strategy: 'minimal' },
];

for (const c of cases) {
  test(`${c.spec} ${c.from} → ${c.to} (${c.strategy}) matches icn route`, async ({ explorer }) => {
    const cli = cliRoute(c.spec, c.from, c.to, c.strategy);

    await explorer.goto();
    await explorer.setTopology(c.spec);
    await explorer.strategy.selectOption(c.strategy);
    await explorer.setRoute(c.from, c.to);

    await expect(explorer.specError).toBeHidden();
    await expect(explorer.fromError).toBeHidden();
    await expect(explorer.toError).toBeHidden();
    // Compared as digit strings: path_count is an arbitrary-precision integer.
    await explorer.expectResult(cli.distance, cli.pathCount);

    await expect(explorer.pathItems.first()).toBeVisible();
    const shown = await explorer.paths();
    expect(BigInt(shown.length)).toBeLessThanOrEqual(BigInt(cli.pathCount));
    expect(new Set(shown.map((p) => p.join(' '))).size, 'listed paths are distinct').toBe(shown.length);
    const cliPaths = new Set(cli.paths.map((p) => p.join(' ')));
    const cliListsAll = BigInt(cli.paths.length) === BigInt(cli.pathCount);
    for (const path of shown) {
      expect(path[0]).toBe(c.from);
      expect(path[path.length - 1]).toBe(c.to);
      expect(path.length - 1, `hops of ${path.join(' → ')}`).toBe(Number(cli.distance));
      if (cliListsAll) {
        expect(cliPaths.has(path.join(' ')), `${path.join(' → ')} is one of icn's paths`).toBe(true);
      }
    }

    await expect(explorer.diagram.or(explorer.matrix).or(explorer.diagramTooLarge)).toBeVisible();
    if (await explorer.diagram.isVisible()) {
      await expect(explorer.node(c.from)).toHaveCount(1);
      await expect(explorer.node(c.to)).toHaveCount(1);
    }
  });
}

test('network facts for hypercube:n=6', async ({ explorer }) => {
  await explorer.goto();
  await explorer.setTopology('hypercube:n=6');
  await explorer.setRoute('000000', '111111');
  await expect(explorer.infoNodes).toHaveText('64');
  await expect(explorer.infoLinks).toHaveText('192');
  await expect(explorer.infoDegree).toHaveText('6');
  await expect(explorer.infoDiameter).toHaveText('6');
  // Antipodal nodes of Q6: distance 6, 6! minimal paths.
  await explorer.expectResult('6', '720');
});
