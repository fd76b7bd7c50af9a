// Byte budgets: each page type's first view at 375 px and 1280 px, measured in Chromium as
// `npm run bench` measures it (test/support/first-view-bytes.ts), stays under the budgets of
// test/support/byte-budgets.ts: the document and the scripts gzip, the images Chromium loads unscrolled.
// A page that grows past one fails CI, saying which page, width and kind, and by how much.
//
// In Debian's full Chromium, the browser visitors run, not the headless shell the other e2e tests
// use: which lazy images a first view loads is the browser's own heuristic, and the shell starts
// images further below the fold (the blog post's two related-post photos at 375 px).
import { expect, test } from '@playwright/test';
import type { Browser } from 'playwright-core';
import { launchChromium, measureFirstView, VIEWPORTS, type ViewportWidth } from '../test/support/first-view-bytes';
import { BUDGETS, HOME_SCRIPTS_BROTLI_KB } from '../test/support/byte-budgets';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

let browser: Browser;
test.beforeAll(async () => {
  browser = await launchChromium();
});
test.afterAll(async () => {
  await browser?.close();
});

for (const [type, budget] of Object.entries(BUDGETS)) {
  for (const width of Object.keys(VIEWPORTS).map(Number) as ViewportWidth[]) {
    test(`${type} (${budget.path}) at ${width} px: HTML, JS and first-view images within budget`, async ({ baseURL }) => {
      const view = await measureFirstView(browser, new URL(budget.path, baseURL).href, width, { acceptEncoding: 'gzip' });
      const limits = { html: budget.html, js: budget.js, images: budget.images[width] };
      for (const kind of ['html', 'js', 'images'] as const) {
        const measured = view.bytes[kind];
        const limit = limits[kind] * 1024;
        expect
          .soft(measured, `${budget.path} at ${width} px: ${kind} ${kb(measured)} (${measured} bytes${kind === 'images' ? '' : ', gzip'}), budget ${kb(limit)} (test/support/byte-budgets.ts, ${type}.${kind === 'images' ? `images[${width}]` : kind})`)
          .toBeLessThanOrEqual(limit);
      }
    });
  }
}

test(`/ at 375 px: its scripts as the browser asks for them (brotli) within ${HOME_SCRIPTS_BROTLI_KB} KB`, async ({ baseURL }) => {
  const view = await measureFirstView(browser, new URL(BUDGETS.home!.path, baseURL).href, 375);
  expect(view.encodings).toContain('br');
  expect(view.bytes.js, `/ scripts ${kb(view.bytes.js)} brotli, budget ${HOME_SCRIPTS_BROTLI_KB} KB (test/support/byte-budgets.ts)`).toBeLessThanOrEqual(HOME_SCRIPTS_BROTLI_KB * 1024);
});
