import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { icn } from '../fixtures/cli';
import { expect, test } from '../fixtures/explorer';

// Flow: a researcher brings a network of their own. They pick "Your own graph", paste an edge
// list (or load an edge list or a BookSim2 anynet file); the page routes on it and puts it in
// the link, so the link (or an embed of it) shows the same graph. A malformed text is pointed
// at by line and column, and nothing typed is lost.

const ring = '# a ring of six with one chord\na b\nb c\nc d\nd e\ne f\nf a\na d\n';

test('a pasted edge list routes, travels in the link, and reads back from it', async ({ explorer, page }) => {
  await explorer.goto();
  await explorer.family.selectOption('graph');
  const text = page.getByTestId('graph-text');
  await text.fill(ring);
  await explorer.setRoute('b', 'e');
  await expect(page.getByTestId('graph-error')).toBeHidden();
  // b → e in 3 hops: b c d e, b a d e (the chord), b a f e.
  await explorer.expectResult('3', '3');
  const spec = explorer.query().get('t') ?? '';
  expect(spec).toMatch(/^graph:g=[A-Za-z0-9_-]+$/);
  // The spec is the graph: icn reads the same from the file and from the link's spec.
  const file = path.join(os.tmpdir(), `icn-e2e-ring-${process.pid}.txt`);
  fs.writeFileSync(file, ring);
  expect(JSON.parse(icn('info', '--graph', file)).spec).toBe(spec);
  // Opening the link shows the graph's text and the same route.
  await page.goto(page.url());
  await expect(page.getByTestId('graph-text')).toHaveValue(/^a b\n/);
  await explorer.expectResult('3', '3');
  await expect(explorer.diagram.locator('[data-testid="node"]')).toHaveCount(6);
  // Embedded, the graph is drawn too.
  await page.goto(`${page.url()}&embed=1`);
  await expect(page.getByTestId('embed-main').getByTestId('diagram').locator('[data-testid="node"]')).toHaveCount(6);
});

test('a malformed text is pointed at by line and column, and kept', async ({ explorer, page }) => {
  await explorer.goto();
  await explorer.family.selectOption('graph');
  const text = page.getByTestId('graph-text');
  await text.fill(ring);
  await expect(page.getByTestId('graph-error')).toBeHidden();
  const good = explorer.query().get('t');
  const broken = 'a b\nb c d\n';
  await text.fill(broken);
  await expect(page.getByTestId('graph-error')).toHaveText(
    "line 2, column 5: 'd' after the link: an edge list line holds two nodes (comments start with #)",
  );
  await expect(text).toHaveValue(broken);
  await expect(text).toHaveAttribute('aria-invalid', 'true');
  // The link keeps the last graph that read.
  expect(explorer.query().get('t')).toBe(good);
});

test('files load: a malformed anynet file is refused where it is wrong, a good one is read', async ({ explorer, page }) => {
  await explorer.goto();
  await explorer.family.selectOption('graph');
  const picker = page.getByTestId('graph-file');
  await picker.setInputFiles({
    name: 'bad.anynet',
    mimeType: 'text/plain',
    buffer: Buffer.from('router 0 node 0 router 1\nrouter 1 node 0\n'),
  });
  await expect(page.getByTestId('graph-error')).toHaveText(
    'line 2, column 10: node 0 is attached to router 0 and to router 1; BookSim2 lets a node attach to one router',
  );
  await expect(page.getByTestId('graph-text')).toHaveValue('router 0 node 0 router 1\nrouter 1 node 0\n');
  // A Dragonfly exported by icn, read back: 36 routers, 2 endpoints each.
  const anynet = icn('export', 'dragonfly:a=4,p=2,h=2', '--format', 'anynet');
  await picker.setInputFiles({ name: 'dfly.anynet', mimeType: 'text/plain', buffer: Buffer.from(anynet) });
  await expect(page.getByTestId('graph-error')).toBeHidden();
  await expect(explorer.infoNodes).toHaveText('36');
  await expect(explorer.infoLinks).toHaveText('90');
  await expect(explorer.infoDiameter).toHaveText('3');
});
