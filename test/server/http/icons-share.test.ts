// Icons and share images: a real /favicon.ico, PNG icons and the apple-touch icon
// declared in the head and the manifest, and a PNG share image with its real size for every
// page type (the large social networks show no SVG).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import sharp from 'sharp';
import request from 'supertest';
import { testApp } from '../../support/test-app';

/** Width and height from a PNG's IHDR chunk. */
function pngSize(body: Buffer): { width: number; height: number } {
  assert.equal(body.subarray(1, 4).toString('latin1'), 'PNG', 'a PNG');
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
}

const binary = (res: request.Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};
const getBinary = async (app: Parameters<typeof request>[0], path: string) => {
  const res = await request(app).get(path).buffer(true).parse(binary).expect(200);
  return { type: String(res.headers['content-type']), body: res.body as Buffer };
};

test('/favicon.ico is an icon (16, 32 and 48 px), not the 404 page', async () => {
  const { app } = testApp();
  const { type, body } = await getBinary(app, '/favicon.ico');
  assert.match(type, /^image\/(x-icon|vnd\.microsoft\.icon)/);
  assert.deepEqual([...body.subarray(0, 4)], [0, 0, 1, 0], 'ICO header');
  const count = body.readUInt16LE(4);
  const sizes = Array.from({ length: count }, (_, i) => body.readUInt8(6 + 16 * i));
  assert.deepEqual(sizes, [16, 32, 48]);
  for (let i = 0; i < count; i++) {
    const offset = body.readUInt32LE(6 + 16 * i + 12);
    assert.equal(pngSize(body.subarray(offset)).width, sizes[i]);
  }
});

test('the head declares the ICO, SVG, PNG and apple-touch icons and the manifest; each is what it says', async () => {
  const { app } = testApp();
  const html = (await request(app).get('/').expect(200)).text;
  for (const tag of ['<link rel="icon" href="/favicon.ico" sizes="48x48"/>', '<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>', '<link rel="icon" href="/icon-192.png" type="image/png" sizes="192x192"/>', '<link rel="apple-touch-icon" href="/apple-touch-icon.png"/>', '<link rel="manifest" href="/manifest.webmanifest"/>']) {
    assert.ok(html.includes(tag), tag);
  }
  const apple = await getBinary(app, '/apple-touch-icon.png');
  assert.deepEqual(pngSize(apple.body), { width: 180, height: 180 });
  const manifest = (await request(app).get('/manifest.webmanifest').expect(200)).text;
  const icons = (JSON.parse(manifest) as { icons: Array<{ src: string; type: string; sizes: string }> }).icons.filter((i) => i.type === 'image/png');
  assert.deepEqual(icons.map((i) => i.sizes), ['192x192', '512x512', '180x180']);
  for (const icon of icons) {
    const { type, body } = await getBinary(app, icon.src);
    assert.match(type, /^image\/png/);
    const { width, height } = pngSize(body);
    assert.equal(`${width}x${height}`, icon.sizes, icon.src);
  }
});

const PAGE_TYPES: Array<[string, string]> = [
  ['/', '/share-default.png'],
  ['/over-ons', '/share-default.png'],
  ['/blog', '/share-blog.png'],
  ['/academy/een-veilige-groep-begeleiden', '/share-academy.png'],
  ['/vacatures/jongerenwerker-tiel', '/share-vacancies.png'],
  ['/locaties', '/share-groups.png'],
  ['/locatie/online-groep', '/share-groups.png'],
  ['/regio/rivierenland', '/share-groups.png'],
  ['/doe-de-test', '/share-test.png'],
  ['/stronger-together-2025', '/share-event.png'],
  ['/over-ons/ons-team/marieke-van-dijk', '/share-default.png'],
  ['/en', '/share-default.png'],
];

test('a page with a photograph shares its 1280 px JPEG copy with its real width and height, not the camera original', async () => {
  const { app } = testApp();
  for (const path of ['/blog/nieuwe-groep-in-geldermalsen', '/locatie/tiel-12-16']) {
    const res = await request(app).get(path).expect(200);
    const meta = (property: string) => new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(res.text)?.[1];
    const url = meta('og:image')!;
    assert.match(url, /^http:\/\/localhost:3000\/uploads\/w1280-[0-9a-z]{8}\/[a-z-]+_[0-9a-f]{10}\.jpg\.jpg$/, path);
    const { type, body } = await getBinary(app, new URL(url).pathname);
    assert.match(type, /^image\/jpeg/);
    const { width, height } = await sharp(body).metadata();
    assert.equal(meta('og:image:width'), String(width), path);
    assert.equal(meta('og:image:height'), String(height), path);
    assert.equal(width, 1280);
  }
});

test('every other page type shares a PNG with its real width and height, never an SVG', async () => {
  const { app } = testApp();
  for (const [path, card] of PAGE_TYPES) {
    const res = await request(app).get(path);
    assert.equal(res.status, 200, path);
    const meta = (property: string) => new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(res.text)?.[1];
    const url = meta('og:image');
    assert.equal(url, `http://localhost:3000${card}`, path);
    const { type, body } = await getBinary(app, card);
    assert.match(type, /^image\/png/);
    const size = pngSize(body);
    assert.equal(meta('og:image:width'), String(size.width), path);
    assert.equal(meta('og:image:height'), String(size.height), path);
    assert.doesNotMatch(res.text, /<meta property="og:image" content="[^"]*\.svg"/, path);
  }
});
