import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import request from 'supertest';
import { closedPortUrl, testApp } from '../../support/test-app';

const { app, build } = testApp();

describe('health, readiness and builds', () => {
  test('/healthz says the process is up', async () => {
    const res = await request(app).get('/healthz').expect(200);
    assert.deepEqual(res.body, { status: 'ok' });
  });

  test('/readyz is 200 when content answers, with cache counters', async () => {
    const res = await request(app).get('/readyz').expect(200);
    assert.equal(res.body.status, 'ready');
    assert.equal(typeof res.body.cache.hits, 'number');
  });

  test('/readyz is 503 when the content service is unreachable', async () => {
    const down = testApp({ strapiUrl: await closedPortUrl() });
    const res = await request(down.app).get('/readyz').expect(503);
    assert.equal(res.body.status, 'content-unreachable');
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
