// Access lines carry the client address the rate limiters count: Express's `req.ip` under the
// app's `trust proxy` setting, for answers from the chain and from the render-cache fast path.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import request from 'supertest';
import { testApp } from '../../support/test-app';

const clientOf = (line: Record<string, unknown> | undefined) => (line?.req as { client?: string } | undefined)?.client;

test('access lines name the client behind a trusted proxy, from the chain and from the fast path alike', async () => {
  // The test app trusts loopback, where supertest connects from: its X-Forwarded-For is believed.
  const { app, logs } = testApp();
  const before = logs.length;
  await request(app).get('/over-ons').set('X-Forwarded-For', '203.0.113.7').expect(200);
  await request(app).get('/over-ons').set('X-Forwarded-For', '198.51.100.9').expect(200);
  await request(app).get('/bestaat/niet/zo').set('X-Forwarded-For', '203.0.113.8').expect(404);
  const lines = logs.slice(before).filter((l) => l.msg === 'request completed');
  assert.deepEqual(lines.map(clientOf), ['203.0.113.7', '198.51.100.9', '203.0.113.8']);
});

test('without a proxy header the client is the socket address', async () => {
  const { app, logs } = testApp();
  const before = logs.length;
  await request(app).get('/over-ons').expect(200);
  await request(app).get('/over-ons').expect(200);
  const lines = logs.slice(before).filter((l) => l.msg === 'request completed');
  assert.equal(lines.length, 2);
  for (const line of lines) assert.match(clientOf(line) ?? '', /127\.0\.0\.1|::1/);
});
