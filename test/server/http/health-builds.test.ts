import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import request from 'supertest';
import { closedPortUrl, testApp } from '../../support/test-app';
import { startFakeContentService } from '../../support/fake-content-service';

const { app, build } = testApp();

describe('health, readiness and builds', () => {
  test('/healthz says the process is up', async () => {
    const res = await request(app).get('/healthz').expect(200);
    assert.deepEqual(res.body, { status: 'ok' });
  });

  test('/readyz is 200 when content answers; its counters are on /metrics, not here', async () => {
    const res = await request(app).get('/readyz').expect(200);
    assert.equal(res.body.status, 'ready');
    assert.deepEqual(Object.keys(res.body).sort(), ['checkedMsAgo', 'checks', 'status'], 'an operator sees the check, no counters');
  });

  test('/readyz is 503 starting until the startup renders are done, then ready', async () => {
    let starting = true;
    const site = testApp({ health: { starting: () => starting } });
    assert.deepEqual((await request(site.app).get('/readyz').expect(503)).body, { status: 'starting' });
    assert.equal((await request(site.app).get('/readyz').expect(503)).headers['cache-control'], 'no-store');
    starting = false;
    assert.equal((await request(site.app).get('/readyz').expect(200)).body.status, 'ready');
  });

  test('/readyz is 503 when the content service is unreachable', async () => {
    const down = testApp({ strapiUrl: await closedPortUrl() });
    const res = await request(down.app).get('/readyz').expect(503);
    assert.equal(res.body.status, 'content-unreachable');
  });

  test('100 /readyz requests ask the content service at most twice', async () => {
    const strapi = await startFakeContentService((req) => (req.path === '/api/i18n/locales' ? { json: [{ id: 1, code: 'nl', name: 'Dutch', isDefault: true }] } : { status: 404, json: {} }));
    const site = testApp({ strapiUrl: strapi.url });
    const pings = () => strapi.requests.filter((r) => r.path === '/api/i18n/locales').length;
    const before = pings();
    const answers = await Promise.all(Array.from({ length: 50 }, () => request(site.app).get('/readyz')));
    for (let i = 0; i < 50; i++) answers.push(await request(site.app).get('/readyz'));
    assert.deepEqual(new Set(answers.map((r) => r.status)), new Set([200]));
    assert.ok(pings() - before <= 2, `${pings() - before} content-service requests for 100 /readyz`);
    await strapi.down();
  });

  test('/readyz from a public address says ready or not per check, without counters', async () => {
    // Through the proxy on loopback (TRUST_PROXY): the visitor's own address counts.
    const res = await request(app).get('/readyz').set('X-Forwarded-For', '203.0.113.7').expect(200);
    assert.equal(res.body.status, 'ready');
    assert.equal(res.body.checks.content, 'ok');
    assert.deepEqual(Object.keys(res.body).sort(), ['checks', 'status']);
  });

  test('/readyz shows the age of its check to an operator: READY_TOKEN, or an address in OPERATOR_ADDRESSES', async () => {
    const site = testApp({ health: { readyToken: 'ready-token-0123456789', operatorAddresses: '198.51.100.0/24' } });
    const pub = () => request(site.app).get('/readyz').set('X-Forwarded-For', '203.0.113.7');
    assert.equal(typeof (await pub().set('Authorization', 'Bearer ready-token-0123456789').expect(200)).body.checkedMsAgo, 'number');
    assert.equal((await pub().set('Authorization', 'Bearer wrong-token-0123456789').expect(200)).body.checkedMsAgo, undefined);
    const fromOperator = await request(site.app).get('/readyz').set('X-Forwarded-For', '198.51.100.20').expect(200);
    assert.equal(typeof fromOperator.body.checkedMsAgo, 'number');
    // Loopback is no operator once the list names others.
    assert.equal((await request(site.app).get('/readyz').expect(200)).body.checkedMsAgo, undefined);
  });

  test('/builds/latest.json names the current build', async () => {
    const res = await request(app).get('/builds/latest.json').expect(200);
    assert.equal(res.body.id, build.id);
    assert.equal(typeof res.body.timestamp, 'number');
    assert.match(String(res.headers['cache-control']), /no-cache/);
  });

  test('/builds/meta/{id}.json carries the route rules; another id is 404', async () => {
    const res = await request(app).get(`/builds/meta/${build.id}.json`).expect(200);
    assert.deepEqual(res.body.routeRules['/home'], { redirect: { to: '/', statusCode: 301 } });
    assert.ok(Array.isArray(res.body.prerendered));
    await request(app).get('/builds/meta/000000000000.json').expect(404);
  });

  test('every page answer names the build it came from', async () => {
    const res = await request(app).get('/over-ons');
    assert.equal(res.headers['x-build-id'], build.id);
  });
});
