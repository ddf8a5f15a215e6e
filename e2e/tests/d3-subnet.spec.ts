import { icn } from '../fixtures/cli';
import { expect, test } from '../fixtures/explorer';

// Flow: the D3 sub-network view (?view=subnet) — Theorem 1's port table, the isomorphism
// check and the paper's printed tables against `icn table d3-subnetwork`, the sub-network
// lit on the wiring diagram, the maintenance sub-networks, and bad input at the field.

interface CliSubnet {
  isomorphism: { nodes: number; links: number; induced_links: number; isomorphic: boolean };
  port_table: { n: number; kappa: number[]; rows: { i: number; k_i: number; ports: number[] }[] };
}

interface CliCell {
  group: string;
  row: string;
  column: string;
  printed: number;
  computed: number;
  verdict: string;
}

test('κ = {1,2,5,8} in D3(9,3): the port table, the check and the paper as icn table computes them', async ({ page }) => {
  const cli = JSON.parse(icn('table', 'd3-subnetwork', '--n', '9', '--kappa', '1,2,5,8', '--m', '3')) as CliSubnet;
  await page.goto('./?view=subnet&t=d3:k=9,m=3&kind=cabinets&set=1,2,5,8');
  const id = (t: string) => page.getByTestId(t);
  await expect(id('view-subnet')).toBeVisible();
  const cells = id('subnet-port');
  await expect(cells).toHaveCount(16);
  for (const row of cli.port_table.rows) {
    for (const [j, a] of row.ports.entries()) {
      await expect(page.locator(`[data-testid="subnet-port"][data-i="${row.i}"][data-j="${j}"]`)).toHaveAttribute(
        'data-value',
        String(a),
      );
    }
  }
  // The isomorphism check: D3(4,3) onto the sub-network, link by link.
  expect(cli.isomorphism.isomorphic).toBe(true);
  await expect(id('subnet-verdict')).toHaveText('isomorphic');
  await expect(id('subnet-check-routers')).toHaveText(String(cli.isomorphism.nodes));
  await expect(id('subnet-check-links')).toHaveText(String(cli.isomorphism.links));
  await expect(id('subnet-check-induced')).toHaveText(String(cli.isomorphism.induced_links));

  // The paper's printed table: the entries that differ are shown beside the computed ones.
  const paper = JSON.parse(icn('table', 'd3-subnetwork')) as { cells: CliCell[] };
  const differ = paper.cells.filter((c) => c.group.startsWith('D3(4,M)') && c.verdict !== 'match');
  expect(differ.length).toBeGreaterThan(0);
  await expect(id('subnet-printed')).toHaveCount(differ.length);
  await expect(id('subnet-paper-compare')).toHaveAttribute('data-differ', String(differ.length));
  for (const c of differ) {
    const [i, j] = [/i = (\d+)/.exec(c.row)?.[1], /j = (\d+)/.exec(c.column)?.[1]];
    const cell = page.locator(`[data-testid="subnet-port"][data-i="${i}"][data-j="${j}"]`);
    await expect(cell).toHaveAttribute('data-value', String(c.computed));
    await expect(cell.getByTestId('subnet-printed')).toHaveText(`(paper: ${c.printed})`);
  }

  // The wiring diagram: |κ|·M² = 36 routers lit, the other 45 dimmed, and the sub-network's
  // links lit (as many as the check counts).
  const diagram = id('diagram');
  await expect(diagram.locator('g.node.lit')).toHaveCount(4 * 9);
  await expect(diagram.locator('g.node.dim')).toHaveCount(9 * 9 - 4 * 9);
  await expect(diagram.locator('g.dag path')).toHaveCount(cli.isomorphism.links);
});

test('the complementary D3(5,M) and the maintenance sub-networks', async ({ page }) => {
  const id = (t: string) => page.getByTestId(t);
  await page.goto('./?view=subnet&t=d3:k=9,m=2&kind=cabinets&set=1,2,5,8');
  await id('subnet-paper-5').click();
  await expect.poll(() => new URL(page.url()).searchParams.get('set')).toBe('0,3,4,6,7');
  const paper = JSON.parse(icn('table', 'd3-subnetwork')) as { cells: CliCell[] };
  const differ = paper.cells.filter((c) => c.group.startsWith('D3(5,M)') && c.verdict !== 'match');
  await expect(id('subnet-printed')).toHaveCount(differ.length);
  await expect(id('subnet-verdict')).toHaveText('isomorphic');

  // D3(8,2): cabinet 8 out. Theorem 1 with κ = {0, …, 7}: 8·4 routers.
  await id('subnet-drop-cabinet').click();
  await expect.poll(() => new URL(page.url()).searchParams.get('set')).toBe('0,1,2,3,4,5,6,7');
  await expect(id('subnet-verdict')).toHaveText('isomorphic');
  await expect(id('subnet-check-routers')).toHaveText(String(8 * 4));
  const cli = JSON.parse(icn('table', 'd3-subnetwork', '--n', '9', '--kappa', '0,1,2,3,4,5,6,7', '--m', '2')) as CliSubnet;
  await expect(id('subnet-check-links')).toHaveText(String(cli.isomorphism.links));

  // D3(9,1) would be the drawers' maintenance network of D3(9,2): routers (c,0,0), linked by
  // their global ports only — a D3(9,1) of 9 routers.
  await id('subnet-drop-drawer').click();
  await expect.poll(() => new URL(page.url()).searchParams.get('kind')).toBe('drawers');
  await expect(id('subnet-verdict')).toHaveText('isomorphic');
  await expect(id('subnet-check-routers')).toHaveText('9');
  // D3(9,1): 9 routers on one global port ring of K = 9: (9·9 − 9)/2 = 36 links.
  await expect(id('subnet-check-links')).toHaveText('36');
});

test('κ typed wrong is reported at the field', async ({ page }) => {
  const id = (t: string) => page.getByTestId(t);
  await page.goto('./?view=subnet&t=d3:k=9,m=3&kind=cabinets&set=1,2,x');
  await expect(id('subnet-set-error')).toContainText("'x' (item 3)");
  await expect(id('subnet-set')).toHaveAttribute('aria-invalid', 'true');
  await id('subnet-set').fill('1,9');
  await id('subnet-set').press('Enter');
  await expect(id('subnet-set-error')).toContainText('0 to 8');
  await id('subnet-set').fill('3,3');
  await id('subnet-set').press('Enter');
  await expect(id('subnet-set-error')).toContainText('named twice');
  await id('subnet-set').fill('0,4');
  await id('subnet-set').press('Enter');
  await expect(id('subnet-set-error')).toHaveCount(0);
  await expect(id('subnet-verdict')).toHaveText('isomorphic');
  await page.goto('./?view=subnet&t=hypercube:n=3');
  await expect(id('subnet-spec-error')).toContainText('Swapped Dragonfly');
});

// A field in error: the results' place says what appears once it is fixed, under the
// fields (it stood above them, saying "marked above"), and the drawing's card is not blank.
test('a field in error leaves a note in the results and the drawing, not a blank card', async ({ page }) => {
  const id = (t: string) => page.getByTestId(t);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('./?view=subnet&t=d3:k=9,m=3&kind=cabinets&set=1,2,99');
    await expect(id('subnet-set-error')).toContainText('0 to 8');
    await expect(id('subnet-no-drawing')).toHaveText('The wiring is drawn once the fields describe a sub-network.');
    const note = await id('subnet-no-results').boundingBox();
    const field = await id('subnet-set').boundingBox();
    expect(note!.y).toBeGreaterThan(field!.y);
  }
  // An unknown kind: the select shows it, marked, beside its error.
  await page.goto('./?view=subnet&t=d3:k=9,m=3&kind=bogus&set=1');
  await expect(id('subnet-kind')).toHaveValue('bogus');
  await expect(id('subnet-kind')).toHaveAttribute('aria-invalid', 'true');
  await expect(id('subnet-kind')).toHaveAccessibleDescription(/bogus/);
});

test('a click on a router adds its cabinet to κ', async ({ page }) => {
  const id = (t: string) => page.getByTestId(t);
  await page.goto('./?view=subnet&t=d3:k=3,m=2&kind=cabinets&set=0');
  await expect(id('subnet-check-routers')).toHaveText('4');
  await id('diagram').locator('g[data-addr="(2,1,0)"]').click();
  await expect.poll(() => new URL(page.url()).searchParams.get('set')).toBe('0,2');
  await expect(id('subnet-check-routers')).toHaveText('8');
});

// Issue 17's review: on a phone the port table's caption and its j = 3 column were clipped
// (the caption was as wide as the scrolling table). At 390 px the table fits its box and the
// caption, outside it, wraps in full.
test('on a phone the port table and its caption fit, with the paper entries beside theirs', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('./?view=subnet&t=d3:k=9,m=3&kind=cabinets&set=1,2,5,8');
  await expect(page.getByTestId('subnet-port')).toHaveCount(16);
  const box = page.locator('.table-scroll:has([data-testid=subnet-table])');
  const fits = await box.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
  expect(fits, 'the table fits without scrolling sideways').toBe(true);
  const caption = page.getByTestId('subnet-table-caption');
  await expect(caption).toContainText('column j the port to cabinet k_j');
  const clipped = await caption.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
  expect(clipped).toBe(false);
  await expect(page.getByTestId('subnet-table')).toHaveAccessibleName(/Global ports a_\(j,i\)/);
});
