import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { createContentClient } from '../../src/content/client';
import { ContentError } from '../../src/content/errors';
import { parseContentSettings, type ContentSettingsInput } from '../../src/content/settings';
import { captureLogger, messages } from './helpers/logger';
import { expectErrorLines } from '../support/error-guard';
import { startFakeContentService, type FakeContentService, type Recorded, type Reply } from '../support/fake-content-service';
import { fakeClock } from '../support/fake-clock';
import { list } from '../support/strapi-shapes';

const servers: FakeContentService[] = [];
after(() => Promise.all(servers.map((s) => s.down())));

const page = (title: string): Reply => ({ json: list([{ id: 1, documentId: 'home', title }]) });
const serverError: Reply = { status: 500, json: { data: null, error: { status: 500, name: 'InternalServerError', message: 'Internal Server Error', details: {} } } };

/** A client over a fake content service, on a clock the test moves (the TTL and the breaker's
 * pauses); `answered`: the calls the content service has answered, counted once the answer is
 * read (a background refresh's answer is in the cache by the next macrotask). */
async function setup(respond: (req: Recorded) => Reply, settings: ContentSettingsInput = {}) {
  const upstream = await startFakeContentService(respond);
  servers.push(upstream);
  const { logger, lines } = captureLogger();
  const clock = fakeClock();
  const calls = { answered: 0 };
  const client = createContentClient({ settings: parseContentSettings({ url: upstream.url, ...settings }), logger, now: clock.now, observe: () => void (calls.answered += 1) });
  const cache = client.cache;
  assert.ok(cache);
  return { upstream, client, cache, lines, clock, calls };
}

const title = async (client: Awaited<ReturnType<typeof setup>>['client']) => (await client.find('pages')).data[0]?.title;

/** Polls for an effect of a background refresh (no fixed wait: it finishes when it finishes;
 * the clock the cache reads is the test's own, so waiting longer changes nothing). */
async function until(condition: () => boolean, timeoutMs = 10_000) {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await sleep(5);
  }
  await new Promise((r) => setImmediate(r));
}

/** A reply held until `release()`: a refresh that is still under way for as long as the test wants. */
function held(reply: Reply) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  return { respond: async () => (await gate, reply), release };
}

const FAILING = 'content service failed; serving the last good answer until it recovers';
const NOTHING_CACHED = 'content service failed and nothing is cached for this key';
const BREAKER_OPEN = 'content service keeps failing: failing fast, serving what the cache holds';

describe('content cache', () => {
  test('single flight: 50 concurrent finds of one key make one upstream request', async () => {
    const { upstream, client, cache } = await setup(() => ({ ...page('Home'), delayMs: 30 }));
    const results = await Promise.all(Array.from({ length: 50 }, () => client.find('pages', { locale: 'nl' })));
    assert.equal(upstream.requests.length, 1);
    assert.ok(results.every((r) => r.data[0]?.title === 'Home'));
    assert.equal(cache.stats().misses, 50);
    await client.find('pages', { locale: 'nl' });
    assert.equal(upstream.requests.length, 1);
    assert.equal(cache.stats().hits, 1);
  });

  test('keys differ by path, query and locale', async () => {
    const { upstream, client } = await setup(() => page('Home'));
    await client.find('pages', { locale: 'nl' });
    await client.find('pages', { locale: 'en' });
    await client.find('pages', { locale: 'nl', filters: { slug: { $eq: 'home' } } });
    await client.find('blog-posts', { locale: 'nl' });
    await client.find('pages', { locale: 'nl' });
    assert.equal(upstream.requests.length, 4);
  });

  test('stale-while-revalidate: after the ttl the old value comes at once, one refresh runs, then the new value', async () => {
    const { upstream, client, cache, clock, calls } = await setup(() => page('v1'), { cache: { ttlMs: 40 } });
    assert.equal(await title(client), 'v1');
    const v2 = held(page('v2'));
    upstream.respond(v2.respond);
    clock.advance(50);

    // The refresh is held at the content service until released: answers given meanwhile did not wait for it.
    let during: unknown;
    void Promise.all(Array.from({ length: 5 }, () => title(client))).then((titles) => (during = titles));
    await until(() => cache.stats().refreshes === 1 && upstream.requests.length === 2);
    assert.equal(calls.answered, 1, 'the refresh is still under way');
    assert.deepEqual(during, ['v1', 'v1', 'v1', 'v1', 'v1'], 'stale value served without waiting for the refresh');
    v2.release();
    await until(() => calls.answered === 2);
    assert.equal(await title(client), 'v2');
    assert.equal(upstream.requests.length, 2, 'exactly one background refresh');
    assert.equal(cache.stats().staleServed, 5);
  });

  test('stale-if-error: a 500 keeps the last good value, logged once per outage', async () => {
    // Failing fast (breaker.ts) is tested on its own; here every refresh reaches upstream.
    const { upstream, client, cache, lines, clock } = await setup(() => page('good'), { cache: { ttlMs: 20 }, failFast: { after: 3, forMs: 1 } });
    expectErrorLines(FAILING, BREAKER_OPEN);
    assert.equal(await title(client), 'good');
    upstream.respond(() => serverError);
    for (let i = 0; i < 4; i += 1) {
      clock.advance(25);
      assert.equal(await title(client), 'good');
      await until(() => cache.stats().errors === i + 1);
    }
    assert.equal(messages(lines, FAILING).length, 1);
    assert.equal(messages(lines, 'content service error').length, 0, 'the fetch layer stays quiet for cached reads');
    assert.ok(upstream.requests.length >= 9, 'each refresh tried (and retried) upstream');

    upstream.respond(() => page('back'));
    clock.advance(25);
    await title(client);
    await until(() => messages(lines, 'content service answers again for this key').length === 1);
    assert.equal(await title(client), 'back');

    // A second outage is a new outage: logged once more.
    upstream.respond(() => serverError);
    clock.advance(25);
    await title(client);
    await until(() => messages(lines, FAILING).length === 2);
  });

  test('stale-if-error while the content service refuses connections', async () => {
    const { upstream, client, cache, lines, clock } = await setup(() => page('good'), { cache: { ttlMs: 20 } });
    expectErrorLines(FAILING, BREAKER_OPEN);
    assert.equal(await title(client), 'good');
    await upstream.down();
    for (let i = 0; i < 3; i += 1) {
      clock.advance(25);
      assert.equal(await title(client), 'good');
      await until(() => cache.stats().errors === i + 1);
    }
    const failing = messages(lines, FAILING);
    assert.equal(failing.length, 1);
    assert.match((failing[0]?.err as { message: string }).message, /ECONNREFUSED/);
  });

  test('a failing miss (nothing cached) throws the error, logged once', async () => {
    const { client, lines } = await setup(() => serverError);
    expectErrorLines(NOTHING_CACHED, BREAKER_OPEN);
    for (let i = 0; i < 3; i += 1) {
      await assert.rejects(client.find('pages'), (e: ContentError) => e.status === 500);
    }
    assert.equal(messages(lines, NOTHING_CACHED).length, 1);
  });

  test('a 404 is an answer: cached, not an outage', async () => {
    const notFound = { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } };
    const { upstream, client, lines } = await setup(() => ({ status: 404, json: notFound }));
    await assert.rejects(client.findOne('pages', 'gone'), (e: ContentError) => e.status === 404);
    await assert.rejects(client.findOne('pages', 'gone'), (e: ContentError) => e.status === 404);
    assert.equal(upstream.requests.length, 1);
    assert.equal(messages(lines, 'content service failed and nothing is cached for this key').length, 0);
  });

  test('never cached: calls with a visitor token, writes, and `cache: false`', async () => {
    const { upstream, client } = await setup(() => page('x'));
    await client.find('pages', {}, { token: 'jwt' });
    await client.find('pages', {}, { token: 'jwt' });
    await client.request('/signups', { method: 'POST', body: { data: { a: 1 } } });
    await client.request('/signups', { method: 'POST', body: { data: { a: 1 } } });
    await client.find('pages', {}, { cache: false });
    await client.find('pages', {}, { cache: false });
    assert.equal(upstream.requests.length, 6);
  });

  for (const cacheMenus of [true, false]) {
    test(`menus ${cacheMenus ? 'are' : 'are not'} cached when cacheMenus is ${cacheMenus}`, async () => {
      const { upstream, client } = await setup(() => ({ json: [{ id: 1, title: 'Home', path: '/', type: 'INTERNAL', items: [] }] }), { cacheMenus });
      await client.menu('primary', { locale: 'nl', type: 'TREE' });
      const items = await client.menu('primary', { locale: 'nl', type: 'TREE' });
      assert.equal(items[0]?.title, 'Home');
      assert.equal(upstream.requests.length, cacheMenus ? 1 : 2);
    });
  }

  test('invalidate drops one collection, clear drops all', async () => {
    const { upstream, client, cache } = await setup(() => page('x'));
    await client.find('pages');
    await client.findOne('pages', 'home');
    await client.find('blog-posts');
    assert.equal(cache.invalidate('pages'), 2);
    await client.find('pages');
    await client.find('blog-posts');
    assert.equal(upstream.requests.length, 4);
    cache.clear();
    await client.find('blog-posts');
    assert.equal(upstream.requests.length, 5);
  });

  test('an invalidated answer is fetched again, and kept aside for when that fetch fails (an outage right after an edit)', async () => {
    let current: Reply = page('before the edit');
    const { upstream, client, cache } = await setup(() => current);
    expectErrorLines(NOTHING_CACHED);
    assert.equal(await title(client), 'before the edit');
    current = page('after the edit');
    cache.invalidate('pages');
    assert.equal(await title(client), 'after the edit', 'the next read goes upstream');
    cache.invalidate('pages');
    await upstream.down();
    assert.equal(await title(client), 'after the edit', 'the content service is down: the last good answer, not an error');
    cache.clear();
    assert.equal(await title(client), 'after the edit', 'also after everything was dropped');
    await upstream.up();
    current = page('later');
    assert.equal(await title(client), 'later', 'back: fresh again');
    cache.invalidate('pages');
    current = serverError;
    assert.equal(await title(client), 'later');
    current = page('fixed');
    assert.equal(await title(client), 'fixed', 'a set-aside answer never stands in for a working service');
  });

  test('bounded by entry count', async () => {
    const { client, cache } = await setup(() => page('x'), { cache: { maxEntries: 2 } });
    for (const c of ['a', 'b', 'c', 'd']) await client.find(c);
    assert.equal(cache.stats().entries, 2);
  });

  test('bounded by size: an answer larger than the cache is served but not kept', async () => {
    const { upstream, client, cache } = await setup(() => page('x'.repeat(500)), { cache: { maxSizeBytes: 300 } });
    await client.find('pages');
    await client.find('pages');
    assert.equal(upstream.requests.length, 2);
    assert.equal(cache.stats().size, 0);
  });

  test('cached records are frozen, so one caller cannot change what the next one sees', async () => {
    const { client } = await setup(() => page('x'));
    const { data } = await client.find('pages');
    assert.ok(Object.isFrozen(data[0]));
  });
});
