import { expect, test } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

// The page's bundle: the gzip'd size of what every visit downloads before the first render,
// the main wasm, its JS glue, the split loader and the view preloader (scripts/page.sh
// builds them into dist/page-<hash>/). The views' code is in chunks, each fetched when one
// of its views is shown and, after the first screen, in the background; the worker's files
// load later too; neither is counted (view-chunk.spec.ts budgets what one view downloads).
// The budget is the size measured plus a little headroom (docs/benchmarks.md records both),
// and never above issue 34's target of 600,000 bytes: a change that grows the page past it
// fails here, so growth is a decision (raise the budget and say why there), never an
// accident.
//
// Compression: gzip level 9 (node:zlib), as a static host serving precompressed files would.

/** gzip'd bytes of icn-web_bg.wasm + icn-web.js + __wasm_split.js + preload.js, measured
 * 2026-12-02, with derived `Debug` shallow and wasm-opt's --low-memory-unused
 * (scripts/page.sh). */
const MEASURED = 323_559 + 11_016 + 1_238 + 640;
/** The budget: the measured size plus 2 %, within the 600,000-byte target. */
const BUDGET = Math.min(Math.round(MEASURED * 1.02), 600_000);

const dist = join(__dirname, '..', '..', 'dist');

/** The page's directory in dist/: page-<hash>, named by its content. */
function pageDir(): string {
  const dirs = readdirSync(dist).filter((f) => /^page-[0-9a-f]+$/.test(f));
  expect(dirs, 'dist/ holds one page-<hash> directory').toHaveLength(1);
  return dirs[0];
}

test('bundle: the first screen wasm, js and split loader, gzip -9, stay within the budget', () => {
  const dir = pageDir();
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  // The files are the ones index.html loads (not a stale build's leftovers).
  expect(html).toContain(`${dir}/icn-web.js`);
  expect(html).toContain(`${dir}/icn-web_bg.wasm`);
  const files = ['icn-web_bg.wasm', 'icn-web.js', '__wasm_split.js', 'preload.js'];
  // The views' chunks (one per group of views) and the Embed panel's: present, and not
  // counted here.
  const chunks = readdirSync(join(dist, dir)).filter((f) => /^split_\w+\.wasm$/.test(f));
  expect(chunks.sort(), "the views' and the Embed panel's chunks").toEqual([
    'split_analyses.wasm',
    'split_embed.wasm',
    'split_papers.wasm',
    'split_route.wasm',
    'split_traffic.wasm',
  ]);
  let total = 0;
  const sizes: string[] = [];
  for (const f of files) {
    const raw = readFileSync(join(dist, dir, f));
    const gz = gzipSync(raw, { level: 9 }).length;
    total += gz;
    sizes.push(`${f}: ${raw.length} bytes, ${gz} gzip`);
  }
  const views = chunks.map((c) => `${c} ${gzipSync(readFileSync(join(dist, dir, c)), { level: 9 }).length}`);
  console.log(`bundle: ${sizes.join('; ')}; total ${total} gzip, budget ${BUDGET}; views' chunks, gzip: ${views.join(', ')}`);
  expect(total, `gzip'd first-screen wasm + js (budget ${BUDGET} bytes; docs/benchmarks.md)`).toBeLessThanOrEqual(BUDGET);
});
