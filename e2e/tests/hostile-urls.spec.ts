import type { Page } from '@playwright/test';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { icn } from '../fixtures/cli';
import { expect, test } from '../fixtures/explorer';

// Flow: somebody edits or pastes a URL. Whatever it holds (garbage, missing or repeated
// parameters, huge or negative numbers, unicode, percent-encoding tricks, 10,000-character
// values, HTML and script fragments), the page renders a result or an error within a few
// seconds, runs none of it as script, shows no panic panel, and still reacts.
//
// The corpus is generated from the live lists: the families from `icn families` (core's
// FAMILIES) and the views from the site's navigation (View::ALL), so families and views
// added later are covered without editing this file.

interface Family {
  name: string;
  params: { key: string; example: string }[];
  flags: { key: string }[];
  example: string;
  example_route: [string, string];
  strategies: { name: string }[];
}

const FAMILIES = JSON.parse(icn('families')) as Family[];

/** Query keys the views read (docs/urls.md); views may add their own, found on the page. */
const KEYS = ['t', 'from', 'to', 's', 'choice', 'step'];

/** Set by every script payload; must stay undefined. */
const FLAG = '__icnplayInjected';
const SCRIPTS = [
  `<script>window.${FLAG}=1</script>`,
  `"><img src=x onerror="window.${FLAG}=1;alert(1)">`,
  `<svg/onload=window.${FLAG}=1>`,
  `javascript:window.${FLAG}=1`,
  `'-alert(1)-'`,
  `</title><script>alert(document.domain)</script>`,
  `{{constructor.constructor('window.${FLAG}=1')()}}`,
  `<iframe src="javascript:alert(1)">`,
];
const HUGE = ['99999999999999999999999', '18446744073709551615', '18446744073709551616', '4294967296', '2147483648'];
const NEGATIVE = ['-1', '-0', '-99999999999999999999', '0', '1e9', '0x10', '1.5', '+3', ' 3'];
const UNICODE = ['１２３', '٣', '\u202e321', '3\u200b', '💥', 'e\u0301', '\u0000', 'ﬀ', 'Ⅻ'];
const LONG = '9'.repeat(10_000);
const LONG_TEXT = 'ab'.repeat(5_000);
/** Categories tried per (view, family) pair (of the 13 below). */
const PER_PAIR = 3;
/**
 * One URL in LOAD_EVERY is opened by loading the page with it; the others from inside the
 * loaded page, through history, as Back and Forward open them (the app reads the address
 * the same way at both: `AppState::from_query`). Loading the page costs most of a check, so
 * most of the corpus goes through history; the rotation gives every category and every raw
 * URL both ways (the corpus test checks it).
 */
const LOAD_EVERY = 3;

/** A URL of the corpus: what it is, its raw query, and whether the page loads with it. */
interface Hostile {
  label: string;
  query: string;
  load: boolean;
}

/** Percent-encoding tricks and the largest valid networks, written raw, for view `view`. */
function rawQueries(view: string): string[] {
  return [
    // The largest valid networks of today's families (beyond the page budget: the cost gate).
    `view=${view}&t=hypercube:n=31&from=${'0'.repeat(31)}&to=${'1'.repeat(31)}`,
    `view=${view}&t=kyklos2:m=2,r=2,n=28,shuffle=proposed&s=d2`,
    `view=${view}&t=lens:p=3,q=3,n=25`,
    `view=${view}&t=hypercube:n=${NEGATIVE[5]}&from=${NEGATIVE[6]}&to=${NEGATIVE[8]}`,
    `view=${view}&t=hypercube:n=${HUGE[1]}&step=${HUGE[4]}`,
    `view=${view}&t=hypercube%253An%253D3`,
    `view=${view}&t=hypercube%3An%3D3%2Cn%3D4`,
    `view=${view}&t=hypercube:n=%`,
    `view=${view}&t=hypercube:n=%zz&from=%C0%AF&to=%ED%A0%80`,
    `view=${view}&t=hypercube:n=3&from=%00%00%00`,
    `view=${view}&t=hypercube:n=3&from=0+1+0&to=1%2B1`,
    `view=${view}&&&t=&from=&to=&=&==`,
    `view=${view}?view=route&t=hypercube:n=3`,
    `view=${view};t=hypercube:n=3`,
    `view=${view}&t=hypercube:n=3#<script>alert(1)</script>`,
    `view=${view}&t=%3Cscript%3Ewindow.${FLAG}%3D1%3C%2Fscript%3E`,
    `view=${encodeURIComponent(SCRIPTS[1])}`,
    `view=${LONG_TEXT}`,
    `view=${view}&${LONG_TEXT}=1`,
  ];
}

/** Raw query strings (encoded by hand: some are deliberately malformed). */
function corpus(views: string[]): Hostile[] {
  const out: Hostile[] = [];
  const add = (label: string, params: [string, string][], load: boolean) => {
    const query = params.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
    out.push({ label, query, load });
  };
  // Every (view, family) pair gets PER_PAIR of the categories below, a window that slides by
  // PER_PAIR from pair to pair: over the families of one view, and over the views of one
  // family, every category comes round (the last test checks it), while the corpus grows
  // with views × families × PER_PAIR rather than × every category. The payloads within a
  // category rotate too (k counts the pairs).
  let k = 0;
  let slot = 0;
  const pick = <T>(list: T[], offset = 0): T => list[(k + offset) % list.length];
  const NUMBERS = [...HUGE, ...NEGATIVE];
  for (const [viewIndex, view] of views.entries()) {
    const v: [string, string] = ['view', view];
    for (const f of FAMILIES) {
      k++;
      const [a, b] = f.example_route;
      const spec = (value: (key: string) => string) =>
        `${f.name}:${f.params.map((p) => `${p.key}=${value(p.key)}`).join(',')}`;
      const tag = `${view} ${f.name}`;
      const p = f.params[k % Math.max(1, f.params.length)];
      const u = pick(UNICODE);
      const categories: [string, [string, string][]][] = [
        // Garbage in every position.
        ['garbage params', [v, ['t', spec(() => 'zz?!')], ['from', a], ['to', b]]],
        ['garbage fields', [v, ['t', f.example], ['from', '~~'], ['to', ':::'], ['s', 'nope'], ['choice', '%%']]],
        // Missing and repeated parameters.
        ['family only', [v, ['t', pick([f.name, `${f.name}:`, `${f.name}:,,=,`])]]],
        p ? ['duplicated key', [v, ['t', `${f.example},${p.key}=${p.example}`]]] : ['family only', [v, ['t', f.name]]],
        p ? ['value-less key', [v, ['t', `${f.name}:${p.key}`]]] : ['family only', [v, ['t', `${f.name}:`]]],
        ['repeated query keys', [v, ['t', f.example], ['t', 'hypercube:n=3'], ['from', a], ['from', b]]],
        // Huge and negative numbers, in every parameter at once.
        ...[pick(HUGE), pick(NUMBERS, 3)].map(
          (n): [string, [string, string][]] => [`numbers ${n}`, [v, ['t', spec(() => n)], ['from', n], ['to', b], ['step', n]]],
        ),
        // Unicode.
        [`unicode ${JSON.stringify(u)}`, [v, ['t', spec(() => u)], ['from', u], ['to', `${b}${u}`]]],
        // 10,000-character values.
        [
          'long values',
          k % 2 === 0
            ? [v, ['t', spec(() => LONG)], ['from', LONG], ['to', LONG]]
            : [v, ['t', `${f.name}:${LONG_TEXT}`], ['s', LONG_TEXT], ['choice', LONG_TEXT]],
        ],
        // Script fragments: in rotating keys, and in the spec.
        ...[0, 1].map((i): [string, [string, string][]] => {
          const key = KEYS[(k + i) % KEYS.length];
          return [`script in ${key}`, [v, ['t', f.example], [key, pick(SCRIPTS, 2 * k + i)]]];
        }),
        ['script in spec', [v, ['t', `${f.name}:${pick(SCRIPTS)}`]]],
      ];
      for (let i = 0; i < PER_PAIR; i++) {
        const [label, params] = categories[slot % categories.length];
        // 13 categories and LOAD_EVERY = 3 share no factor: each category comes round both ways.
        add(`${tag} ${label}`, params, slot % LOAD_EVERY === 0);
        slot++;
      }
    }
    // Percent-encoding tricks, written raw.
    for (const [j, raw] of rawQueries(view).entries()) {
      out.push({ label: `${view} raw ${j} ${raw.slice(0, 50)}`, query: raw, load: (viewIndex + j) % LOAD_EVERY === 0 });
    }
  }
  return out;
}

/** The view slugs, read from the site's navigation (generated from View::ALL). */
async function liveViews(page: Page): Promise<string[]> {
  await page.goto('./');
  await expect(page.locator('nav.site-nav a').first()).toBeVisible(); // the app has mounted
  const hrefs = await page.locator('nav.site-nav a').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  const views = hrefs.map((h) => new URLSearchParams(h.replace(/^[^?]*\?/, '')).get('view') ?? '').filter(Boolean);
  expect(views.length, 'the navigation lists the views').toBeGreaterThan(0);
  return views;
}

/** The longest query sent to the server; longer ones arrive through history (see check). */
const MAX_REQUEST_QUERY = 7_000;

/** A result or an error, in whichever view shows. */
const OUTCOME = [
  '[role="alert"]',
  '[data-testid="cost-gate"]',
  '[data-testid="distance"]',
  '[data-testid="walk-steps"]',
  '[data-testid="walk-not-lens"]',
  '[data-testid="view-unknown"]',
].join(', ');

async function check(page: Page, { query, label, load }: Hostile, dialogs: string[]): Promise<void> {
  const started = Date.now();
  if (load && query.length <= MAX_REQUEST_QUERY) {
    await page.goto(`./?${query}`, { timeout: 15_000 });
  } else {
    // From inside the loaded page, through history. A URL longer than static servers accept
    // in a request line (Node: 16 KB of headers, nginx: 8 KB; they answer 431/414 before the
    // page exists) reaches the app only this way; loading it means loading the page first.
    if (load) await page.goto('./', { timeout: 15_000 });
    await page.evaluate((q) => {
      history.pushState(null, '', `?${q}`);
      dispatchEvent(new PopStateEvent('popstate'));
    }, query);
  }
  const view = page.locator('[data-testid^="view-"]').first();
  await expect(view, `${label}: a view renders`).toBeVisible({ timeout: 5_000 });
  const testid = (await view.getAttribute('data-testid')) ?? '';
  if (['view-route', 'view-walk', 'view-unknown'].includes(testid)) {
    await expect(page.locator(OUTCOME).first(), `${label}: a result or an error`).toBeVisible({ timeout: 5_000 });
  } else {
    // A view added later: it shows something (its own results or errors).
    await expect(view, `${label}: the view shows text`).toHaveText(/\S/, { timeout: 5_000 });
  }
  await expect(page.getByTestId('fatal-error'), `${label}: no panic`).toHaveCount(0);
  const injected = await page.evaluate(
    (flag) => ({
      flag: (window as unknown as Record<string, unknown>)[flag],
      nodes: document.querySelectorAll('main script, main iframe, main object, main [onerror], main [onload]').length,
    }),
    FLAG,
  );
  expect(injected, `${label}: no injected script or markup`).toEqual({ flag: undefined, nodes: 0 });
  // No link runs script; links that leave the site (or open a new tab) carry rel="noopener".
  const badLinks = await page.evaluate(() =>
    Array.from(document.querySelectorAll('a[href]'))
      .filter((a) => {
        const href = (a.getAttribute('href') ?? '').trim();
        const leaves = new URL(href, location.href).origin !== location.origin || a.getAttribute('target') === '_blank';
        return /^javascript:/i.test(href) || (leaves && !/\bnoopener\b/.test(a.getAttribute('rel') ?? ''));
      })
      .map((a) => a.outerHTML.slice(0, 120)),
  );
  expect(badLinks, `${label}: links`).toEqual([]);
  expect(dialogs, `${label}: no dialog opened`).toEqual([]);
  // Still responsive: a frame paints, and the navigation switches to the first view.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
  const first = page.locator('nav.site-nav a').first();
  await first.click({ timeout: 5_000 });
  await expect(page.locator('[data-testid^="view-"]').first(), `${label}: still reacts`).toBeVisible({ timeout: 5_000 });
  expect(Date.now() - started, `${label}: answered within a few seconds`).toBeLessThan(15_000);
}

// Split into shards so the two workers share the corpus, each shard one test far inside its
// time limit; the file's tests run in parallel (by default a file's tests share one worker).
// Each shard has its own page: with 17 families, one page loading an eighth of the corpus ran
// out of wasm memory reservations (Chromium frees a closed instance's only when it collects
// garbage).
test.describe.configure({ mode: 'parallel' });
const SHARDS = 24;
for (let shard = 0; shard < SHARDS; shard++) {
  test(`hostile URLs, shard ${shard + 1}/${SHARDS}`, async ({ page }) => {
    test.setTimeout(300_000);
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const all = corpus(await liveViews(page));
    expect(all.length).toBeGreaterThanOrEqual(100);
    for (const [i, url] of all.entries()) {
      if (i % SHARDS === shard) await check(page, url, dialogs);
    }
  });
}

test('the corpus covers every view, family and category and has at least 100 URLs', async ({ page }) => {
  const views = await liveViews(page);
  const all = corpus(views);
  expect(all.length).toBeGreaterThanOrEqual(100);
  for (const view of views) {
    for (const f of FAMILIES) {
      expect(all.some((u) => u.label.startsWith(`${view} ${f.name} `)), `${view} × ${f.name}`).toBe(true);
    }
  }
  // Every category comes round for every view and for every family.
  const CATEGORIES = ['garbage params', 'garbage fields', 'family only', 'duplicated key', 'value-less key', 'repeated query keys', 'numbers', 'unicode', 'long values', 'script in spec'];
  for (const category of CATEGORIES) {
    for (const view of views) {
      expect(all.some((u) => u.label.startsWith(`${view} `) && u.label.includes(` ${category}`)), `${view}: ${category}`).toBe(true);
    }
    for (const f of FAMILIES) {
      expect(all.some((u) => u.label.includes(` ${f.name} ${category}`)), `${f.name}: ${category}`).toBe(true);
    }
  }
  for (const payload of SCRIPTS) {
    const encoded = encodeURIComponent(payload);
    expect(all.some((u) => u.query.includes(encoded)), payload).toBe(true);
  }
  // Each category and each raw URL is opened both ways: by loading the page, and through
  // history.
  const kinds = [...CATEGORIES.map((c) => ` ${c}`), ...rawQueries('route').map((_, j) => ` raw ${j} `)];
  for (const kind of kinds) {
    for (const load of [true, false]) {
      expect(all.some((u) => u.label.includes(kind) && u.load === load), `${kind.trim()}, ${load ? 'loaded' : 'through history'}`).toBe(true);
    }
  }
});

/** Every .rs file under a folder. */
function rustFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? rustFiles(file) : name.endsWith('.rs') ? [file] : [];
  });
}

// The source side of the same promise, so that views added later keep it: no HTML is ever
// built from strings (Leptos escapes text; inner_html would not), and a link that opens a new
// tab says rel="noopener".
test('web/src never writes HTML from strings, and new-tab links carry noopener', () => {
  const web = path.resolve(__dirname, '..', '..', 'web', 'src');
  const files = rustFiles(web);
  expect(files.length).toBeGreaterThan(10);
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const rel = path.relative(web, file);
    expect(text, `${rel}: inner_html / innerHTML`).not.toMatch(/inner_html|innerHTML|outer_html|insert_adjacent_html|document\.write/);
    // The attributes of one element may span lines: look around each target="_blank".
    for (const m of text.matchAll(/target\s*=\s*"_blank"/g)) {
      const around = text.slice(Math.max(0, (m.index ?? 0) - 300), (m.index ?? 0) + 300);
      expect(around, `${rel}: target="_blank" without rel="noopener"`).toMatch(/noopener/);
    }
  }
});
