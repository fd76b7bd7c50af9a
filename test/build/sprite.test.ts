// The drawings travel as one cacheable file: the build writes the sprite under a content hash,
// pages only point into it (<use href="/assets/sprite.<hash>.svg#id">), and every id a page
// points at is in the file the server sends.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import request from 'supertest';
import { testApp } from '../support/test-app';

const PAGES = ['/', '/locaties', '/over-ons', '/blog/nieuwe-groep-in-geldermalsen', '/doe-de-test/start', '/en'];

test('pages point into one hashed sprite that is served for a year, and every id they use is in it', async () => {
  const { app } = testApp();
  const used = new Map<string, Set<string>>();
  for (const page of PAGES) {
    const html = (await request(app).get(page).expect(200)).text;
    for (const [, file, id] of html.matchAll(/<use href="(\/assets\/sprite\.[0-9a-f]{8}\.svg)#([a-z0-9-]+)"/g)) {
      used.set(file!, (used.get(file!) ?? new Set()).add(id!));
    }
  }
  assert.equal(used.size, 1, `one sprite file: ${[...used.keys()].join(', ')}`);
  const [file, ids] = [...used][0]!;
  assert.ok(ids.size >= 10, `${ids.size} drawings used`);
  const res = await request(app).get(file).set('Accept-Encoding', 'gzip').expect(200);
  assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
  assert.match(String(res.headers['content-type']), /^image\/svg\+xml/);
  assert.equal(res.headers['content-encoding'], 'gzip');
  const sprite = String(res.body instanceof Buffer ? res.body.toString('utf8') : res.text);
  for (const id of ids) assert.match(sprite, new RegExp(`<(symbol|g) id="${id}"`), id);
});

test('a page carries no drawing of its own beside the map pins: no icon paths in the HTML or the Flight data', async () => {
  const { app } = testApp();
  for (const page of ['/', '/locaties', '/over-ons', '/doneren']) {
    const html = (await request(app).get(page).expect(200)).text;
    const drawing = /<path [^>]*>|\\"d\\":\\"[^\\]*/.exec(html);
    assert.equal(drawing?.[0], undefined, page);
  }
});
