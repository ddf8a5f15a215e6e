import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:8190/icnplay/';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
await page.addInitScript(() => {
  window.__long = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long.push(Math.round(e.duration)); }).observe({ type: 'longtask', buffered: true });
});
const specs = process.argv.slice(2);
for (const spec of specs) {
  const t0 = Date.now();
  await page.goto(base + '?view=route&t=' + encodeURIComponent(spec));
  await page.waitForTimeout(8000);
  const long = await page.evaluate(() => window.__long);
  console.log(spec, 'long tasks', JSON.stringify(long), (Date.now() - t0) + 'ms');
  await page.screenshot({ path: `/tmp/shot-${spec.replace(/[^a-z0-9]/gi, '_')}.png`, fullPage: true });
}
await browser.close();
