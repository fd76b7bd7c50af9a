// What compose.yaml must hold to start under every compose an operator may have, Debian's
// podman-compose 1.0.3 among them, found when npm run test:deploy first brought it up
// (scripts/test-deploy.mjs proves the whole deployment; these hold each class in a second):
// no interpolation that podman-compose leaves as text, no healthcheck it quotes into one that
// never passes, and a proxy that follows every replica to its new address after a restart.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { COMPOSE_VCL_OPTIONS } from '../../deploy/varnish/compose-vcl';

const FILES = ['compose.yaml', 'deploy/compose.debian.yaml'].map((name) => ({ name, text: readFileSync(new URL(`../../${name}`, import.meta.url), 'utf8') }));
const COMPOSE = FILES[0]!.text;
/** The lines that are not comments. */
const code = (text: string) => text.split('\n').filter((line) => !/^\s*#/.test(line));
/** A service's block of compose.yaml: from its name to the next service at the same depth. */
const service = (name: string) => new RegExp(`^  ${name}:.*\\n((?:    .*\\n|\\s*\\n)*)`, 'm').exec(COMPOSE)?.[1] ?? '';

test('the class, an interpolation podman-compose 1.0.3 leaves as text: no ${NAME:-} or ${NAME-} with an empty default, in any compose file', () => {
  for (const { name, text } of FILES) {
    const empty = code(text).filter((line) => /\$\{[A-Za-z_][A-Za-z0-9_]*:?-\}/.test(line));
    assert.deepEqual(empty, [], `${name}: write \${NAME} for an optional setting`);
  }
  // The neighbours that must stay: a default that is not empty, and a required one with its message.
  assert.match(COMPOSE, /\$\{HTTP_PORT:-3000\}/);
  assert.match(COMPOSE, /\$\{REDIS_PASSWORD:\?[^}]+\}/);
});

test('the class, a healthcheck podman-compose 1.0.3 quotes into one that never passes: every test in the shell form', () => {
  const tests = code(COMPOSE).filter((line) => /^\s+test:/.test(line));
  assert.ok(tests.length >= 3, `the healthchecks of cms, redis and db: ${tests.length} found`);
  for (const line of tests) assert.match(line, /^\s+test: \["CMD-SHELL", /, line.trim());
});

test('the class, a replica back at another address after a restart: Varnish follows every replica compose.vcl names, and every replica service is one', () => {
  const varnish = service('varnish');
  assert.match(varnish, /command: \["sh", "\/etc\/varnish\/follow-replicas.sh"\]/);
  assert.match(varnish, /\.\/deploy\/varnish\/follow-replicas\.sh:\/etc\/varnish\/follow-replicas\.sh:ro/);
  const followed = /REPLICA_HOSTS: (.+)/.exec(varnish)?.[1]?.trim().split(/\s+/) ?? [];
  const backends = COMPOSE_VCL_OPTIONS.backends.map((b) => b.host);
  assert.deepEqual(followed, backends, 'REPLICA_HOSTS names the backends of compose.vcl');
  const replicas = [...COMPOSE.matchAll(/^ {2}(site-\d+):/gm)].map((m) => m[1]);
  assert.deepEqual(replicas, backends, 'each replica service is a backend');
});
