import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:8391/';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const shots = [
  ['walk', '?view=walk&t=lens%3Ap%3D4%2Cq%3D4%2Cn%3D10%2Ccompleted&from=021.0212012&to=0110010.212&choice=class1', 'lens.abc'],
  ['walkbus', '?view=walk&t=lens%3Ap%3D4%2Cq%3D4%2Cn%3D10%2Ccompleted&from=021.0212012&to=0110010.212&choice=class1', 'lens.bus-distance'],
  ['tput', '?view=throughput&t=torus%3Ak%3D8x8&s=dor&traffic=worst&optimal=1', null],
  ['sim', '?view=sim&t=torus%3Ak%3D4x4&s=dor&traffic=uniform', null],
];
for (const [name, q, key] of shots) {
  for (const [w, h] of [[1280, 900], [390, 844]]) {
    for (const scheme of ['light', 'dark']) {
      const page = await browser.newPage({ viewport: { width: w, height: h }, colorScheme: scheme });
      await page.goto(base + q);
      await page.waitForTimeout(4000);
      if (key) {
        const label = page.locator(`[data-term="${key}"] .term-label`).first();
        await label.scrollIntoViewIfNeeded();
        await label.click();
        await page.waitForTimeout(300);
        const box = await label.boundingBox();
        await page.screenshot({ path: `/tmp/shots/${name}-${w}-${scheme}.png`, clip: { x: 0, y: Math.max(0, box.y - 250), width: w, height: 600 } });
      } else {
        await page.screenshot({ path: `/tmp/shots/${name}-${w}-${scheme}.png`, fullPage: w < 500 ? false : true });
      }
      await page.close();
    }
  }
}
await browser.close();
