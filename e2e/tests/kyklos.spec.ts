import path from 'node:path';
import { cliRoute } from '../fixtures/cli';
import { expect, test } from '../fixtures/explorer';
import { cliJoin, JoinView, KyklosPanels } from '../fixtures/kyklos';

// Flows: TR-88-27's Examples 1 and 2 typed into the route explorer show the paper's routing
// strings and lengths, and every strategy's route equals `icn route`; the join view shows
// Table 2 cell by cell and the same join sites and routes as `icn join`; bad input is reported
// at its field.

const K226 = 'kyklos2:m=2,r=2,n=6,shuffle=proposed';

/** TR-88-27 §V Examples 1 and 2, transcribed from the paper (Example 2's source is 20). */
const EXAMPLES = [
  {
    from: '24',
    to: '62',
    s: '011000',
    d: '111110',
    x: '100110',
    slices: { "X₀": '110', "X₁": '100', "X₀'": '011', "X₁'": '001' },
    y: ['001110', '011100'],
    dStrings: ['111110', '011111'],
    // "a path length of 4 * 2 = 8 in tree 0, and … 5 * 2 = 10 in tree 1"
    treeHops: [8, 10],
    shortest: 8,
    // "If tree 0 were traversed, the routing would go up four levels from node 24"
    mrLegs: 'up 4 levels of tree 0 to 62',
  },
  {
    from: '20',
    to: '14',
    s: '010100',
    d: '001110',
    x: '011010',
    slices: { "X₀": '010', "X₁": '011', "X₀'": '010', "X₁'": '110' },
    y: ['110010', '010011'],
    dStrings: ['100110', '011001'],
    // "6 * 2 = 12 in tree 0 … 5 * 2 = 10 in tree 1 … a shortest path length of (6 - 2) * 2 = 8"
    treeHops: [12, 10],
    shortest: 8,
    // The better single tree is tree 1: 5 levels.
    mrLegs: 'up 5 levels of tree 1 to 14',
  },
];

for (const [i, ex] of EXAMPLES.entries()) {
  test(`Example ${i + 1} (${ex.from} → ${ex.to}) typed in shows the paper's strings and lengths`, async ({
    page,
    explorer,
  }) => {
    const k = new KyklosPanels(page);
    await explorer.goto();
    await explorer.setTopology(K226);
    await explorer.setRoute(ex.from, ex.to);
    await expect(explorer.specError).toBeHidden();

    await expect(k.string('s')).toHaveAttribute('data-text', ex.s);
    await expect(k.string('s')).toHaveText(ex.s);
    await expect(k.string('d')).toHaveText(ex.d);
    await expect(k.string('x')).toHaveText(ex.x);
    for (const [label, text] of Object.entries(ex.slices)) {
      await expect(k.slice(label)).toHaveText(text);
    }
    for (const t of [0, 1]) {
      await expect(k.string(`y${t}`)).toHaveText(ex.y[t]);
      await expect(k.string(`d${t}`)).toHaveText(ex.dStrings[t]);
      // The highest 1 of Y_t is marked, at the level that gives the paper's tree length.
      const levels = ex.treeHops[t] / 2;
      const decides = k.string(`y${t}`).locator('.decides');
      await expect(decides).toHaveCount(1);
      await expect(decides).toHaveAttribute('title', new RegExp(`alone climbs ${levels} levels`));
      await expect(k.strings).toContainText(`tree ${t} alone: up ${levels} levels, ${ex.treeHops[t]} hops`);
      // Exactly the digits below it are marked as branches.
      await expect(k.string(`d${t}`).locator('.branch')).toHaveCount(levels);
    }

    // Every strategy side by side, each as `icn route` prints it; the minimal ones are the
    // paper's shortest length.
    for (const s of ['y2', 'hr', 'pr', 'd2', 'mr']) {
      const cli = cliRoute(K226, ex.from, ex.to, s);
      const row = k.strategy(s);
      await expect(row.getByTestId('compare-length')).toHaveText(cli.distance);
      const shown = (await row.getByTestId('compare-path').allTextContents()).map((t) => t.split(' → '));
      expect(shown.length).toBeGreaterThan(0);
      for (const p of shown) {
        expect(cli.paths.map((q) => q.join(' ')), `${s}: ${p.join(' → ')}`).toContainEqual(p.join(' '));
      }
    }
    await expect(k.strategy('d2').getByTestId('compare-length')).toHaveText(String(ex.shortest));
    await expect(k.strategy('mr').getByTestId('compare-legs')).toHaveText([ex.mrLegs]);
  });
}

test('Example 2: two minimal routes; a D2 path clicked is drawn and becomes the strategy', async ({
  page,
  explorer,
}) => {
  const k = new KyklosPanels(page);
  await explorer.gotoState({ t: K226, from: '20', to: '14', s: 'y2' });
  await expect(k.y2).toHaveText(/2 levels of tree 0, then 2 levels of tree 1: 8 hops/);
  const d2 = k.strategy('d2');
  await expect(d2.getByTestId('compare-count')).toHaveText('2 paths');
  // "a two-level deep traversals of both trees … The second routing reverses the order"
  await expect(d2.getByTestId('compare-legs')).toHaveText([
    /^up 2 levels of tree (0|1) to \d+, then up 2 levels of tree (0|1) to 14$/,
    /^up 2 levels of tree (0|1) to \d+, then up 2 levels of tree (0|1) to 14$/,
  ]);
  const legs = await d2.getByTestId('compare-legs').allTextContents();
  expect(new Set(legs.map((l) => l.slice(0, 'up 2 levels of tree 0'.length)))).toEqual(
    new Set(['up 2 levels of tree 0', 'up 2 levels of tree 1']),
  );
  const second = d2.getByTestId('compare-path').nth(1);
  const text = await second.textContent();
  await second.click();
  await expect(explorer.strategy).toHaveValue('d2');
  expect(explorer.query().get('s')).toBe('d2');
  await expect(second).toHaveAttribute('aria-pressed', 'true');
  await expect(explorer.pathItems.filter({ hasText: text ?? '' })).toHaveAttribute('aria-pressed', 'true');
  // Each node of the clicked path is on the highlighted route of the diagram.
  for (const addr of (text ?? '').split(' → ').slice(1, -1)) {
    await expect(explorer.node(addr)).toHaveClass(/on-path/);
  }
});

/** TR-88-27 Table 2 for KYKLOS-II<2,2,6>, transcribed from the paper: rows X_s, columns X_t'. */
const TABLE_2 = [
  '<0,0> <1,t> <1,t> <1,t> <1,t> <1,t> <1,t> <1,t>',
  '<1,s> <1,s> <1,s> <1,s> <1,s> <1,s> <1,s> <1,s>',
  '<2,s> <2,s> <2,s> <2,s> <2,s> <2,s> <2,s> <2,s>',
  '<2,s> <2,s> <2,s> <2,s> <2,s> <2,s> <2,s> <2,s>',
  '<1,s> <1,s> <1,s> <1,s> <1,s> <1,s> <1,s> <1,s>',
  '<1,s> <1,s> <1,s> <1,s> <1,s> <1,s> <1,s> <1,s>',
  '<3,s> <4,s> <3,s> <5,s> <3,s> <4,s> <3,s> <1,s>',
  '<3,s> <4,s> <3,s> <5,s> <3,s> <4,s> <3,s> <6,s>',
];

const bits3 = (x: number) => x.toString(2).padStart(3, '0');

test('the join grid of KYKLOS-II<2,2,6> is Table 2, cell by cell, with §VII loadings', async ({ page }) => {
  const join = new JoinView(page);
  await join.goto();
  await expect(join.spec).toHaveValue(K226);
  await expect(join.grid.getByTestId('join-cell')).toHaveCount(64);
  for (const [row, line] of TABLE_2.entries()) {
    const printed = line.split(' ');
    for (const [col, cell] of printed.entries()) {
      await expect(join.cell(bits3(row), bits3(col)), `row ${bits3(row)} column ${bits3(col)}`).toHaveText(cell);
    }
  }
  // §VII: per S source 1 join at its L-node, 32 at level 1, half as many each level up: over all
  // 64 sources 64 · (1, 32, 16, 8, 4, 2, 1); and N/2 = 32 at every IB-node.
  const perSource = [1, 32, 16, 8, 4, 2, 1];
  await expect(join.levelRows).toHaveCount(7);
  for (const [v, count] of perSource.entries()) {
    const row = join.levelRows.nth(v);
    await expect(row).toHaveAttribute('data-level', String(v));
    await expect(row.getByTestId('join-level-joins')).toHaveText(String(64 * count));
    await expect(row.getByTestId('join-level-per-node')).toHaveText(v === 0 ? '1' : '32');
  }
});

// The review counted 265 tab stops on the join view; the grid alone was 64. It is one tab
// stop (the current pair's cell), the arrow keys move inside it and Enter chooses a cell.
test('the join grid is one tab stop with arrow keys inside', async ({ page }) => {
  const join = new JoinView(page);
  await join.goto();
  const cells = join.grid.getByTestId('join-cell');
  await expect(cells).toHaveCount(64);
  const stops = join.grid.locator('[data-testid="join-cell"][tabindex="0"]');
  await expect(stops).toHaveCount(1);
  await expect(stops).toHaveAttribute('aria-pressed', 'true');
  const row = Number.parseInt((await stops.getAttribute('data-row')) ?? '', 2);
  const col = Number.parseInt((await stops.getAttribute('data-col')) ?? '', 2);
  await stops.focus();
  // One step right (or left at the last column) and one down (or up at the last row).
  const [dc, keyC] = col < 7 ? [1, 'ArrowRight'] : [-1, 'ArrowLeft'];
  const [dr, keyR] = row < 7 ? [1, 'ArrowDown'] : [-1, 'ArrowUp'];
  await page.keyboard.press(keyC);
  await page.keyboard.press(keyR);
  const target = join.cell(bits3(row + dr), bits3(col + dc));
  await expect(target).toBeFocused();
  await expect(stops).toHaveCount(1);
  await expect(target).toHaveAttribute('tabindex', '0');
  // Enter chooses a pair in that cell: the cell is pressed and the join shows its site.
  const text = (await target.textContent()) ?? '';
  await page.keyboard.press('Enter');
  await expect(target).toHaveAttribute('aria-pressed', 'true');
  await expect(join.grid.locator('[aria-pressed="true"]')).toHaveCount(1);
  await expect(stops).toHaveCount(1);
  expect(text).toMatch(/^<\d,[st]>$|^<0,0>$/);
  // Ctrl+End and Ctrl+Home reach the corners; End a row's last cell.
  await target.focus();
  await page.keyboard.press('Control+End');
  await expect(join.cell('111', '111')).toBeFocused();
  await page.keyboard.press('Control+Home');
  await expect(join.cell('000', '000')).toBeFocused();
  await page.keyboard.press('End');
  await expect(join.cell('000', '111')).toBeFocused();
  // Tab leaves the grid at once.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('[data-testid="join-grid"]') === null)).toBe(true);
});

const PAIRS: [string, string][] = [
  ['42', '0'],
  ['24', '62'],
  ['20', '14'],
  ['7', '7'],
  ['63', '1'],
  ['5', '37'],
  ['0', '1'],
];

/** "1 hop", "2 hops": the routes' labels count their hops in words. */
const hops = (route: string[]): string => {
  const n = route.length - 1;
  return `(${n} ${n === 1 ? 'hop' : 'hops'})`;
};

test('join tree, level, site and routes equal `icn join`', async ({ page }) => {
  const join = new JoinView(page);
  await join.goto();
  for (const [s, r] of PAIRS) {
    const cli = cliJoin(K226, s, r);
    await join.s.fill(s);
    await join.r.fill(r);
    await expect(join.sError).toBeHidden();
    await expect(join.rError).toBeHidden();
    await expect(join.startTree).toHaveText(String(cli.start_tree));
    await expect(join.tree).toHaveText(cli.tree === null ? /L-node/ : String(cli.tree));
    await expect(join.level).toHaveText(String(cli.level));
    await expect(join.site).toHaveText(cli.ib_node ?? s);
    await expect(join.sRoute).toHaveText(cli.s_route.join(' → '));
    await expect(join.rRoute).toHaveText(cli.r_route.join(' → '));
    await expect(page.locator('.join-routes dt').first()).toContainText(hops(cli.s_route));
    await expect(page.locator('.join-routes dt').nth(1)).toContainText(hops(cli.r_route));
    // §VII: every IB-node hosts N/2 = 32 of the 4096 partial joins, every L-node 1.
    await expect(join.siteLoad).toHaveText(cli.ib_node ? '32' : '1');
    // On the diagram: the site is marked (unless it is the L-node itself).
    if (cli.ib_node) await expect(join.node(cli.ib_node)).toHaveClass(/site/);
    await expect(join.node(s)).toHaveClass(/src/);
  }
  expect(join.query().get('s')).toBe(PAIRS[PAIRS.length - 1][0]);
  expect(join.query().get('r')).toBe(PAIRS[PAIRS.length - 1][1]);
});

test('a grid cell chooses a pair in it; the URL keeps it; Back returns', async ({ page }) => {
  const join = new JoinView(page);
  await join.goto({ t: K226, s: '42', r: '0' });
  await expect(join.cell('010', '101')).toHaveAttribute('aria-pressed', 'true');
  await join.cell('110', '011').click();
  await expect(join.level).toHaveText('5');
  await expect(join.cell('110', '011')).toHaveAttribute('aria-pressed', 'true');
  const r = join.query().get('r') ?? '';
  expect(join.query().get('s')).toBe('42');
  const cli = cliJoin(K226, '42', r);
  expect(cli.level).toBe(5);
  await expect(join.site).toHaveText(cli.ib_node ?? '');
  await page.reload();
  await expect(join.r).toHaveValue(r);
  await expect(join.level).toHaveText('5');
  await page.goBack();
  await expect(join.r).toHaveValue('0');
  await expect(join.level).toHaveText('2');
});

test('bad input is reported at its field, never a crash', async ({ page }) => {
  const join = new JoinView(page);
  await join.goto({ t: K226, s: '<0,1,0>', r: '64' });
  await expect(join.sError).toContainText('IB-node');
  await expect(join.rError).toBeVisible();
  await expect(join.s).toHaveAttribute('aria-invalid', 'true');
  for (const [spec, says] of [
    ['kyklos2:m=2,r=3,n=6', /m = 2, r = 2 and the proposed shuffle/],
    ['kyklos1:m=2,r=2,n=4', /KYKLOS-II⟨2,2,n⟩/],
    ['hypercube:n=4', /this spec is a Binary n-cube network/],
    ['kyklos2:m=2,r=2,n=5', /n mod r = 0/],
    ['kyklos2:m=2,r=2,n=%', /./],
  ] as const) {
    await join.spec.fill(spec);
    await expect(join.specError, spec).toContainText(says);
    await expect(join.grid).toBeHidden();
  }
  for (const q of ['s=&r=', 's=abc&r=%25zz', 's=99999999999999999999999&r=-1', 't=&s=1&r=2']) {
    await page.goto(`./?view=join&${q}`);
    await expect(join.root).toBeVisible();
    await expect(join.sError.or(join.specError)).toBeVisible();
  }
});

test('networks too large: the diagram, then the grid, give way to numbers', async ({ page }) => {
  const join = new JoinView(page);
  await join.goto({ t: 'kyklos2:m=2,r=2,n=8,shuffle=proposed', s: '200', r: '17' });
  const cli = cliJoin('kyklos2:m=2,r=2,n=8,shuffle=proposed', '200', '17');
  await expect(join.diagramTooLarge).toBeVisible();
  await expect(join.level).toHaveText(String(cli.level));
  await expect(join.grid.getByTestId('join-cell')).toHaveCount(256);
  await join.spec.fill('kyklos2:m=2,r=2,n=10,shuffle=proposed');
  await expect(join.gridTooLarge).toContainText('N = 256');
  await expect(join.level).toHaveText(String(cliJoin('kyklos2:m=2,r=2,n=10,shuffle=proposed', '200', '17').level));
});

// Screenshots of the new views for people to look at (e2e/screenshots/, gitignored).
const SCREENSHOT_DIR = path.resolve(__dirname, '..', 'screenshots');
const shots = [
  { name: 'kyklos-route', url: `./?view=route&t=${K226}&from=24&to=62&s=y2`, ready: 'strings' },
  { name: 'kyklos-join', url: `./?view=join&t=${K226}&s=42&r=0`, ready: 'join-grid' },
];
const devices = {
  desktop: { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
};
for (const [device, options] of Object.entries(devices)) {
  test.describe(`screenshots ${device}`, () => {
    test.use(options);
    for (const shot of shots) {
      for (const colorScheme of ['light', 'dark'] as const) {
        test(`${shot.name}, ${colorScheme}`, async ({ page }) => {
          await page.emulateMedia({ colorScheme });
          await page.goto(shot.url);
          await expect(page.getByTestId(shot.ready)).toBeVisible();
          await page.evaluate(() => document.fonts.ready.then(() => undefined));
          await page.screenshot({
            path: path.join(SCREENSHOT_DIR, `${shot.name}-${device}-${colorScheme}.png`),
            fullPage: true,
            animations: 'disabled',
          });
        });
      }
    }
  });
}
