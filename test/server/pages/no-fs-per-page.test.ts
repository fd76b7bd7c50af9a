// A page request never touches the file system: static files answer only under their own
// names (a stat per page, and the not-found error it makes, cost a quarter of a cached page).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';
import request from 'supertest';
import { testApp } from '../../support/test-app';

test('a cached page makes no stat; the favicon and the manifest are still files', async (t) => {
  const { app } = testApp();
  await request(app).get('/').expect(200);
  await request(app).get('/over-ons').expect(200);
  let stats = 0;
  const original = fs.stat;
  (fs as { stat: unknown }).stat = (...args: unknown[]) => {
    stats += 1;
    return (original as (...a: unknown[]) => unknown)(...args);
  };
  t.after(() => void ((fs as { stat: unknown }).stat = original));
  await request(app).get('/').expect(200);
  await request(app).get('/over-ons').expect(200);
  assert.equal(stats, 0, 'no stat for page requests');
  const icon = await request(app).get('/favicon.svg').expect(200);
  assert.match(String(icon.headers['content-type']), /svg/);
  assert.match(String(icon.headers['cache-control']), /max-age=86400/);
  await request(app).get('/manifest.webmanifest').expect(200);
  assert.ok(stats >= 2, 'the files themselves are read from disk');
});
