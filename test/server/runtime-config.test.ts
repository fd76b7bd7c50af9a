import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertTagManagerId } from '../../server/runtime-config';
import { parseEnv } from '../../server/env';

const SPEC_MISSING = 'googleTagManagerID is empty or not found in runtimeConfig public in nuxt.config.ts.';

test('the tag-manager id check uses the spec messages, then names our own setting', () => {
  assert.throws(() => assertTagManagerId(undefined), (e: Error) => e.message.split('\n')[0] === 'runtimeConfig not found in nuxt.config.ts' && /GTM_ID/.test(e.message));
  assert.throws(() => assertTagManagerId({}), (e: Error) => e.message.split('\n')[0] === 'public not found in runtimeConfig');
  assert.throws(() => assertTagManagerId({ public: {} }), (e: Error) => e.message.split('\n')[0] === SPEC_MISSING);
  assert.throws(() => assertTagManagerId({ public: { googleTagManagerID: '' } }), (e: Error) => e.message.split('\n')[0] === SPEC_MISSING);
  for (const bad of ['GTM-abc123', 'UA-12345', 'GTM-', 'gtm-ABC', 'GTM-AB C', 'G-12_3']) {
    assert.throws(() => assertTagManagerId({ public: { googleTagManagerID: bad } }), (e: Error) => e.message.startsWith(SPEC_MISSING) && e.message.includes(bad), bad);
  }
  for (const good of ['GTM-ABC1234', 'G-1A2B3C4D5E', 'GTM-JOINUS1']) assert.equal(assertTagManagerId({ public: { googleTagManagerID: good } }), good);
});

test('the environment has working defaults and refuses wrong values', () => {
  const ok = parseEnv({});
  assert.ok(ok.ok);
  if (ok.ok) {
    assert.equal(ok.env.PORT, 3000);
    assert.equal(ok.env.GTM_ID, 'GTM-JOINUS1');
    assert.equal(ok.env.STRAPI_URL, undefined);
    assert.equal(ok.env.STRAPI_VERSION, 'v5');
  }
  const empty = parseEnv({ GTM_ID: '' });
  assert.ok(empty.ok && empty.env.GTM_ID === '', 'an empty id stays empty, so startup fails on it');
  const bad = parseEnv({ PORT: 'abc', STRAPI_VERSION: 'v9', STRAPI_URL: 'not a url' });
  assert.ok(!bad.ok);
  if (!bad.ok) {
    assert.ok(bad.errors.some((e) => e.startsWith('PORT')));
    assert.ok(bad.errors.some((e) => e.startsWith('STRAPI_VERSION')));
    assert.ok(bad.errors.some((e) => e.startsWith('STRAPI_URL')));
  }
});

test('SHUTDOWN_DRAIN_PROBES needs a limit: SHUTDOWN_DRAIN_MS above 0 and under SHUTDOWN_TIMEOUT_MS, or startup names it', () => {
  for (const drain of ['0', '20000', '25000']) {
    const refused = parseEnv({ SHUTDOWN_DRAIN_PROBES: '2', SHUTDOWN_DRAIN_MS: drain });
    assert.equal(refused.ok, false, `SHUTDOWN_DRAIN_MS=${drain}`);
    if (!refused.ok) assert.match(refused.errors.join('\n'), /^SHUTDOWN_DRAIN_MS \(\d+\): with SHUTDOWN_DRAIN_PROBES/m);
  }
  assert.equal(parseEnv({ SHUTDOWN_DRAIN_PROBES: '2', SHUTDOWN_DRAIN_MS: '10000' }).ok, true);
  assert.equal(parseEnv({ SHUTDOWN_DRAIN_MS: '5000' }).ok, true, 'a fixed drain as before');
});
