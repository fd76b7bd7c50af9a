// The shared store's settings and its absence: a replica set up without FORM_SECRET does not
// start; one whose Redis goes away keeps serving pages, keeps limiting posts in its own memory,
// and says so on /readyz, and takes up the shared store again when it is back.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { test } from 'node:test';
import request from 'supertest';
import pino from 'pino';
import { parseEnv, replicaUrlOf } from '../../../server/env';
import { connectSharedStore } from '../../../server/shared/shared-store';
import { POLL_MS, sharedRenderShares } from '../../../server/shared/render-shares';
import { startRedis } from '../../support/redis';
import { requireBuild } from '../../support/require-build';
import { freePort } from '../../support/spawn-server';
import { testApp } from '../../support/test-app';
import { ORIGIN, solvedCaptcha, validContact } from '../forms/helpers';

const REFUSAL = 'FORM_SECRET: required with SHARED_STORE_URL';
const silent = pino({ level: 'silent' });

test('SHARED_STORE_URL without FORM_SECRET is refused, naming the setting; with it, accepted', () => {
  const without = parseEnv({ SHARED_STORE_URL: 'redis://127.0.0.1:6379' });
  assert.equal(without.ok, false);
  assert.ok(!without.ok && without.errors.some((e) => e.startsWith(REFUSAL)), JSON.stringify(without));
  assert.equal(parseEnv({ SHARED_STORE_URL: 'redis://127.0.0.1:6379/2', FORM_SECRET: 'the-same-on-every-replica', HOST: '127.0.0.1' }).ok, true);
  assert.equal(parseEnv({ SHARED_STORE_URL: 'http://127.0.0.1:6379', FORM_SECRET: 'the-same-on-every-replica' }).ok, false, 'only redis:// or rediss://');
  assert.equal(parseEnv({}).ok, true, 'one process needs neither');
});

test("SHARED_STORE_URL on a HOST other replicas reach needs REPLICA_URL, this replica's own address; on loopback it is the listening port", () => {
  const shared = { SHARED_STORE_URL: 'redis://10.0.0.5:6379', FORM_SECRET: 'the-same-on-every-replica' };
  const without = parseEnv({ ...shared, HOST: '0.0.0.0' });
  assert.ok(!without.ok && without.errors.some((e) => e.startsWith('REPLICA_URL: required with SHARED_STORE_URL')), JSON.stringify(without));
  const named = parseEnv({ ...shared, HOST: '0.0.0.0', REPLICA_URL: 'http://site-1:3000/' });
  assert.ok(named.ok && replicaUrlOf(named.env, 3000) === 'http://site-1:3000', JSON.stringify(named));
  assert.equal(parseEnv({ ...shared, REPLICA_URL: 'ftp://site-1' }).ok, false, 'only http:// or https://');
  const loopback = parseEnv({ ...shared, HOST: '127.0.0.1' });
  assert.ok(loopback.ok && replicaUrlOf(loopback.env, 41234) === 'http://127.0.0.1:41234', JSON.stringify(loopback));
  assert.equal(parseEnv({ HOST: '0.0.0.0' }).ok, true, 'one process needs none');
});

test('the built server: refuses to start without FORM_SECRET; with it, /readyz shows the shared store, and SIGTERM exits 0', async (t) => {
  requireBuild();
  const redis = await startRedis();
  t.after(() => redis.stop());
  const run = (env: Record<string, string>) => {
    const child = spawn(process.execPath, ['dist/server/index.cjs'], {
      env: { PATH: process.env.PATH, NODE_ENV: 'production', HOST: '127.0.0.1', LOG_LEVEL: 'warn', RENDER_AHEAD: 'off', DATA_DIR: mkdtempSync(`${tmpdir()}/shared-`), ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c) => (stderr += c));
    return { child, exited: once(child, 'exit') as Promise<[number | null]>, stderr: () => stderr };
  };
  const refused = run({ PORT: '0', SHARED_STORE_URL: redis.url });
  const [code] = await refused.exited;
  assert.equal(code, 1);
  assert.match(refused.stderr(), /FORM_SECRET: required with SHARED_STORE_URL/);

  const port = await freePort();
  const started = run({ PORT: String(port), SHARED_STORE_URL: redis.url, FORM_SECRET: 'the-same-on-every-replica' });
  t.after(() => void started.child.kill('SIGKILL'));
  let ready: { checks?: Record<string, string> } = {};
  for (let i = 0; i < 100 && ready.checks?.shared !== 'ok'; i++) {
    ready = await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.json() as Promise<typeof ready>, () => ({}));
    if (ready.checks?.shared !== 'ok') await new Promise((r) => setTimeout(r, 100));
  }
  assert.equal(ready.checks?.shared, 'ok', JSON.stringify(ready));
  started.child.kill('SIGTERM');
  const [exit] = await started.exited;
  assert.equal(exit, 0, `a clean shutdown, the shared store closed: ${started.stderr()}`);
});

test('Redis away: pages are served, posts are still limited (in this process), /readyz says shared: not-ok with status 200; back: ok again', async (t) => {
  const redis = await startRedis();
  let stopped = false;
  t.after(() => (stopped ? undefined : redis.stop()));
  const shared = connectSharedStore(redis.url, silent);
  t.after(() => shared.close());
  const { app } = testApp({ shared, rateLimit: 3, renderRateLimit: 100, health: { checkEveryMs: 0 } });
  await request(app).get('/').expect(200);
  assert.equal((await request(app).get('/readyz').expect(200)).body.checks.shared, 'ok');

  await redis.stop();
  stopped = true;
  const started = performance.now();
  await request(app).get('/').expect(200);
  await request(app).get('/over-ons').expect(200);
  await request(app).get('/blog?pagina=2').expect((res) => assert.ok([200, 404].includes(res.status), `a page never rendered before: ${res.status}`));
  assert.ok(performance.now() - started < 5_000, 'no page waited long on the missing store');
  const statuses: number[] = [];
  for (let i = 0; i < 5; i++) {
    const res = await request(app).post('/forms/contact').set('Origin', ORIGIN).set('Accept', 'application/json').type('form').send({ ...validContact, message: `Vraag ${i + 1} terwijl Redis weg is`, altcha: await solvedCaptcha(app) });
    statuses.push(res.status);
  }
  assert.deepEqual(statuses, [200, 200, 200, 429, 429], 'the limit holds in this process');
  const down = await request(app).get('/readyz').expect(200);
  assert.equal(down.body.checks.shared, 'not-ok');
  assert.equal(down.body.status, 'ready', 'pages are served: the load balancer keeps the replica');

  const back = await startRedis({ port: redis.port });
  t.after(() => back.stop());
  let check = '';
  for (let i = 0; i < 60 && check !== 'ok'; i++) {
    check = (await request(app).get('/readyz')).body.checks.shared;
    if (check !== 'ok') await new Promise((r) => setTimeout(r, 100));
  }
  assert.equal(check, 'ok', 'reconnected by itself');
});

test('render shares across replicas: one render at a time per client, one share of render time in all', async (t) => {
  const redis = await startRedis();
  t.after(() => redis.stop());
  // Redis is up throughout: a command may take 10 s on a busy machine (250 ms ran out, and the
  // render was counted in this process instead).
  const [a, b] = [0, 1].map(() => connectSharedStore(redis.url, silent, { commandDeadlineMs: 10_000 }));
  t.after(() => Promise.all([a!.close(), b!.close()]));
  const settings = { share: 0.1, burstMs: 50 };
  const onA = sharedRenderShares(a!, settings, silent);
  const onB = sharedRenderShares(b!, settings, silent);
  // Redis's clock times the renders (a Lua script reads TIME): real time, bracketed here by
  // this process's readings around each call, so a busy machine moves the bounds, not the rule.
  const t0 = performance.now();
  assert.equal(await onA.start('client-1'), 0, 'a first render goes');
  const t1 = performance.now();
  assert.equal(await onB.start('client-1'), POLL_MS, 'the same client on the other replica waits for it');
  assert.equal(await onB.start('client-2'), 0, 'another client does not wait');
  await onB.finish('client-2');
  await new Promise((r) => setTimeout(r, 150));
  const t2 = performance.now();
  await onA.finish('client-1');
  const t3 = performance.now();
  const wait = await onB.start('client-1');
  const t4 = performance.now();
  // About 150 ms of rendering against 50 ms in hand (a hand holds no more than that): 100 ms
  // owed, earned back at a tenth of the clock, so about a second, on whichever replica it asks.
  // Exactly: (rendered - 50) / 0.1 + 1, less what came back between the finish and this ask.
  const [renderedMin, renderedMax] = [t2 - t1, t3 - t0];
  const [lo, hi] = [(renderedMin - 50) / 0.1 - (t4 - t2) - 20, (renderedMax - 50) / 0.1 + 20];
  assert.ok(renderedMin >= 149, 'the render took its 150 ms');
  assert.ok(wait >= lo && wait <= hi, `waits until it has render time again: ${wait} ms, between ${Math.round(lo)} and ${Math.round(hi)} (rendered ${Math.round(renderedMin)} to ${Math.round(renderedMax)} ms)`);
  assert.ok(wait >= 950, `at least the second the 100 ms owed take to earn back: ${wait} ms`);
});

test("render shares across replicas: a running render keeps its client's mark; one on a replica that died holds the client up for the mark's hold only", async (t) => {
  const redis = await startRedis();
  t.after(() => redis.stop());
  const [a, b, dying] = [0, 1, 2].map(() => connectSharedStore(redis.url, silent, { commandDeadlineMs: 10_000 }));
  t.after(() => Promise.all([a!.close(), b!.close()]));
  // Redis's clock and this process's renewal timer (every third of the hold) are real time: a
  // hold of 600 ms, so a renewal can be late by 400 ms on a busy machine and still hold.
  const settings = { share: 0.1, burstMs: 10_000, runningHoldMs: 600 };
  const onA = sharedRenderShares(a!, settings, silent);
  const onB = sharedRenderShares(b!, settings, silent);
  const onDying = sharedRenderShares(dying!, settings, silent);

  assert.equal(await onA.start('client-1'), 0);
  await new Promise((r) => setTimeout(r, 1_800));
  assert.equal(await onB.start('client-1'), POLL_MS, 'a render three holds long still holds its client: its replica renews the mark');
  await onA.finish('client-1');
  assert.equal(await onB.start('client-1'), 0, 'finished: the next render goes at once');
  await onB.finish('client-1');

  // kill -9 mid-render: the replica's connection is gone; nothing renews or finishes its render.
  assert.equal(await onDying.start('client-2'), 0);
  await dying!.close();
  const died = performance.now();
  assert.equal(await onB.start('client-2'), POLL_MS, 'held at first');
  // The mark was set or last renewed before the connection closed: no ask sent 600 ms after
  // that is held (when the answer comes back does not matter).
  let lastHeldAsk = died;
  for (let asked = performance.now(); (await onB.start('client-2')) !== 0; asked = performance.now()) {
    lastHeldAsk = asked;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  const heldMs = lastHeldAsk - died;
  assert.ok(heldMs < 600 + 5, `the client was held ${Math.round(heldMs)} ms after its replica died: the 600 ms hold only`);
  await onB.finish('client-2');
});
