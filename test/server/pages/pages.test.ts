import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import request from 'supertest';
import { decodeFlightData } from '../../../src/framework/flight-data';
import { closedPortUrl, testApp } from '../../support/test-app';
import { debugViewEnabled, parseEnv } from '../../../server/env';

const { app } = testApp();

describe('page routes', () => {
  test('home answers 200 with HTML and the Flight payload in a data block', async () => {
    const res = await request(app).get('/').expect(200);
    assert.match(String(res.headers['content-type']), /^text\/html/);
    assert.match(res.text, /^<!DOCTYPE html><html lang="nl"/);
    assert.match(res.text, /<script type="text\/x-component" data-rsc>[0-9a-f]*:/);
    assert.match(res.text, /<\/script><\/body><\/html>$/);
  });

  test('the inline Flight data decodes to a well-formed Flight stream (each row parses, text rows keep their byte length)', async () => {
    for (const page of ['/', '/over-ons', '/blog/nieuwe-groep-in-geldermalsen']) {
      const html = (await request(app).get(page).expect(200)).text;
      const block = /<script type="text\/x-component" data-rsc>([^<]*)<\/script>/.exec(html);
      assert.ok(block, page);
      const bytes = Buffer.from(decodeFlightData(block[1]!), 'utf8');
      let at = 0;
      let rows = 0;
      while (at < bytes.length) {
        const colon = bytes.indexOf(':', at);
        assert.ok(colon > at - 1 && /^[0-9a-f]*$/.test(bytes.subarray(at, colon).toString()), `${page}: row id at ${at}`);
        if (bytes[colon + 1] === 0x54 /* T */) {
          const comma = bytes.indexOf(',', colon);
          const length = parseInt(bytes.subarray(colon + 2, comma).toString(), 16);
          at = comma + 1 + length; // a text row has no newline: its length says where it ends
        } else {
          const newline = bytes.indexOf('\n', colon);
          const body = bytes.subarray(colon + 1, newline).toString().replace(/^(HL|I)/, '');
          assert.doesNotThrow(() => JSON.parse(body), `${page}: row ${bytes.subarray(at, colon).toString()}`);
          at = newline + 1;
        }
        rows += 1;
      }
      assert.equal(at, bytes.length, page);
      assert.ok(rows > 10, `${page}: ${rows} rows`);
    }
  });

  test('/home redirects to / with 301', async () => {
    const res = await request(app).get('/home').expect(301);
    assert.equal(res.headers.location, '/');
  });

  test('/nl/... redirects to the unprefixed path', async () => {
    const res = await request(app).get('/nl/over-ons/faq').expect(301);
    assert.equal(res.headers.location, '/over-ons/faq');
  });

  test('a trailing slash redirects to the canonical path, query kept', async () => {
    const res = await request(app).get('/over-ons/?a=1').expect(301);
    assert.equal(res.headers.location, '/over-ons?a=1');
  });

  test('an unmatched path is a 404 with the spec text (in Dutch) and a link home', async () => {
    const res = await request(app).get('/bestaat/echt/niet').expect(404);
    assert.match(res.text, /Pagina niet gevonden: \/bestaat\/echt\/niet</);
    assert.match(res.text, /<a class="button button-primary" href="\/">Naar de homepage<\/a>/);
    assert.match(res.text, /<meta name="robots" content="noindex"\/>/);
  });

  test('under /en the 404 speaks English and leads to the English home page', async () => {
    const res = await request(app).get('/en/does-not-exist').expect(404);
    assert.match(res.text, /Page not found: \/en\/does-not-exist</);
    assert.match(res.text, /<h1>Sorry, this page is not \(or no longer\) available<\/h1>/);
    assert.match(res.text, /<a class="button button-primary" href="\/en">To the home page<\/a>/);
    assert.match(res.text, /<title>Page not found/);
  });

  test('the 404 text names the full path, query string included, whatever was cached before', async () => {
    await request(app).get('/nergens').expect(404);
    const withQuery = await request(app).get('/nergens?utm_source=mail&x=1').expect(404);
    assert.match(withQuery.text, /Pagina niet gevonden: \/nergens\?utm_source=mail&amp;x=1</);
    const en = await request(app).get('/en/nowhere?page=2').expect(404);
    assert.match(en.text, /Page not found: \/en\/nowhere\?page=2</);
    const detail = await request(app).get('/blog/geen-bericht?categorie=news').expect(404);
    assert.match(detail.text, /Pagina niet gevonden: \/blog\/geen-bericht\?categorie=news</);
    const plain = await request(app).get('/nergens').expect(404);
    assert.match(plain.text, /Pagina niet gevonden: \/nergens</);
  });

  test('a detail route with an unknown slug is a 404', async () => {
    await request(app).get('/blog/geen-bericht-met-deze-naam').expect(404);
    await request(app).get('/academy/geen-cursus').expect(404);
  });

  test('the catch-all serves content pages at any depth', async () => {
    await request(app).get('/over-ons').expect(200);
    await request(app).get('/eenzaamheid/eenzaamheid-op-school/voorkom-eenzaamheid-in-de-klas').expect(200);
  });

  test('/en is the English home', async () => {
    const res = await request(app).get('/en').expect(200);
    assert.match(res.text, /<html lang="en"/);
  });

  test('/doe-de-test/start renders in the doe-de-test layout (no site menu)', async () => {
    const res = await request(app).get('/doe-de-test/start').expect(200);
    assert.match(res.text, /class="test-header"/);
    assert.doesNotMatch(res.text, /class="site-header"/);
  });

  test('a Flight request answers the payload alone, with the same status', async () => {
    const ok = await request(app).get('/over-ons?_rsc=1').expect(200);
    assert.match(String(ok.headers['content-type']), /^text\/x-component/);
    assert.match(String(ok.headers.vary), /Accept/);
    assert.doesNotMatch(ok.text, /<!DOCTYPE/);
    await request(app).get('/nergens?_rsc=1').expect(404);
    await request(app).get('/over-ons').set('Accept', 'text/x-component').expect('content-type', /text\/x-component/);
  });

  test('a Flight request for a redirect gets the target in a header, not a followed redirect', async () => {
    const res = await request(app).get('/home?_rsc=1').expect(204);
    assert.equal(res.headers['x-rsc-redirect'], '/');
  });

  test('a query string past the limits is cut, never an error', async () => {
    const many = Array.from({ length: 1300 }, (_, i) => `p${i}=1`).join('&');
    await request(app).get(`/over-ons?${many}`).expect(200);
    await request(app).get('/over-ons?a[b][c][d][e][f][g][h]=1&x[30]=1').expect(200);
  });

  test('HEAD answers like GET without a body', async () => {
    const res = await request(app).head('/over-ons').expect(200);
    assert.equal(res.text, undefined);
  });

  test('an unexpected failure shows the error screen with status 500', async () => {
    const broken = testApp({ strapiUrl: await closedPortUrl() });
    const res = await request(broken.app).get('/over-ons').expect(500);
    assert.match(res.text, /<h1>Deze pagina is helaas niet \(meer\) beschikbaar<\/h1>/);
    assert.match(res.text, /<button type="submit" class="button button-primary">Naar de homepage<\/button>/);
    assert.equal(res.headers['cache-control'], 'no-store');
    assert.ok(broken.logs.some((l) => l.msg === 'page could not be resolved'));
  });
});

describe('debug view', () => {
  test('?debug shows route, build, content source and cache counters, and no secrets (DEBUG_VIEW on)', async () => {
    const { app, build } = testApp({ debugView: true });
    const res = await request(app).get('/over-ons?debug').expect(200);
    assert.match(res.text, /<aside class="debug-panel" aria-label="Debug">/);
    for (const text of ['slug', build.id, 'embedded snapshot', 'Cache hits']) assert.ok(res.text.includes(text), text);
    assert.doesNotMatch(res.text, /test-secret-for-forms|STRAPI_TOKEN|Bearer/);
    const plain = await request(app).get('/over-ons').expect(200);
    assert.doesNotMatch(plain.text, /debug-panel/);
  });

  test('off (production default): ?debug shows no build id or counters and is the same cached page', async () => {
    const { app, build } = testApp();
    const plain = await request(app).get('/over-ons').expect(200);
    const res = await request(app).get('/over-ons?debug').expect(200);
    assert.doesNotMatch(res.text, /debug-panel|Cache hits|embedded snapshot/);
    assert.ok(!res.text.includes(`>${build.id}<`), 'no build id shown');
    assert.equal(res.headers.etag, plain.headers.etag, 'the ordinary cached page');
  });

  test('DEBUG_VIEW: off in production unless set, on in development', () => {
    const prod = parseEnv({ NODE_ENV: 'production' });
    const prodOn = parseEnv({ NODE_ENV: 'production', DEBUG_VIEW: 'true' });
    const dev = parseEnv({ NODE_ENV: 'development' });
    const devOff = parseEnv({ NODE_ENV: 'development', DEBUG_VIEW: 'false' });
    assert.ok(prod.ok && prodOn.ok && dev.ok && devOff.ok);
    assert.equal(debugViewEnabled(prod.env), false);
    assert.equal(debugViewEnabled(prodOn.env), true);
    assert.equal(debugViewEnabled(dev.env), true);
    assert.equal(debugViewEnabled(devOff.env), false);
  });
});
