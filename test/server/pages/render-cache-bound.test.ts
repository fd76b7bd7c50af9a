// The render cache at a site's real size (server/pages/render-cache.ts): bounded by the bytes the
// operator gives (RENDER_CACHE_MB), never by a count; and the class, an eviction order a crawler's
// walk defeats. At ten times today's content a count of 1,000 pages was outgrown and a visitor and a
// crawler asking for pages in sitemap order evicted each other: 0 hits on a second pass.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createRenderCache, keptSize, renderedPage } from '../../../server/pages/render-cache';

const HTML = 'text/html; charset=utf-8';
const page = (name: string, bytes = 2_000) => renderedPage(200, HTML, 'public, max-age=0', Buffer.from(`<html>${name}</html>`.padEnd(bytes, ' ')));
const SIZE = keptSize(page('x'));

describe('the render cache is bounded by bytes, and keeps the pages people come back to over a walk that asks for each page once', () => {
  test('as many pages as the bytes hold, whatever their number (5,000 small pages)', () => {
    // A third of the bound is for pages asked for at most once, where a new page starts.
    const cache = createRenderCache({ ttlMs: 60_000, maxBytes: 5_000 * SIZE * 3 + 3 });
    for (let i = 0; i < 5_000; i++) cache.set(`/p/${i}`, page(String(i)));
    assert.equal(cache.size, 5_000);
    assert.ok(cache.get('/p/0'), 'the first one is still there');
  });

  test('the bound holds: never more bytes than given, the oldest asked-for-once pages go first', () => {
    const cache = createRenderCache({ ttlMs: 60_000, maxBytes: 90 * SIZE });
    for (let i = 0; i < 1_000; i++) cache.set(`/p/${i}`, page(String(i)));
    const stats = cache.stats();
    assert.ok(stats.bytes <= stats.maxBytes, `${stats.bytes} <= ${stats.maxBytes}`);
    assert.ok(stats.evicted > 900);
    assert.ok(cache.has('/p/999') && !cache.has('/p/0'));
  });

  test('a crawler walking ten times the cache once keeps every page visitors asked for again', () => {
    const cache = createRenderCache({ ttlMs: 60_000, maxBytes: 90 * SIZE });
    const visited = Array.from({ length: 25 }, (_, i) => `/visited/${i}`);
    for (const key of visited) cache.set(key, page(key)); // rendered for its first visitor
    for (const key of visited) assert.ok(cache.get(key), 'asked for again: a hit'); // and kept among the pages people come back to
    for (let i = 0; i < 900; i++) {
      cache.set(`/crawled/${i}`, page(String(i)), cache.epoch, false); // rendered ahead, or for the crawler's one ask
      cache.get(`/crawled/${i}`);
    }
    const kept = visited.filter((key) => cache.get(key) !== undefined).length;
    assert.equal(kept, visited.length, `${kept} of ${visited.length} visited pages survive the walk`);
    assert.ok(cache.stats().bytes <= cache.stats().maxBytes);
  });

  test('a page rendered ahead counts no ask: its first visitor is its first ask, the second keeps it', () => {
    const cache = createRenderCache({ ttlMs: 60_000, maxBytes: 30 * SIZE });
    cache.set('/ahead', page('ahead'), cache.epoch, false);
    assert.ok(cache.get('/ahead'));
    assert.equal(cache.stats().askedAgain, 0, 'asked once');
    assert.ok(cache.get('/ahead'));
    assert.equal(cache.stats().askedAgain, 1, 'asked again');
  });

  test('pages people came back to that no longer fit go back among the asked-for-once, not out at once', () => {
    // Two thirds of the bound, about 20 pages, for pages asked for again.
    const cache = createRenderCache({ ttlMs: 60_000, maxBytes: 30 * SIZE });
    for (let i = 0; i < 25; i++) {
      cache.set(`/p/${i}`, page(String(i)));
      cache.get(`/p/${i}`);
    }
    assert.ok(cache.stats().askedAgain < 25);
    assert.equal(cache.size, 25, 'the ones moved back are still kept');
    assert.ok(cache.get('/p/0'), 'and a hit when asked for');
  });
});
