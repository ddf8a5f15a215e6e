import type { Locator } from '@playwright/test';
import { expect, test } from '../fixtures/explorer';

// Issue 17's review: fields whose value did not fit were cut off (the chart's network spec,
// compare's third network, the walkthrough's Path select). At a desktop and a phone width,
// each shows its whole value.

const LONG_SPEC = 'kyklos2:m=2,r=2,n=6,shuffle=proposed';

/** An input's text overflows its box (the browser scrolls it inside). */
async function overflows(input: Locator): Promise<boolean> {
  return input.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
}

/** A select's chosen option, in the select's font, is wider than its box less the arrow. */
async function selectCuts(select: Locator): Promise<boolean> {
  return select.evaluate((el) => {
    const s = el as HTMLSelectElement;
    const style = getComputedStyle(s);
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = s.options[s.selectedIndex]?.text ?? '';
    const room = s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 16;
    return ctx.measureText(text).width > room;
  });
}

for (const width of [1280, 390]) {
  test(`at ${width} px, long values are shown whole`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`./?view=compare&t1=hypercube:n=6&t2=torus:k=8x8&t3=${encodeURIComponent(LONG_SPEC)}`);
    const third = page.getByTestId('compare-spec-3');
    await expect(third).toHaveValue(LONG_SPEC);
    expect(await overflows(third), "compare's third network").toBe(false);

    await page.goto(`./?view=charts&chart=net-loads&t=${encodeURIComponent(LONG_SPEC)}`);
    const spec = page.getByTestId('chart-spec');
    await expect(spec).toHaveValue(LONG_SPEC);
    expect(await overflows(spec), "the chart's network").toBe(false);

    await page.goto('./?view=walk');
    const choice = page.getByTestId('walk-choice');
    await expect(choice).toBeVisible();
    for (const option of await choice.locator('option').all()) {
      const value = await option.getAttribute('value');
      await choice.selectOption(value!);
      expect(await selectCuts(choice), `the Path select showing “${await option.textContent()}”`).toBe(false);
      await expect(page.getByTestId('walk-choice-help')).not.toBeEmpty();
    }
  });
}
