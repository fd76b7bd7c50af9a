// What a visitor downloads, held as budgets: the sizes are deterministic for a build, so a
// change that makes a page heavier fails here, not in a field report. The numbers live in one
// table, test/support/byte-budgets.ts, which e2e/byte-budgets.spec.ts also holds in Chromium
// (scripts and first-view images per width, which need a browser).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { BUDGETS, HTML_BUDGETS } from '../support/byte-budgets';
import { pageScripts } from '../support/page-scripts';
import { testApp } from '../support/test-app';

/** gzip KB (level 9, as the build precompresses) per page. */
const HTML_BUDGET_KB: Record<string, number> = {
  ...Object.fromEntries(Object.values(BUDGETS).map((b) => [b.path, b.html])),
  ...HTML_BUDGETS,
};

const gzipKb = (bytes: Buffer | string) => gzipSync(bytes, { level: 9 }).length / 1024;

test('each page type stays within its HTML budget (gzip)', async () => {
  const { app } = testApp();
  const over: string[] = [];
  for (const [page, budget] of Object.entries(HTML_BUDGET_KB)) {
    const res = await request(app).get(page).set('Accept-Encoding', 'identity').expect(200);
    const size = gzipKb(res.text);
    if (size > budget) over.push(`${page}: ${size.toFixed(1)} KB gzip, budget ${budget} KB`);
  }
  assert.deepEqual(over, []);
});

/** The scripts a page names (file names under /assets/). */
async function firstLoadScripts(page: string): Promise<string[]> {
  const { app } = testApp();
  const named = pageScripts((await request(app).get(page).expect(200)).text);
  assert.ok(named.length > 0, `${page} names its scripts`);
  return named.map((src) => src.replace(/^\/assets\//, ''));
}

// zod's objects carry `_zod`; the captcha solver asks /api/captcha/challenge. Neither is in a
// page's first load: they come when a visitor starts on a form (blocks/forms/load-checks.ts).
const LATER = { zod: '._zod', 'captcha solver': '/api/captcha/challenge' };

test('zod and the captcha solver are not in any first-load script, only in chunks loaded later', async () => {
  const { build } = testApp();
  const found: string[] = [];
  const firstLoad = new Set<string>();
  for (const page of ['/', '/contact', '/doe-de-test/start', '/doneren', '/locaties']) {
    for (const file of await firstLoadScripts(page)) {
      firstLoad.add(file);
      const code = readFileSync(path.join(build.assetsDir, file), 'utf8');
      for (const [what, marker] of Object.entries(LATER)) if (code.includes(marker)) found.push(`${page}: ${what} in ${file}`);
    }
  }
  assert.deepEqual(found, []);
  const later = readdirSync(build.assetsDir).filter((f) => f.endsWith('.js') && !firstLoad.has(f));
  for (const [what, marker] of Object.entries(LATER)) {
    assert.ok(later.some((f) => readFileSync(path.join(build.assetsDir, f), 'utf8').includes(marker)), `${what} is in a chunk loaded later`);
  }
});
