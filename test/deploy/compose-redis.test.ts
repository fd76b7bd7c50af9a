// compose.yaml's Redis, run with compose's own arguments on a real redis-server: the default user
// is off, so it answers no one without the password (anything else on the compose network could
// otherwise purge, change the rate limits or name another replica a payment's owner); the site's
// ACL user `joinus` may run only the commands the site sends, on its own keys and channels, and
// that rule is the one each replica checks at startup (SITE_ACL_RULE). Two replicas composed as
// production composes them, with compose's SHARED_STORE_URL, share a limit, a purge and render
// shares through it; compose's health check passes with the password and fails without it.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { test } from 'node:test';
import pino from 'pino';
import request from 'supertest';
import { connectSharedStore, KEY_PREFIX, SITE_ACL_RULE, type SharedStore } from '../../server/shared/shared-store';
import { ORIGIN, solvedCaptcha, validContact } from '../server/forms/helpers';
import { startRedis } from '../support/redis';
import { testApp } from '../support/test-app';
import { until } from '../support/until';

const COMPOSE = readFileSync(new URL('../../compose.yaml', import.meta.url), 'utf8');
const PASSWORD = 'a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5';
const ADMIN = 'the-tests-own-administrator-0123456789';
const SECRET = 'the-webhook-secret-0123456789';

/** A service's block of compose.yaml: from its name to the next service at the same depth. */
const service = (name: string) => new RegExp(`^  ${name}:.*\\n((?:    .*\\n|\\s*\\n)*)`, 'm').exec(COMPOSE)?.[1] ?? '';
/** `${REDIS_PASSWORD}` and `${REDIS_PASSWORD:?...}` as compose fills them in from the environment. */
const filled = (text: string) => text.replace(/\$\{REDIS_PASSWORD(?::\?[^}]*)?\}/g, PASSWORD);
/** The redis service's command: a flow list of quoted strings over one or more lines. */
const redisCommand = () => /^\s+command: (\[[^\]]*\])/m.exec(service('redis'))?.[1];

/** What Redis answers one command, sent after `auth` (`AUTH user password`) when given. */
function ask(port: number, command: string, auth?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => socket.write(`${auth ? `AUTH ${auth}\r\n` : ''}${command}\r\n`));
    let answer = '';
    socket.on('data', (d) => {
      answer += d.toString();
      const lines = answer.split('\r\n').filter(Boolean);
      if (lines.length < (auth ? 2 : 1)) return;
      socket.destroy();
      resolve(lines.at(-1)!);
    });
    socket.once('error', reject);
  });
}

test("the class, compose's shared store: the default user off, so nothing without the password; the site's user may run only SITE_ACL_RULE, which compose's command spells out; its password only from the environment", () => {
  const command = redisCommand();
  assert.ok(command, "the redis service's command");
  assert.match(command, /">\$\{REDIS_PASSWORD:\?set REDIS_PASSWORD/, 'the password from the environment, and compose refuses to start without it');
  assert.doesNotMatch(COMPOSE, /REDIS_PASSWORD[:=]\s*[0-9a-f]{16,}/, 'no password written into the file');
  const args = (JSON.parse(filled(command)) as string[]).filter((a) => a !== 'redis-server');
  assert.ok(!args.includes('--requirepass'), 'an ACL user, not the shared default password');
  const users = args.join(' ').split('--user ').slice(1).map((u) => u.trim().split(' '));
  assert.deepEqual(users.map((u) => u[0]), ['default', 'joinus']);
  assert.deepEqual(users[0], ['default', 'off', 'resetpass', 'nocommands'], 'the default user is off, without a password or a command');
  assert.deepEqual(users[1]!.slice(0, 3), ['joinus', 'on', `>${PASSWORD}`]);
  assert.deepEqual(users[1]!.slice(3), SITE_ACL_RULE, "the site's user: exactly the rule each replica checks at startup");
  assert.match(service('redis'), /REDISCLI_AUTH: \$\{REDIS_PASSWORD\}/, 'the health check authenticates');
  assert.match(service('redis'), /redis-cli --user joinus ping \| grep -q PONG/, 'as joinus, and counts only a PONG as healthy (redis-cli exits 0 on NOAUTH)');
  for (const name of ['site-1', 'site-2']) {
    const url = /SHARED_STORE_URL: (\S+)/.exec(service(name))?.[1] ?? /SHARED_STORE_URL: (\S+)/.exec(COMPOSE)?.[1];
    assert.equal(url, 'redis://joinus:${REDIS_PASSWORD}@redis:6379', `${name} logs in as joinus`);
  }
});

test("compose's Redis on a real redis-server: NOAUTH without the password, NOPERM for what the site does not do; two replicas with compose's URL pass the startup check and share a limit, a purge and render shares; the health check", async (t) => {
  const args = (JSON.parse(filled(redisCommand()!)) as string[]).filter((a) => a !== 'redis-server');
  // An administrator of the test's own (not in compose) to see who listens.
  const redis = await startRedis({ user: 'joinus', password: PASSWORD, args: [...args, '--user', 'admin', 'on', `>${ADMIN}`, '~*', '&*', '+@all'] });
  t.after(() => redis.stop());
  for (const sent of ['PING', 'FLUSHALL', 'SET joinus:record:payment-owner:tr_x http://elsewhere', 'KEYS *']) assert.match(await ask(redis.port, sent), /^-NOAUTH/, `${sent} without the password`);
  assert.match(await ask(redis.port, `AUTH default ${PASSWORD}`), /^-WRONGPASS/, 'the default user is off, also with the password');
  const joinus = `joinus ${PASSWORD}`;
  assert.equal(await ask(redis.port, 'PING', joinus), '+PONG');
  for (const sent of ['FLUSHALL', 'KEYS *', 'CONFIG GET requirepass', 'ACL LIST', 'SCRIPT FLUSH', 'SHUTDOWN', 'CLIENT LIST', 'MONITOR']) assert.match(await ask(redis.port, sent, joinus), /^-NOPERM/, `${sent} as joinus`);
  assert.match(await ask(redis.port, 'GET someone-else:key', joinus), /^-NOPERM.*keys/, 'keys outside joinus:*');
  assert.match(await ask(redis.port, 'PUBLISH someone-else "hi"', joinus), /^-NOPERM.*channels/, 'channels outside joinus:*');

  // Compose's health check, as the container runs it.
  const health = (env: Record<string, string>) => {
    try {
      execFileSync('sh', ['-c', `redis-cli -p ${redis.port} --user joinus ping | grep -q PONG`], { env: { PATH: process.env.PATH, ...env }, stdio: 'ignore' });
      return 'healthy';
    } catch {
      return 'unhealthy';
    }
  };
  assert.equal(health({ REDISCLI_AUTH: PASSWORD }), 'healthy');
  assert.equal(health({ REDISCLI_AUTH: 'wrong' }), 'unhealthy');
  assert.equal(health({}), 'unhealthy');

  const url = filled(/SHARED_STORE_URL: (\S+)/.exec(service('site-1'))![1]!).replace('@redis:6379', `@127.0.0.1:${redis.port}`);
  const stores: SharedStore[] = [];
  t.after(() => Promise.all(stores.map((s) => s.close())));
  const connect = () => {
    const s = connectSharedStore(url, pino({ level: 'silent' }), { commandDeadlineMs: 10_000 });
    stores.push(s);
    return s;
  };
  const [a, b] = [connect(), connect()];
  for (const s of [a, b]) assert.deepEqual(await s.checkAccess(10_000), { outcome: 'ok' }, "the replica's startup check with compose's URL");
  const [siteA, siteB] = [a, b].map((shared) => testApp({ shared, rateLimit: 3, renderRateLimit: 100, webhookSecret: SECRET }));

  // A limit across the two: three posts in all, wherever they land; the fourth is refused.
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) {
    const { app } = i % 2 === 0 ? siteA! : siteB!;
    const res = await request(app).post('/forms/contact').set('Origin', ORIGIN).set('Accept', 'application/json').type('form').send({ ...validContact, message: `Vraag ${i + 1} over de gedeelde grens`, altcha: await solvedCaptcha(app) });
    statuses.push(res.status);
  }
  assert.deepEqual(statuses, [200, 200, 200, 429], 'one budget of 3 for both replicas');

  // A purge: the webhook to A reaches B through Redis.
  const admin = connectSharedStore(`redis://admin:${ADMIN}@127.0.0.1:${redis.port}`, pino({ level: 'silent' }), { commandDeadlineMs: 10_000 });
  stores.push(admin);
  let listeners = 0;
  for (let i = 0; i < 500 && listeners < 2; i++) {
    listeners = ((await admin.command(['PUBSUB', 'NUMSUB', `${KEY_PREFIX}content-webhook`])) as [string, number])[1];
    if (listeners < 2) await new Promise((r) => setTimeout(r, 20));
  }
  assert.equal(listeners, 2, 'both replicas listen for purges');
  await request(siteA!.app).post('/api/content-webhook').set('Authorization', `Bearer ${SECRET}`).send({ event: 'entry.update', model: 'global', entry: { id: 1, documentId: 'g' } }).expect(204);
  const invalidated = (site: ReturnType<typeof testApp>) => site.logs.filter((l) => l.msg === 'content webhook: cache invalidated').length;
  assert.ok(await until(() => invalidated(siteB!) === 1, 10_000, 20), 'the other replica purged');
  assert.equal(invalidated(siteA!), 1);

  // Render shares (Lua on Redis: HMGET, HSET, PEXPIRE, HDEL, TIME) for a page rendered on each.
  await request(siteA!.app).get('/contact').expect(200);
  await request(siteB!.app).get('/over-ons').expect(200);
  const shares = (await admin.command(['KEYS', `${KEY_PREFIX}render-share:*`])) as string[];
  assert.ok(shares.length >= 1, `the render shares were counted in Redis: ${JSON.stringify(shares)}`);
  // Nothing fell back to counting in this process: every command was allowed.
  for (const site of [siteA!, siteB!]) {
    const fallbacks = site.logs.filter((l) => /in this process|did not answer|not handed to the other replicas|refused/.test(String(l.msg)));
    assert.deepEqual(fallbacks.map((l) => l.msg), []);
  }
});
