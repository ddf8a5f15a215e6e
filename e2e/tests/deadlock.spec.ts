import { icn } from '../fixtures/cli';
import { expect, test } from '../fixtures/explorer';

// Flow: the deadlock view (?view=deadlock). Dimension-order routing on a 4 × 4 torus with one
// virtual channel has a cycle in its channel dependency graph: the view says so, draws the
// cycle on the network and steps along it with Prev and Next, each dependency as `icn deadlock`
// reports it; switching to the dateline scheme with two virtual channels makes it acyclic.
// The table of every routing is `icn deadlock --table`'s; bad input is reported at its field.

interface CliStep {
  channel: string;
  next: string;
  vc: number;
  next_vc: number;
  route: { from: string; to: string };
}

interface CliCell {
  kind: string;
  vcs?: number;
  max?: number;
}

interface CliReport {
  deadlock_free: boolean;
  graph_nodes: number;
  graph_edges: number;
  cycle: CliStep[];
  routings: { routing: string; one_vc: CliCell; least: { scheme: string; least: CliCell }[] }[];
}

const run = (...args: string[]) => JSON.parse(icn('deadlock', ...args, '--table')) as CliReport;

/** The table's words for a cell, as the view prints them. */
function words(c: CliCell): string {
  switch (c.kind) {
    case 'acyclic':
      return 'deadlock-free';
    case 'cyclic':
      return 'can deadlock';
    case 'least':
      return `${c.vcs} VC${c.vcs === 1 ? '' : 's'}`;
    case 'none_up_to':
      return `none ≤ ${c.max}`;
    default:
      return '—';
  }
}

test('a torus with one VC: the cycle drawn and stepped, then acyclic with a dateline and two VCs', async ({ page }) => {
  const cli = run('torus:k=4x4', '--routing', 'dor', '--scheme', 'one');
  expect(cli.deadlock_free).toBe(false);
  const n = cli.cycle.length;
  expect(n).toBe(4);
  await page.goto('./?view=deadlock&t=torus:k=4x4&s=dor&scheme=one&vcs=1');
  const id = (t: string) => page.getByTestId(t);
  await expect(id('view-deadlock')).toBeVisible();
  await expect(id('deadlock-verdict')).toHaveAttribute('data-acyclic', 'false', { timeout: 30_000 });
  await expect(id('deadlock-verdict')).toContainText(`a cycle of ${n} dependencies`);
  await expect(id('deadlock-size')).toContainText(`${cli.graph_nodes} (channel, VC) pairs in use, ${cli.graph_edges} dependencies`);
  // The cycle on the network: each of its channels marked, the dependency shown drawn strong.
  await expect(page.locator('[data-testid="diagram"] [data-testid="conflict-edge"]')).toHaveCount(n);
  await expect(page.locator('[data-testid="diagram"] .route-edge')).toHaveCount(2);
  await expect(page.locator('#deadlock-diagram-title')).toHaveText('The cycle on the network');
  await expect(page.locator('.diagram-card .legend .swatch.cycle')).toHaveCount(1);
  await expect(id('deadlock-cycle').locator('li')).toHaveCount(n);
  const sentence = (s: CliStep) =>
    `A packet from ${s.route.from} to ${s.route.to} holds ${s.channel} on VC ${s.vc} and asks for ${s.next} on VC ${s.next_vc}.`;
  for (let k = 0; k < n; k++) {
    await expect(id('deadlock-step')).toHaveText(`Dependency ${k + 1} of ${n}`);
    await expect(id('deadlock-step-text')).toContainText(sentence(cli.cycle[k]));
    await expect(page.locator('[data-testid="diagram"] .node.src')).toContainText(cli.cycle[k].route.from);
    await id('deadlock-next').click();
    await expect(page).toHaveURL(new RegExp(`step=${((k + 1) % n) + 1}`));
  }
  // Next wrapped around to the first; Prev goes back to the last.
  await expect(id('deadlock-step')).toHaveText(`Dependency 1 of ${n}`);
  await id('deadlock-prev').click();
  await expect(id('deadlock-step')).toHaveText(`Dependency ${n} of ${n}`);
  await expect(id('deadlock-step-text')).toContainText(sentence(cli.cycle[n - 1]));
  // The route behind the dependency opens in the route explorer.
  const href = await id('deadlock-route-link').getAttribute('href');
  expect(href).toContain('view=route');

  // The table: every routing of the torus, as icn deadlock --table computes it.
  for (const r of cli.routings) {
    const row = page.locator(`[data-testid="deadlock-table"] tr[data-routing="${r.routing}"]`);
    await expect(row.locator('td[data-scheme="one"]')).toHaveText(words(r.one_vc));
    for (const l of r.least) {
      await expect(row.locator(`td[data-scheme="${l.scheme}"]`)).toHaveText(words(l.least));
    }
  }

  // Two VCs under a dateline: acyclic, nothing marked.
  await id('deadlock-scheme').selectOption('dateline');
  await id('deadlock-vcs').fill('2');
  await id('deadlock-vcs').press('Enter');
  const fixed = run('torus:k=4x4', '--routing', 'dor', '--scheme', 'dateline', '--vcs', '2');
  expect(fixed.deadlock_free).toBe(true);
  await expect(id('deadlock-verdict')).toHaveAttribute('data-acyclic', 'true', { timeout: 30_000 });
  await expect(id('deadlock-verdict')).toContainText('Deadlock-free');
  await expect(id('deadlock-size')).toContainText(`${fixed.graph_nodes} (channel, VC) pairs in use, ${fixed.graph_edges} dependencies`);
  await expect(page.locator('[data-testid="diagram"] [data-testid="conflict-edge"]')).toHaveCount(0);
  await expect(id('deadlock-cycle')).toHaveCount(0);
  // No cycle: the card says so instead of a cycle's title and legend.
  await expect(page.locator('#deadlock-diagram-title')).toHaveText('The network');
  await expect(page.locator('.diagram-card .legend')).toHaveCount(0);
  await expect(id('deadlock-diagram-note')).toContainText('acyclic');
  await expect(page).toHaveURL(/scheme=dateline/);
  await expect(page).toHaveURL(/vcs=2/);
  // The URL holds the state: a reload shows the same verdict.
  await page.reload();
  await expect(id('deadlock-verdict')).toHaveAttribute('data-acyclic', 'true', { timeout: 30_000 });
});

// A graph over the view's split threshold (SPLIT_STEPS: 10⁸ estimated steps) is built in parts,
// one per worker lane, merged and finished in lane 0: the verdict, the graph's size and every
// dependency of the cycle with its route are still `icn deadlock`'s (one pass, natively).
test('a large graph built in parallel lanes: the same verdict and cycle as icn deadlock', async ({ page }) => {
  test.setTimeout(120_000);
  const spec = 'torus:k=10x10x10';
  const lanes = await page.evaluate(() => Math.min(4, Math.max(1, navigator.hardwareConcurrency)));
  const id = (t: string) => page.getByTestId(t);
  for (const [scheme, vcs] of [
    ['one', 1],
    ['dateline', 2],
  ] as const) {
    const cli = JSON.parse(icn('deadlock', spec, '--routing', 'dor', '--scheme', scheme, '--vcs', String(vcs), '--max-vcs', '0')) as CliReport;
    await page.goto(`./?view=deadlock&t=${spec}&s=dor&scheme=${scheme}&vcs=${vcs}`);
    // Over the page's budget: the estimate, then Compute anyway.
    await id('deadlock-confirm').click();
    const verdict = id('deadlock-verdict');
    await expect(verdict).toHaveAttribute('data-acyclic', String(cli.deadlock_free), { timeout: 60_000 });
    await expect(verdict).toHaveAttribute('data-parts', String(lanes));
    await expect(id('deadlock-size')).toContainText(`${cli.graph_nodes} (channel, VC) pairs in use, ${cli.graph_edges} dependencies`);
    const n = cli.cycle.length;
    expect(n).toBe(scheme === 'one' ? 10 : 0);
    await expect(id('deadlock-cycle').locator('li')).toHaveCount(n);
    for (let k = 0; k < n; k++) {
      const s = cli.cycle[k];
      await expect(id('deadlock-step')).toHaveText(`Dependency ${k + 1} of ${n}`);
      await expect(id('deadlock-step-text')).toContainText(
        `A packet from ${s.route.from} to ${s.route.to} holds ${s.channel} on VC ${s.vc} and asks for ${s.next} on VC ${s.next_vc}.`,
      );
      await id('deadlock-next').click();
    }
    // The table of every routing stays within the page's budget: over it here, each row says
    // so, and the verdict claims no fix it did not search for.
    await expect(id('deadlock-fix')).toHaveCount(0);
    const rows = page.locator('[data-testid="deadlock-table"] tbody tr');
    expect(await rows.count()).toBeGreaterThan(0);
    await expect(rows.locator('td[data-scheme="one"]')).toHaveText(Array(await rows.count()).fill('too large for the page'));
  }
  // Cancel stops every lane: the progress goes and the estimate comes back; the lanes' workers
  // start afresh for the next run, which finishes.
  await page.goto(`./?view=deadlock&t=torus:k=16x16x16&s=dor&scheme=one&vcs=1`);
  await id('deadlock-confirm').click();
  await expect(id('job-progress')).toBeVisible();
  await id('job-cancel').click();
  await expect(id('job-progress')).toHaveCount(0);
  await expect(id('deadlock-verdict')).toHaveCount(0);
  await expect(id('deadlock-gate')).toBeVisible();
  await id('deadlock-confirm').click();
  await expect(id('deadlock-verdict')).toHaveAttribute('data-acyclic', 'false', { timeout: 60_000 });
  await expect(id('deadlock-size')).toContainText('73728 dependencies');
});

test('the fix the table finds is one click away, and the view embeds', async ({ page }) => {
  await page.goto('./?view=deadlock&t=torus:k=8&s=dor&scheme=one&vcs=1&embed=1');
  const id = (t: string) => page.getByTestId(t);
  await expect(id('embed-main')).toBeVisible();
  await expect(id('deadlock-verdict')).toHaveAttribute('data-acyclic', 'false', { timeout: 30_000 });
  // A ring's cycle is the ring: eight dependencies.
  await expect(id('deadlock-cycle').locator('li')).toHaveCount(8);
  await id('deadlock-fix').getByRole('button', { name: 'dateline with 2 VCs' }).click();
  await expect(id('deadlock-verdict')).toHaveAttribute('data-acyclic', 'true', { timeout: 30_000 });
});

test('bad input is reported at its field, and a scheme the network lacks says why', async ({ page }) => {
  const id = (t: string) => page.getByTestId(t);
  await page.goto('./?view=deadlock&t=torus:k=4x4&s=dor&scheme=hops&vcs=99');
  await expect(page.locator('#deadlock-vcs-error')).toContainText('give a whole number from 1 to 64');
  await page.goto('./?view=deadlock&t=torus:k=4x4&s=dor&scheme=hops&vcs=two');
  await expect(page.locator('#deadlock-vcs-error')).toContainText('two');
  await expect(id('deadlock-vcs')).toHaveValue('two');
  await expect(id('deadlock-verdict')).toHaveCount(0);
  await page.goto('./?view=deadlock&t=mesh:k=4x4&s=dor&scheme=dateline&vcs=2');
  await expect(page.locator('#deadlock-scheme-error')).toContainText('only rings and tori have datelines');
  await page.goto('./?view=deadlock&t=torus:k=1x4&s=dor');
  await expect(page.locator('#deadlock-spec-error')).not.toBeEmpty();
  await page.goto('./?view=deadlock&t=torus:k=4x4&s=nosuch');
  await expect(page.locator('#deadlock-routing-error')).not.toBeEmpty();
});

// A routing or scheme the address names that the list does not offer: the select shows it,
// marked, beside its error (it showed its first option, "minimal", as if chosen).
test('an unknown routing or scheme from the address is shown in its select, marked', async ({ page }) => {
  const id = (t: string) => page.getByTestId(t);
  await page.goto('./?view=deadlock&t=torus:k=4x4&s=bogus&scheme=zz');
  await expect(page.locator('#deadlock-routing-error')).toContainText("'bogus' is not a routing of torus:k=4x4");
  await expect(id('deadlock-routing')).toHaveValue('bogus');
  await expect(id('deadlock-routing')).toHaveAttribute('aria-invalid', 'true');
  await expect(id('deadlock-scheme')).toHaveValue('zz');
  await expect(id('deadlock-scheme')).toHaveAttribute('aria-invalid', 'true');
  // Chosen from the list, the unknown one is gone and so is the mark.
  await id('deadlock-routing').selectOption('dor');
  await expect(id('deadlock-routing').locator('option[value="bogus"]')).toHaveCount(0);
  await expect(id('deadlock-routing')).not.toHaveAttribute('aria-invalid', 'true');
  await page.goto('./?view=deadlock&t=torus:k=4x4&s=minimal&escape=bogus&escheme=zz');
  await expect(id('deadlock-escape')).toHaveValue('bogus');
  await expect(id('deadlock-escape')).toHaveAttribute('aria-invalid', 'true');
  await expect(id('deadlock-escape-scheme')).toHaveValue('zz');
  await expect(id('deadlock-escape-scheme')).toHaveAttribute('aria-invalid', 'true');
  await page.goto('./?view=sim&t=mesh:k=4x4&s=bogus');
  await expect(id('sim-routing')).toHaveValue('bogus');
  await expect(id('sim-routing')).toHaveAttribute('aria-invalid', 'true');
  await page.goto('./?view=throughput&t=torus:k=4x4&s=bogus');
  await expect(id('tput-routing')).toHaveValue('bogus');
  await expect(id('tput-routing')).toHaveAttribute('aria-invalid', 'true');
});

interface CliDuatoStep {
  channel: string;
  next: string;
  vc: number;
  next_vc: number;
  taken_at: string;
  to: string;
}

interface CliDuato {
  deadlock_free: boolean;
  escape_vcs: number;
  adaptive_vcs: number;
  graph_nodes: number;
  graph_edges: number;
  indirect_edges: number;
  cycle: CliDuatoStep[];
}

const duato = (...args: string[]) => JSON.parse(icn('deadlock', ...args)) as CliDuato;

test("Duato's condition: an escape without a dateline cycles, stepped; with one the adaptive routing is safe", async ({ page }) => {
  const id = (t: string) => page.getByTestId(t);
  // The plain graph first: minimal adaptive routing on one VC has a cycle.
  await page.goto('./?view=deadlock&t=torus:k=4x4&s=minimal&scheme=one&vcs=1');
  await expect(id('deadlock-verdict')).toHaveAttribute('data-acyclic', 'false', { timeout: 30_000 });
  await expect(id('deadlock-escape-scheme')).toBeHidden();
  // Choosing an escape routing asks for Duato's condition, with one adaptive VC beside the escape's.
  await id('deadlock-escape').selectOption('dor');
  await expect(page).toHaveURL(/escape=dor/);
  await expect(page).toHaveURL(/vcs=2/);
  await expect(id('deadlock-scheme')).toBeDisabled();
  const cli = duato('torus:k=4x4', '--routing', 'minimal', '--escape', 'dor', '--vcs', '2');
  expect(cli.deadlock_free).toBe(false);
  const n = cli.cycle.length;
  await expect(id('deadlock-verdict')).toHaveAttribute('data-duato', 'true', { timeout: 30_000 });
  await expect(id('deadlock-verdict')).toHaveAttribute('data-acyclic', 'false');
  await expect(id('deadlock-verdict')).toContainText(`a cycle of ${n} escape dependencies`);
  await expect(id('deadlock-size')).toContainText(
    `${cli.graph_nodes} escape (channel, VC) pairs in use, ${cli.graph_edges} dependencies, ${cli.indirect_edges} of them indirect`,
  );
  await expect(id('deadlock-own')).toHaveAttribute('data-acyclic', 'false');
  // The escape's ring drawn and stepped, each dependency as icn deadlock --escape reports it.
  await expect(page.locator('[data-testid="diagram"] [data-testid="conflict-edge"]')).toHaveCount(n);
  await expect(id('deadlock-cycle').locator('li')).toHaveCount(n);
  for (let k = 0; k < n; k++) {
    const s = cli.cycle[k];
    await expect(id('deadlock-step')).toHaveText(`Dependency ${k + 1} of ${n}`);
    await expect(id('deadlock-step-text')).toContainText(
      `A packet bound for ${s.to} holds the escape channel ${s.channel} on VC ${s.vc} and asks for the escape channel ${s.next} on VC ${s.next_vc}`,
    );
    await expect(page.locator('[data-testid="diagram"] .node.src')).toContainText(s.taken_at);
    await id('deadlock-next').click();
  }
  await expect(id('deadlock-step')).toHaveText(`Dependency 1 of ${n}`);
  // A dateline on the escape: two escape VCs and one adaptive, deadlock-free.
  await id('deadlock-escape-scheme').selectOption('dateline');
  await expect(page).toHaveURL(/escheme=dateline/);
  await expect(page).toHaveURL(/vcs=3/);
  const safe = duato('torus:k=4x4', '--routing', 'minimal', '--escape', 'dor', '--escape-scheme', 'dateline', '--vcs', '3');
  expect(safe.deadlock_free).toBe(true);
  await expect(id('deadlock-verdict')).toHaveAttribute('data-acyclic', 'true', { timeout: 30_000 });
  await expect(id('deadlock-verdict')).toContainText("Deadlock-free by Duato's condition");
  await expect(id('deadlock-size')).toContainText(`${safe.graph_nodes} escape (channel, VC) pairs in use, ${safe.graph_edges} dependencies`);
  await expect(page.locator('[data-testid="diagram"] [data-testid="conflict-edge"]')).toHaveCount(0);
  // The URL holds the state.
  await page.reload();
  await expect(id('deadlock-verdict')).toHaveAttribute('data-acyclic', 'true', { timeout: 30_000 });
  await expect(id('deadlock-escape')).toHaveValue('dor');
  // Too few VCs for both routings, and a two-phase escape, are refused at their fields.
  await page.goto('./?view=deadlock&t=torus:k=4x4&s=minimal&vcs=2&escape=dor&escheme=dateline');
  await expect(page.locator('#deadlock-vcs-error')).toContainText('give 3 to 64');
  await expect(id('deadlock-verdict')).toHaveCount(0);
  await page.goto('./?view=deadlock&t=torus:k=4x4&s=minimal&vcs=3&escape=dor&escheme=hops');
  await expect(page.locator('#deadlock-escape-scheme-error')).toContainText('not an escape scheme');
  await page.goto('./?view=deadlock&t=dragonfly:a=4,p=2,h=2&s=valiant&vcs=3&escape=lgl');
  await expect(page.locator('#deadlock-routing-error')).toContainText('two-phase routings');
  // A larger torus: the estimate first, and the command that computes it.
  await page.goto('./?view=deadlock&t=torus:k=16x16&s=minimal&vcs=3&escape=dor&escheme=dateline');
  await expect(id('deadlock-gate')).toContainText('--escape dor --escape-scheme dateline --vcs 3');
});

// Issue 35: a cycle of two channels (Valiant on a 2 × 2 mesh turns back at its intermediate,
// so (0,0) → (1,0) waits on (1,0) → (0,0) and back) is two arcs, each with its arrow, not
// two strokes on one straight line.
test('a two-channel cycle is drawn as two distinct arcs with arrowheads', async ({ page }) => {
  const cli = run('mesh:k=2x2', '--routing', 'valiant', '--scheme', 'one');
  expect(cli.deadlock_free).toBe(false);
  expect(cli.cycle.map((s) => s.channel)).toEqual(['(0,0) → (1,0)', '(1,0) → (0,0)']);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('./?view=deadlock&t=mesh:k=2x2&s=valiant&scheme=one&vcs=1');
  await expect(page.getByTestId('deadlock-verdict')).toHaveAttribute('data-acyclic', 'false', { timeout: 30_000 });
  await expect(page.getByTestId('deadlock-verdict')).toContainText('a cycle of 2 dependencies');
  const arcs = page.locator('[data-testid="diagram"] [data-testid="conflict-edge"]');
  await expect(arcs).toHaveCount(2);
  await expect(page.locator('[data-testid="diagram"] .conflict-arrow')).toHaveCount(2);
  // Each arc's ends, middle and drawn box, in screen pixels.
  const shape = (i: number) =>
    arcs.nth(i).evaluate((el) => {
      const path = el as SVGPathElement;
      const m = path.getScreenCTM()!;
      const at = (t: number) => {
        const p = path.getPointAtLength(t * path.getTotalLength());
        return { x: m.a * p.x + m.c * p.y + m.e, y: m.b * p.x + m.d * p.y + m.f };
      };
      return { start: at(0), mid: at(0.5), end: at(1) };
    });
  const [a, b] = [await shape(0), await shape(1)];
  const dist = (p: { x: number; y: number }, q: { x: number; y: number }) => Math.hypot(p.x - q.x, p.y - q.y);
  // The same link, opposite ways: each starts where the other ends.
  expect(dist(a.start, b.end)).toBeLessThan(0.5);
  expect(dist(a.end, b.start)).toBeLessThan(0.5);
  // Their middles apart on screen, on either side of the chord.
  expect(dist(a.mid, b.mid)).toBeGreaterThan(6);
  const side = (s: typeof a, p: { x: number; y: number }) =>
    Math.sign((s.end.x - s.start.x) * (p.y - s.start.y) - (s.end.y - s.start.y) * (p.x - s.start.x));
  expect(side(a, a.mid)).not.toBe(0);
  expect(side(a, b.mid)).toBe(-side(a, a.mid));
  for (const arrow of await page.locator('[data-testid="diagram"] .conflict-arrow').all()) {
    const box = (await arrow.boundingBox())!;
    expect(box.width * box.height).toBeGreaterThan(4);
  }
});
