// A record asked for by slug while the content service fails, when nothing of it is cached:
// the collection's last known list (the sitemap's, read at startup) decides. A slug it lacks is
// no page (null: the visitor gets the 404 page, not an error page); a slug it has is a record
// that exists but cannot be read now, and stays an error.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import pino from 'pino';
import { createContentClient } from '../../src/content/client';
import { parseContentSettings } from '../../src/content/settings';
import { createSiteContent, type SitemapCollection } from '../../src/content/site-content';
import { createSnapshotTransport } from '../../src/content/snapshot-transport';
import type { Transport } from '../../src/content/transport';

const logger = pino({ level: 'silent' });

/** The snapshot as the content service, until `down` is set: then every call answers 503. */
function site() {
  const snapshot = createSnapshotTransport({ dir: path.resolve('content/snapshot'), prefix: '/api' });
  const state = { down: false, calls: 0 };
  const transport: Transport = async (req) => {
    state.calls++;
    if (state.down) return { status: 503, body: { error: { status: 503, name: 'ServiceUnavailableError', message: 'down' } } };
    return snapshot(req);
  };
  // No retries and no breaker pause between the calls of one test: each call reaches the transport.
  const settings = parseContentSettings({ url: 'http://content.test', version: 'v5', timeoutMs: 1000, cache: { ttlMs: 60_000, maxEntries: 1000, maxSizeBytes: 50_000_000 } });
  const content = createSiteContent(createContentClient({ logger, settings, transport }), logger);
  return { content, state };
}

const CASES: SitemapCollection[] = ['pages', 'blog-posts', 'courses', 'vacancies', 'locations', 'team-members', 'districts'];

for (const collection of CASES) {
  test(`${collection}: through an outage, a slug the last known list lacks is no record (404), once that list was read`, async () => {
    const { content, state } = site();
    const known = await content.sitemapRecords(collection, 'nl');
    assert.ok(known.length > 0, `the snapshot has ${collection}`);
    state.down = true;
    const slug = 'bestaat-niet-' + collection;
    assert.equal(await (collection === 'pages' ? content.page(slug, 'nl') : content.entry(collection, slug, 'nl')), null);
  });
}

test('through an outage, a slug the last known list has, never read itself, stays an error (it exists: no 404 for it)', async () => {
  const { content, state } = site();
  const known = await content.sitemapRecords('pages', 'nl');
  const slug = known.find((r) => r.slug === 'over-ons')?.slug;
  assert.equal(slug, 'over-ons');
  state.down = true;
  await assert.rejects(content.page('over-ons', 'nl'));
});

test('through an outage with no list read before, nobody can tell: the lookup stays an error', async () => {
  const { content, state } = site();
  state.down = true;
  await assert.rejects(content.page('bestaat-niet', 'nl'));
});

test('with the service up, a missing slug is null and an existing one is its record, as always', async () => {
  const { content } = site();
  assert.equal(await content.page('bestaat-niet', 'nl'), null);
  assert.equal((await content.page('over-ons', 'nl'))?.slug, 'over-ons');
});
