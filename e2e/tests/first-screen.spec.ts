import type { Page } from '@playwright/test';
import { cliRoute, icn } from '../fixtures/cli';
import { inked } from '../fixtures/canvas';
import { expect, test } from '../fixtures/explorer';

// Flow: a newcomer opens the site. The first screen says what icnplay is in three lines,
// draws a small torus with a route lit that moves on by itself (not under reduced motion),
// and offers a gallery of stories; each opens its view, in one click, with its figure drawn.
// Issue 35. Also the phone: nothing scrolls sideways, the navigation's words are whole, and
// the figure starts within the first screenful.

const id = (page: Page, testId: string) => page.getByTestId(testId);

/** The live figure's network and its first pair (web/model/src/start.rs). */
const LIVE = { spec: 'torus:k=6x6', from: '(0,0)', to: '(2,3)' };

test('the bare address opens the first screen: three lines, a live torus, the gallery', async ({ page }) => {
  await page.goto('./');
  await expect(id(page, 'view-start')).toBeVisible();
  await expect(id(page, 'start-lines').locator('li')).toHaveCount(3);
  // The torus drawn whole (36 routers, as icn counts them), the first route lit hop by hop.
  const info = JSON.parse(icn('info', LIVE.spec)) as { nodes: number };
  const figure = id(page, 'start-figure');
  await expect(figure.locator('[data-testid="diagram"] [data-testid="node"]')).toHaveCount(info.nodes);
  const cli = cliRoute(LIVE.spec, LIVE.from, LIVE.to, 'minimal');
  await expect(figure.locator('g.route path.route-edge')).toHaveCount(Number(cli.distance));
  await expect(id(page, 'start-figure-caption')).toContainText(`from ${LIVE.from} to ${LIVE.to}`);
  await expect(id(page, 'start-figure-caption')).toContainText(`takes ${cli.distance} hops`);
  // Alive: the route moves to another pair by itself.
  const first = await figure.getAttribute('data-pair');
  await expect(figure).not.toHaveAttribute('data-pair', first ?? '', { timeout: 15_000 });
  // A click on a node routes to it and pauses.
  await figure.locator('[data-testid="node"]').nth(35).click();
  await expect(id(page, 'start-play')).toHaveAttribute('aria-pressed', 'false');
  await expect(figure).toHaveAttribute('data-pair', /-35$/);
  // The gallery: seven stories, each a link with a title and a sentence.
  await expect(id(page, 'start-gallery').locator('a.story-link')).toHaveCount(7);
  // No Embed button here, and the navigation names every view.
  await expect(id(page, 'embed-button')).toHaveCount(0);
  await expect(page.locator('nav.site-nav a.nav-link')).toHaveCount(11);
});

test('under reduced motion the figure waits for "Next route"', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('./');
  const figure = id(page, 'start-figure');
  await expect(id(page, 'start-play')).toHaveAttribute('aria-pressed', 'false');
  await expect(figure.locator('g.route path.route-edge')).not.toHaveCount(0);
  const first = (await figure.getAttribute('data-pair')) ?? '';
  await id(page, 'start-next').click();
  await expect(figure).not.toHaveAttribute('data-pair', first);
  // The site's name leads back here from any view.
  await page.goto('./?view=deadlock');
  await id(page, 'home-link').click();
  await expect(id(page, 'view-start')).toBeVisible();
  expect(new URL(page.url()).searchParams.get('view')).toBe('start');
});

test('addresses with the route explorer\'s keys, or embedded, keep the route explorer', async ({ page }) => {
  for (const q of ['?t=hypercube:n=3&from=000&to=111', '?embed=1', '?view=route']) {
    await page.goto(`./${q}`);
    await expect(id(page, 'view-route'), q).toBeVisible();
  }
  await page.goto('./?theme=dark');
  await expect(id(page, 'view-start')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

/** Opens the first screen and takes the story `slug` in one click. */
async function take(page: Page, slug: string): Promise<void> {
  await page.goto('./');
  await id(page, `story-${slug}`).click();
}

/** A drawing with nodes in the view shown. */
async function expectDrawn(page: Page): Promise<void> {
  await expect(page.locator('[data-testid="diagram"] [data-testid="node"]').first()).toBeVisible({ timeout: 30_000 });
}

test('story: the Lens Figure 2 walkthrough, class 1', async ({ page }) => {
  await take(page, 'lens-figure-2');
  const spec = 'lens:p=4,q=4,n=10,completed';
  const cli = JSON.parse(icn('walkthrough', spec, '021.0212012', '0110010.212', '--choice', 'class1')) as {
    busses: number;
    steps: { address: string }[];
  };
  await expect(id(page, 'view-walk')).toBeVisible();
  await expect(id(page, 'walk-step-index')).toHaveText(`1 / ${cli.busses}`);
  await expect(id(page, 'walk-address')).toHaveText(cli.steps[0].address);
  await expectDrawn(page);
});

test('story: a Dragonfly, minimal against Valiant, both curves drawn', async ({ page }) => {
  test.setTimeout(240_000);
  await take(page, 'dragonfly-valiant');
  await expect(id(page, 'view-sim')).toBeVisible();
  await expect(id(page, 'sim-done')).toBeVisible({ timeout: 200_000 });
  const canvas = id(page, 'chart-canvas');
  await expect(canvas).toHaveAttribute('data-legend', /dragonfly:a=4,p=2,h=2\S* · minimal/);
  await expect(canvas).toHaveAttribute('data-legend', /dragonfly:a=4,p=2,h=2\S* · valiant/);
  await expect(id(page, 'sim-facts').locator('li')).toHaveCount(2);
  await expect.poll(async () => (await inked(page, 0.1, 0.9)).colours).toBeGreaterThan(2);
  // Two curves, each with stable points before saturation (icn sim says the same).
  await expect(id(page, 'sim-no-curve')).toHaveCount(0);
  await expect(id(page, 'sim-deadlock')).toHaveCount(0);
});

test('story: a deadlock cycle drawn', async ({ page }) => {
  await take(page, 'deadlock');
  const cli = JSON.parse(icn('deadlock', 'torus:k=4x4', '--routing', 'dor', '--scheme', 'one', '--vcs', '1')) as {
    cycle: unknown[];
  };
  await expect(id(page, 'deadlock-verdict')).toHaveAttribute('data-acyclic', 'false', { timeout: 30_000 });
  await expect(id(page, 'deadlock-cycle').locator('li')).toHaveCount(cli.cycle.length);
  await expect(page.locator('[data-testid="diagram"] [data-testid="conflict-edge"]')).toHaveCount(cli.cycle.length);
});

test('story: a pasted BookSim2 file fills the fields and draws its curve', async ({ page }) => {
  test.setTimeout(180_000);
  await take(page, 'booksim');
  await expect(id(page, 'sim-booksim')).toHaveAttribute('open', '');
  await expect(id(page, 'sim-booksim-text')).toHaveValue(/^\/\/ A 4-ary 2-cube/);
  await expect(id(page, 'sim-booksim-read')).toContainText('torus:k=4x4,lowfirst');
  await expect(id(page, 'sim-spec')).toHaveValue('torus:k=4x4,lowfirst');
  await expect(id(page, 'sim-traffic')).toHaveValue('transpose');
  await expect(id(page, 'sim-done')).toBeVisible({ timeout: 150_000 });
  await expect(id(page, 'chart-canvas')).toHaveAttribute('data-legend', /torus:k=4x4,lowfirst · dor/);
  // Back leaves the simulation for the first screen: the paste replaced its own entry.
  await page.goBack();
  await expect(id(page, 'view-start')).toBeVisible();
});

test('story: your own graph, drawn and routed', async ({ page }) => {
  await take(page, 'graph');
  await expect(id(page, 'graph-text')).toHaveValue(/\S/);
  const info = JSON.parse(icn('info', 'graph:g=AQoKAQADAAIAAgADAgADAgADAQQCAQACAQABAQAA')) as { nodes: number };
  await expect(page.locator('[data-testid="diagram"] [data-testid="node"]')).toHaveCount(info.nodes);
  const cli = cliRoute('graph:g=AQoKAQADAAIAAgADAgADAgADAQQCAQACAQABAQAA', '0', '7', 'minimal');
  await expect(id(page, 'distance')).toHaveText(cli.distance);
});

test('story: the Swapped Dragonfly all-to-all, step 6 lit', async ({ page }) => {
  await take(page, 'd3-all-to-all');
  const cli = JSON.parse(icn('schedule', 'd3:k=2,m=3', 'all-to-all')) as {
    steps: number;
    occupancy: { step: number; channels: unknown[] }[];
  };
  const channels = cli.occupancy.find((u) => u.step === 6)?.channels.length ?? 0;
  expect(channels).toBeGreaterThan(0);
  await expect(id(page, 'schedule-step')).toHaveText(`step 6 of ${cli.steps}`);
  await expectDrawn(page);
  await expect(id(page, 'diagram').locator('g.dag path')).toHaveCount(channels);
});

test('story: KYKLOS Y-2 against H-2', async ({ page }) => {
  await take(page, 'kyklos-y2-h2');
  const spec = 'kyklos2:m=2,r=2,n=6,shuffle=proposed';
  await expectDrawn(page);
  for (const s of ['y2', 'hr']) {
    const row = page.locator(`[data-testid="compare-row"][data-strategy="${s}"]`);
    await expect(row.getByTestId('compare-length')).toHaveText(cliRoute(spec, '24', '62', s).distance);
  }
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('nothing scrolls sideways, the navigation is whole, the figure starts in the first screenful', async ({ page }) => {
    await page.goto('./');
    await expect(id(page, 'start-figure').locator('[data-testid="node"]').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Every link and group label inside the screen, none cut (its text fits its box).
    const cut = await page.locator('.site-nav a, .nav-group-label').evaluateAll((els) =>
      els
        .filter((el) => {
          const r = el.getBoundingClientRect();
          return r.left < 0 || r.right > 390 || el.scrollWidth > el.clientWidth + 1;
        })
        .map((el) => el.textContent),
    );
    expect(cut).toEqual([]);
    const top = await id(page, 'start-figure').locator('svg[data-testid="diagram"]').evaluate((el) => el.getBoundingClientRect().top);
    expect(top).toBeLessThan(844 * 0.8);
  });
});
