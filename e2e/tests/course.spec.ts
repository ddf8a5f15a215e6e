import type { FrameLocator, Locator } from '@playwright/test';
import { cliRoute, icn } from '../fixtures/cli';
import { COURSE_ORIGIN, courseUrl } from '../fixtures/course';
import { expect, expectCount, test } from '../fixtures/explorer';

// Flow: course notes on another origin (fixtures/course/index.html) embed six views: four
// through embed.js placeholders, two as plain iframes. Each renders its state, takes its
// content's height from the documented postMessage, and wears the theme its parameter asks
// for; those without one follow the notes' theme.

test.use({ extraOrigins: [COURSE_ORIGIN] });

/** The frame's html background is dark. */
async function frameIsDark(frame: FrameLocator): Promise<boolean> {
  return frame.locator('html').evaluate((html) => {
    const [r, g, b] = (getComputedStyle(html).backgroundColor.match(/\d+/g) ?? []).map(Number);
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255 < 0.5;
  });
}

/** The iframe's height equals its content's (the body inside), within a pixel. */
async function expectSized(frame: Locator, inner: FrameLocator): Promise<void> {
  await expect
    .poll(async () => {
      const outer = (await frame.boundingBox())?.height ?? 0;
      const content = await inner.locator('body').evaluate((b) => Math.ceil(b.getBoundingClientRect().height));
      return Math.abs(outer - content) <= 1 && content > 150 ? 'sized' : `frame ${outer} px, content ${content} px`;
    })
    .toBe('sized');
}

test('the course page embeds four embed.js widgets and two iframes that render, size and theme themselves', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(courseUrl(new URL('./', baseURL).href));
  const holder = (id: string) => page.locator(`#${id} iframe[data-icnplay-frame]`);
  const frame = (id: string) => page.frameLocator(`#${id} iframe[data-icnplay-frame]`);

  // 1. Route explorer, hypercube 4: as `icn route`.
  const cube = cliRoute('hypercube:n=4', '0000', '1011', 'minimal');
  await expect(frame('w-route').getByTestId('distance')).toHaveText(cube.distance);
  await expectCount(frame('w-route').getByTestId('path-count'), cube.pathCount);
  expect([cube.distance, cube.pathCount]).toEqual(['3', '6']);
  await expect(holder('w-route')).toHaveAttribute('title', 'Route explorer: hypercube of dimension 4');
  // 2. The walkthrough at step 3 of Figure 2's class-1 path.
  await expect(frame('w-walk').getByTestId('walk-step-index')).toHaveText('3 / 10');
  // 3. The join site of S at 42 and R at 0, as `icn join`.
  const join = JSON.parse(icn('join', 'kyklos2:m=2,r=2,n=6,shuffle=proposed', '--s', '42', '--r', '0')) as {
    ib_node: string | null;
  };
  await expect(frame('w-join').getByTestId('join-site')).toHaveText(join.ib_node ?? '42');
  // 4. The one-to-all schedule: 12 rounds (Theorem 5, as icn schedule).
  const schedule = JSON.parse(icn('schedule', 'd3:k=3,m=4', 'one-to-all', '--root', '(0,0,1)')) as { rounds: number };
  await expect(frame('w-schedule').getByTestId('schedule-rounds')).toHaveText(String(schedule.rounds));
  // 5, 6. The plain iframes.
  const plainRoute = cliRoute('hypercycle:m=5x4x3,rho=2x1x1', '000', '421', 'minimal');
  await expectCount(page.frameLocator('#plain-route').getByTestId('path-count'), plainRoute.pathCount);
  await expect(page.frameLocator('#plain-walk').getByTestId('view-walk')).toBeVisible();

  // No chrome in any of them, a link back in each.
  for (const f of [frame('w-route'), frame('w-walk'), frame('w-join'), frame('w-schedule'), page.frameLocator('#plain-route')]) {
    await expect(f.locator('nav.site-nav')).toHaveCount(0);
    await expect(f.getByTestId('open-full')).toBeVisible();
  }

  // Heights: each embed.js frame and the listened-to plain iframe take their content's height.
  for (const id of ['w-route', 'w-walk', 'w-join', 'w-schedule']) await expectSized(holder(id), frame(id));
  await expectSized(page.locator('#plain-route'), page.frameLocator('#plain-route'));
  // The unlistened plain iframe keeps its attribute height.
  expect((await page.locator('#plain-walk').boundingBox())?.height).toBe(600);
  // The messages have the documented shape.
  const messages = (await page.evaluate(() => (window as unknown as { icnplayHeights: unknown[] }).icnplayHeights)) as {
    type: string;
    height: number;
    id: string | null;
    v: number;
  }[];
  const ids = new Set(messages.map((m) => m.id));
  for (const id of ['w-route', 'w-walk', 'w-join', 'w-schedule', 'plain-route']) expect(ids.has(id), id).toBe(true);
  for (const m of messages) {
    expect(m.type).toBe('icnplay:height');
    expect(Number.isInteger(m.height) && m.height > 0).toBe(true);
    expect(m.v).toBe(1);
  }
  // After an edit inside a frame, its height follows the content again.
  const before = (await holder('w-join').boundingBox())?.height ?? 0;
  await frame('w-join').getByTestId('join-s').fill('7');
  await expectSized(holder('w-join'), frame('w-join'));
  expect(before).toBeGreaterThan(150);

  // Themes: fixed ones as asked; the others follow the notes (light now).
  expect(await frameIsDark(frame('w-walk'))).toBe(true);
  expect(await frameIsDark(frame('w-join'))).toBe(false);
  expect(await frameIsDark(page.frameLocator('#plain-route'))).toBe(true);
  expect(await frameIsDark(page.frameLocator('#plain-walk'))).toBe(false);
  expect(await frameIsDark(frame('w-route'))).toBe(false);
  expect(await frameIsDark(frame('w-schedule'))).toBe(false);
  // The notes switch to dark: the following widgets switch, the fixed ones stay.
  await page.locator('#notes-theme').click();
  await expect.poll(() => frameIsDark(frame('w-route'))).toBe(true);
  await expect.poll(() => frameIsDark(frame('w-schedule'))).toBe(true);
  expect(await frameIsDark(frame('w-join'))).toBe(false);
  expect(await frameIsDark(frame('w-walk'))).toBe(true);
  await page.locator('#notes-theme').click();
  await expect.poll(() => frameIsDark(frame('w-route'))).toBe(false);
});

test('embed.js follows a dark host from the first paint', async ({ page, baseURL }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(courseUrl(new URL('./', baseURL).href));
  await page.waitForFunction(() => 'icnplayEmbed' in window);
  // A placeholder added later on a dark page: the frame's URL carries the host's theme.
  await page.evaluate(() => {
    document.body.classList.add('dark');
    const div = document.createElement('div');
    div.id = 'late';
    div.setAttribute('data-icnplay', '?view=route&t=hypercube:n=3');
    document.querySelector('main')!.appendChild(div);
    (window as unknown as { icnplayEmbed: { scan: () => void } }).icnplayEmbed.scan();
  });
  const late = page.locator('#late iframe');
  await expect(late).toHaveAttribute('src', /#host-theme=dark$/);
  const f = page.frameLocator('#late iframe');
  await expect(f.getByTestId('view-route')).toBeVisible();
  expect(await frameIsDark(f)).toBe(true);
});
