// What a visitor downloads, held as budgets: the sizes are deterministic for a build, so a
// change that makes a page or the first-load JavaScript heavier fails here, not in a field
// report. The HTML budgets are the sizes after the drawings moved into the sprite and the Flight
// data lost its JSON quoting (2026-11-23, / was 27.7 KB before) plus about 5%; lower them as pages
// get lighter (the speed issue's goals: / at most 15 KB of gzip HTML, at most 60 KB of JavaScript).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { testApp } from '../support/test-app';

/** gzip KB (level 9, as the build precompresses) per page type. */
const HTML_BUDGET_KB: Record<string, number> = {
  '/': 20.2,
  '/over-ons': 9.6,
  '/locaties': 16.9,
  '/doe-de-test/start': 6.9,
  '/blog': 9.9,
  '/blog/nieuwe-groep-in-geldermalsen': 9.7,
  '/locatie/tiel-12-16': 8.9,
  '/doneren': 10.4,
};
/** The scripts every first load fetches (gzip as served from dist/client/assets). */
const FIRST_LOAD_JS_BUDGET_KB = 88;

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

test('the first-load JavaScript stays within its budget (gzip)', async () => {
  const { app, build } = testApp();
  const html = (await request(app).get('/').expect(200)).text;
  const scripts = [...html.matchAll(/<script[^>]*\ssrc="\/assets\/([^"]+)"/g)].map((m) => m[1]!);
  assert.ok(scripts.length > 0, 'the page loads scripts');
  const total = scripts.reduce((kb, file) => kb + readFileSync(path.join(build.assetsDir, `${file}.gz`)).length / 1024, 0);
  assert.ok(total <= FIRST_LOAD_JS_BUDGET_KB, `${scripts.length} scripts, ${total.toFixed(1)} KB gzip, budget ${FIRST_LOAD_JS_BUDGET_KB} KB`);
});
