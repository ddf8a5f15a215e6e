import { expect, test } from '../fixtures/explorer';
import { background, isDark, viewSlugs } from '../fixtures/views';

// Flow: an instructor opens a view, presses "Embed", pastes the snippet. The embedded page
// (embed=1) is the view alone with a link back; theme= is applied before the app starts;
// v= names the URL format. docs/embedding.md is the reference.

test('every view has an embed mode without site chrome, linking back to the same state', async ({ page }) => {
  // Two loads of every view: about 30 s on a loaded machine, so six times that.
  test.setTimeout(180_000);
  for (const slug of await viewSlugs(page)) {
    await page.goto(`./?view=${slug}&embed=1&id=w1`);
    await expect(page.getByTestId('embed-main').locator(`[data-testid="view-${slug}"]`)).toBeVisible();
    await expect(page.locator('header.site-header, nav.site-nav, footer.site-footer')).toHaveCount(0);
    await expect(page.getByTestId('embed-button')).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('data-embed', '1');
    const back = page.getByTestId('open-full');
    await expect(back).toHaveAttribute('target', '_blank');
    const href = new URLSearchParams(((await back.getAttribute('href')) ?? '').replace(/^\?/, ''));
    expect(href.get('view'), slug).toBe(slug);
    expect(href.has('embed') || href.has('id'), `${slug}: the link back leaves embed mode`).toBe(false);
    // The full view of the link has the chrome and the Embed button.
    await page.goto(`./?${href.toString()}`);
    await expect(page.locator('nav.site-nav')).toBeVisible();
    await expect(page.getByTestId(`view-${slug}`)).toBeVisible();
    await expect(page.getByTestId('embed-button')).toBeVisible();
  }
});

test('the Embed button copies the self-sizing embed.js snippet of the current state; an iframe is offered too', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseURL!).origin });
  await page.goto('./?view=walk&t=lens:p=4,q=4,n=10,completed&from=021.0212012&to=0110010.212&choice=class1&step=3');
  await expect(page.getByTestId('view-walk')).toBeVisible();
  await page.getByTestId('embed-button').click();
  await expect(page.getByTestId('embed-button')).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByTestId('embed-status')).toHaveText(/Copied/);
  // Once the preview shows the view and has measured it, the snippet (copied again) carries
  // its height. Wait for that state, not for a first measurement: the preview measures its
  // loading line first (92 px) while the view's chunk arrives.
  const preview = page.frameLocator('[data-testid="embed-preview"]');
  await expect(preview.getByTestId('walk-step-index')).toHaveText('3 / 10', { timeout: 20_000 });
  await expect
    .poll(
      async () => {
        const h = await page.getByTestId('embed-preview').getAttribute('data-height');
        const s = await page.getByTestId('embed-script-snippet').inputValue();
        return h !== null && Number(h) > 200 && s.includes(` data-icnplay-height="${h}"`);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  const height = await page.getByTestId('embed-preview').getAttribute('data-height');
  await expect(page.getByTestId('embed-status')).toHaveText(/Copied/);
  await expect(page.getByTestId('embed-snippet')).toHaveValue(/ height="\d+" /);
  const script = await page.getByTestId('embed-script-snippet').inputValue();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(script);
  expect(script).toContain(` data-icnplay-height="${height}"`);
  expect(script).toContain(' data-icnplay-title="icnplay: Lens walkthrough"');
  const snippet = await page.getByTestId('embed-snippet').inputValue();
  expect(snippet).toContain(` height="${height}" `);
  const src = /<iframe src="([^"]+)" title="icnplay: Lens walkthrough"/.exec(snippet)?.[1];
  expect(src, snippet).toBeTruthy();
  const url = new URL(src!.replaceAll('&amp;', '&'));
  expect(url.origin + url.pathname).toBe(new URL('./', baseURL).href);
  const q = url.searchParams;
  expect([q.get('view'), q.get('t'), q.get('from'), q.get('to'), q.get('choice'), q.get('step')]).toEqual([
    'walk', 'lens:p=4,q=4,n=10,completed', '021.0212012', '0110010.212', 'class1', '3',
  ]);
  // The walkthrough's figure first: its player (panel=player).
  expect([q.get('embed'), q.get('v'), q.get('theme'), q.get('panel')]).toEqual(['1', '1', null, 'player']);
  // A theme chosen in the panel goes into both snippets.
  await page.getByTestId('embed-theme').selectOption('dark');
  await expect(page.getByTestId('embed-snippet')).toHaveValue(/&amp;theme=dark&amp;embed=1&amp;panel=player"/);
  await expect(page.getByTestId('embed-script-snippet')).toHaveValue(
    /<div data-icnplay="view=walk&amp;.*&amp;theme=dark&amp;panel=player" data-icnplay-title="[^"]+" data-icnplay-height="\d+"><\/div>/,
  );
  // The whole view instead: no panel.
  await page.getByTestId('embed-panel-choice').selectOption('whole');
  await expect(page.getByTestId('embed-snippet')).toHaveValue(/&amp;theme=dark&amp;embed=1"/);
  await page.getByTestId('embed-panel-choice').selectOption('player');
  await expect(page.getByTestId('embed-script-snippet')).toHaveValue(new RegExp(`src="${new URL('./', baseURL).href}embed.js"`));
  // The snippet's URL opens the same step, embedded and dark.
  await page.goto(url.href.replace('&embed=1', '&theme=dark&embed=1'));
  await expect(page.getByTestId('walk-step-index')).toHaveText('3 / 10');
  expect(isDark(await background(page))).toBe(true);
});

test('without a clipboard the snippet is shown selected, with a message saying so', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined });
  });
  await page.goto('./?view=join');
  await page.getByTestId('embed-button').click();
  await expect(page.getByTestId('embed-status')).toHaveText(/not available.*selected/);
  // Still selected once the preview's height has changed the snippet.
  await expect(page.getByTestId('embed-preview')).toHaveAttribute('data-height', /^\d+$/, { timeout: 20_000 });
  const box = page.getByTestId('embed-script-snippet');
  await expect(box).toHaveValue(/ data-icnplay-height="\d+"/);
  await expect(box).toBeFocused();
  await expect(box).toHaveJSProperty('readOnly', true);
  await expect
    .poll(() => box.evaluate((el: HTMLTextAreaElement) => [el.selectionStart, el.selectionEnd, el.value.length].join(' ')))
    .toMatch(/^0 (\d+) \1$/);
  const length = await box.evaluate((el: HTMLTextAreaElement) => el.value.length);
  expect(length).toBeGreaterThan(40);
});

test('theme= is applied before the app starts, and auto follows the system', async ({ page }) => {
  // Hold the wasm back: what shows meanwhile is index.html's fallback, already in the theme.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/*.wasm', async (route) => {
    await held;
    await route.continue();
  });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('./?view=route&theme=dark&embed=1', { waitUntil: 'domcontentloaded' });
  await expect(page.locator('.boot')).toBeVisible();
  expect(isDark(await background(page)), 'dark before the app mounts').toBe(true);
  release();
  await expect(page.getByTestId('view-route')).toBeVisible();
  expect(isDark(await background(page))).toBe(true);
  await page.unroute('**/*.wasm');

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('./?view=join&theme=light');
  await expect(page.getByTestId('view-join')).toBeVisible();
  expect(isDark(await background(page)), 'theme=light wins over a dark system').toBe(false);
  for (const [theme, scheme, dark] of [
    ['auto', 'dark', true],
    ['auto', 'light', false],
    ['', 'dark', true],
    ['nonsense', 'light', false],
  ] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`./?view=schedule${theme ? `&theme=${theme}` : ''}`);
    await expect(page.getByTestId('view-schedule')).toBeVisible();
    expect(isDark(await background(page)), `theme=${theme} on a ${scheme} system`).toBe(dark);
  }
});

test('embed parameters stay in the address as the embedded view is used', async ({ page }) => {
  await page.goto('./?view=walk&v=1&theme=light&embed=1&id=fig2');
  await page.getByTestId('walk-next').click();
  await expect(page.getByTestId('walk-step-index')).toHaveText(/^1 \//);
  const q = new URL(page.url()).searchParams;
  expect([q.get('step'), q.get('v'), q.get('theme'), q.get('embed'), q.get('id')]).toEqual(['1', '1', 'light', '1', 'fig2']);
  await expect(page.getByTestId('open-full')).toHaveAttribute('href', /[?&]step=1&v=1&theme=light$/);
});

test('a URL of an unknown format version says so and still opens the view', async ({ page }) => {
  await page.goto('./?view=route&t=hypercube:n=3&from=000&to=111&v=1');
  await expect(page.getByTestId('distance')).toHaveText('3');
  await expect(page.getByTestId('url-version-note')).toHaveCount(0);
  await page.goto('./?view=route&t=hypercube:n=3&from=000&to=111&v=2');
  await expect(page.getByTestId('url-version-note')).toContainText('v=2');
  await expect(page.getByTestId('distance')).toHaveText('3');
});

test('garbage in embed, theme, id and v is harmless', async ({ page }) => {
  const flag = '__icnplayInjected';
  for (const [k, v] of [
    ['theme', `"><script>window.${flag}=1</script>`],
    ['id', `<img src=x onerror="window.${flag}=1">`],
    ['id', 'x'.repeat(10_000)],
    ['v', '99999999999999999999999'],
    ['v', '<svg/onload=1>'],
    ['embed', 'maybe'],
  ]) {
    await page.goto(`./?view=route&t=hypercube:n=3&from=000&to=111&${k}=${encodeURIComponent(v)}`);
    await expect(page.getByTestId('distance')).toHaveText('3');
    expect(await page.evaluate((f) => (window as unknown as Record<string, unknown>)[f], flag)).toBeUndefined();
    const theme = await page.locator('html').getAttribute('data-theme');
    expect(theme === null || theme === 'light' || theme === 'dark').toBe(true);
  }
});
