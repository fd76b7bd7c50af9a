// `/uploads/*` with Strapi configured: the site answers media itself, from a memory cache that
// outlives the content service, and only images.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import request from 'supertest';
import { mediaLibraryResponder, startFakeContentService, type LibraryFile } from '../../support/fake-content-service';
import { testApp } from '../../support/test-app';
import { expectErrorLines } from '../../support/error-guard';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a5a30000000049454e44ae426082', 'hex');

/** Strapi's media library: a photo, and a CV a form delivered (its record says what it is). */
const LIBRARY: LibraryFile[] = [
  { record: { id: 1, url: '/uploads/hero_ab12cd.png', mime: 'image/png', width: 1, height: 1 }, bytes: PNG, etag: '"v1"' },
  { record: { id: 2, url: '/uploads/cv_sam_de_vries_99.pdf', mime: 'application/pdf' }, bytes: Buffer.from('%PDF-1.7 private') },
];
const media = mediaLibraryResponder(LIBRARY);

describe('media through the site', () => {
  test('an image is served with its type, a day of browser caching and a sandboxing CSP; the second visitor gets it from disk', async (t) => {
    const strapi = await startFakeContentService(media);
    t.after(() => strapi.down());
    const { app } = testApp({ strapiUrl: strapi.url });
    const first = await request(app).get('/uploads/hero_ab12cd.png').expect(200);
    assert.equal(first.headers['content-type'], 'image/png');
    assert.deepEqual(first.body, PNG);
    assert.match(String(first.headers['cache-control']), /public, max-age=86400/);
    assert.match(String(first.headers['content-security-policy']), /sandbox/);
    assert.equal(first.headers['x-content-type-options'], 'nosniff');
    await request(app).get('/uploads/hero_ab12cd.png').expect(200);
    await request(app).get('/uploads/hero_ab12cd.png').set('If-None-Match', String(first.headers.etag)).expect(304);
    assert.equal(strapi.requests.filter((r) => r.path === '/uploads/hero_ab12cd.png').length, 1, 'one upstream request');
  });

  test('while the content service is down, a kept image is still served; an unknown one is 502, not a hang', async (t) => {
    expectErrorLines('request errored (failed with status code 502)');
    const strapi = await startFakeContentService(media);
    t.after(() => strapi.down());
    const { app } = testApp({ strapiUrl: strapi.url });
    await request(app).get('/uploads/hero_ab12cd.png').expect(200);
    await strapi.down();
    const again = await request(app).get('/uploads/hero_ab12cd.png').expect(200);
    assert.deepEqual(again.body, PNG);
    await request(app).get('/uploads/other.png').expect(502);
  });

  test('files that are not images (a delivered CV) are never served; odd names never reach Strapi', async (t) => {
    const strapi = await startFakeContentService(media);
    t.after(() => strapi.down());
    const { app } = testApp({ strapiUrl: strapi.url });
    await request(app).get('/uploads/cv_sam_de_vries_99.pdf').expect(404);
    await request(app).get('/uploads/missing.png').expect(404);
    await request(app).get('/uploads/..%2F..%2Fadmin').expect(404);
    await request(app).get('/uploads/.env').expect(404);
    // The CV and the missing file are looked up in the media library; neither is fetched.
    assert.deepEqual(strapi.requests.map((r) => r.path).filter((p) => p !== '/api/upload/files'), []);
  });

  test('the embedded files get the same media headers', async () => {
    const { app } = testApp();
    const res = await request(app).get('/uploads/hero-samen.svg').expect(200);
    assert.match(String(res.headers['content-security-policy']), /sandbox/);
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
  });

  test('MEDIA_ORIGIN (a bucket or CDN) joins img-src, and nothing else does', async () => {
    const { app } = testApp({ mediaOrigin: 'https://media.example.org' });
    const csp = (await request(app).get('/').expect(200)).headers['content-security-policy'] as string;
    const img = csp.split(';').find((d) => d.trim().startsWith('img-src'))!;
    assert.match(img, /https:\/\/media\.example\.org/);
    assert.doesNotMatch(csp.replace(img, ''), /media\.example\.org/);
  });
});
