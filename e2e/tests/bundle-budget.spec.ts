import { expect, test } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

// The page's bundle (issue 8): the gzip'd size of the main wasm and its JS glue, the two files
// every visit downloads before the first render (the worker's files load later, when a view
// starts a job, and are not counted). The budget is the size measured on 2026-11-21 plus a
// little headroom (docs/benchmarks.md records both); a change that grows the page past it
// fails here, so growth is a decision (raise the budget and say why there), never an accident.
//
// Compression: gzip level 9 (node:zlib), as a static host serving precompressed files would.

/** gzip'd bytes of icn-web_bg.wasm + icn-web.js, measured 2026-11-25 (afternoon) on main
 * after that session's merges: 1,186,726 + 10,599, +24,286 over the morning's figure below.
 * In it: issue 17's last gaps (the opened aggregates in the URL, the ring on a cabinet a
 * step stays inside, pan and zoom with legible labels on the D3 card's wiring and cabinet
 * drawings, the adjacency matrix painted as one image) and issue 20's worker lanes (the
 * simulation view's points in parallel workers, its status line); each branch was within the
 * budget alone, the two together were 412 bytes over it. Before: measured 2026-11-25 on main
 * after the morning session's merges: 1,163,039 + 10,405, +35,390 over h-agg's figure below. In it: the charts'
 * SVG download (plotters' SVG backend, and the plotting routine instantiated for it beside the
 * canvas), the simulation view's BookSim2 card and routing list (the configuration reader now
 * also on the page), issue 21's Duato fields and verdict (+12,348 measured on its branch), and
 * wasm simd128 (issue 23: slightly smaller). Before: measured on h-agg (issue 17's
 * aggregated drawings: D3 cabinets and Hypercycle blocks opened on a click in five views, the
 * cabinet drawing's arrow keys, the Embed preview's scaling): 1,127,649 + 10,405, +38,565
 * over its base commit 6236112 built the same way (1,089,110 + 10,379, itself +2,782 over
 * the figure below). Before: measured after issue 17's
 * slices merged (1,086,328 + 10,379: its diagrams, its embeds, the lead's bars, papers' grids, pager
 * and partial charts, and issue 23's batched loads in the shared core); before them, issue 17's
 * diagrams alone (pan and zoom, one tab stop, the route's neighbourhood past what fits)
 * measured +23,751 over their base commit, and its first web slice alone (a figure-first
 * branch in every view, the Embed panel's live preview, the theme switch, the links that
 * carry the network) +34,561 (1,005,548 +
 * 9,607 after the simulation view and issue 18's guards; 943,150 + 9,580 after the deadlock view,
 * issue 23's engine and issue 22's glgl card; 878,172 +
 * 9,580 after the butterfly, the adjacency matrix and issue 22's audit rows; 847,339 +
 * 9,469 after issue 19's first slice; 754,805 + 9,288 after issue 8's symmetry code;
 * 634,784 + 9,016 before the family charts and the compare view). */
const MEASURED = 1_186_726 + 10_599;
/** The budget: the measured size plus 2 %. */
const BUDGET = Math.round(MEASURED * 1.02);

const dist = join(__dirname, '..', '..', 'dist');

/** The page's files in dist/: Trunk names them icn-web-<hash>_bg.wasm and icn-web-<hash>.js. */
function pageFiles(): string[] {
  return readdirSync(dist)
    .filter((f) => /^icn-web-[0-9a-f]+(_bg\.wasm|\.js)$/.test(f))
    .sort();
}

test('bundle: the page wasm + js, gzip -9, stay within the budget', () => {
  const files = pageFiles();
  expect(files, 'dist/ holds one icn-web wasm and one icn-web js').toHaveLength(2);
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  let total = 0;
  const sizes: string[] = [];
  for (const f of files) {
    // The files are the ones index.html loads (not a stale build's leftovers).
    expect(html).toContain(f);
    const raw = readFileSync(join(dist, f));
    const gz = gzipSync(raw, { level: 9 }).length;
    total += gz;
    sizes.push(`${f}: ${raw.length} bytes, ${gz} gzip`);
  }
  console.log(`bundle: ${sizes.join('; ')}; total ${total} gzip, budget ${BUDGET}`);
  expect(total, `gzip'd page wasm + js (budget ${BUDGET} bytes; docs/benchmarks.md)`).toBeLessThanOrEqual(BUDGET);
});
