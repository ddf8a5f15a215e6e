import { icn } from '../fixtures/cli';
import { expect, test } from '../fixtures/explorer';

// Flow: the throughput view (?view=throughput). An 8-node ring (torus:k=8) under dimension
// order (the shorter way, a tie of 4 hops always clockwise) is checked against closed forms
// worked out here, and against `icn throughput` for the lists: its uniform bound, the best any
// routing could do, the worst-case permutation drawn on the network and stepped pair by pair,
// that permutation simulated in one click with both bounds beside the curve, a hotspot bound
// by the link into it (a traffic matrix, simulated by its pattern), an adaptive routing's curve
// with the optimal bound alone, and a malformed permutation said at its field.

interface CliThroughput {
  throughput: number;
  throughput_fraction: string;
  bottleneck: string[];
  max_channel_load: number;
  permutation?: number[];
  permutation_nodes?: string[];
  lower_bound?: number;
  upper_bound?: number;
}

const run = (...args: string[]) => JSON.parse(icn('throughput', ...args)) as CliThroughput;

const K = 8;

test('the ring under uniform traffic: 7/10, eight bottleneck channels, the best any routing 7/8', async ({ page }) => {
  test.setTimeout(60_000);
  // Closed form: every ordered pair sends one unit; a clockwise channel carries the pairs
  // 1, 2, …, k/2 hops apart that cross it (ties clockwise): 1 + 2 + 3 + 4 = 10 units. An
  // endpoint sends rate/(k − 1) to each other one, so the busiest channel carries 10·rate/7.
  const busiest = (K / 2) * (K / 2 + 1) / 2;
  expect(busiest).toBe(10);
  const closed = (K - 1) / busiest;
  // The best any routing could do: capacity (2k channels) over the total distance at rate 1,
  // k · mean distance, the mean over the other 7 nodes (1+2+3+4+3+2+1)/7 = 16/7: 7/8.
  const mean = [1, 2, 3, 4, 3, 2, 1].reduce((a, b) => a + b) / (K - 1);
  const best = (2 * K) / (K * mean);
  expect(best).toBeCloseTo(0.875, 12);
  const cli = run('torus:k=8', '--routing', 'dor', '--traffic', 'uniform', '--optimal');
  expect(cli.throughput).toBeCloseTo(closed, 12);
  await page.goto('./?view=throughput&t=torus:k=8&s=dor&traffic=uniform&optimal=1');
  const id = (t: string) => page.getByTestId(t);
  await expect(id('view-throughput')).toBeVisible();
  await expect(id('tput-throughput')).toHaveText('7/10 ≈ 0.7000', { timeout: 20_000 });
  expect(Number(await id('tput-throughput').getAttribute('data-value'))).toBeCloseTo(closed, 12);
  await expect(id('tput-max-load')).toHaveText(String(cli.max_channel_load));
  // Every clockwise channel is a bottleneck: listed by address, marked on the diagram.
  await expect(id('tput-bottleneck').locator('li')).toHaveText(cli.bottleneck);
  expect(cli.bottleneck).toHaveLength(K);
  await expect(page.locator('[data-testid="diagram"] [data-testid="conflict-edge"]')).toHaveCount(K);
  expect(await page.locator('[data-testid="diagram"] [data-testid="heat-edge"]').count()).toBeGreaterThan(0);
  await expect(id('tput-optimal-value')).toContainText('7/8 ≈ 0.8750 (exact');
  // Uniform traffic is no permutation: nothing to step through or simulate from here.
  await expect(id('tput-pairs')).toHaveCount(0);
  await expect(id('tput-simulate')).toHaveCount(0);
});

test('the worst case drawn and stepped, then simulated in one click beside both bounds', async ({ page }) => {
  test.setTimeout(120_000);
  // Closed form: a clockwise channel is crossed by a route of at most 4 hops only from the 4
  // nodes at most 4 hops behind it, so no permutation loads it above 4 and one that sends
  // each of those 4 across reaches it: 1/4. The routing-free best for that permutation splits
  // the 4 both ways round: 1/2 (`icn throughput` says the same, below).
  const cli = run('torus:k=8', '--routing', 'dor', '--traffic', 'worst', '--optimal');
  expect(cli.throughput).toBe(1 / 4);
  expect(cli.max_channel_load).toBe(4);
  expect([cli.lower_bound, cli.upper_bound]).toEqual([0.5, 0.5]);
  const pairs = cli.permutation_nodes ?? [];
  expect(pairs).toHaveLength(K);
  await page.goto('./?view=throughput&t=torus:k=8&s=dor&traffic=worst&optimal=1');
  const id = (t: string) => page.getByTestId(t);
  await expect(id('tput-throughput')).toHaveText('1/4 ≈ 0.2500', { timeout: 20_000 });
  await expect(id('tput-optimal-value')).toContainText('1/2 ≈ 0.5000 (exact');
  await expect(id('tput-pairs').locator('li')).toHaveText(pairs);
  // Stepping: the pair shown is ringed on the diagram; Next and Prev move it, in the URL.
  const src = page.locator('[data-testid="diagram"] .node.src');
  const from = (k: number) => pairs[k].split(' → ')[0];
  await expect(id('tput-step')).toHaveText(`Pair 1 of ${K}`);
  await expect(src).toContainText(from(0));
  // The pair's route lit: as many channels as its hops the shorter way round (4: clockwise).
  const hops = (k: number) => {
    const [a, b] = (pairs[k].match(/\d+/g) ?? []).map(Number);
    const d = (b - a + K) % K;
    return Math.min(d, K - d);
  };
  await expect(page.locator('[data-testid="diagram"] .dag-edge')).toHaveCount(hops(0));
  await id('tput-next').click();
  await expect(page).toHaveURL(/[?&]pair=2(&|$)/);
  await expect(id('tput-step')).toHaveText(`Pair 2 of ${K}`);
  await expect(src).toContainText(from(1));
  await expect(page.locator('[data-testid="diagram"] .dag-edge')).toHaveCount(hops(1));
  await id('tput-prev').click();
  await id('tput-prev').click();
  await expect(id('tput-step')).toHaveText(`Pair ${K} of ${K}`);
  await expect(src).toContainText(from(K - 1));
  // One click: the simulator on that permutation, its curve and both bounds drawn.
  const perm = (cli.permutation ?? []).join(',');
  await expect(id('tput-simulate')).toHaveAttribute('href', new RegExp(`[?&]traffic=perm:${perm}(&|$)`));
  await id('tput-simulate').click();
  await expect(page).toHaveURL(/[?&]view=sim(&|$)/);
  await expect(page.getByTestId('sim-traffic')).toHaveValue(`perm:${perm}`);
  await expect(id('sim-bound').first()).toHaveText('0.2500', { timeout: 60_000 });
  await expect(id('sim-optimal').first()).toHaveText('0.5000', { timeout: 60_000 });
  await expect(id('sim-done')).toBeVisible({ timeout: 100_000 });
  const canvas = id('chart-canvas').first();
  await expect(canvas).toHaveAttribute('data-legend', /routing's bound 0\.250/);
  await expect(canvas).toHaveAttribute('data-legend', /best any routing 0\.500/);
  await expect(canvas).toHaveAttribute('data-legend', /saturated at /);
});

test('a hotspot: the link into it bounds the throughput, and the simulator draws that bound', async ({ page }) => {
  test.setTimeout(150_000);
  // Closed form: every endpoint of the ring sends all its traffic to endpoint 0, whose own
  // link receives 8·rate (its own traffic included): 1/8. The busiest channel, 1 → 0,
  // carries the three sources nearer that way and half the antipode's tie: 3.5·rate, a
  // bound of 2/7 above it. No routing does better than the link: 1/8.
  const cli = run('torus:k=8', '--routing', 'minimal', '--traffic', 'hotspot(0)', '--optimal') as CliThroughput & {
    endpoint_bound: number;
    busiest_endpoints: number[];
  };
  expect([cli.throughput, cli.endpoint_bound, cli.max_channel_load]).toEqual([1 / 8, 1 / 8, 3.5]);
  expect([cli.lower_bound, cli.upper_bound]).toEqual([1 / 8, 1 / 8]);
  expect(cli.busiest_endpoints).toEqual([0]);
  await page.goto('./?view=throughput&t=torus:k=8&s=minimal&traffic=hotspot(0)&optimal=1');
  const id = (t: string) => page.getByTestId(t);
  await expect(id('tput-throughput')).toHaveText('1/8 ≈ 0.1250', { timeout: 20_000 });
  await expect(id('tput-headline')).toContainText('the hotspot(0) traffic matrix');
  await expect(id('tput-endpoint-bound')).toHaveText('1/8 ≈ 0.1250 (endpoint 0 at (0))');
  await expect(id('tput-max-load')).toHaveText(String(cli.max_channel_load));
  await expect(id('tput-bottleneck').locator('li')).toHaveText(cli.bottleneck);
  await expect(id('tput-optimal-value')).toContainText('1/8 ≈ 0.1250 (exact');
  // The endpoint whose link binds is ringed on the diagram, and named in the legend.
  await expect(page.locator('[data-testid="diagram"] .node.dst')).toContainText('(0)');
  await expect(page.getByText('endpoint 0, whose link binds first')).toBeVisible();
  await expect(
    page.getByRole('heading', { name: 'Busiest: 2 channels, below capacity (the link into endpoint 0 binds first)' }),
  ).toBeVisible();
  // A matrix has no pairs to step through; it is simulated by its pattern.
  await expect(id('tput-pairs')).toHaveCount(0);
  await expect(id('tput-simulate')).toHaveText('Simulate this traffic');
  await id('tput-simulate').click();
  await expect(page).toHaveURL(/[?&]view=sim(&|$)/);
  await expect(page.getByTestId('sim-traffic')).toHaveValue('hotspot(0)');
  await expect(id('sim-bound').first()).toHaveText('0.1250 (the link into endpoint 0)', { timeout: 60_000 });
  await expect(id('sim-optimal').first()).toHaveText('0.1250', { timeout: 60_000 });
  await expect(id('sim-done')).toBeVisible({ timeout: 100_000 });
  await expect(id('chart-canvas').first()).toHaveAttribute('data-legend', /routing's bound 0\.125/);
});

test('an adaptive routing: the optimal bound alone beside its curve', async ({ page }) => {
  test.setTimeout(150_000);
  // UGAL chooses by its queues, so no channel load is its own; the best any routing could
  // do under bad_dragon on the 6-endpoint Dragonfly is the same whatever routing is named.
  const cli = run('dragonfly:a=2,p=1,h=1', '--routing', 'minimal', '--traffic', 'bad_dragon', '--optimal');
  expect([cli.lower_bound, cli.upper_bound]).toEqual([0.75, 0.75]);
  // 256-flit buffers cover the 100-cycle global channels' credit round trip.
  await page.goto('./?view=sim&t=dragonfly:a=2,p=1,h=1&s=ugal&traffic=bad_dragon&buf=256&rates=0.1,0.2');
  const id = (t: string) => page.getByTestId(t);
  await expect(id('sim-bound').first()).toHaveText(
    "none for ugal: an adaptive routing's shares depend on its queues",
    { timeout: 60_000 },
  );
  await expect(id('sim-optimal').first()).toHaveText('0.7500', { timeout: 60_000 });
  await expect(id('sim-done')).toBeVisible({ timeout: 100_000 });
  await expect(id('chart-canvas').first()).toHaveAttribute('data-legend', /best any routing 0\.750/);
});

test('a malformed permutation is said at the traffic field, nothing computed; so is a network too large', async ({ page }) => {
  const id = (t: string) => page.getByTestId(t);
  const cases: [string, string][] = [
    ['perm:1,0,2', 'not a permutation of the 8 endpoints: it has 3 destinations'],
    ['perm:1,0,2,3,4,5,6,x', "'x' is not an endpoint number"],
    ['perm:1,1,2,3,4,5,6,7', 'endpoint 1 receives twice'],
    ['perm:1,0,2,3,4,5,6,8', 'endpoint 7 sends to 8, beyond the last'],
    ['hotspot(9)', 'hotspot endpoint 9 is not below the 8 endpoints'],
  ];
  for (const [traffic, message] of cases) {
    await page.goto(`./?view=throughput&t=torus:k=8&s=dor&traffic=${encodeURIComponent(traffic)}`);
    await expect(id('tput-traffic-error')).toContainText(message);
    await expect(id('tput-traffic')).toHaveAttribute('aria-invalid', 'true');
    await expect(id('tput-throughput')).toHaveCount(0);
  }
  // A network past what the page counts endpoints for: said at its field, the page alive.
  await page.goto('./?view=throughput&t=hypercube:n=24&s=ecube&traffic=uniform');
  await expect(id('tput-spec-error')).toContainText('16777216 nodes; the page computes throughput up to 1048576');
  // Typing a valid one clears the message and computes.
  await page.goto('./?view=throughput&t=torus:k=8&s=dor&traffic=perm:1,0');
  await id('tput-traffic').fill('perm:1,2,3,4,5,6,7,0');
  await expect(id('tput-traffic-error')).toHaveCount(0);
  await expect(id('tput-throughput')).toHaveText('1', { timeout: 20_000 });
});

// A permutation file, read as `icn throughput --traffic perm:@FILE` reads it (core's
// `permutation_text`): a malformed one is named with its line at the traffic field and
// changes nothing; a good one becomes the traffic, and the result is the CLI's.
test('a permutation file: a malformed one named with its line, a good one computed as the CLI does', async ({ page }) => {
  test.setTimeout(60_000);
  const id = (t: string) => page.getByTestId(t);
  await page.goto('./?view=throughput&t=torus:k=8&s=dor&traffic=uniform');
  await expect(id('tput-throughput')).toHaveText('7/10 ≈ 0.7000', { timeout: 20_000 });
  await id('tput-file').setInputFiles({ name: 'bad.perm', mimeType: 'text/plain', buffer: Buffer.from('1 2 3\n4 five 6\n7 0\n') });
  await expect(id('tput-file-error')).toHaveText("bad.perm: line 2: 'five' is not an endpoint number");
  await expect(id('tput-traffic')).toHaveValue('uniform');
  await expect(page).toHaveURL(/traffic=uniform/);

  // Every endpoint sends to the next one, one hop clockwise: each clockwise channel carries 1.
  const shift = [1, 2, 3, 4, 5, 6, 7, 0];
  await id('tput-file').setInputFiles({ name: 'shift.perm', mimeType: 'text/plain', buffer: Buffer.from('1, 2, 3, 4\n5 6 7 0\n') });
  await expect(id('tput-file-error')).toHaveCount(0);
  await expect(id('tput-traffic')).toHaveValue(`perm:${shift.join(',')}`);
  const cli = run('torus:k=8', '--routing', 'dor', '--traffic', `perm:${shift.join(',')}`);
  expect(cli.throughput).toBe(1);
  await expect(id('tput-throughput')).toHaveText('1', { timeout: 20_000 });
});
