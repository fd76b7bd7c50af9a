// compose.yaml's Redis, run with compose's own arguments on a real redis-server: it answers no
// one without the password (anything else on the compose network could otherwise purge, change
// the rate limits or name another replica a payment's owner), and the replicas' client, with
// compose's SHARED_STORE_URL, counts, keeps records, publishes and hears with it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { test } from 'node:test';
import pino from 'pino';
import { connectSharedStore } from '../../server/shared/shared-store';
import { startRedis } from '../support/redis';
import { until } from '../support/until';

const COMPOSE = readFileSync(new URL('../../compose.yaml', import.meta.url), 'utf8');
const PASSWORD = 'a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5';

/** A service's block of compose.yaml: from its name to the next service at the same depth. */
const service = (name: string) => new RegExp(`^  ${name}:.*\\n((?:    .*\\n|\\s*\\n)*)`, 'm').exec(COMPOSE)?.[1] ?? '';
/** `${REDIS_PASSWORD}` and `${REDIS_PASSWORD:?...}` as compose fills them in from the environment. */
const filled = (text: string) => text.replace(/\$\{REDIS_PASSWORD(?::\?[^}]*)?\}/g, PASSWORD);

/** What Redis answers a client that sends one command without AUTH. */
function unauthenticated(port: number, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => socket.write(`${command}\r\n`));
    socket.once('data', (d) => (socket.destroy(), resolve(d.toString())));
    socket.once('error', reject);
  });
}

test("the class, compose's shared store answers only with the password: Redis from compose's own command refuses any command without it, and every replica's SHARED_STORE_URL carries it", async (t) => {
  const command = /^\s+command: (\[.*\])$/m.exec(service('redis'))?.[1];
  assert.ok(command, "the redis service's command");
  const args = (JSON.parse(filled(command)) as string[]).filter((a) => a !== 'redis-server');
  assert.ok(args.includes('--requirepass'), 'Redis requires a password');
  assert.match(command, /\$\{REDIS_PASSWORD:\?/, 'compose refuses to start without REDIS_PASSWORD');
  assert.match(service('redis'), /REDISCLI_AUTH: \$\{REDIS_PASSWORD\}/, 'the health check authenticates');
  assert.match(service('redis'), /grep -q PONG/, 'and counts only a PONG as healthy (redis-cli exits 0 on NOAUTH)');

  const redis = await startRedis({ password: PASSWORD, args });
  t.after(() => redis.stop());
  for (const sent of ['PING', 'FLUSHALL', 'SET joinus:record:payment-owner:tr_x http://elsewhere', 'KEYS *']) assert.match(await unauthenticated(redis.port, sent), /^-NOAUTH/, sent);

  const urls = ['site-1', 'site-2'].map((name) => /SHARED_STORE_URL: (\S+)/.exec(service(name))?.[1] ?? /SHARED_STORE_URL: (\S+)/.exec(COMPOSE)?.[1]);
  for (const [i, url] of urls.entries()) {
    assert.match(url ?? '', /^redis:\/\/:\$\{REDIS_PASSWORD\}@redis:6379$/);
    // The replica's own client, as compose configures it, against this Redis.
    const shared = connectSharedStore(filled(url!).replace('@redis:6379', `@127.0.0.1:${redis.port}`), pino({ level: 'silent' }), { commandDeadlineMs: 10_000 });
    t.after(() => shared.close());
    assert.equal(await shared.ping(), true);
    assert.equal(await shared.records.claim(`compose-test-${i}`, '1', 60_000), true);
    assert.equal(await shared.records.get(`compose-test-${i}`), '1');
    // The second connection (the published events) authenticates too.
    const heard: string[] = [];
    await shared.subscribe(`compose-test-${i}`, (m) => heard.push(m));
    await shared.publish(`compose-test-${i}`, 'hello');
    assert.ok(await until(() => heard.includes('hello'), 5_000), 'a publish is heard');
  }
  const withoutPassword = connectSharedStore(`redis://127.0.0.1:${redis.port}`, pino({ level: 'silent' }), { commandDeadlineMs: 2_000 });
  t.after(() => withoutPassword.close());
  assert.equal(await withoutPassword.ping(), false, 'a client without the password gets nothing');
});
