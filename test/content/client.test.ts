import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { z } from 'zod';
import { createContentClient } from '../../src/content/client';
import { CONTENT_CACHE_BYTES, CONTENT_CACHE_MAX_ENTRIES, parseContentSettings } from '../../src/content/settings';
import { captureLogger, messages } from './helpers/logger';
import { startFakeContentService, type FakeContentService } from '../support/fake-content-service';
import { list } from '../support/strapi-shapes';

const servers: FakeContentService[] = [];
after(() => Promise.all(servers.map((s) => s.down())));

const pageSchema = z.object({ id: z.number(), title: z.string().min(1), slug: z.string() });

async function setup(json: unknown) {
  const upstream = await startFakeContentService(() => ({ json }));
  servers.push(upstream);
  const { logger, lines } = captureLogger();
  const client = createContentClient({ settings: parseContentSettings({ url: upstream.url }), logger });
  return { client, lines };
}

describe('records checked with a schema', () => {
  test('find keeps the good records and logs and skips a malformed one', async () => {
    const { client, lines } = await setup(list([
      { id: 1, documentId: 'a', title: 'Home', slug: 'home' },
      { id: 2, documentId: 'b', title: '', slug: 'leeg' },
      { id: 3, documentId: 'c', title: 'Over ons', slug: 'over-ons' },
    ]));
    const { data } = await client.find('pages', {}, { schema: pageSchema });
    assert.deepEqual(data.map((p) => p.slug), ['home', 'over-ons']);
    const skipped = messages(lines, 'malformed content record skipped');
    assert.equal(skipped.length, 1);
    assert.equal(skipped[0]?.id, 'b');
    assert.equal(skipped[0]?.source, 'pages');
  });

  test('findOne and single give null for a malformed record, never a crash', async () => {
    const { client } = await setup({ data: { id: 1, title: 42 }, meta: {} });
    assert.equal((await client.findOne('pages', 'a', {}, { schema: pageSchema })).data, null);
    assert.equal((await client.single('global', {}, { schema: pageSchema })).data, null);
  });

  test('the parsed value is what the schema makes of it (unknown keys stripped here)', async () => {
    const { client } = await setup(list([{ id: 1, documentId: 'a', title: 'Home', slug: 'home', extra: true }]));
    assert.deepEqual((await client.find('pages', {}, { schema: pageSchema })).data, [{ id: 1, title: 'Home', slug: 'home' }]);
  });

  test('a malformed menu item is skipped, the rest of the menu stays', async () => {
    const { client, lines } = await setup([
      { id: 1, title: 'Home', path: '/', type: 'INTERNAL', items: [] },
      { id: 2, title: 'Kapot', path: null, type: 'SOMETHING' },
    ]);
    const menu = await client.menu('primary', { locale: 'nl', type: 'TREE' });
    assert.deepEqual(menu.map((i) => i.title), ['Home']);
    assert.equal(messages(lines, 'malformed content record skipped').length, 1);
  });
});

describe('settings', () => {
  test('defaults', () => {
    const s = parseContentSettings({});
    assert.deepEqual(s, {
      url: undefined,
      prefix: '/api',
      version: 'v5',
      timeoutMs: 5000,
      cache: { ttlMs: 60_000, maxEntries: CONTENT_CACHE_MAX_ENTRIES, maxSizeBytes: CONTENT_CACHE_BYTES },
      cacheMenus: true,
      failFast: { after: 3, forMs: 5_000 },
    });
  });

  test('v3 has no prefix; trailing slashes go', () => {
    const s = parseContentSettings({ url: 'https://cms.example.org/', version: 'v3' });
    assert.equal(s.prefix, '');
    assert.equal(s.url, 'https://cms.example.org');
  });

  test('a wrong version or URL is refused at startup', () => {
    assert.throws(() => parseContentSettings({ version: 'v6' as never }));
    assert.throws(() => parseContentSettings({ url: 'ftp://cms' }));
  });
});

describe('drafts (the editor preview)', () => {
  test('status draft asks each version for drafts in its own words, on collections and single types, and keeps nothing', async () => {
    const upstream = await startFakeContentService(() => ({ json: list([{ id: 1, documentId: 'a', title: 'Home', slug: 'home' }]) }));
    servers.push(upstream);
    const { logger } = captureLogger();
    const expected = { v5: 'status=draft', v4: 'publicationState=preview', v3: '_publicationState=preview' } as const;
    for (const version of ['v5', 'v4', 'v3'] as const) {
      const client = createContentClient({ settings: parseContentSettings({ url: upstream.url, version }), logger, status: 'draft' });
      assert.equal(client.cache, null, 'a draft client has no cache');
      const before = upstream.requests.length;
      await client.find('pages', { locale: 'nl' });
      await client.findOne('pages', 'a', { locale: 'nl' });
      await client.single('global', { locale: 'nl' });
      await client.find('pages', { locale: 'nl' }); // asked again: nothing was kept
      const queries = upstream.requests.slice(before).map((r) => r.query);
      assert.equal(queries.length, 4, version);
      for (const q of queries) assert.ok(q.split('&').includes(expected[version]), `${version}: ${q}`);
    }
  });

  test('without a status nothing is added', async () => {
    const upstream = await startFakeContentService(() => ({ json: list([]) }));
    servers.push(upstream);
    const client = createContentClient({ settings: parseContentSettings({ url: upstream.url }), logger: captureLogger().logger });
    await client.find('pages', { locale: 'nl' });
    assert.equal(upstream.requests[0]?.query, 'locale=nl');
  });
});
