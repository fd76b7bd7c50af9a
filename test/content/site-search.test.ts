// SiteContent.search: the find-a-group answer comes from `GET /q42/search` through the content
// client, its locations checked against the model; when that route fails, the same rule runs
// on the districts and locations, so a visitor's search never becomes an error page.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import pino from 'pino';
import { createContentClient } from '../../src/content/client';
import { parseContentSettings } from '../../src/content/settings';
import { createSiteContent } from '../../src/content/site-content';
import { createSnapshotTransport } from '../../src/content/snapshot-transport';
import type { Transport } from '../../src/content/transport';

const logger = pino({ level: 'silent' });

function siteWith(searchRoute: 'snapshot' | 'failing' | 'malformed' | 'hanging') {
  const snapshot = createSnapshotTransport({ dir: path.resolve('content/snapshot'), prefix: '/api' });
  const searches: unknown[] = [];
  const transport: Transport = async (req) => {
    if (req.path === '/api/q42/search') {
      searches.push(req.query);
      if (searchRoute === 'failing') return { status: 503, body: { error: { status: 503, name: 'ServiceUnavailableError', message: 'down' } } };
      if (searchRoute === 'malformed') return { status: 200, body: { data: { nothing: true } } };
      // Accepts the request and never answers; only the caller's deadline ends it.
      if (searchRoute === 'hanging') return new Promise((_, reject) => req.signal?.addEventListener('abort', () => reject(req.signal!.reason)));
    }
    return snapshot(req);
  };
  const settings = parseContentSettings({ url: 'http://content.test', version: 'v5', timeoutMs: 10_000, cache: { ttlMs: 60_000, maxEntries: 100, maxSizeBytes: 10_000_000 } });
  const client = createContentClient({ logger, settings, transport });
  return { content: createSiteContent(client, logger), searches };
}

test('a search asks GET /q42/search with the zipcode, age and locale, and answers its locations as model records', async () => {
  const { content, searches } = siteWith('snapshot');
  const answer = await content.search('4001 ab', 12, 'nl');
  assert.deepEqual(searches, [{ zipcode: '4001 ab', age: '12', locale: 'nl' }]);
  assert.equal(answer.status, 'found');
  assert.equal(answer.zipcode, '4001 AB');
  assert.equal(answer.municipality, 'Tiel');
  assert.deepEqual(answer.locations.map((l) => l.slug).sort(), ['culemborg', 'tiel-12-16']);
  assert.ok(answer.locations.some((l) => l.name === 'Join Us Tiel (12-16 jaar)' && l.minAge === 12 && l.maxAge === 16));
});

test('each visitor search reaches the route: answers are never cached across visitors', async () => {
  const { content, searches } = siteWith('snapshot');
  await content.search('4001 AB', 17, 'nl');
  await content.search('4001 AB', 17, 'nl');
  assert.equal(searches.length, 2);
});

for (const failure of ['failing', 'malformed'] as const) {
  test(`a ${failure} search route: the same answer from the districts and locations`, async () => {
    const { content, searches } = siteWith(failure);
    const found = await content.search('4001 AB', 17, 'nl');
    assert.equal(searches.length >= 1, true);
    assert.equal(found.status, 'found');
    assert.deepEqual(found.locations.map((l) => l.slug).sort(), ['culemborg', 'geldermalsen', 'tiel-16-21', 'zaltbommel']);
    assert.equal((await content.search('9999 AB', 20, 'nl')).status, 'not-found');
    assert.equal((await content.search('4001 AB', 31, 'nl')).status, 'too-old');
  });
}

test('the districts store through SiteContent: list, then the detail of the slug merged in', async () => {
  const { content } = siteWith('snapshot');
  const state = await content.districts('utrecht');
  assert.ok(state.districts.length >= 4);
  assert.equal(state.current?.slug, 'utrecht');
  assert.ok(state.current?.municipalities?.some((m) => m.name === 'Utrecht'));
  assert.equal((await content.districts()).current?.slug, 'rivierenland', 'rivierenland by default');
});

test('the answer without the route is the route\'s answer, groups in the same order', async () => {
  const withRoute = siteWith('snapshot').content;
  const without = siteWith('failing').content;
  for (const [zipcode, age] of [['4002BB', 19], ['4001AB', 12], ['5301AB', 25], ['3431AA', 14], ['9999ZZ', 20], ['6541AA', 17]] as const) {
    const a = await withRoute.search(zipcode, age, 'nl');
    const b = await without.search(zipcode, age, 'nl');
    assert.deepEqual(b.locations.map((l) => l.slug), a.locations.map((l) => l.slug), `${zipcode} ${age}`);
    assert.equal(b.status, a.status);
    assert.equal(b.municipality, a.municipality);
  }
});

test('a hanging search route is waited for briefly, not the content timeout: the answer comes from the districts and locations', async () => {
  const { content } = siteWith('hanging');
  await content.warmSearch(['nl']);
  // The deadline's timer does not hold the process open (a server's socket does).
  const alive = setInterval(() => {}, 1000);
  const started = performance.now();
  const found = await content.search('4001 AB', 17, 'nl').finally(() => clearInterval(alive));
  const ms = performance.now() - started;
  assert.equal(found.status, 'found');
  assert.ok(ms < 5000, `answered after ${Math.round(ms)} ms; the content timeout is 10 s`);
});
