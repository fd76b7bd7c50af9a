// Render-cache hits answered before the middleware chain: the same bytes and the same headers
// as the full chain gives, and never for anything but an exact hit.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import request from 'supertest';
import { testApp } from '../../support/test-app';

const VOLATILE = new Set(['date', 'x-request-id', 'connection', 'keep-alive']);
const stable = (headers: Record<string, unknown>) => Object.fromEntries(Object.entries(headers).filter(([k]) => !VOLATILE.has(k)).sort());

describe('render-cache fast path', () => {
  for (const [label, path, accept, encoding] of [
    ['HTML, brotli', '/over-ons', 'text/html', 'br'],
    ['HTML, gzip', '/over-ons', 'text/html', 'gzip'],
    ['HTML, no compression', '/over-ons', 'text/html', 'identity'],
    ['Flight, gzip', '/over-ons?_rsc=1', 'text/x-component', 'gzip'],
    ['a cached 404', '/bestaat-niet', 'text/html', 'gzip'],
    ['with a query', '/blog?categorie=news', 'text/html', 'gzip'],
  ] as const) {
    test(`${label}: the second answer (fast path) has the first one's (full chain) headers and bytes`, async () => {
      const { app, logs } = testApp();
      const first = await request(app).get(path).set('Accept', accept).set('Accept-Encoding', encoding).buffer(true).parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      });
      const linesBefore = logs.length;
      const second = await request(app).get(path).set('Accept', accept).set('Accept-Encoding', encoding).buffer(true).parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      });
      assert.equal(second.status, first.status);
      assert.deepEqual(stable(second.headers), stable(first.headers));
      assert.ok(second.headers['x-request-id'], 'a request id');
      assert.deepEqual(second.body, first.body);
      const line = logs.slice(linesBefore).find((l) => l.msg === 'request completed');
      assert.equal((line?.req as { url?: string })?.url, path, 'one access line in the usual shape');
      assert.equal((line?.res as { statusCode?: number })?.statusCode, second.status);
    });
  }

  test('the Flight payload an HTML page names, by its id: the fast path answers as the full chain did', async () => {
    const { app } = testApp();
    const html = (await request(app).get('/over-ons').set('Accept-Encoding', 'identity').expect(200)).text;
    const id = /data-id="([^"]+)"/.exec(html)![1]!;
    const get = () =>
      request(app)
        .get(`/over-ons?_rsc=${id}`)
        .set('Accept-Encoding', 'gzip')
        .buffer(true)
        .parse((res, cb) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => cb(null, Buffer.concat(chunks)));
        });
    // The first gzip answer compresses it (the page handler, off the event loop); then it is ready.
    const first = await get();
    const second = await get();
    assert.equal(first.status, 200);
    assert.equal(first.headers.etag, `"${id}"`);
    assert.deepEqual(stable(second.headers), stable(first.headers));
    assert.deepEqual(second.body, first.body);
  });

  test('304 for a browser that has the page; HEAD without a body', async () => {
    const { app } = testApp();
    const first = await request(app).get('/over-ons').expect(200);
    await request(app).get('/over-ons').set('If-None-Match', String(first.headers.etag)).expect(304);
    const head = await request(app).head('/over-ons').expect(200);
    assert.equal(head.text, undefined);
  });

  test('never for what the cache does not hold exactly: a trailing slash, the debug view, a POST', async () => {
    const { app } = testApp({ debugView: true });
    await request(app).get('/over-ons').expect(200);
    await request(app).get('/over-ons/').expect(301);
    const debug = await request(app).get('/over-ons?debug').expect(200);
    assert.match(debug.headers['cache-control'] ?? '', /./);
    await request(app).post('/over-ons').set('Origin', 'http://localhost:3000').expect((res) => assert.notEqual(res.status, 200));
  });
});

describe('query parameters that do not shape a page', () => {
  test('tracking parameters neither render nor cache a page of their own, nor reach its links', async () => {
    const { app } = testApp();
    const plain = await request(app).get('/blog?categorie=news').expect(200);
    const tracked = await request(app).get('/blog?categorie=news&utm_source=nieuwsbrief&fbclid=abc&gclid=x1').expect(200);
    assert.equal(tracked.headers.etag, plain.headers.etag, 'the same cached page');
    assert.doesNotMatch(tracked.text, /utm_source|fbclid|gclid|nieuwsbrief/);
    for (let i = 0; i < 50; i++) await request(app).get(`/?utm_source=${i}`).expect(200);
    const home = await request(app).get('/').expect(200);
    const again = await request(app).get('/?utm_campaign=winter').expect(200);
    assert.equal(again.headers.etag, home.headers.etag);
  });
});

describe('redirects stay on this site', () => {
  for (const path of ['//evil.example/', '///evil.example/', '/\\evil.example/', '/nl//evil.example', '/en//evil.example/']) {
    test(`${JSON.stringify(path)} redirects to a path of this site, never to another host`, async () => {
      const { app } = testApp();
      const res = await request(app).get(path);
      assert.equal(res.status, 301);
      const location = String(res.headers.location);
      assert.match(location, /^\/(?![/\\])/, location);
      const flight = await request(app).get(`${path}${path.includes('?') ? '&' : '?'}_rsc=1`);
      const target = String(flight.headers['x-rsc-redirect'] ?? flight.headers.location ?? '');
      assert.match(target, /^\/(?![/\\])/, target);
    });
  }
});
