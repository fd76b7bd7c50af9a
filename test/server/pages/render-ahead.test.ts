// Sitemap pages rendered ahead at startup: the first visitor gets the cached page, with the
// HTML a render on request would have given.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import request from 'supertest';
import { renderAheadPaths, sitemapEntries } from '../../../server/content/seo-routes';
import { LEFT_OUT_PAGES } from '../../../src/routing/path-lookup';
import { testApp } from '../../support/test-app';

describe('rendering pages ahead', () => {
  test('every sitemap page is rendered into the render cache; the first visit is a hit with the same HTML', async () => {
    const ahead = testApp();
    const paths = (await sitemapEntries(ahead.content, 'http://localhost:3000')).map((e) => new URL(e.loc).pathname);
    assert.ok(paths.length > 50, `${paths.length} sitemap pages`);
    const rendered = await ahead.pages.warm(paths);
    assert.equal(rendered, paths.length, 'each rendered once');
    assert.equal(await ahead.pages.warm(paths), 0, 'nothing twice');
    assert.equal(ahead.renderCache.size, paths.length);

    const onRequest = testApp();
    for (const path of ['/', '/over-ons', paths[paths.length - 1]!]) {
      const linesBefore = ahead.logs.length;
      const warm = await request(ahead.app).get(path).set('Accept-Encoding', 'identity').expect(200);
      const fresh = await request(onRequest.app).get(path).set('Accept-Encoding', 'identity').expect(200);
      // The HTML (the Flight rows after it are the same, in an order that depends on timing).
      const html = (text: string) => {
        const flight = text.search(/<script[^>]*\bdata-rsc\b/);
        assert.ok(flight > 0, 'the Flight block');
        return text.slice(0, flight);
      };
      assert.ok(html(warm.text).length > 1000);
      assert.equal(html(warm.text), html(fresh.text), `${path}: the same page`);
      assert.equal(ahead.renderCache.size, paths.length, `${path} was a hit`);
      assert.ok(ahead.logs.slice(linesBefore).some((l) => l.msg === 'request completed'));
    }
  });

  test('the fixed pages the sitemap leaves out (log-in, account forms, the thank-you page) are rendered ahead too', async () => {
    const { pages, renderCache, content } = testApp();
    const paths = await renderAheadPaths(content, 'http://localhost:3000');
    for (const path of ['/login', '/en/login', '/registreren', '/doneren/bedankt', '/en/doneren/bedankt']) assert.ok(paths.includes(path), path);
    assert.ok(!paths.some((p) => p.startsWith('/account')), "no signed-in visitor's page");
    assert.equal(await pages.warm(LEFT_OUT_PAGES), LEFT_OUT_PAGES.length, 'each a page');
    assert.equal(renderCache.size, LEFT_OUT_PAGES.length);
  });

  test('a page that fails is left for its first visit, the rest are rendered', async () => {
    const { pages, renderCache, logs } = testApp();
    assert.equal(await pages.warm(['/over-ons', '/bestaat-niet', '/contact']), 2, 'a 404 is not rendered ahead');
    assert.equal(renderCache.size, 2);
    assert.equal(logs.filter((l) => l.msg === 'page not rendered ahead; it is rendered on its first visit').length, 0);
  });
});
