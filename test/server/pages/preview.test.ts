// The editor preview (GET /preview): a draft shows there and nowhere else, every refusal is the
// same 404, the answer is never stored or indexed, and the secret never reaches a log line.
// Against the one fake content service, answering from the snapshot with a draft version of it.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import request from 'supertest';
import { snapshotResponder, startFakeContentService, type FakeContentService } from '../../support/fake-content-service';
import { testApp } from '../../support/test-app';

const SECRET = 'preview-secret-for-tests-0123456789';
const OVER_ONS = 'nwzbwv0wbhawdb5buepfgy3v'; // page over-ons (nl), about (en)
const BLOG = 'ih6sxh1jymx9cxmbp28zlatc'; // page blog: a collection list of blog posts
const GELDERMALSEN = 'h6s04ysqkjdiyeagb9v1787w'; // blog post
const NEW_PAGE = 'nieuwepaginaalleenconcep'; // a page never published

const DRAFT_LEAD = 'Concepttekst die nog niemand mag zien.';
const DRAFT_POST_TITLE = 'Conceptkop van een blogbericht';

type Rec = Record<string, unknown> & { documentId?: string; blocks?: Array<Record<string, unknown>> };

let strapi: FakeContentService;
let site: ReturnType<typeof testApp>;

const previewUrl = (params: Record<string, string>) => `/preview?${new URLSearchParams(params).toString()}`;
const valid = (documentId: string, extra: Record<string, string> = {}) =>
  previewUrl({ secret: SECRET, uid: 'api::page.page', documentId, locale: 'nl', status: 'draft', ...extra });

before(async () => {
  strapi = await startFakeContentService(
    snapshotResponder({
      'nl/pages': (records: Rec[]) => {
        const overOns = records.find((r) => r.documentId === OVER_ONS)!;
        overOns.blocks![0]!.lead = DRAFT_LEAD;
        const copy = structuredClone(records.find((r) => r.slug === 'privacy-policy')!);
        records.push({ ...copy, id: 9999, documentId: NEW_PAGE, slug: 'nieuw-in-concept', title: 'Nieuw in concept' });
      },
      'nl/blog-posts': (records: Rec[]) => {
        records.find((r) => r.documentId === GELDERMALSEN)!.title = DRAFT_POST_TITLE;
      },
    }),
  );
  site = testApp({ strapiUrl: strapi.url, previewSecret: SECRET });
});
after(() => strapi.down());

describe('editor preview', () => {
  test('a draft-only change shows in the preview and not on the public page', async () => {
    const preview = await request(site.app).get(valid(OVER_ONS)).expect(200);
    assert.ok(preview.text.includes(DRAFT_LEAD));
    assert.match(preview.text, /<section class="preview-banner" aria-label="Voorbeeld" data-status="draft">/);
    assert.ok(preview.text.includes('Voorbeeld: deze versie is nog niet gepubliceerd.'));
    assert.match(preview.text, /<a class="preview-banner-live" href="\/over-ons">/);

    const live = await request(site.app).get('/over-ons').expect(200);
    assert.ok(!live.text.includes(DRAFT_LEAD));
    assert.ok(!live.text.includes('preview-banner'));
  });

  test('what the page\'s blocks read is the draft too (a blog list shows a draft title)', async () => {
    const before = strapi.requests.length;
    const preview = await request(site.app).get(valid(BLOG)).expect(200);
    assert.ok(preview.text.includes(DRAFT_POST_TITLE));
    // Every record the preview read, the page's own and its blocks', asked for drafts.
    const reads = strapi.requests.slice(before).filter((r) => /^\/api\/(pages|blog-posts|global)/.test(r.path));
    assert.ok(reads.length >= 3, `${reads.length} reads`);
    for (const r of reads) assert.match(r.query, /(^|&)status=draft(&|$)/, `${r.path}?${r.query}`);

    const live = await request(site.app).get('/blog').expect(200);
    assert.ok(!live.text.includes(DRAFT_POST_TITLE));
  });

  test('a document never published: its page in the preview, a 404 on the site', async () => {
    const preview = await request(site.app).get(valid(NEW_PAGE)).expect(200);
    assert.match(preview.text, /<a class="preview-banner-live" href="\/nieuw-in-concept">/);
    await request(site.app).get('/nieuw-in-concept').expect(404);
  });

  test('the page path comes from the path table, per locale; status=published shows the published version', async () => {
    const en = await request(site.app).get(valid(OVER_ONS, { locale: 'en', status: 'published' })).expect(200);
    assert.match(en.text, /<html lang="en"/);
    assert.match(en.text, /<a class="preview-banner-live" href="\/en\/about">/);
    assert.ok(en.text.includes('Preview: this is the published version.'));
    assert.match(en.text, /data-status="published"/);
    const post = await request(site.app).get(previewUrl({ secret: SECRET, uid: 'api::blog-post.blog-post', documentId: GELDERMALSEN, locale: 'nl', status: 'draft' })).expect(200);
    assert.match(post.text, /<a class="preview-banner-live" href="\/blog\/nieuwe-groep-in-geldermalsen">/);
    assert.equal(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(post.text)?.[1]?.replace(/<[^>]*>/g, ''), DRAFT_POST_TITLE, "the draft's title is the h1");
  });

  test('no-store, noindex in the header and the document, and a Flight request works the same', async () => {
    const html = await request(site.app).get(valid(OVER_ONS)).expect(200);
    assert.equal(html.headers['cache-control'], 'no-store');
    assert.equal(html.headers['x-robots-tag'], 'noindex, nofollow');
    assert.match(html.text, /<meta name="robots" content="noindex"\/>/);
    assert.doesNotMatch(html.text, /<link rel="canonical"/);
    // Strapi's admin (here the content service's origin) may show it in a frame; nobody else.
    assert.match(String(html.headers['content-security-policy']), new RegExp(`frame-ancestors 'self' ${new URL(strapi.url).origin}(;|$)`));
    assert.equal(html.headers['x-frame-options'], undefined);
    const live = await request(site.app).get('/over-ons').expect(200);
    assert.match(String(live.headers['content-security-policy']), /frame-ancestors 'none'/);
    assert.equal(live.headers['x-frame-options'], 'SAMEORIGIN');

    const flight = await request(site.app).get(`${valid(OVER_ONS)}&_rsc=1`).expect(200);
    assert.match(String(flight.headers['content-type']), /^text\/x-component/);
    assert.equal(flight.headers['cache-control'], 'no-store');
    assert.equal(flight.headers['x-robots-tag'], 'noindex, nofollow');
    assert.match(String(flight.headers.vary), /Accept/);
    assert.ok(flight.text.includes(DRAFT_LEAD));
    assert.doesNotMatch(flight.text, /<!DOCTYPE/);
    await request(site.app).get(valid(OVER_ONS)).set('Accept', 'text/x-component').expect('content-type', /text\/x-component/);
  });

  test('a preview shows the page as a visitor who has answered the cookie question: no cookie banner, on any layout', async () => {
    for (const url of [valid(OVER_ONS), valid(OVER_ONS, { status: 'published', locale: 'en' })]) {
      const html = (await request(site.app).get(url).expect(200)).text;
      assert.match(html, /class="preview-banner"/);
      assert.doesNotMatch(html, /data-consent-banner/, url);
    }
    assert.match((await request(site.app).get('/over-ons').expect(200)).text, /data-consent-banner/, 'the public page asks');
  });

  test('a preview neither reads nor fills the render cache or the shared content cache', async () => {
    const fresh = testApp({ strapiUrl: strapi.url, previewSecret: SECRET });
    await request(fresh.app).get(valid(OVER_ONS)).expect(200);
    await request(fresh.app).get(`${valid(OVER_ONS)}&_rsc=1`).expect(200);
    assert.equal(fresh.renderCache.size, 0);
    assert.equal(fresh.client.cache?.stats().entries, 0);
    // The public page is rendered and kept as before.
    await request(fresh.app).get('/over-ons').expect(200);
    assert.equal(fresh.renderCache.size, 1);
    // And a preview after it is rendered again, not served from that cache.
    const again = await request(fresh.app).get(valid(OVER_ONS)).expect(200);
    assert.ok(again.text.includes(DRAFT_LEAD));
  });

  test('every refusal is the same 404 page, never stored, and asks nothing of the content service for a wrong secret', async () => {
    const refusals = [
      previewUrl({ uid: 'api::page.page', documentId: OVER_ONS, locale: 'nl', status: 'draft' }), // no secret
      previewUrl({ secret: 'not-the-secret', uid: 'api::page.page', documentId: OVER_ONS, locale: 'nl', status: 'draft' }),
      previewUrl({ secret: SECRET.slice(0, -1), uid: 'api::page.page', documentId: OVER_ONS }), // one character short
      valid(OVER_ONS, { uid: 'api::unknown.unknown' }),
      valid(OVER_ONS, { uid: 'constructor' }),
      valid('geendocumentmetdezeid000'), // unknown document
      valid(OVER_ONS, { locale: 'de' }),
      valid(OVER_ONS, { status: 'archived' }),
      previewUrl({ secret: SECRET, uid: 'api::event.event', documentId: '6ptsv2bdrbwlcs1ix22wiwkr', locale: 'nl' }), // no page of its own
      `/preview?secret[]=${SECRET}&uid=api::page.page&documentId=${OVER_ONS}`,
    ];
    const bodies = new Set<string>();
    for (const url of refusals) {
      const res = await request(site.app).get(url).expect(404);
      assert.equal(res.headers['cache-control'], 'no-store', url);
      assert.equal(res.headers['x-robots-tag'], 'noindex, nofollow', url);
      assert.match(res.text, /<meta name="robots" content="noindex"\/>/);
      assert.doesNotMatch(res.text, /preview-banner/);
      bodies.add(res.text);
    }
    assert.equal(bodies.size, 1, 'one answer whichever check refused');
    assert.match([...bodies][0]!, /Pagina niet gevonden: \/preview</);

    const before = strapi.requests.length;
    await request(site.app).get(refusals[1]!).expect(404);
    assert.ok(strapi.requests.slice(before).every((r) => !r.query.includes('status=draft')), 'a wrong secret reads no draft');
  });

  test('without PREVIEW_SECRET every preview is a 404', async () => {
    const unset = testApp({ strapiUrl: strapi.url });
    const res = await request(unset.app).get(valid(OVER_ONS)).expect(404);
    assert.equal(res.headers['cache-control'], 'no-store');
    assert.doesNotMatch(res.text, /preview-banner|Concepttekst/);
    await request(unset.app).get(previewUrl({ secret: '', uid: 'api::page.page', documentId: OVER_ONS })).expect(404);
  });

  test('the secret never reaches the log, whatever the case or encoding of its name', async () => {
    const logged = testApp({ strapiUrl: strapi.url, previewSecret: SECRET });
    await request(logged.app).get(valid(OVER_ONS)).expect(200);
    await request(logged.app).get(`/preview?%73ecret=${SECRET}&uid=api::page.page&documentId=${OVER_ONS}`).expect(200);
    await request(logged.app).get(previewUrl({ secret: `${SECRET}x`, uid: 'api::page.page', documentId: OVER_ONS })).expect(404);
    const text = JSON.stringify(logged.logs);
    assert.ok(!text.includes(SECRET), 'secret in the log');
    assert.ok(logged.logs.some((l) => JSON.stringify(l).includes('/preview?secret=[redacted]&uid=')), 'the request is logged, masked');
  });
});
