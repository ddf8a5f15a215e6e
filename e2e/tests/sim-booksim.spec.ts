import { writeFileSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { icn } from '../fixtures/cli';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/explorer';
import { expectChartSvg } from '../fixtures/png';

// Flow: a BookSim2 user pastes the configuration file they already have into the
// simulation view. Its keys fill the fields (the router's delays and the protocol in "Other
// BookSim2 keys", in the URL), the curve is `icn sim --config FILE`'s to the last digit, and
// the chart downloads as SVG. A key the simulator does not model is named at the box with
// its line, and the fields keep what they held. The routings offered are the simulator's:
// UGAL and Valiant beside a network's own strategies.

/** BookSim2's 8×8 torus (scripts/booksim/configs/torus88.cfg) with a credit delay and two loads. */
const TORUS = [
  'topology = torus;',
  'k = 8;',
  'n = 2;',
  'routing_function = dim_order;',
  'num_vcs = 2;',
  'vc_buf_size = 8;',
  'vc_allocator = separable_input_first;',
  'sw_allocator = separable_input_first;',
  'traffic = uniform;',
  'packet_size = 1;',
  'injection_rate_uses_flits = 1;',
  'credit_delay = 2;',
  'injection_rate = {0.1, 0.2};',
].join('\n');

/** `icn sim --config FILE ARGS` on `text` written to a temporary file: its stdout. */
function icnConfig(text: string, name: string, ...args: string[]): string {
  const file = path.join(tmpdir(), `icn-e2e-${name}-${process.pid}.cfg`);
  writeFileSync(file, text);
  try {
    return icn('sim', '--config', file, ...args);
  } finally {
    unlinkSync(file);
  }
}

/** The CSV the simulation view's download link holds. */
async function pageCsv(page: Page): Promise<string> {
  const href = (await page.getByTestId('chart-csv').getAttribute('href')) ?? '';
  return decodeURIComponent(href.replace(/^data:text\/csv;charset=utf-8,/, ''));
}

test('a pasted BookSim2 configuration runs as icn sim --config runs the file', async ({ page }) => {
  test.setTimeout(150_000);
  await page.goto('./?view=sim&rates=0.1');
  await page.getByTestId('sim-booksim').locator('summary').click();
  await page.getByTestId('sim-booksim-text').fill(TORUS);
  await expect(page.getByTestId('sim-booksim-error')).toBeHidden();
  await expect(page.getByTestId('sim-booksim-read')).toContainText('Read topology = torus as torus:k=8x8,lowfirst');
  // The fields, and the URL, hold the experiment.
  await expect(page.getByTestId('sim-spec')).toHaveValue('torus:k=8x8,lowfirst');
  await expect(page.getByTestId('sim-routing')).toHaveValue('dor');
  await expect(page.getByTestId('sim-vcs')).toHaveValue('2');
  await expect(page.getByTestId('sim-seed')).toHaveValue('0');
  await expect(page.getByTestId('sim-rates')).toHaveValue('0.1,0.2');
  await expect(page.getByTestId('sim-extra')).toHaveValue('credit_delay=2');
  await expect(page).toHaveURL(/[?&]keys=credit_delay(=|%3D)2(&|$)/);
  await expect(page.getByTestId('sim-done')).toBeVisible({ timeout: 120_000 });
  // The page's CSV is the CLI's for the same file.
  const cli = icnConfig(TORUS, 'torus', '--format', 'csv', '--threads', '1');
  expect((await pageCsv(page)).trim()).toBe(cli.trim());
  // The command shown prints the same rows: it carries the other keys.
  await expect(page.getByTestId('chart-cli')).toContainText("--keys 'credit_delay=2'");
  // The SVG download: the chart as vector text and shapes, with its title.
  const svg = await expectChartSvg(page);
  expect(svg).toContain('offered load (flits per endpoint per cycle)');
});

test('a key the simulator does not model is named with its line; the fields are kept', async ({ page }) => {
  await page.goto('./?view=sim&t=mesh:k=4x4&s=dor&rates=0.1');
  const before = page.url();
  await page.getByTestId('sim-booksim').locator('summary').click();
  await page.getByTestId('sim-booksim-text').fill(`${TORUS}\nspeculative = 1;`);
  const error = page.getByTestId('sim-booksim-error');
  await expect(error).toContainText('line 14: speculative = 1: not modelled');
  await expect(page.getByTestId('sim-booksim-text')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('sim-spec')).toHaveValue('mesh:k=4x4');
  expect(page.url()).toBe(before);
  // An anynet configuration without its network file asks for it.
  await page.getByTestId('sim-booksim-text').fill('topology = anynet;\nrouting_function = min;\nvc_allocator = separable_input_first;\nsw_allocator = separable_input_first;');
  await expect(error).toContainText('network_file');
  // A bad other key is said at its field.
  await page.getByTestId('sim-extra').fill('credit_delay = soon');
  await expect(page.getByTestId('sim-extra-error')).toContainText('credit_delay = soon');
});

test('the routings offered are the simulator’s: UGAL and Valiant beside the Dragonfly’s own', async ({ page }) => {
  test.setTimeout(120_000);
  // BookSim2's dragonflynew buffers (dragonfly2ugal.cfg): 100-cycle global channels need them.
  await page.goto('./?view=sim&t=dragonfly:a=4,p=2,h=2&s=ugal&vcs=4&buf=256&rates=0.05');
  // The view has mounted (its chunk loaded) and holds the routing: its options are listed.
  await expect(page.getByTestId('sim-routing')).toHaveValue('ugal');
  const options = await page.getByTestId('sim-routing').locator('option').evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value));
  expect(options).toContain('ugal');
  expect(options).not.toContain('table');
  await expect(page.getByTestId('sim-routing-error')).toBeHidden();
  await expect(page.getByTestId('sim-done')).toBeVisible({ timeout: 100_000 });
  const cli = JSON.parse(
    icn('sim', 'dragonfly:a=4,p=2,h=2', '--routing', 'ugal', '--num-vcs', '4', '--vc-buf-size', '256', '--rates', '0.05', '--seed', '1'),
  ) as { points: { accepted: number; packet_latency: number }[] };
  const cells = page.getByTestId('sim-table').locator('tbody tr').first().locator('td');
  await expect(cells.nth(2)).toHaveText(cli.points[0].accepted.toFixed(3));
  await expect(cells.nth(3)).toHaveText(cli.points[0].packet_latency.toFixed(1));
});

test('a file with one injection_rate is swept up to it, as icn sim --config sweeps it', async ({ page }) => {
  test.setTimeout(150_000);
  // Issue 35: one rate ran that point alone ("No stable point"); BookSim2 users give one.
  const one = TORUS.replace('injection_rate = {0.1, 0.2};', 'injection_rate = 0.3;');
  await page.goto('./?view=sim&rates=0.1');
  await page.getByTestId('sim-booksim').locator('summary').click();
  await page.getByTestId('sim-booksim-text').fill(one);
  await expect(page.getByTestId('sim-booksim-error')).toBeHidden();
  // The CLI's sweep (it says so on stderr): five loads up to the file's rate.
  const run = JSON.parse(icnConfig(one, 'one-rate', '--threads', '1')) as { points: { offered: number }[] };
  const loads = run.points.map((p) => p.offered);
  expect(loads.length).toBeGreaterThan(1);
  expect(loads[loads.length - 1]).toBeCloseTo(0.3, 9);
  await expect(page.getByTestId('sim-rates')).toHaveValue(loads.join(','));
});

// BookSim2's min_adapt on a 4×4 mesh under transpose and on a 4×4 torus under uniform traffic
// (scripts/booksim/configs/mesh88_min_adapt.cfg and torus88_min_adapt.cfg, smaller), the torus
// once more in BookSim2's throughput mode past saturation (mesh88_throughput.cfg): the routing
// and scheme alone do not say how it takes its VCs, so the routing function is kept beside the
// fields as one of the other keys, with the mode.
for (const [topology, traffic, mode, rates] of [
  ['mesh', 'transpose', 'latency', '{0.1, 0.2}'],
  ['torus', 'uniform', 'latency', '{0.1, 0.2}'],
  ['torus', 'uniform', 'throughput', '{0.5, 0.95}'],
]) {
  test(`a pasted ${topology} min_adapt file in ${mode} mode runs with its output sets, as icn sim --config runs it`, async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const file = [
      `topology = ${topology};`,
      'k = 4;',
      'n = 2;',
      'routing_function = min_adapt;',
      'num_vcs = 4;',
      'vc_buf_size = 8;',
      'vc_allocator = separable_input_first;',
      'sw_allocator = separable_input_first;',
      `traffic = ${traffic};`,
      'packet_size = 1;',
      'injection_rate_uses_flits = 1;',
      `sim_type = ${mode};`,
      `injection_rate = ${rates};`,
    ].join('\n');
    await page.goto('./?view=sim&rates=0.1');
    await page.getByTestId('sim-booksim').locator('summary').click();
    await page.getByTestId('sim-booksim-text').fill(file);
    await expect(page.getByTestId('sim-booksim-error')).toBeHidden();
    await expect(page.getByTestId('sim-spec')).toHaveValue(`${topology}:k=4x4,lowfirst`);
    await expect(page.getByTestId('sim-routing')).toHaveValue('dor');
    await expect(page.getByTestId('sim-extra')).toHaveValue(/routing_function=min_adapt/);
    await expect(page.getByTestId('sim-done')).toBeVisible({ timeout: 120_000 });
    const cli = icnConfig(file, `min-adapt-${topology}-${mode}`, '--format', 'csv', '--threads', '1');
    expect((await pageCsv(page)).trim()).toBe(cli.trim());
    // min_adapt chooses by its queues over dimension order's hops: no channel bound is its
    // own (dimension order's would say nothing of this run), the best any routing could do
    // is drawn alone.
    await expect(page.getByTestId('sim-bound')).toHaveText(
      'none: the adaptive routing function chooses by its queues, so no channel load is its own',
      { timeout: 60_000 },
    );
    await expect(page.getByTestId('sim-optimal')).toHaveText(/^\d\.\d{4}$/, { timeout: 60_000 });
    if (mode === 'throughput') {
      // Past saturation (the 4×4 torus accepts about 0.8), the last point is stable and
      // accepts less than it is offered; the summary says why it is not called saturated.
      await expect(page.getByTestId('sim-extra')).toHaveValue(/sim_type=throughput/);
      const last = cli.trim().split('\n').pop()!.split(',');
      expect([last[0], last[1]]).toEqual(['0.95', 'stable']);
      expect(Number(last[4])).toBeLessThan(0.9);
      await expect(page.getByTestId('sim-saturation')).toContainText("BookSim2's throughput mode");
    }
  });
}
