import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createContentClient } from '../../src/content/client';
import { ContentError } from '../../src/content/errors';
import { parseContentSettings } from '../../src/content/settings';
import { createSnapshotTransport } from '../../src/content/snapshot-transport';
import type { TransportRequest } from '../../src/content/transport';
import { captureLogger } from './helpers/logger';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/snapshot');
// No URL: the client picks the snapshot itself, as the site does on a fresh machine.
const client = createContentClient({ settings: parseContentSettings({}), logger: captureLogger().logger, snapshotDir: dir, cache: null });
const transport = createSnapshotTransport({ dir });
const get = (p: string, query?: TransportRequest['query'], method: TransportRequest['method'] = 'GET') =>
  transport({ method, path: p, query, body: undefined, headers: {}, signal: AbortSignal.timeout(1000) });

const slugs = (records: ReadonlyArray<Record<string, unknown>>) => records.map((r) => r.slug);
const rejectsWith = (promise: Promise<unknown>, status: number, name: string) =>
  assert.rejects(promise, (e: ContentError) => {
    assert.equal(e.status, status);
    assert.equal((e.payload as { error: { name: string } }).error.name, name);
    return true;
  });

describe('snapshot transport: collections', () => {
  const cases: Array<[string, Record<string, unknown>, string[]]> = [
    ['all, in file order', {}, ['samen-sterker', 'het-verhaal-van-noor', 'in-de-krant', 'vlog-een-avond', 'nieuwe-groep-in-tiel']],
    ['$eq', { filters: { category: { $eq: 'news' } } }, ['samen-sterker', 'nieuwe-groep-in-tiel']],
    ['shorthand equals', { filters: { slug: 'in-de-krant' } }, ['in-de-krant']],
    ['$ne', { filters: { category: { $ne: 'news' } } }, ['het-verhaal-van-noor', 'in-de-krant', 'vlog-een-avond']],
    ['$in', { filters: { category: { $in: ['media', 'vlog'] } } }, ['in-de-krant', 'vlog-een-avond']],
    ['$contains is case-sensitive', { filters: { title: { $contains: 'verhaal' } } }, ['het-verhaal-van-noor']],
    ['$contains misses other case', { filters: { title: { $contains: 'Verhaal' } } }, []],
    ['$containsi', { filters: { title: { $containsi: 'VERHAAL' } } }, ['het-verhaal-van-noor']],
    ['nested relation field', { filters: { author: { name: { $eq: 'Noor' } } } }, ['het-verhaal-van-noor', 'nieuwe-groep-in-tiel']],
    ['number from a URL string', { filters: { views: { $eq: '40' } } }, ['het-verhaal-van-noor', 'vlog-een-avond']],
    ['$or', { filters: { $or: [{ category: 'media' }, { views: { $gte: 40 } }] } }, ['het-verhaal-van-noor', 'in-de-krant', 'vlog-een-avond']],
    ['sort desc', { sort: 'publishedAt:desc' }, ['nieuwe-groep-in-tiel', 'samen-sterker', 'in-de-krant', 'het-verhaal-van-noor', 'vlog-een-avond']],
    ['sort array, tie broken by second key', { sort: ['views:desc', 'title:asc'] }, ['het-verhaal-van-noor', 'vlog-een-avond', 'samen-sterker', 'in-de-krant', 'nieuwe-groep-in-tiel']],
    ['sort by nested field, nulls last', { sort: 'author.name', filters: { category: { $ne: 'news' } } }, ['het-verhaal-van-noor', 'vlog-een-avond', 'in-de-krant']],
    ['filter, sort and page together', { filters: { category: 'news' }, sort: 'publishedAt:asc', pagination: { page: 2, pageSize: 1 } }, ['nieuwe-groep-in-tiel']],
  ];
  for (const [name, params, expected] of cases) {
    test(name, async () => {
      const { data } = await client.find('blog-posts', params as never);
      assert.deepEqual(slugs(data), expected);
    });
  }

  test('pagination: page and pageSize, with Strapi meta', async () => {
    const { data, meta } = await client.find('blog-posts', { pagination: { page: 2, pageSize: 2 } });
    assert.deepEqual(slugs(data), ['in-de-krant', 'vlog-een-avond']);
    assert.deepEqual(meta, { pagination: { page: 2, pageSize: 2, pageCount: 3, total: 5 } });
  });

  test('pagination defaults to page 1 of 25', async () => {
    const { meta } = await client.find('blog-posts');
    assert.deepEqual(meta, { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 5 } });
  });

  test('pagination: start and limit', async () => {
    const { data, meta } = await client.find('blog-posts', { pagination: { start: 3, limit: 10 } });
    assert.deepEqual(slugs(data), ['vlog-een-avond', 'nieuwe-groep-in-tiel']);
    assert.deepEqual(meta, { pagination: { start: 3, limit: 10, total: 5 } });
  });

  test('fields keeps id and documentId', async () => {
    const { data } = await client.find('pages', { fields: ['title'], filters: { slug: 'home' } });
    assert.deepEqual(data, [{ id: 1, documentId: 'pagehome0000000000000000', title: 'Home' }]);
  });

  test('locale: nl by default, en on request, an empty list where a locale has none', async () => {
    assert.equal((await client.find('pages')).data.length, 3);
    assert.deepEqual((await client.find('pages', { locale: 'en' })).data.map((p) => p.locale), ['en']);
    assert.deepEqual((await client.find('blog-posts', { locale: 'en' })).data, []);
  });

  test('findOne by documentId, per locale', async () => {
    assert.equal((await client.findOne('pages', 'pagehome0000000000000000', { locale: 'en' })).data?.id, 21);
    await rejectsWith(client.findOne('pages', 'nope'), 404, 'NotFoundError');
  });

  test('single type', async () => {
    assert.equal((await client.single('global')).data?.email, 'hallo@example.org');
    await rejectsWith(client.single('global', { locale: 'en' }), 404, 'NotFoundError');
  });

  test('bad query parameters are 400 ValidationError, like strict params', async () => {
    await rejectsWith(client.find('blog-posts', { filters: { title: { $regex: '.*' } } }), 400, 'ValidationError');
    await rejectsWith(client.find('blog-posts', { sort: 'title:sideways' }), 400, 'ValidationError');
    await rejectsWith(client.find('blog-posts', { pagination: { page: 0 } }), 400, 'ValidationError');
    await rejectsWith(client.find('blog-posts', { pagination: { page: 1, limit: 2 } }), 400, 'ValidationError');
    await rejectsWith(client.find('pages', { locale: 'fr' }), 400, 'ValidationError');
  });

  test('unknown collection and unsafe names are 404', async () => {
    await rejectsWith(client.find('users'), 404, 'NotFoundError');
    assert.equal((await get('/api/..%2F..%2Fpackage')).status, 404);
    assert.equal((await get('/api/pages', { locale: '../../..' })).status, 400);
    assert.equal((await get('/api/navigation/render/..', { locale: 'nl' })).status, 404);
  });

  test('writes answer 405: the snapshot is read-only', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const answer = await get('/api/pages', undefined, method);
      assert.equal(answer.status, 405);
      assert.equal((answer.body as { error: { name: string } }).error.name, 'MethodNotAllowedError');
    }
    await rejectsWith(client.request('/contact-submissions', { method: 'POST', body: { data: { name: 'Sam' } } }), 405, 'MethodNotAllowedError');
  });

  test('answers are copies: changing one does not change the next', async () => {
    const first = await get('/api/pages');
    (first.body as { data: Array<{ title: string }> }).data[0]!.title = 'changed';
    const second = await get('/api/pages');
    assert.equal((second.body as { data: Array<{ title: string }> }).data[0]!.title, 'Home');
  });
});

describe('snapshot transport: plugins and custom routes', () => {
  test("the upload plugin's files: each media record the records carry, once, found by its address", async () => {
    const snapshot = path.resolve('content/snapshot');
    const files = createSnapshotTransport({ dir: snapshot });
    const all = (await files({ method: 'GET', path: '/api/upload/files', query: undefined, body: undefined, headers: {}, signal: AbortSignal.timeout(1000) })).body as Array<{ url: string; mime: string }>;
    assert.ok(all.length >= 20, `${all.length} files`);
    assert.equal(new Set(all.map((f) => f.url)).size, all.length, 'one record per address');
    assert.ok(all.some((f) => f.mime === 'image/svg+xml') && all.some((f) => f.mime === 'image/jpeg'));
    const library = createContentClient({ settings: parseContentSettings({}), logger: captureLogger().logger, snapshotDir: snapshot, cache: null });
    const photo = await library.mediaFile('/uploads/paardenbloemen_a5634d1ab5.jpg');
    assert.deepEqual([photo?.mime, photo?.width, photo?.height], ['image/jpeg', 5312, 2988]);
    assert.equal(await library.mediaFile('/uploads/paardenbloemen_0000000000.jpg'), null);
  });

  test('locales', async () => {
    assert.deepEqual((await client.locales()).map((l) => l.code), ['nl', 'en']);
  });

  test('menu TREE is the stored tree', async () => {
    const tree = await client.menu('primary', { locale: 'nl', type: 'TREE' });
    assert.deepEqual(tree.map((i) => i.title), ['Home', 'Over ons', 'Instagram']);
    assert.deepEqual(tree[1]?.items?.map((i) => i.path), ['/over-ons/ons-team']);
  });

  test('menu FLAT lists every item once with its parent', async () => {
    const flat = await client.menu('primary', { locale: 'nl', type: 'FLAT' });
    assert.deepEqual(
      flat.map((i) => [i.id, i.path, i.externalPath, (i.parent as { id?: number } | null)?.id ?? null, i.items]),
      [
        [1, '/', null, null, null],
        [2, '/over-ons', null, null, null],
        [3, '/over-ons/ons-team', null, 2, null],
        [4, null, 'https://www.instagram.com/example', null, null],
      ],
    );
  });

  test('menu per locale; an unknown menu is 404', async () => {
    assert.deepEqual((await client.menu('primary', { locale: 'en', type: 'TREE' })).map((i) => i.path), ['/en']);
    await rejectsWith(client.menu('sidebar', { locale: 'nl', type: 'TREE' }), 404, 'NotFoundError');
  });

  test('q42 districts: list of id and name, then the detail by id', async () => {
    assert.deepEqual(await client.districts(), [{ id: 1, name: 'Rivierenland' }, { id: 2, name: 'Rijk van Nijmegen' }]);
    const detail = await client.district(1);
    assert.equal(detail?.slug, 'rivierenland');
    assert.deepEqual(detail?.municipalities.map((m) => m.name), ['Tiel', 'Culemborg']);
    assert.deepEqual(detail?.locations.map((l) => l.name), ['Tiel', 'Culemborg']);
    await rejectsWith(client.district(99), 404, 'NotFoundError');
  });
});

describe('snapshot transport: q42 search outcomes', () => {
  type Case = [zipcode: string, age: number | string, status: string, extra?: Record<string, unknown>];
  const cases: Case[] = [
    ['4001 AB', 11, 'too-young', { onlineEligible: false }],
    ['4001 AB', 12, 'found', { locations: ['Tiel'], municipality: 'Tiel', onlineEligible: false }],
    ['4001ab', 17, 'found', { locations: ['Tiel'], zipcode: '4001 AB' }],
    ['4101 XY', 18, 'found', { locations: ['Culemborg'], municipality: 'Culemborg', onlineEligible: true }],
    ['4001 AB', 30, 'found', { locations: ['Culemborg'], onlineEligible: true }],
    ['4001 AB', 31, 'too-old', { onlineEligible: false }],
    ['4001 AB', 0, 'too-young'],
    ['4001 AB', 120, 'too-old'],
    ['0123 AB', 17, 'invalid-postcode', { zipcode: '0123 AB' }],
    ['1234 SA', 17, 'invalid-postcode'],
    ['1234 sd', 17, 'invalid-postcode'],
    ['1234A', 17, 'invalid-postcode'],
    ['12345 AB', 17, 'invalid-postcode'],
    ['9999 ZZ', 20, 'not-found', { reason: 'no-district', onlineEligible: true }],
    ['6511 AA', 13, 'not-found', { reason: 'no-location-for-age', district: 'rijk-van-nijmegen', locations: ['Nijmegen'] }],
    ['6511 AA', 16, 'found', { district: 'rijk-van-nijmegen', locations: ['Nijmegen'] }],
  ];
  for (const [zipcode, age, status, extra = {}] of cases) {
    test(`${zipcode}, age ${age} → ${status}`, async () => {
      const answer = await client.search(zipcode, age);
      assert.equal(answer.status, status);
      assert.equal(answer.age, Number(age));
      for (const [key, value] of Object.entries(extra)) {
        const actual =
          key === 'locations' ? answer.locations.map((l) => l.name) : key === 'district' ? answer.district?.slug : answer[key as keyof typeof answer];
        assert.deepEqual(actual, value, key);
      }
    });
  }

  for (const age of [121, -1, 'abc', '12.5', '']) {
    test(`age ${JSON.stringify(age)} is a 400 ValidationError`, async () => {
      await rejectsWith(client.search('4001 AB', age), 400, 'ValidationError');
    });
  }
});
