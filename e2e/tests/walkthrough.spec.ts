import { cliRoute, icn } from '../fixtures/cli';
import { expect, test } from '../fixtures/explorer';
import { Walkthrough, walkUrl, type WalkState } from '../fixtures/walkthrough';

// Flow: the Lens walkthrough. Figure 2 of the paper (differences, class lengths, the class-1
// path), shortest walks as long as the CLI's distance, and precise address errors.

const figure2: WalkState = {
  t: 'lens:p=4,q=4,n=10,completed',
  from: '021.0212012',
  to: '0110010.212',
  choice: 'class1',
};

test('Figure 2: differences, the four class lengths and the 10-step class-1 path', async ({ page }) => {
  const walk = new Walkthrough(page);
  await walk.goto(figure2);
  await expect(walk.differences).toHaveText('010.0101.100');
  await expect(walk.classLengths).toHaveText(/^10\D+16\D+12\D+14$/);
  await expect(walk.stepIndex).toHaveText('0 / 10');
  await expect(walk.address).toHaveText('021.0212012');
  await expect(walk.prev).toBeDisabled();

  expect(await walk.stepToEnd()).toBe(10);
  await expect(walk.address).toHaveText('0110010.212');
  await expect(walk.next).toBeDisabled();
  await expect(page).toHaveURL(/[?&]step=10(&|$)/);

  // Previous goes back one step, with `?` digits on the way (Figure 2g).
  await walk.prev.click();
  await expect(walk.stepIndex).toHaveText('9 / 10');
  await expect(walk.explanation).toHaveText(/\S/);
  // 1,180,980 nodes: the walk's neighbourhood is drawn instead (figures.spec.ts).
  await expect(page.getByTestId('diagram-focus')).toBeVisible();
  await expect(page.getByTestId('diagram-too-large')).toHaveCount(0);
});

// Issue 35: `?view=walk` and the navigation's tab open Figure 2 on its class-1 route
// (docs/specs.md), as `icn walkthrough --choice class1` walks it, not a shortest path.
test('the bare walkthrough and its tab open Figure 2 on its class-1 route', async ({ page }) => {
  const cli = JSON.parse(
    icn('walkthrough', figure2.t, figure2.from, figure2.to, '--choice', 'class1'),
  ) as { busses: number; steps: { address: string }[] };
  const shortest = Number(cliRoute(figure2.t, figure2.from, figure2.to).distance) / 2;
  expect(cli.busses).not.toBe(shortest); // the two readings differ: the test can tell them apart
  const walk = new Walkthrough(page);
  const expectFigure2 = async () => {
    await expect(walk.choice).toHaveValue('class1');
    await expect(walk.from).toHaveValue(figure2.from);
    await expect(walk.to).toHaveValue(figure2.to);
    expect(await walk.total()).toBe(cli.busses);
    await walk.next.click();
    await expect(walk.address).toHaveText(cli.steps[0].address);
  };
  await page.goto('./?view=walk');
  await expect(walk.root).toBeVisible();
  await expectFigure2();

  await page.goto('./?view=route&t=hypercube:n=3&from=000&to=111');
  const tab = page.getByRole('link', { name: 'Lens walkthrough', exact: true });
  await expect(tab).toHaveAttribute('href', /[?&]choice=class1(&|$)/);
  await tab.click();
  await expect(walk.root).toBeVisible();
  await expect(page).toHaveURL(/[?&]choice=class1(&|$)/);
  await expectFigure2();
});

test('Figure 2: every choice of region B and C walks its own path in the class length', async ({ page }) => {
  test.setTimeout(90_000);
  const walk = new Walkthrough(page);
  await walk.goto(figure2);
  // class1 takes the longest B = {9, 10, 1} (10 busses); B = {3} takes 14. Both C take 12.
  await expect(page.getByTestId('walk-region-1-2')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('walk-region-1-2')).toContainText('{9, 10, 1}');
  await expect(page.getByTestId('walk-region-1-1')).toContainText('{3}');

  const walkAddresses = async (): Promise<string[]> => {
    const seen = [(await walk.address.textContent()) ?? ''];
    while (await walk.next.isEnabled()) {
      await walk.next.click();
      await expect(walk.stepIndex).toHaveText(new RegExp(`^${seen.length} / \\d+$`));
      seen.push((await walk.address.textContent()) ?? '');
    }
    return seen;
  };
  const paths = new Map<string, string[]>();
  for (const [region, length] of [
    ['1-1', 14],
    ['1-2', 10],
    ['3-1', 12],
    ['3-2', 12],
  ] as const) {
    const button = page.getByTestId(`walk-region-${region}`);
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    const [cls, k] = region.split('-');
    await expect(page).toHaveURL(new RegExp(`[?&]choice=class${cls}(%3A|:)${k}(&|$)`));
    await expect(button).toHaveAttribute('data-length', String(length));
    expect(await walk.total()).toBe(length);
    const addresses = await walkAddresses();
    expect(addresses.length - 1).toBe(length);
    expect(addresses[addresses.length - 1]).toBe(figure2.to);
    // The same path as `icn walkthrough --choice classC --region K`.
    const cli = JSON.parse(
      icn('walkthrough', figure2.t, figure2.from, figure2.to, '--choice', `class${cls}`, '--region', k),
    ) as { busses: number; steps: { address: string }[] };
    expect(cli.busses).toBe(length);
    expect(addresses.slice(1)).toEqual(cli.steps.map((st) => st.address));
    paths.set(region, addresses);
  }
  expect(paths.get('1-1')).not.toEqual(paths.get('1-2'));
  expect(paths.get('3-1')).not.toEqual(paths.get('3-2'));
  // The class button for class 1 returns to the default region.
  await page.getByTestId('walk-class-1').click();
  await expect(page.getByTestId('walk-region-1-2')).toHaveAttribute('aria-pressed', 'true');
  expect(await walk.total()).toBe(10);
});

test('Figure 2a/2b: the differences row sits digit under digit, dots marked', async ({ page }) => {
  const walk = new Walkthrough(page);
  await walk.goto(figure2);
  const cell = (row: string, attr: string, k: number) =>
    page.locator(`[data-testid="${row}"] [data-${attr}="${k}"]`);
  const centre = async (row: string, attr: string, k: number) => {
    const box = await cell(row, attr, k).boundingBox();
    if (!box) throw new Error(`${row} ${attr} ${k} has no box`);
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };
  const expected = { 'walk-source': '0210212012', 'walk-destination': '0110010212', 'walk-differences': '0100101100' };
  let previous = -Infinity;
  for (let j = 1; j <= 10; j += 1) {
    const xs: number[] = [];
    for (const [row, digits] of Object.entries(expected)) {
      await expect(cell(row, 'digit', j)).toHaveText(digits[j - 1]);
      xs.push((await centre(row, 'digit', j)).x);
    }
    expect(Math.max(...xs) - Math.min(...xs)).toBeLessThan(1);
    expect(xs[0]).toBeGreaterThan(previous);
    previous = xs[0];
  }
  // Rows are stacked: source above destination above differences.
  const ys = [
    (await centre('walk-source', 'digit', 1)).y,
    (await centre('walk-destination', 'digit', 1)).y,
    (await centre('walk-differences', 'digit', 1)).y,
    (await centre('walk-dots', 'gap', 3)).y,
  ];
  expect(ys).toEqual([...ys].sort((a, b) => a - b));
  // The source's dot after digit 3, the destination's after digit 7, marked s and t below.
  await expect(cell('walk-source', 'gap', 3)).toHaveText('.');
  await expect(cell('walk-destination', 'gap', 7)).toHaveText('.');
  await expect(cell('walk-differences', 'gap', 3)).toHaveText('.');
  await expect(cell('walk-differences', 'gap', 7)).toHaveText('.');
  await expect(cell('walk-dots', 'gap', 3)).toHaveText('s');
  await expect(cell('walk-dots', 'gap', 7)).toHaveText('t');
  for (const [row, gap] of [['walk-source', 3], ['walk-dots', 3], ['walk-destination', 7], ['walk-dots', 7]] as const) {
    const x = (await centre(row, 'gap', gap)).x;
    expect(x).toBeGreaterThan((await centre('walk-differences', 'digit', gap)).x);
    expect(x).toBeLessThan((await centre('walk-differences', 'digit', gap + 1)).x);
  }
});

test('keyboard arrows step when focus is not in a field', async ({ page }) => {
  const walk = new Walkthrough(page);
  await walk.goto({ ...figure2, step: 2 });
  await expect(walk.stepIndex).toHaveText('2 / 10');
  await walk.stepIndex.click();
  await page.keyboard.press('ArrowRight');
  await expect(walk.stepIndex).toHaveText('3 / 10');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(walk.stepIndex).toHaveText('1 / 10');
  // In a text field the arrows move the caret, not the walk.
  await walk.to.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(walk.stepIndex).toHaveText('1 / 10');
});

for (const state of [
  { t: 'lens:p=3,q=3,n=3,completed', from: '0.00', to: '111.' },
  { t: 'lens:p=3,q=3,n=4', from: '01.00', to: '1.110' },
  { t: 'lens:p=4,q=4,n=3,completed', from: '21.0', to: '0.12' },
]) {
  test(`shortest walk ${state.t} ${state.from} → ${state.to} takes distance/2 busses`, async ({ page }) => {
    const cli = cliRoute(state.t, state.from, state.to);
    const busses = Number(cli.distance) / 2;
    const walk = new Walkthrough(page);
    await walk.goto({ ...state, choice: 'shortest' });
    expect(await walk.total()).toBe(busses);
    expect(await walk.stepToEnd()).toBe(busses);
    await expect(walk.address).toHaveText(state.to);
    await expect(page.getByTestId('diagram')).toBeVisible();
  });
}

test('malformed destinations show precise errors next to the field', async ({ page }) => {
  const walk = new Walkthrough(page);
  await walk.goto(figure2);
  await expect(walk.toError).toBeHidden();

  await walk.to.fill('0110010.213');
  await expect(walk.toError).toContainText("'3'");
  await expect(walk.toError).toContainText('position 11');
  await expect(walk.toError).toContainText('radix 3');

  await walk.to.fill('011.0010.212');
  await expect(walk.toError).toContainText('second dot');
  await expect(walk.toError).toContainText('position 9');

  await walk.to.fill('0110010.21');
  await expect(walk.toError).toContainText('9 digits');
  await expect(walk.toError).toContainText('exactly 10');

  await expect(walk.fromError).toBeHidden();
  await expect(walk.to).toHaveValue('0110010.21');

  await walk.to.fill('0110010.212');
  await expect(walk.toError).toBeHidden();
  await expect(walk.differences).toHaveText('010.0101.100');
});

test('a network that is not a Lens points to the explorer', async ({ page }) => {
  const walk = new Walkthrough(page);
  await walk.goto({ t: 'hypercube:n=3', from: '000', to: '111' });
  await expect(page.getByTestId('walk-not-lens')).toBeVisible();
  await expect(walk.next).toHaveCount(0);
});

// Issue 17's review: at 700-1024 px the facts grid put a label beside another label's
// value; each label now sits with its value, whatever the width.
for (const width of [700, 820, 1024]) {
  test(`at ${width} px each fact's label sits with its value`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(walkUrl({ t: 'lens:p=4,q=4,n=10,completed', from: '021.0212012', to: '0110010.212' }));
    const pairs = page.locator('.walk-facts > div');
    await expect(pairs).toHaveCount(4);
    for (const pair of await pairs.all()) {
      await expect(pair.locator('dt')).toHaveCount(1);
      const [dt, dd] = [await pair.locator('dt').boundingBox(), await pair.locator('dd').boundingBox()];
      // The value follows its label: beside it or under it, within the pair's box.
      expect(dd!.y + 1).toBeGreaterThanOrEqual(dt!.y);
      expect(dd!.x + 1).toBeGreaterThanOrEqual(dt!.x);
      expect(Math.abs(dd!.x - dt!.x) < 1 || Math.abs(dd!.y - dt!.y) < dt!.height).toBe(true);
    }
  });
}

// Issue 17's review: the current step of a long walk was scrolled out of its list. Class 2
// of Figure 2's pair takes 16 busses: 17 addresses, more than the list shows at once.
test('the current step stays in sight in the step list', async ({ page }) => {
  await page.goto(
    walkUrl({ t: 'lens:p=4,q=4,n=10,completed', from: '021.0212012', to: '0110010.212', choice: 'class2', step: 16 }),
  );
  const list = page.getByTestId('walk-steps');
  const inSight = () =>
    list.evaluate((el) => {
      const item = el.querySelector('[aria-current]')!.getBoundingClientRect();
      const box = el.getBoundingClientRect();
      return el.scrollHeight > el.clientHeight && item.top >= box.top - 1 && item.bottom <= box.bottom + 1;
    });
  await expect(list.locator('[aria-current]')).toHaveText(/0110010\.212/);
  await expect.poll(inSight).toBe(true);
  await page.getByTestId('walk-prev').click();
  for (let i = 0; i < 15; i++) await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('walk-step-index')).toHaveText('0 / 16');
  await expect.poll(inSight).toBe(true);
});

// Issue 35: at 390 px the Lens drawing lost every label (empty boxes). A label too small
// at the drawing's own size is drawn 11 px tall on screen where it fits its outline,
// squeezed if need be: every node keeps its label, inside its box, in both themes.
test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const drawings: [string, WalkState][] = [
    ['a small Lens drawn whole', { t: 'lens:p=3,q=3,n=3', from: '0.00', to: '1.11', choice: 'paper' }],
    ["Figure 2's neighbourhood", { t: 'lens:p=4,q=4,n=10,completed', from: '021.0212012', to: '0110010.212', choice: 'class1' }],
  ];
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const [name, state] of drawings) {
      test(`${name} keeps every label inside its node, ${colorScheme}`, async ({ page }) => {
        await page.emulateMedia({ colorScheme });
        await page.goto(walkUrl(state));
        const nodes = page.locator('.walk-diagram [data-testid="node"]');
        await expect(nodes.first()).toBeVisible();
        const count = await nodes.count();
        expect(count).toBeGreaterThan(20);
        await expect(page.locator('.walk-diagram [data-testid="node"] text')).toHaveCount(count);
        const fits = await nodes.evaluateAll((gs) =>
          gs.map((g) => {
            const text = g.querySelector('text')!;
            const outline = g.querySelector('circle, rect')!;
            const t = text.getBoundingClientRect();
            const o = outline.getBoundingClientRect();
            // The label's size on screen: its font size in user units times the zoom.
            const px = Number(text.getAttribute('font-size')) * (text.getScreenCTM()?.a ?? 0);
            // Across, the text's box; up and down, its digits (0.72 em about its centre).
            const mid = (t.top + t.bottom) / 2;
            return {
              label: text.textContent,
              addr: g.getAttribute('data-addr'),
              inside:
                t.left >= o.left - 0.5 &&
                t.right <= o.right + 0.5 &&
                mid - 0.36 * px >= o.top - 0.5 &&
                mid + 0.36 * px <= o.bottom + 0.5,
              inWindow: o.left >= 0 && o.right <= 390,
              px,
            };
          }),
        );
        for (const f of fits) {
          expect(f.label, 'the label is the node\'s address').toBe(f.addr);
          expect(f.inside, `${f.label} inside its outline`).toBe(true);
          expect(f.inWindow, `${f.label} in the window`).toBe(true);
          expect(f.px, `${f.label} legible`).toBeGreaterThanOrEqual(10.9);
        }
      });
    }
  }
});
