import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, test } from 'node:test';
import request from 'supertest';
import { testApp } from '../../support/test-app';

const { app, build, logs } = testApp();

describe('response headers', () => {
  test('the CSP allows scripts only from self and by hash, and every inline script matches a hash', async () => {
    const res = await request(app).get('/').expect(200);
    const csp = res.headers['content-security-policy'] as string;
    const scriptSrc = csp.split(';').find((d) => d.startsWith('script-src'))!;
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
    assert.match(scriptSrc, /'self'/);
    // Data blocks (Flight payload, JSON-LD) have a non-script type: browsers never run them.
    const executable = (attrs: string) => !/\bsrc=/.test(attrs) && !/type="(application\/(ld\+)?json|text\/x-component)"/.test(attrs);
    const inline = [...res.text.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)].filter((m) => executable(m[1]!)).map((m) => m[2]!);
    assert.ok(inline.length >= 2, 'the colour-mode and data-layer scripts are inline');
    for (const body of inline) {
      const hash = `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
      assert.ok(scriptSrc.includes(hash), `inline script not allowed by the CSP: ${body.slice(0, 60)}`);
    }
    assert.match(csp, /frame-ancestors 'none'/);
    assert.match(csp, /object-src 'none'/);
  });

  test('hardening headers are set and x-powered-by is not', async () => {
    const res = await request(app).get('/');
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.equal(res.headers['referrer-policy'], 'strict-origin-when-cross-origin');
    assert.equal(res.headers['x-powered-by'], undefined);
  });

  test('Permissions-Policy turns off camera, microphone, geolocation, payment and Topics, on rendered and fast-path answers alike', async () => {
    const rendered = await request(app).get('/contact').expect(200);
    const cached = await request(app).get('/contact').expect(200);
    assert.equal(cached.headers.etag, rendered.headers.etag, 'the second answer is the cached page');
    for (const res of [rendered, cached, await request(app).get('/assets/nope.js')]) {
      const policy = String(res.headers['permissions-policy']);
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'browsing-topics', 'usb']) assert.match(policy, new RegExp(`(^|, )${feature}=\\(\\)`), feature);
    }
  });

  test('each request gets an id, and a well-formed incoming id is kept', async () => {
    const a = await request(app).get('/healthz');
    assert.match(String(a.headers['x-request-id']), /^[0-9a-f-]{36}$/);
    const b = await request(app).get('/healthz').set('X-Request-Id', 'proxy-abc-12345');
    assert.equal(b.headers['x-request-id'], 'proxy-abc-12345');
  });

  test('HTML is compressed with brotli when accepted, else gzip', async () => {
    const br = await request(app).get('/').set('Accept-Encoding', 'br, gzip');
    assert.equal(br.headers['content-encoding'], 'br');
    const gz = await request(app).get('/').set('Accept-Encoding', 'gzip');
    assert.equal(gz.headers['content-encoding'], 'gzip');
  });

  test('build assets are immutable and served precompressed', async () => {
    const script = build.bootstrapScripts[0]!;
    const res = await request(app).get(script).set('Accept-Encoding', 'br').expect(200);
    assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(res.headers['content-encoding'], 'br');
    assert.match(String(res.headers['content-type']), /javascript/);
    const gz = await request(app).get(script).set('Accept-Encoding', 'gzip').expect(200);
    assert.equal(gz.headers['content-encoding'], 'gzip');
    await request(app).get('/assets/nope.js').expect(404);
    await request(app).get('/assets/..%2Fbuild.json').expect(404);
  });

  test('pages are cacheable by a CDN; errors are not', async () => {
    const ok = await request(app).get('/over-ons');
    assert.match(String(ok.headers['cache-control']), /s-maxage=\d+/);
    assert.match(String(ok.headers['cache-control']), /stale-while-revalidate=\d+/);
  });

  test('log lines carry the request id and never a personal field from the URL', async () => {
    await request(app).get('/over-ons?email=jan%40example.nl&name=Jan').set('X-Request-Id', 'log-check-0001');
    const line = logs.find((l) => (l.req as { id?: string } | undefined)?.id === 'log-check-0001');
    assert.ok(line, 'request was logged');
    const url = (line!.req as { url: string }).url;
    assert.doesNotMatch(url, /jan|Jan/);
    assert.match(url, /email=\[redacted\]/);
  });
});
