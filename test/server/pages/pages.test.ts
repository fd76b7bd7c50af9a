import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import request from 'supertest';
import { decodeFlightData } from '../../../src/framework/flight-data';
import { fakeClock } from '../../support/fake-clock';
import { closedPortUrl, testApp } from '../../support/test-app';
import { debugViewEnabled, parseEnv } from '../../../server/env';
import { oldStamp, ORIGIN, validContact } from '../forms/helpers';
import { expectErrorLines } from '../../support/error-guard';
import { startFakeContentService } from '../../support/fake-content-service';
import { strapiError } from '../../support/strapi-shapes';

const { app } = testApp();

describe('page routes', () => {
  test('home answers 200 with HTML that names its Flight payload in an empty data block, and its scripts for after the load event', async () => {
    const res = await request(app).get('/').expect(200);
    assert.match(String(res.headers['content-type']), /^text\/html/);
    assert.match(res.text, /^<!DOCTYPE html><html lang="nl"/);
    assert.match(res.text, /<script type="text\/x-component" data-rsc data-src="\/\?_rsc=([\w-]{22})" data-id="\1" data-layout="\/_layout\/default\/nl\/[\w-]{22}"><\/script><script type="application\/json" id="late-scripts">\["\/assets\/main\.[\w]+\.js"\]<\/script><script>\(function\(\)\{[^<]*addEventListener\('load',go\)\}\)\(\)<\/script><\/body><\/html>$/);
    // No script starts before the page has loaded: none in <head>, no preload of one.
    assert.doesNotMatch(res.text, /<script[^>]*\ssrc=/);
    assert.doesNotMatch(res.text, /<link[^>]*as="script"/);
  });

  test('the Flight payload an HTML page names is served at its address: the very payload that HTML was rendered from, with the page\'s cache policy', async () => {
    // Two renders of a page with a form differ (its stamp): each HTML must get its own payload.
    const { app } = testApp();
    for (const page of ['/', '/over-ons', '/blog/nieuwe-groep-in-geldermalsen', '/contact', '/locaties?age=16&postcode=4001AA&utm_source=x']) {
      const html = (await request(app).get(page).expect(200)).text;
      const [, src, id] = /data-src="([^"]+)" data-id="([^"]+)"/.exec(html) ?? [];
      assert.ok(src && id, page);
      const address = src.replace(/&amp;/g, '&');
      assert.equal(new URL(address, 'http://x').searchParams.get('_rsc'), id, `${page}: the id is in the address`);
      assert.doesNotMatch(address, /utm_source/, 'only the parameters that shape the page');
      const flight = await request(app).get(address).buffer(true).parse(bytes).expect(200);
      assert.match(String(flight.headers['content-type']), /^text\/x-component/);
      assert.equal(flight.headers.etag, `"${id}"`, page);
      assert.equal(flight.headers['cache-control'], 'public, max-age=0, s-maxage=60, stale-while-revalidate=600');
      wellFormedFlight(page, flight.body as Buffer);
      // The HTML it hydrates: what the payload renders is what the page shows.
      assert.ok((flight.body as Buffer).toString().includes('"build-id"'), page);
    }
  });

  test('a page rendered again (its form stamp is new) leaves each earlier HTML its own payload; an id nobody has gets the page as it is now, kept by no cache', async () => {
    // Pages live 50 ms here (on a clock the test moves); the payloads they named, ten minutes more.
    const clock = fakeClock();
    const { app, renderCache } = testApp({ cacheTtlMs: 50, now: clock.now });
    const idOf = (html: string) => /data-id="([^"]+)"/.exec(html)![1]!;
    const first = idOf((await request(app).get('/contact').expect(200)).text);
    clock.advance(80);
    const second = idOf((await request(app).get('/contact').expect(200)).text);
    assert.notEqual(first, second, 'two renders of a page with a stamped form differ');
    for (const id of [first, second]) {
      const named = await request(app).get(`/contact?_rsc=${id}`).expect(200);
      assert.equal(named.headers.etag, `"${id}"`, 'the payload that HTML was rendered from');
    }
    renderCache.clear();
    const gone = await request(app).get(`/contact?_rsc=${first}`).expect(200);
    assert.match(String(gone.headers['content-type']), /^text\/x-component/);
    assert.notEqual(gone.headers.etag, `"${first}"`, 'another payload, which the browser does not hydrate that HTML with');
    assert.equal(gone.headers['cache-control'], 'no-store');
    // The navigation marker is no id: a plain Flight answer, cached like the page.
    const navigation = await request(app).get('/contact?_rsc=1').expect(200);
    assert.equal(navigation.headers['cache-control'], 'public, max-age=0, s-maxage=60, stale-while-revalidate=600');
  });

  test('a page rendered for one request (a post without JavaScript, with its errors) carries its Flight payload inline, and it decodes to a well-formed Flight stream', async () => {
    const res = await request(app).post('/forms/contact').set('Origin', ORIGIN).type('form').send({ ...validContact, email: 'geen-adres', _page: '/contact', _ts: oldStamp() }).expect(422);
    assert.doesNotMatch(res.text, /data-src=/);
    const block = /<script type="text\/x-component" data-rsc data-layout="\/_layout\/default\/nl\/[\w-]{22}">([^<]*)<\/script>/.exec(res.text);
    assert.ok(block, 'inline block');
    wellFormedFlight('/contact (422)', Buffer.from(decodeFlightData(block[1]!), 'utf8'));
  });

  test('/home redirects to / with 301', async () => {
    const res = await request(app).get('/home').expect(301);
    assert.equal(res.headers.location, '/');
  });

  test('/nl/... redirects to the unprefixed path', async () => {
    const res = await request(app).get('/nl/over-ons/faq').expect(301);
    assert.equal(res.headers.location, '/over-ons/faq');
  });

  test('a Dutch address under /en/ goes to the English page when there is one, query kept; others stay 404', async () => {
    const pairs: Array<[string, string]> = [['/en/over-ons', '/en/about'], ['/en/over-ons?a=1', '/en/about?a=1'], ['/en/registreren', '/en/register'], ['/en/wachtwoord-vergeten', '/en/forgot-password']];
    for (const [from, to] of pairs) {
      const res = await request(app).get(from).expect(301);
      assert.equal(res.headers.location, to, from);
      await request(app).get(to.split('?')[0]!).expect(200);
    }
    await request(app).get('/en/bestaat-niet').expect(404);
    await request(app).get('/en/about').expect(200);
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

  test('the class, a content-service outage with nothing kept: a 503 to try again shortly, not the error screen', async () => {
    expectErrorLines('content service failed and nothing is cached for this key', 'content service keeps failing', 'page could not be resolved');
    const broken = testApp({ strapiUrl: await closedPortUrl() });
    const res = await request(broken.app).get('/over-ons').expect(503);
    assert.match(res.text, /<h1>Even niet bereikbaar<\/h1>/);
    assert.match(res.text, /Door een storing bij ons/);
    assert.equal(res.headers['retry-after'], '30');
    assert.equal(res.headers['cache-control'], 'no-store');
    assert.ok(broken.logs.some((l) => l.msg === 'page could not be resolved'));
  });

  for (const { status, answers, lines } of [
    { status: 502, answers: 503, lines: ['content service keeps failing'] },
    { status: 403, answers: 500, lines: ['request errored'] },
  ]) {
    test(`the class, a content-service failure: its own ${status} is ${answers === 503 ? 'an outage (503, try again)' : 'no outage: the error screen with status 500'}`, async () => {
      expectErrorLines('content service failed and nothing is cached for this key', 'page could not be resolved', ...lines);
      const strapi = await startFakeContentService(() => ({ status, json: strapiError(status, status === 403 ? 'ForbiddenError' : 'BadGatewayError', 'no') }));
      try {
        const broken = testApp({ strapiUrl: strapi.url });
        const res = await request(broken.app).get('/over-ons').expect(answers);
        assert.equal(res.headers['cache-control'], 'no-store');
        if (answers === 500) {
          assert.match(res.text, /<h1>Deze pagina is helaas niet \(meer\) beschikbaar<\/h1>/);
          assert.match(res.text, /<button type="submit" class="button button-primary">Naar de homepage<\/button>/);
          assert.equal(res.headers['retry-after'], undefined);
        } else assert.match(res.text, /<h1>Even niet bereikbaar<\/h1>/);
      } finally {
        await strapi.down();
      }
    });
  }
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

/** Supertest body parser that keeps the bytes as they came. */
function bytes(res: request.Response, cb: (err: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
}

/** Each row of a Flight stream parses; text rows keep their byte length. */
function wellFormedFlight(page: string, bytes: Buffer): void {
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
  assert.ok(rows > 5, `${page}: ${rows} rows`);
}
