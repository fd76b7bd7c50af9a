// The figures the alert rules and the dashboard (deploy/) read that /metrics had no series for:
// readiness as /readyz answers it (joinus_ready, joinus_ready_check), and whether a content
// webhook's purge reached the other replicas (joinus_replica_purges_total). The purge counters
// start at 0 for every outcome, so a first failure is an increase Prometheus can see.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import pino from 'pino';
import request from 'supertest';
import type { RequestListener } from 'node:http';
import { connectSharedStore, KEY_PREFIX } from '../../../server/shared/shared-store';
import { expectErrorLines } from '../../support/error-guard';
import { parsePrometheusText, valueOf } from '../../support/prometheus-text';
import { startRedis } from '../../support/redis';
import { closedPortUrl, testApp } from '../../support/test-app';
import { until } from '../../support/until';
import { tempDir } from '../store/helpers/setup';

const SECRET = 'the-webhook-secret-0123456789';

async function figures(app: RequestListener) {
  return parsePrometheusText((await request(app).get('/metrics').expect(200)).text);
}

/** joinus_ready and each joinus_ready_check, beside what /readyz answered just before. */
async function readiness(app: RequestListener) {
  const readyz = await request(app).get('/readyz');
  const f = await figures(app);
  const checks = Object.fromEntries((f.get('joinus_ready_check')?.samples ?? []).map((s) => [s.labels.check, s.value]));
  return { readyz: { status: readyz.status, body: readyz.body as { status: string; checks?: Record<string, string> } }, ready: valueOf(f, 'joinus_ready'), checks };
}

test('joinus_ready is 1 exactly when /readyz answers 200, and joinus_ready_check is 1 for each of its checks that is ok', async (t) => {
  expectErrorLines('disk space low: new uploads are refused');
  let starting = true;
  let undelivered = { submissions: 0, mails: 0, oldestDays: null as number | null, warnAfterDays: 30, removedAfterDays: 90 };
  const { app } = testApp({ dataDir: tempDir(t), uploads: { maxBytes: 1024 * 1024, minFreeBytes: 1 }, health: { checkEveryMs: 0, starting: () => starting, undelivered: () => undelivered } });
  const whileStarting = await readiness(app);
  assert.equal(whileStarting.readyz.status, 503);
  assert.equal(whileStarting.ready, 0, 'starting: not ready');
  assert.deepEqual(whileStarting.checks, {}, 'nothing is checked while starting');

  starting = false;
  const up = await readiness(app);
  assert.equal(up.readyz.status, 200);
  assert.equal(up.ready, 1);
  assert.deepEqual(up.checks, { content: 1, disk: 1, undelivered: 1 });
  assert.deepEqual(up.readyz.body.checks, { content: 'ok', disk: 'ok', undelivered: 'ok' }, 'the same checks as /readyz');

  undelivered = { ...undelivered, submissions: 2, oldestDays: 31 };
  const late = await readiness(app);
  assert.equal(late.ready, 1, 'undelivered is a note: still ready');
  assert.equal(late.checks.undelivered, 0);

  // A disk below its floor: uploads stop, pages are served (200, disk-low).
  const low = testApp({ dataDir: tempDir(t), uploads: { maxBytes: 1024 * 1024, minFreeBytes: Number.MAX_SAFE_INTEGER }, health: { checkEveryMs: 0 } });
  const diskLow = await readiness(low.app);
  assert.equal(diskLow.readyz.body.status, 'disk-low');
  assert.equal(diskLow.ready, 1);
  assert.equal(diskLow.checks.disk, 0);
});

test('a content service that does not answer: /readyz 503 and joinus_ready 0, joinus_ready_check{check="content"} 0', async () => {
  const { app } = testApp({ strapiUrl: await closedPortUrl(), health: { checkEveryMs: 0 } });
  const down = await readiness(app);
  assert.equal(down.readyz.status, 503);
  assert.equal(down.readyz.body.status, 'content-unreachable');
  assert.equal(down.ready, 0);
  assert.equal(down.checks.content, 0);
});

test("the shared store's check, and the replica purges: ok while Redis answers, failed (purged here only) when it does not; every outcome counted from 0", async (t) => {
  expectErrorLines('content webhook: not handed to the other replicas; purged here only');
  const redis = await startRedis();
  let stopped = false;
  t.after(() => (stopped ? undefined : redis.stop()));
  const [storeA, storeB, probe] = [0, 1, 2].map(() => connectSharedStore(redis.url, pino({ level: 'silent' }), { commandDeadlineMs: 1_000 }));
  t.after(() => Promise.all([storeA!.close(), storeB!.close(), probe!.close()]));
  const a = testApp({ shared: storeA, webhookSecret: SECRET, health: { checkEveryMs: 0 } });
  const b = testApp({ shared: storeB, webhookSecret: SECRET, health: { checkEveryMs: 0 } });
  const purges = async () => {
    const f = await figures(a.app);
    return { ok: valueOf(f, 'joinus_replica_purges_total', { outcome: 'ok' }), failed: valueOf(f, 'joinus_replica_purges_total', { outcome: 'failed' }), proxyFailed: valueOf(f, 'joinus_proxy_purges_total', { outcome: 'failed' }) };
  };
  assert.deepEqual(await purges(), { ok: 0, failed: 0, proxyFailed: 0 }, 'from 0, before any purge');
  assert.equal((await readiness(a.app)).checks.shared, 1);

  let listeners = 0;
  for (let i = 0; i < 500 && listeners < 2; i++) {
    listeners = ((await probe!.command(['PUBSUB', 'NUMSUB', `${KEY_PREFIX}content-webhook`])) as [string, number])[1];
    if (listeners < 2) await new Promise((r) => setTimeout(r, 20));
  }
  assert.equal(listeners, 2, 'both replicas listen for purges');
  const webhook = () => request(a.app).post('/api/content-webhook').set('Authorization', `Bearer ${SECRET}`).send({ event: 'entry.update', model: 'global', entry: { id: 1, documentId: 'g' } }).expect(204);
  await webhook();
  assert.ok(await until(() => b.logs.some((l) => l.msg === 'content webhook: cache invalidated'), 10_000, 20), 'the other replica purged');
  assert.deepEqual(await purges(), { ok: 1, failed: 0, proxyFailed: 0 });

  await redis.stop();
  stopped = true;
  await webhook();
  assert.deepEqual(await purges(), { ok: 1, failed: 1, proxyFailed: 0 }, 'Redis away: purged on A only, counted as failed');
  const away = await readiness(a.app);
  assert.equal(away.checks.shared, 0);
  assert.equal(away.ready, 1, 'pages are still served: ready');
});
