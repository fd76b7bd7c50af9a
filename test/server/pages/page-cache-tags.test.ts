// The pages a shared cache may keep carry the cache tags of what they were rendered from
// (Surrogate-Key, Cache-Tag), from the render cache too; answers no shared cache keeps carry none.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import request from 'supertest';
import { testApp } from '../../support/test-app';

// nieuwe-groep-in-geldermalsen in the embedded snapshot, and a post it relates to.
const POST = 'h6s04ysqkjdiyeagb9v1787w';
const RELATED = 'yfthh04vv9cucvfl4mkvkbcm';
const keys = (res: { headers: Record<string, string | undefined> }) => (res.headers['surrogate-key'] ?? '').split(' ').filter(Boolean);

describe('cache tags on pages', () => {
  const { app } = testApp();

  test('a blog post names itself and the posts it shows, plus the site chrome; not the blog collection', async () => {
    const res = await request(app).get('/blog/nieuwe-groep-in-geldermalsen').expect(200);
    const tags = keys(res);
    assert.equal(tags[0], 'site');
    for (const tag of [`doc_${POST}`, `doc_${RELATED}`, 'col_navigation', 'col_global']) assert.ok(tags.includes(tag), `${tag} in ${tags.join(' ')}`);
    assert.ok(!tags.includes('col_blog-posts'), 'publishing another post leaves it');
    assert.equal(res.headers['cache-tag'], tags.join(','));
  });

  test('the blog index names the collection (a new post purges it); the contact page does not', async () => {
    assert.ok(keys(await request(app).get('/blog').expect(200)).includes('col_blog-posts'));
    const contact = keys(await request(app).get('/contact').expect(200));
    assert.ok(contact.length > 1 && !contact.includes('col_blog-posts') && !contact.includes(`doc_${POST}`), contact.join(' '));
  });

  test('the same tags come with the render cache\'s answer, and with the page\'s Flight payload', async () => {
    const { app: fresh, renderCache } = testApp();
    const first = await request(fresh).get('/over-ons').expect(200);
    assert.equal(renderCache.size, 1);
    const second = await request(fresh).get('/over-ons').expect(200);
    assert.equal(second.headers.etag, first.headers.etag, 'from the render cache');
    assert.deepEqual(keys(second), keys(first));
    const flightSrc = /_rsc=([A-Za-z0-9_-]{22})/.exec(first.text)?.[1];
    assert.ok(flightSrc, 'the HTML names its Flight payload');
    const flight = await request(fresh).get(`/over-ons?_rsc=${flightSrc}`).expect(200);
    assert.deepEqual(keys(flight), keys(first));
  });

  test('a 404 names the collection it looked in (publishing that slug purges it); the sitemap every publish', async () => {
    assert.ok(keys(await request(app).get('/bestaat-niet').expect(404)).includes('col_pages'));
    assert.deepEqual(keys(await request(app).get('/sitemap.xml').expect(200)), ['site', 'many']);
  });

  test('answers no shared cache keeps carry no tags', async () => {
    for (const path of ['/readyz', '/healthz', '/over-ons?code=abcdef123456']) {
      const res = await request(app).get(path);
      assert.match(res.headers['cache-control'] ?? '', /no-store/, path);
      assert.equal(res.headers['surrogate-key'], undefined, path);
      assert.equal(res.headers['cache-tag'], undefined, path);
    }
  });
});
