// The purge of the proxies in front after a publish (server/content/proxy-purge.ts): which tags
// each webhook names, and how the BAN goes out (token, retries with backoff, refusals, counts).
// The proxy here is a plain HTTP server that records what it gets; test/deploy/varnish.test.ts
// runs the same purges against a real Varnish.
import assert from 'node:assert/strict';
import { createServer as createNetServer } from 'node:net';
import { after, describe, test } from 'node:test';
import express from 'express';
import request from 'supertest';
import { createContentWebhook, purgeFor } from '../../../server/content/content-webhook';
import { createProxyPurger, proxyTagsFor, type ProxyPurger } from '../../../server/content/proxy-purge';
import type { PurgeOutcome } from '../../../server/http/metrics';
import { createContentClient } from '../../../src/content/client';
import { parseContentSettings } from '../../../src/content/settings';
import { captureLogger } from '../../content/helpers/logger';
import { expectErrorLines } from '../../support/error-guard';

const TOKEN = 'purge-token-0123456789';
const tagsOf = (event: string, model: string | undefined, body: Record<string, unknown>) => proxyTagsFor(purgeFor(event, model, body));

describe('the tags a webhook purges', () => {
  test('a published blog post: its collection, itself, and the pages too full to name it', () => {
    assert.deepEqual(tagsOf('entry.publish', 'api::blog-post.blog-post', { entry: { id: 4, documentId: 'h6s04ysqkjdiyeagb9v1787w' } }), ['col_blog-posts', 'doc_h6s04ysqkjdiyeagb9v1787w', 'many']);
  });
  test('a page: its collections (menus link pages by slug) and itself', () => {
    assert.deepEqual(tagsOf('entry.unpublish', 'page', { entry: { id: 1, documentId: 'abcdefgh12' } }), ['col_pages', 'col_navigation', 'doc_abcdefgh12', 'many']);
  });
  test('a saved draft and a new file purge nothing', () => {
    assert.deepEqual(tagsOf('entry.update', 'blog-post', { entry: { id: 4, documentId: 'x', publishedAt: null } }), []);
    assert.deepEqual(tagsOf('media.create', undefined, { media: { documentId: 'abcdefgh12', url: '/uploads/a.jpg' } }), []);
  });
  test('an edited file and an unknown model purge everything', () => {
    assert.deepEqual(tagsOf('media.update', undefined, { media: { documentId: 'abcdefgh12', url: '/uploads/a.jpg' } }), ['site']);
    assert.deepEqual(tagsOf('entry.update', 'api::unknown.unknown', { entry: { id: 1 } }), ['site']);
  });
});

type Got = { method: string; headers: Record<string, string> };

/** A proxy that answers each request with the next status of `statuses` (the last one after).
 * On a plain socket: Node's HTTP server refuses methods it does not know, such as BAN. */
async function recordingProxy(statuses: number[]) {
  const got: Got[] = [];
  const server = createNetServer((socket) => {
    let head = '';
    socket.on('data', (chunk) => {
      head += chunk.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      const [requestLine = '', ...lines] = head.split('\r\n\r\n')[0]!.split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      got.push({ method: requestLine.split(' ')[0]!, headers });
      const status = statuses[Math.min(got.length - 1, statuses.length - 1)]!;
      socket.end(`HTTP/1.1 ${status} Answer\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  after(() => new Promise<void>((r) => server.close(() => r())));
  return { got, origin: `http://127.0.0.1:${(server.address() as { port: number }).port}` };
}

/** A purger whose waits between tries are recorded in `waits`, not waited. Each try may take
 * 10 s: the proxies here answer at once or refuse, and a busy machine ran out the 500 ms this
 * had (the try was cut, and counted twice). */
function purger(urls: string[], outcomes: PurgeOutcome[], waits: number[] = []): ProxyPurger {
  return createProxyPurger({ urls, token: TOKEN, logger: captureLogger().logger, count: (o) => outcomes.push(o), backoffMs: 20, timeoutMs: 10_000, sleep: async (ms) => void waits.push(ms) });
}

describe('the proxy purger', () => {
  test('one BAN per proxy with the tags and the token', async () => {
    const [a, b] = [await recordingProxy([200]), await recordingProxy([200])];
    const outcomes: PurgeOutcome[] = [];
    await purger([a.origin, b.origin], outcomes).purge(['col_blog-posts', 'doc_x1234567', 'many'], 'entry.publish');
    for (const proxy of [a, b]) {
      assert.equal(proxy.got.length, 1);
      assert.equal(proxy.got[0]!.method, 'BAN');
      assert.equal(proxy.got[0]!.headers['x-purge-tags'], 'col_blog-posts doc_x1234567 many');
      assert.equal(proxy.got[0]!.headers['x-purge-token'], TOKEN);
    }
    assert.deepEqual(outcomes, ['ok', 'ok']);
  });

  test('a proxy that fails is tried again, waiting longer each time; one that never answers is given up and counted', async () => {
    expectErrorLines('proxy cache not purged: it keeps old pages until their s-maxage ends');
    const flaky = await recordingProxy([503, 503, 200]);
    const outcomes: PurgeOutcome[] = [];
    const waits: number[] = [];
    await purger([flaky.origin], outcomes, waits).purge(['site'], 'test');
    assert.equal(flaky.got.length, 3);
    assert.deepEqual(waits, [20, 40], 'a wait before each try again, twice as long each time');
    const down = `http://127.0.0.1:1`;
    const downWaits: number[] = [];
    await purger([down], outcomes, downWaits).purge(['site'], 'test');
    assert.deepEqual(downWaits, [20, 40, 80], 'four tries, then given up');
    assert.deepEqual(outcomes, ['ok', 'failed']);
  });

  test('a refusal (wrong token, address outside the ACL) is not tried again', async () => {
    expectErrorLines('proxy cache refused the purge: check CACHE_PURGE_TOKEN and its ACL');
    const refusing = await recordingProxy([403]);
    const outcomes: PurgeOutcome[] = [];
    await purger([refusing.origin], outcomes).purge(['site'], 'test');
    assert.equal(refusing.got.length, 1);
    assert.deepEqual(outcomes, ['refused']);
  });

  test('the webhook purges the proxies once, after its own cache; a draft sends nothing', async () => {
    const { logger } = captureLogger();
    const client = createContentClient({ settings: parseContentSettings({}), logger });
    const calls: Array<{ tags: readonly string[]; entriesLeft: number }> = [];
    const proxies: ProxyPurger = { purge: async (tags) => void calls.push({ tags, entriesLeft: client.cache!.stats().entries }) };
    const app = express();
    app.post('/hook', createContentWebhook({ cache: client.cache, secret: 'hook-secret-0123456789', logger, proxies }));
    const hook = (body: object) => request(app).post('/hook').set('Authorization', 'Bearer hook-secret-0123456789').send(body).expect(204);
    await client.find('blog-posts', { locale: 'nl' });
    const cached = client.cache!.stats().entries;
    await hook({ event: 'entry.update', model: 'blog-post', entry: { id: 1, documentId: 'abcdefgh12', publishedAt: null } });
    assert.equal(calls.length, 0, 'a draft');
    await hook({ event: 'entry.publish', model: 'blog-post', entry: { id: 1, documentId: 'abcdefgh12' } });
    assert.deepEqual(calls, [{ tags: ['col_blog-posts', 'doc_abcdefgh12', 'many'], entriesLeft: cached - 1 }], 'the posts were dropped here first');
  });
});
