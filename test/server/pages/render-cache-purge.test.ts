// The site's own page cache is purged like the proxy in front: a publish drops the rendered
// pages filed under its cache tags (its collections, the record, `many`) and leaves the rest
// rendered (server/pages/render-cache.ts `drop`, server/compose.ts). Checked for a blog post, a
// vacancy, a page (the menus link it) and an unknown model, on the composed site.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import request from 'supertest';
import { CONTENT_WEBHOOK_PATH } from '../../../src/routing/endpoints';
import { pageCacheKey } from '../../../server/pages/page-cache-key';
import { createRenderCache, renderedPage } from '../../../server/pages/render-cache';
import { testApp } from '../../support/test-app';

const SECRET = 'render-cache-purge-secret';
// nieuwe-groep-in-geldermalsen in the embedded snapshot.
const POST = 'h6s04ysqkjdiyeagb9v1787w';
const PATHS = ['/', '/blog', '/blog/nieuwe-groep-in-geldermalsen', '/contact', '/over-ons', '/vacatures', '/doneren'];

async function renderedSite() {
  const site = testApp({ webhookSecret: SECRET });
  const tags = new Map<string, string[]>();
  for (const path of PATHS) {
    const res = await request(site.app).get(path).expect(200);
    tags.set(path, (res.headers['surrogate-key'] ?? '').split(' '));
  }
  const kept = () => PATHS.filter((path) => site.renderCache.get(pageCacheKey(path, {}, false, false).key));
  assert.deepEqual(kept(), PATHS, 'every page rendered and kept');
  const publish = (body: Record<string, unknown>) => request(site.app).post(CONTENT_WEBHOOK_PATH).set('X-Webhook-Secret', SECRET).send(body).expect(204);
  /** The pages a purge by `purged` should drop: those filed under one of those tags. */
  const filedUnder = (purged: string[]) => PATHS.filter((path) => tags.get(path)!.some((tag) => purged.includes(tag)));
  return { site, kept, publish, filedUnder };
}

describe('the render cache is purged by cache tags, like the proxy', () => {
  test('the class, a published blog post: that post and the lists that show it go; the contact page, the vacancies and the donation page stay', async () => {
    const { kept, publish, filedUnder } = await renderedSite();
    await publish({ event: 'entry.publish', model: 'api::blog-post.blog-post', entry: { id: 4, documentId: POST } });
    const dropped = filedUnder(['col_blog-posts', `doc_${POST}`, 'many']);
    for (const path of ['/blog', '/blog/nieuwe-groep-in-geldermalsen']) assert.ok(dropped.includes(path), `${path} is filed under the post or its collection`);
    assert.deepEqual(kept(), PATHS.filter((path) => !dropped.includes(path)));
    for (const path of ['/contact', '/vacatures', '/doneren']) assert.ok(kept().includes(path), `${path} stays rendered`);
  });

  test('the neighbours: a vacancy drops the vacancies, not the blog; a page drops every page with the menus; an unknown model everything; a draft nothing', async () => {
    const { site, kept, publish, filedUnder } = await renderedSite();
    await publish({ event: 'entry.update', model: 'vacancy', entry: { id: 1, documentId: 'vacature1234', publishedAt: '2026-11-01T10:00:00.000Z' } });
    const vacancies = filedUnder(['col_vacancies', 'doc_vacature1234', 'many']);
    assert.ok(vacancies.includes('/vacatures'));
    assert.deepEqual(kept(), PATHS.filter((path) => !vacancies.includes(path)));
    assert.ok(kept().includes('/blog/nieuwe-groep-in-geldermalsen'));

    await publish({ event: 'entry.update', model: 'blog-post', entry: { id: 4, documentId: POST, publishedAt: null } });
    assert.deepEqual(kept(), PATHS.filter((path) => !vacancies.includes(path)), 'a saved draft drops nothing');

    for (const path of PATHS) await request(site.app).get(path).expect(200);
    await publish({ event: 'entry.unpublish', model: 'page', entry: { id: 1, documentId: 'pagina12345' } });
    assert.deepEqual(kept(), PATHS.filter((path) => !filedUnder(['col_pages', 'col_navigation', 'doc_pagina12345', 'many']).includes(path)));
    assert.deepEqual(kept(), [], 'every page shows the menus');

    for (const path of PATHS) await request(site.app).get(path).expect(200);
    await publish({ event: 'entry.update', model: 'api::unknown.unknown', entry: { id: 1 } });
    assert.deepEqual(kept(), []);
  });

  test('a page whose render began before a purge is sent but not kept: it may show what the publish changed', () => {
    const cache = createRenderCache({ ttlMs: 60_000 });
    const page = { ...renderedPage(200, 'text/html; charset=utf-8', 'public', Buffer.from('<main>oud</main>')), tags: ['site', 'col_pages'] };
    const since = cache.epoch;
    cache.drop(['col_blog-posts']);
    cache.set('html|/over-ons|{}', page, since);
    assert.equal(cache.get('html|/over-ons|{}'), undefined);
    cache.set('html|/over-ons|{}', page, cache.epoch);
    assert.ok(cache.get('html|/over-ons|{}'));
    assert.equal(cache.drop(['col_blog-posts']), 0, 'filed under other tags: kept');
    assert.equal(cache.drop(['col_pages']), 1);
  });
});
