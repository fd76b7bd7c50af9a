import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import express from 'express';
import request from 'supertest';
import { createContentWebhook, type WebhookInvalidation } from '../../../server/content/content-webhook';
import { createContentClient } from '../../../src/content/client';
import { parseContentSettings } from '../../../src/content/settings';
import { captureLogger } from '../../content/helpers/logger';
import { startFakeContentService, type FakeContentService } from '../../support/fake-content-service';
import { list } from '../../support/strapi-shapes';

const SECRET = 's3cret-webhook-value';
const servers: FakeContentService[] = [];
after(() => Promise.all(servers.map((s) => s.down())));

async function setup(options: { secret?: string } = { secret: SECRET }) {
  const { secret } = options;
  let version = 1;
  const upstream = await startFakeContentService((req) => ({ json: req.path.startsWith('/api/navigation') ? [] : list([{ id: 1, documentId: 'd', title: `v${version}` }]) }));
  servers.push(upstream);
  const { logger } = captureLogger();
  const client = createContentClient({ settings: parseContentSettings({ url: upstream.url }), logger });
  const changes: WebhookInvalidation[] = [];
  const app = express();
  app.post('/api/content-webhook', createContentWebhook({ cache: client.cache, secret, logger, onInvalidate: (c) => changes.push(c) }));
  const bump = () => {
    version += 1;
  };
  return { app, client, upstream, changes, bump };
}

const entry = (event: string, model: string) => ({ event, model, createdAt: '2025-05-01T10:00:00.000Z', entry: { id: 1, documentId: 'd' } });

describe('content webhook', () => {
  for (const event of ['entry.create', 'entry.update', 'entry.delete', 'entry.publish', 'entry.unpublish']) {
    test(`${event} with the secret drops the collection: the next read goes upstream`, async () => {
      const { app, client, upstream, bump } = await setup();
      assert.equal((await client.find('pages')).data[0]?.title, 'v1');
      bump();
      assert.equal((await client.find('pages')).data[0]?.title, 'v1', 'cached before the webhook');
      await request(app).post('/api/content-webhook').set('Authorization', `Bearer ${SECRET}`).send(entry(event, 'page')).expect(204);
      assert.equal((await client.find('pages')).data[0]?.title, 'v2');
      assert.equal(upstream.requests.length, 2);
    });
  }

  test('a model named after an Object.prototype property is an unknown model: everything dropped, no crash', async () => {
    const { app, client, upstream } = await setup();
    for (const model of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'api::x.constructor']) {
      await client.find('pages');
      await request(app).post('/api/content-webhook').set('Authorization', `Bearer ${SECRET}`).send(entry('entry.update', model)).expect(204);
    }
    assert.equal(upstream.requests.length, 5, 'each time the cache was dropped, so each read went upstream');
  });

  test('X-Webhook-Secret works too, and only what the model affects is dropped', async () => {
    const { app, client, upstream, changes } = await setup();
    await client.find('blog-posts');
    await client.find('vacancies');
    await request(app).post('/api/content-webhook').set('X-Webhook-Secret', SECRET).send(entry('entry.update', 'blog-post')).expect(204);
    await client.find('blog-posts');
    await client.find('vacancies');
    assert.deepEqual(upstream.requests.map((r) => r.path), ['/api/blog-posts', '/api/vacancies', '/api/blog-posts']);
    assert.deepEqual(changes, [{ event: 'entry.update', model: 'blog-post', dropped: 1, all: false, tags: ['col_blog-posts', 'doc_d', 'many'] }]);
  });

  test('a page change also drops the menus; media drops everything', async () => {
    const { app, client, upstream } = await setup();
    await client.menu('primary', { locale: 'nl', type: 'TREE' });
    await client.find('vacancies');
    await request(app).post('/api/content-webhook').set('X-Webhook-Secret', SECRET).send(entry('entry.publish', 'page')).expect(204);
    await client.menu('primary', { locale: 'nl', type: 'TREE' });
    await client.find('vacancies');
    assert.equal(upstream.requests.length, 3);
    await request(app).post('/api/content-webhook').set('X-Webhook-Secret', SECRET).send({ event: 'media.update', media: { id: 3 } }).expect(204);
    await client.find('vacancies');
    assert.equal(upstream.requests.length, 4);
  });

  test('a saved draft (publishedAt null) drops nothing and names no tags: every rendered page stays', async () => {
    const { app, client, upstream, changes } = await setup();
    await client.find('blog-posts');
    await client.menu('primary', { locale: 'nl', type: 'TREE' });
    for (const event of ['entry.update', 'entry.create']) {
      await request(app).post('/api/content-webhook').set('X-Webhook-Secret', SECRET).send({ event, model: 'blog-post', entry: { id: 22, documentId: 'd', title: 'Concept', publishedAt: null } }).expect(204);
    }
    await client.find('blog-posts');
    await client.menu('primary', { locale: 'nl', type: 'TREE' });
    assert.equal(upstream.requests.length, 2, 'both answers still cached');
    assert.deepEqual(changes.map((c) => [c.event, c.dropped, c.unchanged, c.tags]), [
      ['entry.update', 0, 'a draft: nothing public changed', []],
      ['entry.create', 0, 'a draft: nothing public changed', []],
    ]);
    // Publishing it does drop the collection; a menu item (no drafts: publishedAt set) drops the menus.
    await request(app).post('/api/content-webhook').set('X-Webhook-Secret', SECRET).send({ event: 'entry.publish', model: 'blog-post', entry: { id: 23, documentId: 'd', publishedAt: '2026-01-01T00:00:00.000Z' } }).expect(204);
    await request(app).post('/api/content-webhook').set('X-Webhook-Secret', SECRET).send({ event: 'entry.update', model: 'navigation-item', entry: { id: 5, publishedAt: '2026-01-01T00:00:00.000Z' } }).expect(204);
    await client.find('blog-posts');
    await client.menu('primary', { locale: 'nl', type: 'TREE' });
    assert.equal(upstream.requests.length, 4);
  });

  test('an upload drops nothing; an edited file (alt text) drops only the answers that show it, by documentId or address, and names no tags', async () => {
    const file = { id: 59, documentId: 'vl84njkrk7laz8e3ekypt4v9', url: '/uploads/red_570c1a7c20.png', alternativeText: 'rood' };
    const upstream = await startFakeContentService((req) => ({
      json: req.path === '/api/blog-posts' ? list([{ id: 1, documentId: 'b', cover: file }]) : req.path === '/api/pages' ? list([{ id: 2, documentId: 'p', body: 'Zie /uploads/red_570c1a7c20.png' }]) : list([{ id: 3, documentId: 'v', title: 'geen foto' }]),
    }));
    servers.push(upstream);
    const { logger } = captureLogger();
    const client = createContentClient({ settings: parseContentSettings({ url: upstream.url }), logger });
    const changes: WebhookInvalidation[] = [];
    const app = express();
    app.post('/api/content-webhook', createContentWebhook({ cache: client.cache, secret: SECRET, logger, onInvalidate: (c) => changes.push(c) }));
    const readAll = () => Promise.all(['blog-posts', 'pages', 'vacancies'].map((c) => client.find(c)));
    await readAll();
    await request(app).post('/api/content-webhook').set('X-Webhook-Secret', SECRET).send({ event: 'media.create', media: { ...file, id: 60, documentId: 'newnewnewnewnewnewnewnew', url: '/uploads/new_1.png' } }).expect(204);
    await readAll();
    assert.equal(upstream.requests.length, 3, 'an upload: everything still cached');
    await request(app).post('/api/content-webhook').set('X-Webhook-Secret', SECRET).send({ event: 'media.update', media: { ...file, alternativeText: 'rood vierkant' } }).expect(204);
    await readAll();
    assert.deepEqual(upstream.requests.slice(3).map((r) => r.path).sort(), ['/api/blog-posts', '/api/pages'], 'the two answers showing the file, not the vacancies');
    assert.ok(changes.every((c) => c.tags.length === 0), 'no tags: the rendered pages that show the file go, the others stay');
    assert.deepEqual(changes.map((c) => [c.event, c.dropped, c.all, c.unchanged ?? null]), [
      ['media.create', 0, false, 'a new file: no page shows it yet'],
      ['media.update', 2, false, null],
    ]);
    assert.deepEqual(changes[1]!.showing, ['vl84njkrk7laz8e3ekypt4v9', '/uploads/red_570c1a7c20.png', '/red_570c1a7c20.']);
    // A replaced file: a new address, the same documentId. The pages rendered before show the old
    // address, which the cached answers held: it is among what the rendered pages are searched for.
    await readAll();
    await request(app).post('/api/content-webhook').set('X-Webhook-Secret', SECRET).send({ event: 'media.update', media: { ...file, url: '/uploads/red_9999999999.png' } }).expect(204);
    assert.deepEqual(changes[2]!.showing, ['vl84njkrk7laz8e3ekypt4v9', '/uploads/red_9999999999.png', '/red_9999999999.', '/uploads/red_570c1a7c20.png', '/red_570c1a7c20.']);
    assert.equal(changes[2]!.dropped, 1, 'the blog post answer (by documentId); the page body only named the old address');
  });

  test('a wrong secret is 401 and drops nothing', async () => {
    const { app, client, upstream } = await setup();
    await client.find('pages');
    const res = await request(app).post('/api/content-webhook').set('Authorization', 'Bearer wrong').send(entry('entry.update', 'page')).expect(401);
    assert.deepEqual(res.body, { error: 'Unauthorized' });
    await client.find('pages');
    assert.equal(upstream.requests.length, 1);
  });

  test('a missing secret is 401', async () => {
    const { app } = await setup();
    await request(app).post('/api/content-webhook').send(entry('entry.update', 'page')).expect(401).expect('Content-Type', /json/);
  });

  test('a secret that is a prefix of the real one is 401', async () => {
    const { app } = await setup();
    await request(app).post('/api/content-webhook').set('X-Webhook-Secret', SECRET.slice(0, -1)).send(entry('entry.update', 'page')).expect(401);
  });

  test('no secret configured: the webhook is disabled (503)', async () => {
    const { app } = await setup({});
    await request(app).post('/api/content-webhook').set('X-Webhook-Secret', 'anything').send(entry('entry.update', 'page')).expect(503);
  });

  test('bad bodies are 400; a test trigger is 204 and drops nothing', async () => {
    const { app, changes } = await setup();
    await request(app).post('/api/content-webhook').set('X-Webhook-Secret', SECRET).set('Content-Type', 'application/json').send('{nope').expect(400);
    await request(app).post('/api/content-webhook').set('X-Webhook-Secret', SECRET).send({ model: 'page' }).expect(400);
    await request(app).post('/api/content-webhook').set('X-Webhook-Secret', SECRET).send({ event: 'trigger-test' }).expect(204);
    assert.deepEqual(changes, []);
  });

  test('a body over the limit is refused (413)', async () => {
    const { app } = await setup();
    const res = await request(app).post('/api/content-webhook').set('X-Webhook-Secret', SECRET).send({ event: 'entry.update', model: 'page', entry: { body: 'x'.repeat(600_000) } });
    assert.equal(res.status, 413);
  });
});
