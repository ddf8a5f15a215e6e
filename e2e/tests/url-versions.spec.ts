import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { cliRoute, ICN_BIN, icn } from '../fixtures/cli';
import { expect, expectCount, test } from '../fixtures/explorer';

// Links made today must keep opening the same view after later releases (docs/embedding.md,
// "Versioned URLs"). These are format-1 URLs written out literally, as people have pasted
// them into notes; each names what it must show, computed by `icn`. A later release that
// changes the format bumps `v=` and must keep this file passing unchanged: if one of these
// fails, the change broke links people have.

interface Case {
  url: string;
  check: (page: Page) => Promise<void>;
}

const id = (page: Page, testId: string) => page.getByTestId(testId);

function route(spec: string, from: string, to: string, strategy: string) {
  return async (page: Page) => {
    const cli = cliRoute(spec, from, to, strategy);
    await expect(id(page, 'view-route')).toBeVisible();
    await expect(id(page, 'distance')).toHaveText(cli.distance);
    await expectCount(id(page, 'path-count'), cli.pathCount);
    await expect(id(page, 'from-input')).toHaveValue(from);
    await expect(id(page, 'to-input')).toHaveValue(to);
  };
}

function walk(spec: string, from: string, to: string, choice: string, step: number) {
  return async (page: Page) => {
    const cli = JSON.parse(icn('walkthrough', spec, from, to, '--choice', choice)) as {
      busses: number;
      steps: { address: string }[];
    };
    await expect(id(page, 'walk-step-index')).toHaveText(`${step} / ${cli.busses}`);
    await expect(id(page, 'walk-address')).toHaveText(cli.steps[step - 1].address);
  };
}

const CASES: Case[] = [
  // The route explorer, one URL per family (the families' examples of today).
  {
    url: '?view=route&t=hypercycle:m=5x4x3,rho=2x1x1&from=000&to=421&s=minimal',
    check: route('hypercycle:m=5x4x3,rho=2x1x1', '000', '421', 'minimal'),
  },
  { url: '?view=route&t=hypercube:n=6&from=000000&to=101101&s=ecube', check: route('hypercube:n=6', '000000', '101101', 'ecube') },
  {
    url: '?view=route&t=kyklos2:m=2,r=2,n=6,shuffle=proposed&from=24&to=62&s=d2',
    check: route('kyklos2:m=2,r=2,n=6,shuffle=proposed', '24', '62', 'd2'),
  },
  { url: '?view=route&t=kyklos1:m=2,r=2,n=6&from=24&to=62&s=mr', check: route('kyklos1:m=2,r=2,n=6', '24', '62', 'mr') },
  { url: '?view=route&t=lens:p=4,q=4,n=3&from=02.1&to=1.20&s=minimal', check: route('lens:p=4,q=4,n=3', '02.1', '1.20', 'minimal') },
  { url: '?view=route&t=d3:k=3,m=4&from=(0,1,2)&to=(2,3,0)&s=lgl', check: route('d3:k=3,m=4', '(0,1,2)', '(2,3,0)', 'lgl') },
  { url: '?view=route&t=mdf:k=3,m=4&from=(0,1)&to=(12,3)&s=minimal', check: route('mdf:k=3,m=4', '(0,1)', '(12,3)', 'minimal') },
  // The same, percent-encoded as URLSearchParams writes it; without view= (the default view);
  // with the format named; embedded.
  {
    url: '?view=route&t=hypercycle%3Am%3D5x4x3%2Crho%3D2x1x1&from=000&to=421&s=minimal',
    check: route('hypercycle:m=5x4x3,rho=2x1x1', '000', '421', 'minimal'),
  },
  { url: '?t=hypercube:n=3&from=000&to=111', check: route('hypercube:n=3', '000', '111', 'minimal') },
  { url: '?view=route&t=hypercube:n=6&from=000000&to=101101&s=minimal&v=1', check: route('hypercube:n=6', '000000', '101101', 'minimal') },
  {
    url: '?view=route&t=hypercube:n=6&from=000000&to=101101&s=minimal&v=1&theme=dark&embed=1&id=w',
    check: route('hypercube:n=6', '000000', '101101', 'minimal'),
  },
  // The Lens walkthrough: Figure 2, class 1, step 3.
  {
    url: '?view=walk&t=lens:p=4,q=4,n=10,completed&from=021.0212012&to=0110010.212&choice=class1&step=3',
    check: walk('lens:p=4,q=4,n=10,completed', '021.0212012', '0110010.212', 'class1', 3),
  },
  {
    url: '?view=walk&t=lens:p=4,q=4,n=10,completed&from=021.0212012&to=0110010.212&choice=shortest&step=2&v=1&embed=1',
    check: walk('lens:p=4,q=4,n=10,completed', '021.0212012', '0110010.212', 'shortest', 2),
  },
  // KYKLOS joins: TR-88-27's worked example.
  {
    url: '?view=join&t=kyklos2:m=2,r=2,n=6,shuffle=proposed&s=42&r=0',
    check: async (page) => {
      const cli = JSON.parse(icn('join', 'kyklos2:m=2,r=2,n=6,shuffle=proposed', '--s', '42', '--r', '0')) as {
        ib_node: string | null;
        level: number;
      };
      await expect(id(page, 'join-site')).toHaveText(cli.ib_node ?? '42');
      await expect(id(page, 'join-level')).toHaveText(String(cli.level));
    },
  },
  // D3 schedules: one-to-all (Theorem 5) and all-to-all (Theorem 7).
  {
    url: '?view=schedule&t=d3:k=3,m=4&c=one-to-all&root=(0,0,1)&rule=paper&step=2',
    check: async (page) => {
      const cli = JSON.parse(icn('schedule', 'd3:k=3,m=4', 'one-to-all', '--root', '(0,0,1)')) as { rounds: number; steps: number };
      await expect(id(page, 'schedule-rounds')).toHaveText(String(cli.rounds));
      await expect(id(page, 'schedule-step')).toHaveText(`step 2 of ${cli.steps}`);
    },
  },
  {
    url: '?view=schedule&t=d3:k=2,m=3&c=all-to-all&root=(0,0,0)&rule=paper&step=1',
    check: async (page) => {
      const cli = JSON.parse(icn('schedule', 'd3:k=2,m=3', 'all-to-all', '--summary')) as { rounds: number; delays: number };
      await expect(id(page, 'schedule-rounds')).toHaveText(String(cli.rounds));
      await expect(id(page, 'schedule-delays')).toHaveText(String(cli.delays));
    },
  },
  // The Papers view: one paper's audit.
  {
    url: '?view=papers&paper=lens',
    check: async (page) => {
      const text = execFileSync(ICN_BIN, ['papers', '--paper', 'lens', '--format', 'json'], { encoding: 'utf8' });
      const [a] = JSON.parse(text) as { matched: number; explained: number; unexplained: number }[];
      await expect(id(page, 'paper-tab-lens')).toHaveAttribute('aria-pressed', 'true');
      await expect(id(page, 'paper-counts')).toHaveText(`${a.matched} ${a.explained} ${a.unexplained}`, { timeout: 60_000 });
    },
  },
  // The compare view: numbered specs, one per network.
  {
    url: '?view=compare&t1=hypercube:n=4&t2=lens:p=3,q=3,n=2&t3=mdf:k=2,m=3',
    check: async (page) => {
      const specs = ['hypercube:n=4', 'lens:p=3,q=3,n=2', 'mdf:k=2,m=3'];
      const cli = JSON.parse(icn('compare', ...specs)) as { networks: { links: number }[] };
      for (const [i, spec] of specs.entries()) {
        await expect(id(page, `compare-spec-${i + 1}`)).toHaveValue(spec);
        const links = page.locator(`[data-testid="compare-table"] td[data-metric="links"][data-net="${i + 1}"]`);
        await expect(links).toHaveAttribute('data-value', String(cli.networks[i].links), { timeout: 60_000 });
      }
    },
  },
];

for (const c of CASES) {
  test(`format-1 URL keeps its view: ${c.url.slice(0, 90)}`, async ({ page }) => {
    await page.goto(`./${c.url}`);
    await c.check(page);
    await expect(id(page, 'url-version-note')).toHaveCount(0);
  });
}
