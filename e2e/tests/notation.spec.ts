import { cliRoute } from '../fixtures/cli';
import { expect, test } from '../fixtures/explorer';
import { Walkthrough, type WalkState } from '../fixtures/walkthrough';

// Issue 35, part 4: the notation defined where it is used. Every term of the walkthrough
// carries its definition and the paper's section (hover, focus and tap), and the distance
// in busses says why it is less than the paper's.

const figure2: WalkState = {
  t: 'lens:p=4,q=4,n=10,completed',
  from: '021.0212012',
  to: '0110010.212',
  choice: 'class1',
};

const term = (page: import('@playwright/test').Page, key: string) => {
  const root = page.locator(`[data-term="${key}"]`).first();
  return { label: root.locator('.term-label'), tip: root.getByRole('tooltip') };
};

test('hover and focus show a term\'s definition with the paper\'s section', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const walk = new Walkthrough(page);
  await walk.goto(figure2);
  await expect(walk.classLengths).toHaveText(/^10\D+16\D+12\D+14$/);

  const abc = term(page, 'lens.abc');
  await expect(abc.tip).toBeHidden();
  await abc.label.hover();
  await expect(abc.tip).toBeVisible();
  await expect(abc.tip).toContainText('arc A');
  await expect(abc.tip).toContainText('§5');
  // The tip stays inside the window.
  const box = await abc.tip.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x + box!.width).toBeLessThanOrEqual(1280);

  await page.mouse.move(5, 5);
  await expect(abc.tip).toBeHidden();
  const classes = term(page, 'lens.classes');
  await classes.label.focus();
  await expect(classes.tip).toBeVisible();
  await expect(classes.tip).toContainText('n + a − 2b');
  await expect(classes.label).toHaveAttribute('aria-describedby', /^term-\d+$/);
  await page.keyboard.press('Escape');
  await expect(classes.label).toHaveAttribute('aria-expanded', 'false');

  // The step's pattern, once the walk moves.
  await walk.next.click();
  const pattern = term(page, 'lens.pattern');
  await pattern.label.hover();
  await expect(pattern.tip).toContainText('wa.u and w.bu');
});

test('the distance in busses says why it is less than the paper\'s', async ({ page }) => {
  const walk = new Walkthrough(page);
  await walk.goto(figure2);
  // The paper's distance: the shortest class (10, Figure 2); the busses: breadth-first
  // search, half the CLI's link distance.
  const busses = Number(cliRoute(figure2.t, figure2.from, figure2.to).distance) / 2;
  expect(busses).toBe(9);
  await expect(page.getByTestId('walk-distance')).toHaveText(String(busses));
  await expect(page.getByTestId('walk-differs')).toHaveText(
    `${10 - busses} fewer than the paper's 10: pattern B changes a digit in place where the walk turns, and the paper counts pattern A only`,
  );
});

test('at 390 px a tap opens the definition under its term, and a second tap closes it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const walk = new Walkthrough(page);
  await walk.goto(figure2);
  const busses = term(page, 'lens.bus-distance');
  await busses.label.scrollIntoViewIfNeeded();
  await busses.label.click();
  await expect(busses.tip).toBeVisible();
  await expect(busses.tip).toContainText('pattern B');
  const tip = await busses.tip.boundingBox();
  const label = await busses.label.boundingBox();
  expect(tip!.y).toBeGreaterThan(label!.y);
  expect(tip!.x).toBeGreaterThanOrEqual(0);
  expect(tip!.x + tip!.width).toBeLessThanOrEqual(390);
  await busses.label.click();
  await expect(busses.label).toHaveAttribute('aria-expanded', 'false');
});

test('the deadlock verdict defines its terms, each with its source', async ({ page }) => {
  await page.goto('./?view=deadlock&t=torus:k=4x4&s=dor&scheme=one&vcs=1');
  await expect(page.getByTestId('deadlock-verdict')).toHaveAttribute('data-acyclic', 'false');
  for (const [key, says, source] of [
    ['deadlock.cdg', 'has no cycle', 'Dally and Seitz'],
    ['deadlock.vc', 'break a cycle', 'Virtual-channel flow control'],
    ['deadlock.scheme', 'dateline', 'icn deadlock'],
    ['deadlock.duato', 'escape', 'Duato'],
  ]) {
    const t = term(page, key);
    await t.label.hover();
    await expect(t.tip).toBeVisible();
    await expect(t.tip).toContainText(says);
    await expect(t.tip).toContainText(source);
  }
});

// Issue 35: the notation defined in the remaining views. Each view's terms show their
// definition and source on hover and focus at 1280 px, and on a tap at 390 px.

interface ViewTerms {
  name: string;
  url: string;
  /** A test id present once the view has its results. */
  ready: string;
  /** Term key, a phrase of its definition, a phrase of its source. */
  terms: [string, string, string][];
}

const KYKLOS = 'kyklos2:m=2,r=2,n=6,shuffle=proposed';
const views: ViewTerms[] = [
  {
    name: 'route explorer (KYKLOS Y-2)',
    url: `./?view=route&t=${encodeURIComponent(KYKLOS)}&from=20&to=14&s=y2`,
    ready: 'compare',
    terms: [
      ['routing.y2', 'maximum link traffic density', 'TR-88-27, 1988, §VI'],
      ['route.distance', 'breadth-first search', 'icn route'],
      ['route.paths', 'counted exactly', 'icn route'],
      ['route.diameter', 'largest distance', 'icn info'],
      ['kyklos.density', 'Table 3', '§VIII and App. C'],
      ['kyklos.xor', 'routing string', '§V'],
    ],
  },
  {
    name: 'route explorer (Valiant on a Dragonfly)',
    url: './?view=route&t=dragonfly:a=4,p=2,h=2&from=(0,0)&to=(8,3)&s=valiant',
    ready: 'distance',
    terms: [
      ['routing.valiant', 'random intermediate', 'Valiant and Brebner'],
      ['route.hops', 'two-phase route', 'icn route'],
    ],
  },
  {
    name: 'simulator',
    url: './?view=sim&t=mesh:k=4x4&s=dor&vcs=2&buf=8&rates=0.1,0.2',
    ready: 'sim-table',
    terms: [
      ['routing.dor', 'one dimension at a time', 'Dally and Seitz'],
      ['sim.offered', 'injection_rate', 'docs/simulation.md'],
      ['sim.credit', 'credit_delay', '§13.3'],
      ['sim.buffer', 'vc_buf_size', 'docs/simulation.md'],
      ['sim.network-latency', 'head flit', 'docs/simulation.md'],
      ['sim.saturation', 'stable point', 'docs/simulation.md'],
      ['sim.bound', 'busiest channel', 'docs/throughput.md'],
      ['sim.status', 'latency_thres', 'docs/simulation.md'],
    ],
  },
  {
    name: 'throughput',
    url: './?view=throughput&t=torus:k=4x4&s=dor&traffic=uniform',
    ready: 'tput-throughput',
    terms: [
      ['tput.oblivious', 'fixed share', 'SPAA'],
      ['tput.worst', 'maximum-weight assignment', 'Towles and Dally'],
      ['tput.longest', 'near-worst', 'Jyothi et al.'],
      ['tput.throughput', 'no channel', 'docs/throughput.md'],
      ['tput.bottleneck', 'first to saturate', 'docs/throughput.md'],
      ['tput.bounds', 'no routing passes', 'docs/throughput.md'],
    ],
  },
  {
    name: 'sub-networks',
    url: './?view=subnet',
    ready: 'subnet-table',
    terms: [
      ['d3.subnet', 'without rewiring', 'Swapped Dragonfly, §4'],
      ['d3.kappa', 'isomorphic to D3(K, M)', 'Theorem 1'],
      ['d3.port-table', 'k_j − k_i mod N', 'Theorem 1'],
    ],
  },
  {
    name: 'compare',
    url: './?view=compare&t1=hypercube%3An%3D4&t2=lens%3Ap%3D3%2Cq%3D3%2Cn%3D2',
    ready: 'compare-table',
    terms: [
      ['net.terminal', "Lens's processors", 'docs/cli.md'],
      ['route.diameter', 'largest distance', 'docs/cli.md'],
      ['net.link-load', 'every ordered pair', 'docs/cli.md'],
    ],
  },
  {
    name: 'papers',
    url: './?view=papers&paper=lens',
    ready: 'paper-score',
    terms: [
      ['papers.printed', 'OCR typos', 'docs/paper-notes.md'],
      ['papers.verdict', 'breadth-first search decides', 'docs/paper-notes.md'],
    ],
  },
  {
    name: 'schedule',
    url: './?view=schedule&t=d3:k=3,m=4&c=one-to-all&root=(0,1,2)',
    ready: 'schedule-rounds',
    terms: [
      ['d3.round', 'three-hop path', 'Swapped Dragonfly, §9'],
      ['d3.delay', 'no round starts', '§9'],
      ['d3.step', 'rounds + delays', '§9'],
      ['d3.address', 'cabinet c', '§2'],
      ['d3.header', '(3; c′ − c, p′ − d, d′ − p)', '§8'],
    ],
  },
  {
    name: 'charts (KYKLOS traffic density)',
    url: './?view=charts&chart=density',
    ready: 'chart-explain',
    terms: [
      ['kyklos.density', 'Table 3', 'App. C'],
      ['routing.d2', 'longest run', 'Minimal-distance routing'],
    ],
  },
  {
    name: 'charts (the Hypercycles paper\'s Figure 2)',
    url: './?view=charts&chart=hc-sim&t=hypercube:n=4&seed=3&ticks=2000',
    ready: 'chart-explain',
    terms: [
      ['chart.setup-delay', 'retries included', '§5, Figure 2'],
      ['chart.rho', 'N·λ·100·d̄ / C', 'docs/charts.md'],
    ],
  },
  {
    name: 'charts (D3 against the maximal Dragonfly)',
    url: './?view=charts&chart=d3-mdf&t=d3:k=3,m=4',
    ready: 'chart-explain',
    terms: [
      ['chart.mdf', 'K·M + 1 groups', '§11, Table 1'],
      ['chart.local-global', 'joins two drawers', 'Swapped Dragonfly'],
    ],
  },
  {
    name: 'joins',
    url: `./?view=join&t=${encodeURIComponent(KYKLOS)}&s=20&r=14`,
    ready: 'join-site',
    terms: [
      ['kyklos.start-tree', 'bitcount(j)', 'App. A'],
      ['kyklos.join-level', 'Table 2', '§VII, Table 2'],
      ['kyklos.join-site', 'ancestor', '§VII'],
      ['kyklos.strings', 'cnc', '§VII'],
      ['kyklos.partial-join', 'S fragment', '§I'],
    ],
  },
];

for (const v of views) {
  test(`${v.name}: each term shows its definition and source on hover and on focus`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(v.url);
    await expect(page.getByTestId(v.ready).first()).toBeVisible();
    for (const [key, says, source] of v.terms) {
      const t = term(page, key);
      await t.label.scrollIntoViewIfNeeded();
      await t.label.hover();
      await expect(t.tip, key).toBeVisible();
      await expect(t.tip, key).toContainText(says);
      await expect(t.tip.locator('.term-source'), key).toContainText(source);
      const box = await t.tip.boundingBox();
      expect(box!.x, key).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, key).toBeLessThanOrEqual(1280);
      await page.mouse.move(1, 1);
      await expect(t.tip, key).toBeHidden();
      await t.label.focus();
      await expect(t.tip, key).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(t.label, key).toHaveAttribute('aria-expanded', 'false');
    }
  });
}

test.describe('at 390 px on a touch screen', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  for (const v of views) {
    test(`${v.name}: a tap opens each term's definition under it, a second tap closes it`, async ({ page }) => {
      await page.goto(v.url);
      await expect(page.getByTestId(v.ready).first()).toBeVisible();
      for (const [key, says, source] of v.terms) {
        const t = term(page, key);
        await t.label.scrollIntoViewIfNeeded();
        await t.label.tap();
        await expect(t.tip, key).toBeVisible();
        await expect(t.tip, key).toContainText(says);
        await expect(t.tip, key).toContainText(source);
        const tip = (await t.tip.boundingBox())!;
        const label = (await t.label.boundingBox())!;
        expect(tip.y, key).toBeGreaterThan(label.y);
        expect(tip.x, key).toBeGreaterThanOrEqual(0);
        expect(tip.x + tip.width, key).toBeLessThanOrEqual(390);
        await t.label.tap();
        await expect(t.label, key).toHaveAttribute('aria-expanded', 'false');
      }
    });
  }
});
