// Replicas of the site on one real Redis (SHARED_STORE_URL), each composed as production
// composes it, each with its own connection: what one replica is told, or counts, or keeps, the
// others see. Without the shared store the same requests show why it is there.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import express from 'express';
import request from 'supertest';
import pino from 'pino';
import { createContentWebhook, type WebhookInvalidation, type WebhookPurge } from '../../../server/content/content-webhook';
import { fanOut } from '../../../server/shared/fan-out';
import { connectSharedStore, KEY_PREFIX, type SharedStore } from '../../../server/shared/shared-store';
import { setupDonations, type DonationSettings } from '../../../server/features/donations/donation-setup';
import { openDatabase } from '../../../server/store/database';
import { createSubmissionStore } from '../../../server/store/submissions';
import { variantPath } from '../../../src/routing/image-variants';
import { mediaLibraryResponder, snapshotResponder, startFakeContentService, type LibraryFile, type Responder } from '../../support/fake-content-service';
import { fakeUsersPermissions } from '../../support/fake-users-permissions';
import { startRedis } from '../../support/redis';
import { recordingSink, testApp, type TestAppOptions } from '../../support/test-app';
import { MAILS_PER_RECIPIENT } from '../../../server/forms/rate-limits';
import { oldStamp, ORIGIN, solvedCaptcha, stamps, validContact } from '../forms/helpers';
import { captureLogger, tempDir } from '../store/helpers/setup';

const SECRET = 'the-webhook-secret-0123456789';
let redis: Awaited<ReturnType<typeof startRedis>>;
const stores: SharedStore[] = [];

before(async () => {
  redis = await startRedis();
});
after(async () => {
  await Promise.all(stores.map((s) => s.close()));
  await redis.stop();
});

/** One replica's own connection to the shared store. */
function connect(): SharedStore {
  // Redis is up throughout: a command may take 10 s on a busy machine (250 ms ran out: a 500).
  const store = connectSharedStore(redis.url, pino({ level: 'silent' }), { commandDeadlineMs: 10_000 });
  stores.push(store);
  return store;
}

/** `n` replicas of the site on the shared store. */
function replicas(n: number, options: TestAppOptions = {}) {
  return Array.from({ length: n }, () => testApp({ ...options, shared: connect() }));
}

/** Until every replica listens for purges (each subscribes as it starts). */
async function listening(n: number) {
  const probe = connect();
  // Polled, not a fixed wait: up to 10 s on a busy machine, over as soon as they all listen.
  for (let i = 0; i < 500; i++) {
    const [, count] = (await probe.command(['PUBSUB', 'NUMSUB', `${KEY_PREFIX}content-webhook`])) as [string, number];
    if (count >= n) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  assert.fail(`not every replica listens for purges (${n} expected)`);
}

/** The committed snapshot as Strapi answers it; once `phone` is set, the global settings carry it. */
function editableGlobal(): { responder: Responder; setPhone(phone: string): void } {
  const snapshot = snapshotResponder();
  let phone: string | null = null;
  return {
    setPhone: (p) => void (phone = p),
    responder: async (req, incoming) => {
      const reply = await snapshot(req, incoming);
      const body = reply.json as { data?: Record<string, unknown> } | undefined;
      if (phone && req.path === '/api/global' && body?.data) return { ...reply, json: { ...body, data: { ...body.data, phone } } };
      return reply;
    },
  };
}

describe('replicas on one shared store', () => {
  test('a publish webhook to one replica changes the page on both; each purges once', async (t) => {
    const content = editableGlobal();
    const strapi = await startFakeContentService(content.responder);
    t.after(() => strapi.down());
    const [a, b] = replicas(2, { strapiUrl: strapi.url, webhookSecret: SECRET });
    await listening(2);
    for (const r of [a!, b!]) assert.doesNotMatch((await request(r.app).get('/contact').expect(200)).text, /href="tel:0345678910"/);
    content.setPhone('0345 67 89 10');
    // Cached on both: the edit shows nowhere until the webhook.
    for (const r of [a!, b!]) assert.doesNotMatch((await request(r.app).get('/contact').expect(200)).text, /href="tel:0345678910"/);

    await request(a!.app).post('/api/content-webhook').set('Authorization', `Bearer ${SECRET}`).send({ event: 'entry.update', model: 'global', entry: { id: 1, documentId: 'g', publishedAt: '2026-01-01T00:00:00.000Z' } }).expect(204);
    for (const [name, r] of [['the replica that got it', a!], ['the other replica', b!]] as const) {
      let text = '';
      for (let i = 0; i < 250 && !/href="tel:0345678910"/.test(text); i++) {
        text = (await request(r.app).get('/contact').expect(200)).text;
        if (!/href="tel:0345678910"/.test(text)) await new Promise((res) => setTimeout(res, 20));
      }
      assert.match(text, /href="tel:0345678910"/, `${name} shows the new phone number`);
      const purges = r.logs.filter((l) => l.msg === 'content webhook: cache invalidated');
      assert.equal(purges.length, 1, `${name} purged exactly once`);
    }
  });

  test("a photo replaced and announced to one replica: the other sends the old copy's address to the new version at once", async (t) => {
    const photo = { id: 7, documentId: 'replicaphoto000000000007', url: '/uploads/zomer_0a1b2c3d4e.jpg', mime: 'image/jpeg', width: 5312, height: 2988, size: 1720.4, updatedAt: '2025-06-01T10:00:00.000Z' };
    const files: LibraryFile[] = [{ record: photo, bytes: readFileSync('content/uploads/paardenbloemen_a5634d1ab5.jpg'), etag: '"z1"' }];
    const strapi = await startFakeContentService(mediaLibraryResponder(files));
    t.after(() => strapi.down());
    const [a, b] = replicas(2, { strapiUrl: strapi.url, webhookSecret: SECRET });
    await listening(2);
    const old = variantPath(photo, 320, 'jpg');
    await request(b!.app).get(old).expect(200);
    files[0]!.record = { ...photo, updatedAt: '2025-07-01T09:00:00.000Z' };
    const current = variantPath(files[0]!.record as typeof photo, 320, 'jpg');
    await request(a!.app).post('/api/content-webhook').set('Authorization', `Bearer ${SECRET}`).send({ event: 'media.update', media: { documentId: photo.documentId, url: photo.url } }).expect(204);
    let answer = await request(b!.app).get(old);
    for (let i = 0; i < 250 && answer.status !== 307; i++) {
      await new Promise((res) => setTimeout(res, 20));
      answer = await request(b!.app).get(old);
    }
    assert.equal(answer.status, 307, 'the old version is no longer served as the current one');
    assert.equal(answer.headers.location, current);
    await request(b!.app).get(current).expect(200);
  });

  test('three replicas: each applies a webhook once; the proxies in front are purged once, by the one that got it, after its own purge', async () => {
    const seen = [0, 1, 2].map(() => ({ applied: [] as string[], received: [] as string[] }));
    const apps = seen.map((log, i) => {
      const app = express();
      const purges = fanOut<WebhookPurge, WebhookInvalidation>(connect(), 'content-webhook', pino({ level: 'silent' }));
      const proxies = { purge: async (tags: readonly string[], reason: string) => void log.received.push(`${reason} (${tags.join(' ')}) after ${log.applied.length} purge(s) here`) };
      app.post('/api/content-webhook', createContentWebhook({ cache: null, secret: SECRET, logger: pino({ level: 'silent' }), fanOut: purges, onInvalidate: (c) => void log.applied.push(`${c.event} on ${i}`), proxies }));
      return app;
    });
    await listening(3);
    await request(apps[1]!).post('/api/content-webhook').set('X-Webhook-Secret', SECRET).send({ event: 'entry.publish', model: 'page', entry: { id: 1, documentId: 'pagina12345' } }).expect(204);
    for (let i = 0; i < 500 && seen.some((s) => s.applied.length === 0); i++) await new Promise((r) => setTimeout(r, 20));
    assert.deepEqual(seen.map((s) => s.applied), [['entry.publish on 0'], ['entry.publish on 1'], ['entry.publish on 2']]);
    assert.deepEqual(seen.map((s) => s.received), [[], ['entry.publish (col_pages col_navigation doc_pagina12345 many) after 1 purge(s) here'], []]);
  });

  test('30 form posts spread over three replicas meet one limit; without the shared store each replica counts its own', async () => {
    const LIMIT = 10;
    const send = async (apps: Array<ReturnType<typeof testApp>>) => {
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) {
        const app = apps[i % apps.length]!.app;
        const res = await request(app).post('/forms/contact').set('Origin', ORIGIN).set('Accept', 'application/json').type('form').send({ ...validContact, message: `Vraag nummer ${i + 1} aan de stichting`, altcha: await solvedCaptcha(app) });
        statuses.push(res.status);
      }
      return statuses;
    };
    const shared = await send(replicas(3, { rateLimit: LIMIT }));
    assert.equal(shared.filter((s) => s === 200).length, LIMIT, `one budget of ${LIMIT} for all three: ${shared.join(' ')}`);
    assert.equal(shared.filter((s) => s === 429).length, 30 - LIMIT);
    const apart = await send(Array.from({ length: 3 }, () => testApp({ rateLimit: LIMIT })));
    assert.equal(apart.filter((s) => s === 200).length, 30, 'per replica: three budgets, all 30 taken');
  });

  test("one client's wrong log-in tries spread over two replicas meet one per-client limit", async (t) => {
    const fake = fakeUsersPermissions('v4');
    const content = snapshotResponder();
    const strapi = await startFakeContentService((req, incoming) => (fake.handles(req.path) ? fake.responder(req, incoming) : content(req, incoming)));
    t.after(() => strapi.down());
    const [a, b] = replicas(2, { strapiUrl: strapi.url, accountLimits: { windowMs: 60_000, perAddress: 5, perIp: 4 } });
    const guess = (r: ReturnType<typeof testApp>, i: number) =>
      request(r.app).post('/forms/login').set('Origin', ORIGIN).set('X-Forwarded-For', '198.51.100.99').type('form').send({ _page: '/login', _locale: 'nl', _ts: oldStamp(), website: '', email: `iemand${i}@example.org`, password: 'x' });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await guess(i % 2 === 0 ? a! : b!, i)).status);
    assert.deepEqual(statuses, [422, 422, 422, 422, 429, 429], 'four wrong tries in all, then refused on either replica');
  });

  test('a session logged out on one replica is refused on the other', async (t) => {
    const fake = fakeUsersPermissions('v4');
    const content = snapshotResponder();
    const strapi = await startFakeContentService((req, incoming) => (fake.handles(req.path) ? fake.responder(req, incoming) : content(req, incoming)));
    t.after(() => strapi.down());
    const [a, b] = replicas(2, { strapiUrl: strapi.url });
    const form = (r: ReturnType<typeof testApp>, name: string, fields: Record<string, string>) =>
      request(r.app).post(`/forms/${name}`).set('Origin', ORIGIN).type('form').send({ _page: '/login', _locale: 'nl', _ts: oldStamp(), website: '', ...fields });
    await form(a!, 'register', { username: 'anna', email: 'anna@example.org', password: 'Geheim123!', passwordConfirmation: 'Geheim123!' }).expect(303);
    const login = await form(a!, 'login', { email: 'anna@example.org', password: 'Geheim123!' }).expect(303);
    const cookie = ([] as string[]).concat(login.headers['set-cookie'] ?? []).find((c) => /^joinus_session=[\w-]+~jwt/.test(c))!.split(';')[0]!;
    await request(b!.app).get('/account').set('Cookie', cookie).expect(200);
    await request(a!.app).post('/account/uitloggen').set('Origin', ORIGIN).set('Cookie', cookie).type('form').send({ _locale: 'nl' }).expect(303);
    const refused = await request(b!.app).get('/account').set('Cookie', cookie).expect(302);
    assert.match(refused.headers.location!, /^\/login\?terug=/);
  });

  test("the confirm step across replicas: a question's spent stamp is spent on every replica; confirmations per address and mails per recipient meet one budget", async (t) => {
    t.mock.timers.enable({ apis: ['Date'], now: Date.now() });
    const rec = recordingSink();
    const [a, b] = replicas(2, { sink: rec.sink, rateLimitWithoutCaptcha: 2 });
    const send = (r: ReturnType<typeof testApp>, stamp: string, message = 'Snel ingevuld.') =>
      request(r.app).post('/forms/contact').set('Origin', ORIGIN).set('X-Forwarded-For', '198.51.100.98').type('form').send({ ...validContact, message, _page: '/contact', _ts: stamp });
    const stampIn = (html: string) => /name="_ts" value="([^"]+)"/.exec(html)?.[1] ?? '';
    const askAndConfirm = async (r: ReturnType<typeof testApp>, message: string) => {
      const asked = stampIn((await send(r, stamps.stamp(), message).expect(200)).text);
      t.mock.timers.tick(3_000);
      return { stamp: asked, status: (await send(r, asked, message)).status };
    };
    const first = await askAndConfirm(a!, 'een');
    assert.equal(first.status, 303);
    assert.match((await send(b!, first.stamp, 'een').expect(200)).text, /verstuur het formulier nog een keer/, 'spent on A, spent on B');
    assert.equal((await askAndConfirm(b!, 'twee')).status, 303);
    assert.equal((await askAndConfirm(a!, 'drie')).status, 429, 'the third confirmation of the address, whichever replica');
    assert.equal(rec.saved.length, 2);
    // Mails to one recipient, from as many clients over both replicas: one budget.
    for (let i = 0; i < MAILS_PER_RECIPIENT + 1; i++) {
      const r = i % 2 ? b! : a!;
      await request(r.app).post('/forms/contact').set('Origin', ORIGIN).set('X-Forwarded-For', `203.0.113.${100 + i}`).set('Accept', 'application/json').type('form').send({ ...validContact, email: 'een@example.nl', altcha: await solvedCaptcha(r.app) }).expect(200);
    }
    assert.deepEqual(rec.notified.slice(2).map((n) => n.confirm), [...Array(MAILS_PER_RECIPIENT).fill(true), false]);
  });

  test('a solved captcha counts once across replicas', async () => {
    const [a, b] = replicas(2);
    const altcha = await solvedCaptcha(a!.app);
    const post = (r: ReturnType<typeof testApp>) => request(r.app).post('/forms/contact').set('Origin', ORIGIN).set('Accept', 'application/json').type('form').send({ ...validContact, altcha });
    assert.equal((await post(a!)).status, 200);
    const again = await post(b!);
    assert.notEqual(again.status, 200, 'the same solution on the other replica is refused');
  });

  test('a test payment started on one replica is paid on another, and the first reads it paid', async (t) => {
    const settings: DonationSettings = { mollieMethods: ['ideal'], mollieCheckoutOrigin: 'https://www.mollie.com', testCheckoutEnabled: false, nodeEnv: 'production' };
    const { logger } = captureLogger();
    // Each replica keeps its donations in a store of its own: `b` has no record of this one.
    const [a, b] = [0, 1].map(() => {
      const dir = tempDir(t);
      const db = openDatabase(dir);
      t.after(() => db.close());
      const sink = { save: createSubmissionStore(db).save, notify: () => undefined };
      return testApp({ dataDir: dir, sink, shared: connect(), donations: (s, publicOrigin, records) => setupDonations(settings, { db, sink: s, publicOrigin, logger, records }) });
    });
    const valid = { firstname: 'Eva', lastname: 'Smit', email: 'eva@example.nl', amount: 'other', amountOther: '12,34', frequency: 'once', terms: 'on', _page: '/doneren', _locale: 'nl' };
    const started = await request(a!.app).post('/forms/donation').set('Origin', ORIGIN).set('Accept', 'application/json').type('form').send({ ...valid, _sid: 'sid-replicas-1', altcha: await solvedCaptcha(a!.app) }).expect(200);
    const checkout = new URL((started.body as { redirect: string }).redirect, ORIGIN).pathname;

    const page = await request(b!.app).get(checkout).expect(200);
    assert.match(page.text, /€ 12,34/, 'the other replica shows the payment');
    const back = await request(b!.app).post(checkout).set('Origin', ORIGIN).type('form').send({ outcome: 'paid' }).expect(303);
    const status = new URL(back.headers.location ?? '', ORIGIN);
    const thanks = await request(a!.app).get(status.pathname + status.search).expect(200);
    assert.match(thanks.text, /Dank je wel!/, 'the replica that took the donation reads the payment paid');
  });

  test('with no shared store a test payment is only known where it was made', async (t) => {
    const settings: DonationSettings = { mollieMethods: ['ideal'], mollieCheckoutOrigin: 'https://www.mollie.com', testCheckoutEnabled: false, nodeEnv: 'production' };
    const dir = tempDir(t);
    const db = openDatabase(dir);
    t.after(() => db.close());
    const { logger } = captureLogger();
    const options: TestAppOptions = { dataDir: dir, donations: (s, publicOrigin, records) => setupDonations(settings, { db, sink: s, publicOrigin, logger, records }) };
    const [a, b] = [testApp(options), testApp(options)];
    const valid = { firstname: 'Eva', lastname: 'Smit', email: 'eva@example.nl', amount: '25', frequency: 'once', terms: 'on', _page: '/doneren', _locale: 'nl' };
    const started = await request(a.app).post('/forms/donation').set('Origin', ORIGIN).set('Accept', 'application/json').type('form').send({ ...valid, _sid: 'sid-replicas-2', altcha: await solvedCaptcha(a.app) }).expect(200);
    await request(b.app).get(new URL((started.body as { redirect: string }).redirect, ORIGIN).pathname).expect(404);
  });
});
