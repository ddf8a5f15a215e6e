import { icn } from '../fixtures/cli';
import { expect, test } from '../fixtures/explorer';
import { Walkthrough } from '../fixtures/walkthrough';

// Flow: the Lens's loads under uniform traffic in the walkthrough. The completed lens loads
// every processor alike and every bus alike (Theorem 1 and its corollaries), the uncompleted
// one does not; the numbers agree with `icn metrics` for the same spec (whose summary covers
// processors and busses together); colouring the diagram by load shows it.

interface Metrics {
  nodes: number;
  loads: { max_node_load: number; mean_node_load: number };
}

async function stat(page: import('@playwright/test').Page, kind: string, what: string): Promise<number> {
  const text = (await page.getByTestId(`loads-${kind}-${what}`).textContent()) ?? '';
  return Number(text);
}

for (const [spec, from, to, uniform] of [
  ['lens:p=3,q=3,n=3,completed', '0.00', '1.11', true],
  ['lens:p=3,q=3,n=3', '0.00', '1.11', false],
  ['lens:p=4,q=4,n=3,completed', '0.00', '21.0', true],
  ['lens:p=4,q=3,n=2', '0.0', '10.', false],
] as const) {
  test(`${spec}: loads ${uniform ? 'uniform' : 'not uniform'}, as icn metrics says`, async ({ page }) => {
    const walk = new Walkthrough(page);
    await walk.goto({ t: spec, from, to });
    const card = page.getByTestId('lens-loads');
    await expect(card).toBeVisible();
    await expect(page.getByTestId('loads-proc-uniform')).toHaveText(uniform ? 'yes' : 'no');
    await expect(page.getByTestId('loads-bus-uniform')).toHaveText(uniform ? 'yes' : 'no');
    await expect(page.getByTestId('loads-verdict')).toContainText(uniform ? 'Uniform' : 'Not uniform');

    const [p, b] = [await stat(page, 'proc', 'count'), await stat(page, 'bus', 'count')];
    const proc = { min: await stat(page, 'proc', 'min'), mean: await stat(page, 'proc', 'mean'), max: await stat(page, 'proc', 'max') };
    const bus = { min: await stat(page, 'bus', 'min'), mean: await stat(page, 'bus', 'mean'), max: await stat(page, 'bus', 'max') };
    expect(proc.min <= proc.mean && proc.mean <= proc.max).toBe(true);
    expect(bus.min <= bus.mean && bus.mean <= bus.max).toBe(true);
    if (uniform) {
      expect(proc.max).toBe(proc.min);
      expect(bus.max).toBe(bus.min);
    } else {
      expect(proc.max).toBeGreaterThan(proc.min);
      expect(bus.max).toBeGreaterThan(bus.min);
    }

    const m = JSON.parse(icn('metrics', spec)) as Metrics;
    expect(p + b).toBe(m.nodes);
    expect(Math.max(proc.max, bus.max)).toBeCloseTo(m.loads.max_node_load, 3);
    expect((p * proc.mean + b * bus.mean) / (p + b)).toBeCloseTo(m.loads.mean_node_load, 3);

    // Colour by load: one band per kind when uniform, several otherwise.
    await page.getByTestId('loads-colour').check();
    await expect(page).toHaveURL(/[?&]loads=1(&|$)/);
    await expect(page.getByTestId('loads-legend')).toBeVisible();
    const fills = async (selector: string) =>
      new Set(
        await page
          .locator(`.walk-diagram.by-load ${selector}`)
          .evaluateAll((els) => els.map((e) => getComputedStyle(e).fill)),
      );
    const procFills = await fills('.node.proc:not(.src):not(.dst) circle');
    const busFills = await fills('.node.bus:not(.src):not(.dst) rect');
    expect(procFills.size === 1).toBe(uniform);
    expect(busFills.size === 1).toBe(uniform);
    // The setting survives a reload (state in the URL).
    await page.reload();
    await expect(page.getByTestId('loads-colour')).toBeChecked();
  });
}

test('a lens over the page budget shows the message, not a computation', async ({ page }) => {
  const walk = new Walkthrough(page);
  await walk.goto({ t: 'lens:p=4,q=4,n=10,completed', from: '021.0212012', to: '0110010.212' });
  const over = page.getByTestId('loads-over-budget');
  await expect(over).toBeVisible();
  await expect(over).toContainText("over the page's budget of 16,777,216");
  await expect(over).toContainText('icn metrics');
  await expect(page.getByTestId('loads-proc-min')).toHaveCount(0);
});

test('the explorer links a Lens to its loads in the walkthrough', async ({ page, explorer }) => {
  await explorer.gotoState({ t: 'lens:p=3,q=3,n=3,completed', from: '0.00', to: '111.' });
  await page.getByTestId('lens-loads-link').click();
  await expect(page).toHaveURL(/[?&]view=walk(&|$)/);
  await expect(page.getByTestId('loads-colour')).toBeChecked();
  await expect(page.getByTestId('loads-proc-min')).toHaveText('27');
  await expect(page.getByTestId('loads-bus-max')).toHaveText('50');
  // Other families get no such link.
  await explorer.gotoState({ t: 'hypercube:n=3', from: '000', to: '111' });
  await expect(page.getByTestId('lens-loads-link')).toHaveCount(0);
});
