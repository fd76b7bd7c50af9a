// What each page of the embedded content shows, image by image: a picture is chosen for its
// place, so no page shows one twice (the support page's heart above and beside the same block, the
// home page's dandelions as hero and again on a blog card), and the home page's hero photograph
// is its own: no card of the home page, and no other page, shows it again.
//
// An image is its original file: a photograph's copies (`/uploads/w640-<version>/<file>.avif`,
// the JPEG beside it) are one picture, whichever width and format the browser picks.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import request from 'supertest';
import { parseVariantPath, uploadFileName } from '../../../src/routing/image-variants';
import { testApp } from '../../support/test-app';

const ROOT = path.resolve(import.meta.dirname, '../../..');

const decode = (text: string) => text.replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** The original file an image address shows: its own name, or the name its copy was made from. */
function originalOf(src: string): string {
  const pathname = new URL(decode(src), 'http://site.invalid').pathname;
  return parseVariantPath(pathname)?.file ?? uploadFileName(pathname) ?? pathname;
}

/** The original of every <img> of a page, in page order (a <picture>'s sources are its <img>'s copies). */
function imagesOf(html: string): string[] {
  return [...html.matchAll(/<img\b[^>]*>/g)].map((m) => {
    const src = /\ssrc="([^"]*)"/.exec(m[0])?.[1];
    assert.ok(src, `an <img> without src: ${m[0]}`);
    return originalOf(src);
  });
}

/** The file the home page's hero shows, in a locale's content: its first hero block's image. */
function homeHero(locale: 'nl' | 'en'): string {
  const pages = JSON.parse(readFileSync(path.join(ROOT, `content/snapshot/${locale}/pages.json`), 'utf8')) as Array<{ slug: string; blocks: Array<{ __component: string; image?: { url: string } | null }> }>;
  const hero = pages.find((p) => p.slug === 'home')?.blocks.find((b) => b.__component === 'blocks.hero-cards')?.image;
  assert.ok(hero, `${locale}: the home page has a hero image`);
  return originalOf(hero.url);
}

describe('the images of every page', () => {
  /** Every sitemap page, Dutch and English, and the originals of the images it shows. */
  const shown = new Map<string, string[]>();

  before(async () => {
    const { app } = testApp();
    const sitemap = (await request(app).get('/sitemap.xml').expect(200)).text;
    const paths = [...new Set([...sitemap.matchAll(/<loc>([^<]+)<\/loc>|href="([^"]+)"/g)].map((m) => new URL(decode((m[1] ?? m[2])!)).pathname))].sort();
    for (const p of paths) {
      const res = await request(app).get(p);
      if (res.status === 200) shown.set(p, imagesOf(res.text));
    }
  });

  test('the pages are the whole sitemap, in both languages, with their pictures', () => {
    const paths = [...shown.keys()];
    assert.ok(paths.length > 40 && paths.some((p) => p.startsWith('/en')), `both languages (${paths.length} pages)`);
    assert.ok(shown.get('/')!.length >= 8, 'the home page shows its hero, its cards and its posts');
    assert.ok([...shown.values()].flat().some((file) => /\.jpe?g$/.test(file)), 'photographs among them, by their original');
  });

  test('no page shows the same image twice, drawings and photographs alike', () => {
    const twice: string[] = [];
    for (const [page, files] of shown) {
      const repeated = [...new Set(files.filter((file, i) => files.indexOf(file) !== i))];
      if (repeated.length > 0) twice.push(`${page}: ${repeated.map((file) => `${file} ×${files.filter((f) => f === file).length}`).join(', ')}`);
    }
    assert.deepEqual(twice, []);
  });

  test("the home page's hero photograph is on no card of the home page and on no other page", () => {
    for (const [home, locale] of [['/', 'nl'], ['/en', 'en']] as const) {
      const hero = homeHero(locale);
      assert.match(hero, /\.(jpe?g|png|webp)$/, `${home}: the hero is a photograph`);
      const files = shown.get(home)!;
      assert.equal(files[0], hero, `${home}: the hero is the page's first picture`);
      assert.deepEqual(files.slice(1).filter((f) => f === hero), [], `${home}: no card shows ${hero} again`);
      const elsewhere = [...shown].filter(([page, shownThere]) => page !== '/' && page !== '/en' && shownThere.includes(hero)).map(([page]) => page);
      assert.deepEqual(elsewhere, [], `${hero}, the home hero, on other pages`);
    }
  });

  test('an image is its original file, whichever copy a browser takes', () => {
    assert.equal(originalOf('/uploads/w640-3f2a1b9c/paardenbloemen_a5634d1ab5.jpg.avif'), 'paardenbloemen_a5634d1ab5.jpg');
    assert.equal(originalOf('/uploads/w1280-0000zz00/paardenbloemen_a5634d1ab5.jpg.jpg'), 'paardenbloemen_a5634d1ab5.jpg');
    assert.equal(originalOf('/uploads/paardenbloemen_a5634d1ab5.jpg'), 'paardenbloemen_a5634d1ab5.jpg');
    assert.equal(originalOf('/uploads/hart-handen.svg'), 'hart-handen.svg');
    const twice = '<picture><source type="image/avif" srcSet="/uploads/w320-aaaaaaaa/a_1.jpg.avif 320w"/><img src="/uploads/w480-aaaaaaaa/a_1.jpg.jpg" alt=""/></picture><img src="/uploads/w160-aaaaaaaa/a_1.jpg.jpg" alt="x"/>';
    assert.deepEqual(imagesOf(twice), ['a_1.jpg', 'a_1.jpg'], 'two sizes of one photo are one photo twice');
  });
});
