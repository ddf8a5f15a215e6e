import { writeFileSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { icn } from '../fixtures/cli';
import { expect, test } from '../fixtures/explorer';

// Flow: a BookSim2 user pastes a batch-mode file (sim_type = batch). The page runs it as
// one run, whose load BookSim2's batch mode does not read, and says what a batch run
// measures: the batches asked for, their duration, the latency over every batch and the
// accepted rate, where a latency sweep shows its saturation and bounds. The numbers are
// BookSim2's own for the same file (core/tests/data/booksim/mesh88_batch5.csv: every batch
// 2,154 cycles, packet latency 601.844) and `icn sim --config`'s.

/** scripts/booksim/configs/mesh88_batch5.cfg: five batches of 200 packets under transpose. */
const BATCH = [
  'topology = mesh;',
  'k = 8;',
  'n = 2;',
  'routing_function = dor;',
  'num_vcs = 2;',
  'vc_buf_size = 8;',
  'vc_allocator = separable_input_first;',
  'sw_allocator = separable_input_first;',
  'traffic = transpose;',
  'packet_size = 1;',
  'injection_rate_uses_flits = 1;',
  'sim_type = batch;',
  'batch_size = 200;',
  'batch_count = 5;',
  'injection_rate = 0.1;',
].join('\n');

test('a pasted batch-mode file runs once and shows its batches, as BookSim2 and icn sim --config do', async ({ page }) => {
  test.setTimeout(150_000);
  await page.goto('./?view=sim&rates=0.1');
  await page.getByTestId('sim-booksim').locator('summary').click();
  await page.getByTestId('sim-booksim-text').fill(BATCH);
  await expect(page.getByTestId('sim-booksim-error')).toBeHidden();
  await expect(page.getByTestId('sim-spec')).toHaveValue('mesh:k=8x8,lowfirst');
  await expect(page.getByTestId('sim-extra')).toHaveValue(/sim_type=batch/);
  await expect(page.getByTestId('sim-rates')).toHaveValue('0.1');
  await expect(page.getByTestId('sim-done')).toBeVisible({ timeout: 120_000 });
  const facts = page.getByTestId('sim-batch');
  await expect(facts).toBeVisible();
  await expect(page.getByTestId('sim-batch-asked')).toHaveText(
    '5 batches of 200 packets per endpoint (the load is not read: one run)',
  );
  // Transpose under dimension order is deterministic: every batch takes BookSim2's 2,154.
  await expect(page.getByTestId('sim-batch-duration')).toHaveText('2154 cycles each');
  await expect(page.getByTestId('sim-batch-latency')).toContainText('601.84 cycles');
  // The same run on the command line.
  const file = path.join(tmpdir(), `icn-e2e-batch-${process.pid}.cfg`);
  writeFileSync(file, BATCH);
  let cli: string;
  try {
    cli = icn('sim', '--config', file, '--format', 'json', '--threads', '1');
  } finally {
    unlinkSync(file);
  }
  const point = JSON.parse(cli).points[0];
  expect(point.batch.durations).toEqual([2154, 2154, 2154, 2154, 2154]);
  await expect(page.getByTestId('sim-batch-accepted')).toContainText(
    `${point.accepted.toFixed(3)} flits per endpoint per cycle over ${point.cycles} cycles`,
  );
  // No rate bounds a run that reads no load: the chart draws no rule.
  const styles = (await page.getByTestId('chart-canvas').getAttribute('data-legend-styles')) ?? '';
  expect(styles).not.toMatch(/(^|\|)rule /);
  // A sweep of loads is refused at the loads field: batch mode is one run.
  await page.getByTestId('sim-rates').fill('0.1,0.2');
  await expect(page.getByTestId('sim-rates-error')).toContainText('batch mode');
});
