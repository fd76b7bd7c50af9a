// Pages ask the content service in a way the content cache can keep: no query that changes
// with the clock (a key per millisecond is a request per visit, and nothing to serve when the
// content service is down).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import request from 'supertest';
import { snapshotResponder, startFakeContentService } from '../../support/fake-content-service';
import { testApp } from '../../support/test-app';

test('rendering the home page again asks the content service nothing new, the coming event included', async (t) => {
  const strapi = await startFakeContentService(snapshotResponder());
  t.after(() => strapi.down());
  const { app } = testApp({ strapiUrl: strapi.url, debugView: true });
  await request(app).get('/').expect(200);
  const first = strapi.requests.length;
  assert.ok(strapi.requests.some((r) => r.path === '/api/events'), 'the updates block asks for the coming event');
  // A second render (the render cache bypassed by a different query) must be served from the content cache.
  await new Promise((r) => setTimeout(r, 5));
  await request(app).get('/?debug').expect(200);
  const again = strapi.requests.slice(first).map((r) => `${r.path}?${decodeURIComponent(r.query)}`);
  assert.deepEqual(again, [], 'no new content request');
});
