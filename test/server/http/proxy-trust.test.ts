// A proxy in front that TRUST_PROXY does not trust is said loudly, once (in a
// container the default `loopback` never matches the bridge gateway the proxy comes from).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import express from 'express';
import request from 'supertest';
import { untrustedProxyWarning, type TrustFn } from '../../../server/http/proxy-trust';
import { memoryLog } from '../../support/test-app';

function appTrusting(setting: string) {
  const { lines, logger } = memoryLog();
  const app = express();
  app.set('trust proxy', setting);
  app.use(untrustedProxyWarning(app.get('trust proxy fn') as TrustFn, setting, logger));
  app.get('/', (req, res) => void res.send(`${req.ip} ${req.protocol}`));
  return { app, warnings: () => lines.filter((l) => l.level === 40) };
}

test('forwarded headers from an untrusted proxy: one warning naming the address and the fix', async () => {
  const { app, warnings } = appTrusting('10.0.0.2');
  const res = await request(app).get('/').set('X-Forwarded-For', '203.0.113.7').set('X-Forwarded-Proto', 'https').expect(200);
  assert.match(res.text, /127\.0\.0\.1 http$/, 'the proxy is not believed');
  await request(app).get('/').set('X-Forwarded-For', '203.0.113.8').expect(200);
  const lines = warnings();
  assert.equal(lines.length, 1, 'once per proxy address');
  assert.match(String(lines[0]!.msg), /TRUST_PROXY=10\.0\.0\.2 does not trust it: every visitor behind it shares its address .* Set TRUST_PROXY to its address or network \(TRUST_PROXY=127\.0\.0\.1\)/);
});

test('no warning for a trusted proxy, or for requests without forwarded headers', async () => {
  const trusted = appTrusting('loopback');
  const res = await request(trusted.app).get('/').set('X-Forwarded-For', '203.0.113.7').set('X-Forwarded-Proto', 'https').expect(200);
  assert.equal(res.text, '203.0.113.7 https');
  assert.equal(trusted.warnings().length, 0);
  const direct = appTrusting('10.0.0.2');
  await request(direct.app).get('/').expect(200);
  assert.equal(direct.warnings().length, 0);
});
