import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseEnv } from '../../server/env';
import { hostOf, resolvePublicOrigin } from '../../server/public-origin';

const env = (vars: Record<string, string>) => {
  const parsed = parseEnv(vars);
  assert.ok(parsed.ok);
  return parsed.env;
};

test('without PUBLIC_ORIGIN the origin is this machine at the port the server listens on', () => {
  assert.equal(env({}).PUBLIC_ORIGIN, undefined, 'no built-in port 3000');
  assert.deepEqual(resolvePublicOrigin(env({ NODE_ENV: 'development' }), 4100), { origin: 'http://localhost:4100' });
  assert.deepEqual(resolvePublicOrigin(env({ NODE_ENV: 'test', HOST: '127.0.0.1' }), 4100), { origin: 'http://127.0.0.1:4100' });
  assert.equal(hostOf('0.0.0.0'), 'localhost');
  assert.equal(hostOf('::'), 'localhost');
  assert.equal(hostOf('::1'), '[::1]');
  assert.equal(hostOf('192.168.1.5'), '192.168.1.5');
});

test('in production a missing PUBLIC_ORIGIN is a warning that names the setting; the site still starts on its port', () => {
  const { origin, warning } = resolvePublicOrigin(env({ NODE_ENV: 'production' }), 3000);
  assert.equal(origin, 'http://localhost:3000');
  assert.match(warning!.message, /PUBLIC_ORIGIN is not set/);
  assert.match(warning!.fix, /PUBLIC_ORIGIN=https:\/\//);
});

test('a loopback PUBLIC_ORIGIN on another port than the server is a warning in every mode; a public one is not', () => {
  for (const NODE_ENV of ['production', 'development']) {
    const { origin, warning } = resolvePublicOrigin(env({ NODE_ENV, PUBLIC_ORIGIN: 'http://localhost:3000' }), 4100);
    assert.equal(origin, 'http://localhost:3000', 'the operator\'s setting is kept');
    assert.match(warning!.message, /listens on port 4100/, NODE_ENV);
    assert.match(warning!.fix, /PUBLIC_ORIGIN=http:\/\/localhost:4100/);
  }
  assert.deepEqual(resolvePublicOrigin(env({ PUBLIC_ORIGIN: 'http://127.0.0.1:4100/' }), 4100), { origin: 'http://127.0.0.1:4100' });
  assert.deepEqual(resolvePublicOrigin(env({ PUBLIC_ORIGIN: 'https://www.stichtingjoinus.nl' }), 3000), { origin: 'https://www.stichtingjoinus.nl' });
  assert.deepEqual(resolvePublicOrigin(env({ PUBLIC_ORIGIN: 'http://localhost' }), 80), { origin: 'http://localhost' });
});

test('PUBLIC_ORIGIN must be an http or https address', () => {
  const bad = parseEnv({ PUBLIC_ORIGIN: 'ftp://example.org' });
  assert.ok(!bad.ok && bad.errors.some((e) => e.startsWith('PUBLIC_ORIGIN')));
});
