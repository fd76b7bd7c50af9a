// /metrics: the Prometheus text format through prom-client, for operators only (the rule of
// /readyz's figures: OPERATOR_ADDRESSES, or a bearer token, here METRICS_TOKEN), and series that
// move with what the site does: requests by route kind and status, the render cache's misses
// and hits, the content service's calls and breaker, the outboxes' depth.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import request from 'supertest';
import { startOutbox } from '../../../server/store/outbox';
import { closedPortUrl, memoryLog, testApp } from '../../support/test-app';
import { parsePrometheusText, valueOf } from '../../support/prometheus-text';
import { contentClient, tempDir } from '../store/helpers/setup';
import { oldStamp, ORIGIN, validContact } from '../forms/helpers';
import type { RequestListener } from 'node:http';
import { expectErrorLines } from '../../support/error-guard';

const TOKEN = 'metrics-token-0123456789';

async function scrape(app: RequestListener) {
  const res = await request(app).get('/metrics').expect(200);
  assert.match(res.headers['content-type'] ?? '', /^text\/plain; version=0\.0\.4; charset=utf-8$/);
  assert.equal(res.headers['cache-control'], 'no-store');
  return parsePrometheusText(res.text);
}

const count = (families: ReturnType<typeof parsePrometheusText>, kind: string, status: number) =>
  valueOf(families, 'joinus_http_request_duration_seconds_count', { kind, status: String(status) }) ?? 0;

describe('/metrics', () => {
  test('after some requests it answers the Prometheus text format with the named series, each request under its route kind and status', async () => {
    const { app, build } = testApp();
    // The post first: after a view of the form this instant, a post without JavaScript is asked to confirm.
    await request(app).post('/forms/contact').set('Origin', ORIGIN).type('form').send({ ...validContact, _page: '/contact', _ts: oldStamp() }).expect(303);
    await request(app).get('/contact').expect(200);
    await request(app).get('/contact').set('Accept', 'text/x-component').expect(200);
    await request(app).get('/bestaat-niet').expect(404);
    await request(app).get('/healthz').expect(200);
    await request(app).get(build.bootstrapScripts[0]!).expect(200);
    await request(app).get('/favicon.svg').expect(200);
    await request(app).get('/robots.txt').expect(200);
    await request(app).get('/api/captcha/challenge').expect(200);

    const families = await scrape(app);
    for (const name of [
      'joinus_http_request_duration_seconds', 'joinus_render_cache_hits_total', 'joinus_render_cache_misses_total',
      'joinus_page_render_duration_seconds', 'joinus_content_cache_hits_total', 'joinus_content_cache_misses_total',
      'joinus_content_request_duration_seconds', 'joinus_content_breaker_state', 'joinus_outbox_submissions',
      'joinus_outbox_submissions_oldest_pending_age_seconds', 'joinus_mail_outbox_mails', 'joinus_mail_outbox_mails_oldest_pending_age_seconds',
      'nodejs_eventloop_lag_seconds', 'process_cpu_seconds_total', 'process_resident_memory_bytes',
    ]) assert.ok(families.has(name), `${name} is exposed`);
    assert.equal(families.get('joinus_http_request_duration_seconds')?.type, 'histogram');
    assert.equal(families.get('joinus_render_cache_misses_total')?.type, 'counter');
    assert.equal(families.get('joinus_outbox_submissions')?.type, 'gauge');
    assert.equal(count(families, 'page', 200), 1);
    assert.equal(count(families, 'rsc', 200), 1);
    assert.equal(count(families, 'page', 404), 1);
    assert.equal(count(families, 'health', 200), 1);
    assert.equal(count(families, 'asset', 200), 2, 'a build file and a fixed public file');
    assert.equal(count(families, 'seo', 200), 1);
    assert.equal(count(families, 'api', 200), 1);
    assert.equal(count(families, 'form', 303), 1);
    assert.equal(valueOf(families, 'joinus_content_breaker_state', { state: 'closed' }), 1);
    assert.ok((valueOf(families, 'joinus_content_request_duration_seconds_count', { outcome: 'ok' }) ?? 0) > 0, 'the content calls of the renders are timed');
    assert.ok((valueOf(families, 'joinus_page_render_duration_seconds_count', { format: 'html' }) ?? 0) >= 2);
    // No path, query or client is a label: the label values come from short fixed lists.
    for (const family of families.values()) for (const s of family.samples) for (const value of Object.values(s.labels)) assert.doesNotMatch(value, /\/|bestaat|127\.0\.0\.1/, `${s.name} ${value}`);
    // The scrape itself is counted once it is answered.
    assert.equal(count(await scrape(app), 'metrics', 200), 1);
  });

  test('refused without the token from an address not in OPERATOR_ADDRESSES; the token or an operator address opens it', async () => {
    const { app } = testApp({ metrics: { token: TOKEN } });
    // Through the proxy on loopback (TRUST_PROXY): the visitor's own address counts.
    const visitor = () => request(app).get('/metrics').set('X-Forwarded-For', '203.0.113.7');
    const refused = await visitor().expect(403);
    assert.doesNotMatch(refused.text, /joinus_|process_/);
    assert.equal(refused.headers['cache-control'], 'no-store');
    await visitor().set('Authorization', 'Bearer wrong-token-0123456789').expect(403);
    assert.match((await visitor().set('Authorization', `Bearer ${TOKEN}`).expect(200)).text, /^# HELP /m);
    await request(app).get('/metrics').expect(200);

    const listed = testApp({ health: { operatorAddresses: '198.51.100.0/24' } });
    await request(listed.app).get('/metrics').set('X-Forwarded-For', '198.51.100.20').expect(200);
    // Loopback is no operator once the list names others, and READY_TOKEN is /readyz's alone.
    await request(listed.app).get('/metrics').expect(403);
    const ready = testApp({ health: { readyToken: 'ready-token-0123456789' } });
    await request(ready.app).get('/metrics').set('X-Forwarded-For', '203.0.113.7').set('Authorization', 'Bearer ready-token-0123456789').expect(403);
  });

  test('a render counts a render-cache miss; the same page again counts a hit, from the fast path and from the page handler', async () => {
    const { app } = testApp();
    const figures = async () => {
      const f = await scrape(app);
      const v = (name: string, format: string) => valueOf(f, name, { format }) ?? 0;
      return { missHtml: v('joinus_render_cache_misses_total', 'html'), hitHtml: v('joinus_render_cache_hits_total', 'html'), missRsc: v('joinus_render_cache_misses_total', 'rsc'), hitRsc: v('joinus_render_cache_hits_total', 'rsc'), renders: v('joinus_page_render_duration_seconds_count', 'html') };
    };
    const before = await figures();
    await request(app).get('/contact').expect(200);
    const rendered = await figures();
    assert.equal(rendered.missHtml, before.missHtml + 1);
    assert.equal(rendered.hitHtml, before.hitHtml);
    assert.equal(rendered.renders, before.renders + 1);
    // Compressed with gzip when it was rendered: answered before Express.
    await request(app).get('/contact').set('Accept-Encoding', 'gzip').expect(200);
    // Brotli is made on its first request: the page handler answers from the cache.
    await request(app).get('/contact').set('Accept-Encoding', 'br').expect(200);
    const hits = await figures();
    assert.equal(hits.hitHtml, rendered.hitHtml + 2);
    assert.equal(hits.missHtml, rendered.missHtml);
    assert.equal(hits.renders, rendered.renders, 'no render for a hit');
    await request(app).get('/contact').set('Accept', 'text/x-component').expect(200);
    await request(app).get('/contact').set('Accept', 'text/x-component').expect(200);
    const flight = await figures();
    assert.equal(flight.missRsc, hits.missRsc + 1);
    assert.equal(flight.hitRsc, hits.hitRsc + 1);
  });

  test('a submission raises the outbox depth and its mail the mail outbox depth, with the age of the oldest', async (t) => {
    const { logger } = memoryLog();
    const outbox = startOutbox({ dataDir: tempDir(t), client: contentClient('http://127.0.0.1:9', logger), contentConfigured: false, mailFrom: 'site@example.nl', mailTo: 'info@example.nl', logger });
    t.after(() => outbox.stop());
    const { app } = testApp({ sink: outbox.sink, queues: outbox.backlog });
    const depth = (f: ReturnType<typeof parsePrometheusText>) => ({
      submissions: valueOf(f, 'joinus_outbox_submissions', { status: 'pending' }),
      mails: valueOf(f, 'joinus_mail_outbox_mails', { status: 'pending' }),
      age: valueOf(f, 'joinus_outbox_submissions_oldest_pending_age_seconds'),
    });
    assert.deepEqual(depth(await scrape(app)), { submissions: 0, mails: 0, age: 0 });
    await request(app).post('/forms/contact').set('Origin', ORIGIN).type('form').send({ ...validContact, _page: '/contact', _ts: oldStamp() }).expect(303);
    await new Promise((r) => setTimeout(r, 20));
    const after = depth(await scrape(app));
    assert.equal(after.submissions, 1);
    assert.ok((after.mails ?? 0) >= 1, 'the notification waits for SMTP');
    assert.ok((after.age ?? 0) > 0 && (after.age ?? 0) < 60, `oldest pending age ${after.age}`);
    assert.equal(valueOf(await scrape(app), 'joinus_outbox_submissions', { status: 'failed' }), 0);
  });

  test('calls to a content service that refuses are timed as failed, and the breaker shows open', async () => {
    expectErrorLines('content service failed and nothing is cached for this key', 'content service keeps failing', 'page could not be resolved');
    const { app } = testApp({ strapiUrl: await closedPortUrl() });
    for (let i = 0; i < 4; i++) await request(app).get(`/pagina-${i}`);
    const families = await scrape(app);
    assert.ok((valueOf(families, 'joinus_content_request_duration_seconds_count', { outcome: 'failed' }) ?? 0) >= 3);
    assert.equal(valueOf(families, 'joinus_content_breaker_state', { state: 'open' }), 1);
    assert.equal(valueOf(families, 'joinus_content_breaker_state', { state: 'closed' }), 0);
  });

  test('the figures /readyz no longer shows are here: the content cache\'s counters, the uploads\' disk, the undelivered past their warning age', async (t) => {
    const undelivered = { submissions: 2, mails: 1, oldestDays: 8, warnAfterDays: 7, removedAfterDays: 30 };
    const { app, client } = testApp({ uploads: { maxBytes: 64 * 1024 * 1024, minFreeBytes: 1024 * 1024 }, dataDir: tempDir(t), health: { undelivered: () => undelivered } });
    await request(app).get('/contact').expect(200);
    const readyz = (await request(app).get('/readyz').expect(200)).body as Record<string, unknown>;
    assert.equal(readyz.cache, undefined, 'no counters on /readyz');
    assert.equal(readyz.disk, undefined, 'no disk figures on /readyz');
    assert.deepEqual(readyz.undelivered, undelivered, 'the note stays: with its ages and limits');
    await new Promise((r) => setTimeout(r, 50));
    const ready = { cache: client.cache!.stats() };
    const f = await scrape(app);
    assert.equal(valueOf(f, 'joinus_undelivered_past_warning', { kind: 'submissions' }), 2);
    assert.equal(valueOf(f, 'joinus_undelivered_past_warning', { kind: 'mails' }), 1);
    assert.equal(valueOf(f, 'joinus_content_cache_misses_total'), ready.cache.misses);
    assert.equal(valueOf(f, 'joinus_content_cache_hits_total'), ready.cache.hits);
    assert.equal(valueOf(f, 'joinus_content_cache_stale_served_total'), ready.cache.staleServed);
    assert.equal(valueOf(f, 'joinus_content_cache_entries'), ready.cache.entries);
    assert.equal(valueOf(f, 'joinus_content_cache_bytes'), ready.cache.size);
    assert.equal(valueOf(f, 'joinus_uploads_max_bytes'), 64 * 1024 * 1024);
    assert.equal(valueOf(f, 'joinus_data_dir_free_min_bytes'), 1024 * 1024);
    assert.equal(valueOf(f, 'joinus_uploads_bytes'), 0);
    assert.ok((valueOf(f, 'joinus_data_dir_free_bytes') ?? 0) > 0, 'the last free-space check');
  });

  test('the strict reader of the text format rejects what Prometheus would not read', () => {
    const ok = '# HELP a_total A.\n# TYPE a_total counter\na_total{kind="page"} 3\n';
    assert.equal(valueOf(parsePrometheusText(ok), 'a_total', { kind: 'page' }), 3);
    for (const bad of [
      'a_total 3\n', // no TYPE
      '# TYPE a_total counter\na_total{kind=page} 3\n', // unquoted value
      '# TYPE a_total counter\na_total{kind="page"} three\n', // not a number
      '# TYPE a_total counter\na_total 1\na_total 2\n', // a series twice
      '# TYPE h histogram\nh_bucket{le="1"} 2\nh_bucket{le="+Inf"} 1\nh_count 1\nh_sum 1\n', // buckets fall
      '# TYPE a_total counter\na_total 1', // no final line break
      '# TYPE a_total counter\n# something\na_total 1\n', // a stray comment
    ]) assert.throws(() => parsePrometheusText(bad), Error, JSON.stringify(bad));
  });
});
