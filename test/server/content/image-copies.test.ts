// Issue 38, finding 6: any eight characters were taken as the version in
// `/uploads/w{width}-{version}/…`, each a new encode (1.2 s of CPU as AVIF, 2.5 s as PNG), of
// widths and formats no page links (w1600, PNG of a JPEG) and of drawings (an SVG rasterised),
// in the server's own process, whose memory stayed grown. And each request for a made-up name
// under /uploads/ was a call to the content service.
//
// The class: a copy is made only for a width, format and version the site's own pages link,
// for the file's media record as the content service holds it now (src/routing/image-copies.ts);
// every other address costs no encode. Neighbours: AVIF, JPEG, PNG and a WebP original; another
// width; a drawing; the embedded content as well as the content service's.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test, type TestContext } from 'node:test';
import sharp from 'sharp';
import request from 'supertest';
import { CONTENT_WEBHOOK_PATH } from '../../../src/routing/endpoints';
import { variantPath, variantVersion, type ImageSource } from '../../../src/routing/image-variants';
import { mediaLibraryResponder, startFakeContentService, type LibraryFile } from '../../support/fake-content-service';
import { testApp } from '../../support/test-app';
import { until } from '../../support/until';

const PHOTO = readFileSync(path.join('content/uploads', readdirSync('content/uploads').find((f) => f.startsWith('paardenbloemen_'))!));
const DRAWING = readFileSync('content/uploads/hero-samen.svg');
const WEBHOOK_SECRET = 'image-copies-webhook-secret-0123';

const record = (n: number, name: string, mime: string, width: number, height: number) => ({
  id: n,
  documentId: `imagecopies${String(n).padStart(13, '0')}`,
  name,
  url: `/uploads/${name}`,
  mime,
  width,
  height,
  size: 100 + n,
  updatedAt: '2025-06-01T10:00:00.000Z',
});

async function library(): Promise<{ jpeg: LibraryFile; png: LibraryFile; webp: LibraryFile; svg: LibraryFile; files: LibraryFile[] }> {
  const jpeg = { record: record(1, 'zomer_0a1b2c3d4e.jpg', 'image/jpeg', 5312, 2988), bytes: PHOTO, etag: '"z1"' };
  // A screenshot 700 px wide: its slots' widths stop at 640, so w800 is linked by no page.
  const png = { record: record(2, 'scherm_1b2c3d4e5f.png', 'image/png', 700, 400), bytes: await sharp({ create: { width: 700, height: 400, channels: 4, background: '#3a7' } }).png().toBuffer() };
  const webp = { record: record(3, 'herfst_2c3d4e5f6a.webp', 'image/webp', 1000, 600), bytes: await sharp(PHOTO).resize({ width: 1000 }).webp().toBuffer() };
  // Strapi measures a drawing too; the site never makes copies of one.
  const svg = { record: record(4, 'tekening_3d4e5f6a7b.svg', 'image/svg+xml', 400, 300), bytes: DRAWING };
  return { jpeg, png, webp, svg, files: [jpeg, png, webp, svg] };
}

/** A site on a fake content service holding `files`, its copies in a folder the test counts. */
async function siteWith(t: TestContext, files: LibraryFile[], encoder?: { maxWaiting?: number; idleMs?: number }) {
  const strapi = await startFakeContentService(mediaLibraryResponder(files));
  t.after(() => strapi.down());
  const mediaDir = mkdtempSync(path.join(tmpdir(), 'image-copies-'));
  const { app } = testApp({ strapiUrl: strapi.url, mediaDir, webhookSecret: WEBHOOK_SECRET, encoder });
  /** Copies made and kept: one file per encode. */
  const copiesMade = () => readdirSync(path.join(mediaDir, 'copies')).filter((f) => !f.includes('.part-')).length;
  return { app, strapi, copiesMade };
}

const of = (file: LibraryFile) => file.record as ImageSource;

/** Eight characters as an attacker makes them up, none of them the record's version. */
function madeUpVersions(media: ImageSource, n: number): string[] {
  const real = variantVersion(media);
  return Array.from({ length: n }, (_, i) => (i * 2_654_435_761 + 12_345).toString(36).padStart(8, 'q').slice(-8)).filter((v) => v !== real);
}

describe('an image copy is encoded only for a size and version the site links', () => {
  test('a made-up version of a linked copy (AVIF, JPEG) is sent to the current version and makes nothing', async (t) => {
    const { jpeg, files } = await library();
    const { app, copiesMade } = await siteWith(t, files);
    const avif = variantPath(of(jpeg), 640, 'avif');
    const res = await request(app).get(avif).expect(200);
    assert.equal(res.headers['content-type'], 'image/avif');
    assert.equal(copiesMade(), 1);
    for (const [width, format] of [[640, 'avif'], [320, 'jpg']] as const) {
      for (const version of madeUpVersions(of(jpeg), 8)) {
        const made = await request(app).get(`/uploads/w${width}-${version}/zomer_0a1b2c3d4e.jpg.${format}`).expect(307);
        assert.equal(made.headers.location, variantPath(of(jpeg), width, format));
        assert.equal(made.headers['cache-control'], 'no-store', 'a redirect whose target may change is kept by no cache');
      }
    }
    assert.equal(copiesMade(), 1, 'no encode for any made-up version');
  });

  test('a width or format no page links is refused: PNG of a JPEG, w800 of a 700 px PNG, w1600, WebP; the linked PNG copy is made', async (t) => {
    const { jpeg, png, webp, files } = await library();
    const { app, copiesMade } = await siteWith(t, files);
    const version = (file: LibraryFile) => variantVersion(of(file));
    await request(app).get(`/uploads/w640-${version(jpeg)}/zomer_0a1b2c3d4e.jpg.png`).expect(404);
    await request(app).get(`/uploads/w1600-${version(jpeg)}/zomer_0a1b2c3d4e.jpg.jpg`).expect(404);
    await request(app).get(`/uploads/w640-${version(jpeg)}/zomer_0a1b2c3d4e.jpg.webp`).expect(404);
    await request(app).get(`/uploads/w800-${version(png)}/scherm_1b2c3d4e5f.png.png`).expect(404);
    await request(app).get(`/uploads/w800-${version(png)}/scherm_1b2c3d4e5f.png.avif`).expect(404);
    await request(app).get(`/uploads/w480-${version(png)}/scherm_1b2c3d4e5f.png.jpg`).expect(404);
    await request(app).get(`/uploads/w480-${version(webp)}/herfst_2c3d4e5f6a.webp.png`).expect(404);
    assert.equal(copiesMade(), 0);
    const linked = await request(app).get(variantPath(of(png), 640, 'png')).expect(200);
    assert.equal(linked.headers['content-type'], 'image/png');
    assert.equal((await sharp(linked.body as Buffer).metadata()).width, 640);
    const fromWebp = await request(app).get(variantPath(of(webp), 480, 'jpg')).expect(200);
    assert.equal(fromWebp.headers['content-type'], 'image/jpeg');
    await request(app).get(`/uploads/w640-${madeUpVersions(of(png), 1)[0]}/scherm_1b2c3d4e5f.png.png`).expect(307);
    assert.equal(copiesMade(), 2);
  });

  test('a drawing (SVG) is never rasterised, at its own version or any other; it is served as it is', async (t) => {
    const { svg, files } = await library();
    const { app, copiesMade } = await siteWith(t, files);
    for (const version of [variantVersion(of(svg)), ...madeUpVersions(of(svg), 3)]) {
      for (const format of ['png', 'avif', 'jpg']) await request(app).get(`/uploads/w320-${version}/tekening_3d4e5f6a7b.svg.${format}`).expect(404);
    }
    assert.equal(copiesMade(), 0);
    const original = await request(app).get('/uploads/tekening_3d4e5f6a7b.svg').buffer(true).parse(bytes).expect(200);
    assert.equal(original.headers['content-type'], 'image/svg+xml');
    assert.deepEqual(original.body, DRAWING);
  });

  test('the embedded content too: a made-up version of a page\'s copy is sent to the real one, an unlinked width makes nothing', async (t) => {
    const mediaDir = mkdtempSync(path.join(tmpdir(), 'image-copies-embedded-'));
    const { app } = testApp({ mediaDir });
    const html = (await request(app).get('/').expect(200)).text;
    const real = /<source type="image\/avif" srcSet="(\/uploads\/w\d+-[0-9a-z]{8}\/paardenbloemen_[^ ]+\.avif) /.exec(html)![1]!;
    const madeUp = real.replace(/-[0-9a-z]{8}\//, '-qqqqqqqq/');
    const res = await request(app).get(madeUp).expect(307);
    assert.equal(res.headers.location, real);
    const file = real.split('/').at(-1)!.replace(/\.avif$/, '');
    const version = /-([0-9a-z]{8})\//.exec(real)![1]!;
    await request(app).get(`/uploads/w1600-${version}/${file}.png`).expect(404);
    await request(app).get(`/uploads/w1280-${version}/${file}.png`).expect(404);
    t.diagnostic(`copies made on request: ${readdirSync(path.join(mediaDir, 'copies')).length}`);
    assert.equal(readdirSync(path.join(mediaDir, 'copies')).length, 0);
  });

  test('encodes run in a process of their own, ended once idle, so the server\'s memory does not stay grown', async (t) => {
    const { jpeg, files } = await library();
    const { app } = await siteWith(t, files, { idleMs: 300 });
    // Other tests' sites in this process may still have theirs: this site's is the new one.
    const encoders = () => childrenOf(process.pid).filter((c) => c.command.includes('image-encoder-child')).map((c) => c.pid);
    const others = new Set(encoders());
    await request(app).get(variantPath(of(jpeg), 320, 'avif')).expect(200);
    const ours = encoders().filter((pid) => !others.has(pid));
    assert.equal(ours.length, 1, 'the copy was made by an encoder process of its own, not by this one');
    assert.ok(await until(() => !encoders().includes(ours[0]!), 10_000), 'the idle encoder process ends');
  });

  test('past the bounded queue a visitor gets the original, never a wait behind a line of encodes', async (t) => {
    const { jpeg, files } = await library();
    const { app } = await siteWith(t, files, { maxWaiting: 1 });
    const widths = [320, 480, 640, 800, 1080, 1280] as const;
    const answers = await Promise.all(widths.map((w) => request(app).get(variantPath(of(jpeg), w, 'avif'))));
    const statuses = answers.map((a) => a.status);
    assert.ok(statuses.every((s) => s === 200 || s === 307), statuses.join());
    assert.ok(statuses.filter((s) => s === 200).length >= 2, `the running and the waiting encode: ${statuses.join()}`);
    assert.ok(statuses.includes(307), `one running and one waiting: the others are sent to the original (${statuses.join()})`);
    for (const a of answers.filter((x) => x.status === 307)) assert.equal(a.headers.location, '/uploads/zomer_0a1b2c3d4e.jpg');
  });
});

describe('a made-up /uploads/ name costs the content service one lookup, not one per request', () => {
  test('the same made-up name, as an original or under a real width and version, is asked once; an upload the webhook announces is found', async (t) => {
    const { jpeg, files } = await library();
    const { app, strapi } = await siteWith(t, files);
    const asked = (name: string) => strapi.requests.filter((r) => r.path.includes(name) || decodeURIComponent(r.query).includes(name)).length;
    for (let i = 0; i < 5; i++) await request(app).get('/uploads/verzonnen_0123456789.jpg').expect(404);
    assert.equal(asked('verzonnen_0123456789'), 1);
    const real = `/uploads/w640-${variantVersion(of(jpeg))}`;
    for (let i = 0; i < 5; i++) await request(app).get(`${real}/bedacht_9876543210.jpg.avif`).expect(404);
    assert.equal(asked('bedacht_9876543210'), 1);

    // An editor uploads it after all: the webhook's media.create makes the name asked again.
    files.push({ record: { ...jpeg.record, id: 9, documentId: 'imagecopies0000000000009', name: 'verzonnen_0123456789.jpg', url: '/uploads/verzonnen_0123456789.jpg' }, bytes: PHOTO });
    await request(app).post(CONTENT_WEBHOOK_PATH).set('Authorization', `Bearer ${WEBHOOK_SECRET}`).send({ event: 'media.create', media: { url: '/uploads/verzonnen_0123456789.jpg' } }).expect(204);
    const found = await request(app).get('/uploads/verzonnen_0123456789.jpg').expect(200);
    assert.equal(found.headers['content-type'], 'image/jpeg');
  });
});

/** This process's children and their command lines (Linux /proc). */
function childrenOf(pid: number): Array<{ pid: number; command: string }> {
  const found: Array<{ pid: number; command: string }> = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) found.push({ pid: Number(entry), command: readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ') });
    } catch {
      /* ended meanwhile */
    }
  }
  return found;
}

/** A body as its bytes, whatever its type. */
const bytes: Parameters<request.Test['parse']>[0] = (res, done) => {
  const chunks: Buffer[] = [];
  res.on('data', (d: Buffer) => chunks.push(d));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};
