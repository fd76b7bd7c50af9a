// The photographs' copies: every picture on a page offers copies fitted to its slot (AVIF and
// JPEG), each answered with its type and a year of caching; the embedded content's from
// the build, the content service's made on first request and kept on disk, so the next visitor,
// a restart and an outage of the content service all get them without the original again.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import sharp from 'sharp';
import request from 'supertest';
import { createMediaDisk } from '../../../server/content/media-disk';
import { CONTENT_WEBHOOK_PATH } from '../../../src/routing/endpoints';
import { variantPath } from '../../../src/routing/image-variants';
import { mediaLibraryResponder, startFakeContentService, type LibraryFile } from '../../support/fake-content-service';
import { testApp } from '../../support/test-app';

const PHOTO_FILE = readdirSync('content/uploads').find((f) => f.startsWith('paardenbloemen_'))!;
const PHOTO = readFileSync(path.join('content/uploads', PHOTO_FILE));

/** The `<picture>` elements of a page, with their sources and image attributes. */
function pictures(html: string) {
  return [...html.matchAll(/<picture>([\s\S]*?)<\/picture>/g)].map((m) => {
    const sources = [...m[1]!.matchAll(/<source type="([^"]+)" srcSet="([^"]+)" sizes="([^"]+)"/g)].map((s) => ({ type: s[1]!, srcset: s[2]!, sizes: s[3]! }));
    const img = /<img ([^>]*)>/.exec(m[1]!)![1]!;
    const attr = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(img)?.[1];
    return { sources, img: { src: attr('src'), srcset: attr('srcSet'), width: attr('width'), height: attr('height'), loading: attr('loading'), fetchpriority: attr('fetchPriority'), alt: attr('alt') } };
  });
}

const urlsOf = (srcset: string) => srcset.split(', ').map((c) => c.split(' ')[0]!);

describe('photographs on the pages', () => {
  test('the home hero is a photo in AVIF and JPEG copies fitted to its slot, loaded first; the other pictures wait', async () => {
    const { app } = testApp();
    const html = (await request(app).get('/').expect(200)).text;
    const all = pictures(html);
    assert.ok(all.length >= 3, 'the hero and two hero cards are photos');
    const hero = all.find((p) => p.img.src?.includes('paardenbloemen_'))!;
    assert.deepEqual(hero.sources.map((s) => s.type), ['image/avif']);
    assert.match(hero.img.srcset!, /\.jpg\.jpg 320w, .*\.jpg\.jpg 1080w$/);
    assert.equal(hero.img.width, '5312');
    assert.equal(hero.img.height, '2988');
    assert.equal(hero.img.loading, 'eager');
    assert.equal(hero.img.fetchpriority, 'high');
    assert.match(hero.img.alt!, /paardenbloemen/i);
    for (const other of all.filter((p) => p !== hero)) {
      assert.equal(other.img.loading, 'lazy');
      assert.equal(other.img.fetchpriority, undefined);
    }
  });

  test('every copy a page offers is answered: its type, at most its width, a year of caching, 304 when unchanged', async () => {
    const { app } = testApp();
    const html = (await request(app).get('/').expect(200)).text;
    const hero = pictures(html).find((p) => p.img.src?.includes('paardenbloemen_'))!;
    const urls = [...hero.sources.flatMap((s) => urlsOf(s.srcset)), ...urlsOf(hero.img.srcset!)];
    assert.equal(urls.length, 10);
    for (const url of urls) {
      const res = await request(app).get(url).buffer(true).parse((r, cb) => { const c: Buffer[] = []; r.on('data', (d: Buffer) => c.push(d)); r.on('end', () => cb(null, Buffer.concat(c))); }).expect(200);
      const format = url.split('.').at(-1)!;
      assert.equal(res.headers['content-type'], { avif: 'image/avif', jpg: 'image/jpeg' }[format]);
      assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
      assert.match(String(res.headers['content-security-policy']), /sandbox/);
      const meta = await sharp(res.body as Buffer).metadata();
      assert.equal(meta.width, Number(/\/w(\d+)-/.exec(url)![1]), url);
      assert.equal(meta.format, { avif: 'heif', jpg: 'jpeg' }[format]);
      await request(app).get(url).set('If-None-Match', String(res.headers.etag)).expect(304);
    }
  });

  test('an address off the ladder, of a drawing or of a file that does not exist is 404, and makes nothing', async () => {
    const { app } = testApp();
    await request(app).get(`/uploads/w700-00000000/${PHOTO_FILE}.avif`).expect(404);
    await request(app).get(`/uploads/w640-00000000/${PHOTO_FILE}.webp`).expect(404);
    await request(app).get(`/uploads/w640-00000000/hero-samen.svg.avif`).expect(404);
    await request(app).get(`/uploads/w640-00000000/nothing_0123456789.jpg.avif`).expect(404);
    await request(app).get(`/uploads/w640-00000000/..%2F..%2Fpackage.json.avif`).expect(404);
  });
});

describe('photographs from the content service', () => {
  const ZOMER = { id: 1, documentId: 'zomer0000000000000000001', name: 'zomer_0a1b2c3d4e.jpg', url: '/uploads/zomer_0a1b2c3d4e.jpg', mime: 'image/jpeg', width: 5312, height: 2988, size: 1720.4, updatedAt: '2025-06-01T10:00:00.000Z' };
  const CV = { id: 2, documentId: 'cvsam0000000000000000002', name: 'cv_sam_99.pdf', url: '/uploads/cv_sam_99.pdf', mime: 'application/pdf', width: null, height: null, size: 12.5, updatedAt: '2025-06-01T10:00:00.000Z' };
  const library = (): LibraryFile[] => [
    { record: { ...ZOMER }, bytes: PHOTO, etag: '"p1"' },
    { record: CV, bytes: Buffer.from('%PDF-1.7') },
  ];

  test('a copy is made once from the original, kept on disk, and outlives both a restart and the content service', async (t) => {
    const strapi = await startFakeContentService(mediaLibraryResponder(library()));
    t.after(() => strapi.down());
    const mediaDir = mkdtempSync(path.join(tmpdir(), 'media-test-'));
    const url = variantPath(ZOMER, 640, 'avif');
    const { app } = testApp({ strapiUrl: strapi.url, mediaDir });
    const [first, second] = await Promise.all([request(app).get(url).expect(200), request(app).get(url).expect(200)]);
    assert.equal(first.headers['content-type'], 'image/avif');
    assert.equal(first.headers['content-length'], second.headers['content-length']);
    await request(app).get(url).expect(200);
    const originals = () => strapi.requests.filter((r) => r.path === '/uploads/zomer_0a1b2c3d4e.jpg').length;
    assert.equal(originals(), 1, 'the original fetched once for all three');
    await request(app).get('/uploads/zomer_0a1b2c3d4e.jpg').expect(200);
    assert.equal(originals(), 1, 'the original itself answered from disk too');

    await strapi.down();
    const restarted = testApp({ strapiUrl: strapi.url, mediaDir }).app;
    const again = await request(restarted).get(url).expect(200);
    assert.equal(again.headers['content-length'], first.headers['content-length']);
    // A copy not made before cannot be checked against the record while the service is down:
    // the visitor gets the original, which the restarted process still has on disk.
    const other = await request(restarted).get(variantPath(ZOMER, 320, 'jpg')).expect(307);
    assert.equal(other.headers.location, '/uploads/zomer_0a1b2c3d4e.jpg');
    await request(restarted).get('/uploads/zomer_0a1b2c3d4e.jpg').expect(200);
  });

  test('a new version of a photo (the editor replaced it) has the original checked again; the old address leads to the new copy', async (t) => {
    const files = library();
    const strapi = await startFakeContentService(mediaLibraryResponder(files));
    t.after(() => strapi.down());
    const secret = 'media-variants-webhook-secret-01';
    const { app } = testApp({ strapiUrl: strapi.url, webhookSecret: secret });
    const before = variantPath(ZOMER, 320, 'jpg');
    await request(app).get(before).expect(200);
    files[0]!.record.updatedAt = '2025-07-01T09:00:00.000Z';
    await request(app).post(CONTENT_WEBHOOK_PATH).set('Authorization', `Bearer ${secret}`).send({ event: 'media.update', media: { documentId: ZOMER.documentId, url: ZOMER.url } }).expect(204);
    const after = variantPath(files[0]!.record as typeof ZOMER, 320, 'jpg');
    assert.notEqual(after, before);
    await request(app).get(after).expect(200);
    const asked = strapi.requests.filter((r) => r.path === '/uploads/zomer_0a1b2c3d4e.jpg');
    assert.equal(asked.length, 2);
    assert.equal(asked[1]!.headers['if-none-match'], '"p1"', 'a conditional request: unchanged bytes are not sent again');
    const old = await request(app).get(before).expect(307);
    assert.equal(old.headers.location, after);
  });

  test('no copies of what is not an image (a delivered CV)', async (t) => {
    const strapi = await startFakeContentService(mediaLibraryResponder(library()));
    t.after(() => strapi.down());
    const { app } = testApp({ strapiUrl: strapi.url });
    await request(app).get('/uploads/w320-aaaaaaaa/cv_sam_99.pdf.jpg').expect(404);
    await request(app).get('/uploads/cv_sam_99.pdf').expect(404);
    assert.equal(strapi.requests.filter((r) => r.path === '/uploads/cv_sam_99.pdf').length, 0, 'its record says what it is: the file is not even fetched');
  });
});

describe('media kept on disk', () => {
  test('past its byte bound the files used longest ago are deleted from disk; a restart finds the rest', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'media-disk-'));
    const disk = createMediaDisk(dir, 3000);
    await disk.put('a', Buffer.alloc(1000, 1));
    await disk.put('b', Buffer.alloc(1000, 2));
    await disk.put('c', Buffer.alloc(1000, 3));
    assert.ok(disk.get('a'), 'a used again: b is now the oldest');
    await disk.put('d', Buffer.alloc(1000, 4));
    assert.equal(disk.get('b'), undefined);
    assert.equal(readdirSync(dir).length, 3);
    assert.equal(readdirSync(dir).reduce((n, f) => n + statSync(path.join(dir, f)).size, 0), 3000);
    const again = createMediaDisk(dir, 3000);
    assert.deepEqual(readFileSync(again.get('d')!.file), Buffer.alloc(1000, 4));
  });
});
