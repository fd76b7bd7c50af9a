// Every image the site shows has an alternative text (cms/src/media/alt-text.ts): a document with an
// image without one is not published, with a message naming the file.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { ALT_TEXT_MESSAGES, imagesWithoutAltText, mediaPopulate } from '../../cms/src/media/alt-text';

const CMS = path.resolve(import.meta.dirname, '../../cms/src');
const schemas = new Map<string, { attributes: Record<string, { type: string; component?: string; components?: string[] }> }>();
for (const category of ['blocks', 'shared']) for (const file of readdirSync(path.join(CMS, 'components', category))) schemas.set(`${category}.${file.replace(/\.json$/, '')}`, JSON.parse(readFileSync(path.join(CMS, 'components', category, file), 'utf8')));
schemas.set('api::page.page', JSON.parse(readFileSync(path.join(CMS, 'api/page/content-types/page/schema.json'), 'utf8')));
schemas.set('api::blog-post.blog-post', JSON.parse(readFileSync(path.join(CMS, 'api/blog-post/content-types/blog-post/schema.json'), 'utf8')));

const image = (name: string, alternativeText: string | null) => ({ id: 1, name, url: `/uploads/${name}`, mime: 'image/jpeg', alternativeText });

test("the check loads every image of a page: its share image and each block's, through nested components", () => {
  const populate = mediaPopulate('api::page.page', (uid) => schemas.get(uid));
  assert.deepEqual(populate.seo, { populate: { shareImage: true } });
  const blocks = populate.blocks as { on: Record<string, { populate: Record<string, unknown> }> };
  assert.equal(blocks.on['blocks.intro']!.populate.image, true);
  assert.deepEqual(blocks.on['blocks.hero-cards']!.populate.cards, { populate: { image: true } });
  assert.deepEqual(blocks.on['blocks.text']!.populate, {}, 'a block without media loads nothing more');
  assert.equal(mediaPopulate('api::blog-post.blog-post', (uid) => schemas.get(uid)).cover, true);
});

test('images without an alternative text are found wherever they sit, each named once; texts of only spaces count as none', () => {
  const page = {
    title: 'Over ons',
    seo: { shareImage: image('delen.jpg', 'Join Us') },
    blocks: [{ __component: 'blocks.intro', image: image('brug.jpg', null) }, { __component: 'blocks.hero-cards', cards: [{ image: image('brug.jpg', '') }, { image: image('hond.jpg', '  ') }] }],
  };
  assert.deepEqual(imagesWithoutAltText(page), ['brug.jpg', 'hond.jpg']);
  assert.deepEqual(imagesWithoutAltText({ cv: { name: 'cv.pdf', url: '/uploads/cv.pdf', mime: 'application/pdf', alternativeText: null } }), [], 'a document is not an image');
  assert.deepEqual(imagesWithoutAltText([{ cover: image('boom.jpg', 'Een boom') }]), []);
});

test("a document's own text beside the image counts as the image's text; an empty one falls back to the file's", () => {
  assert.deepEqual(imagesWithoutAltText({ cover: image('brug.jpg', null), coverAlt: 'The cables of a bridge' }), [], 'the English page describes it');
  assert.deepEqual(imagesWithoutAltText({ cover: image('brug.jpg', null), coverAlt: ' ' }), ['brug.jpg'], 'neither has one');
  assert.deepEqual(imagesWithoutAltText({ cover: image('brug.jpg', 'Een brug'), coverAlt: null }), [], "the file's text");
  const page = { seo: { shareImage: image('delen.jpg', null), shareImageAlt: 'Join Us' }, blocks: [{ __component: 'blocks.intro', image: image('hond.jpg', null), imageAlt: null }] };
  assert.deepEqual(imagesWithoutAltText(page), ['hond.jpg'], 'each image by its own field');
});

test('the refusal names the files and says where to fill the text in, in Dutch and English', () => {
  assert.match(ALT_TEXT_MESSAGES.notPublished(['brug.jpg']), /^Niet gepubliceerd: de afbeelding "brug.jpg" heeft geen alternatieve tekst\. .*"Alternatieve tekst" bij de afbeelding.* \/ Not published: brug.jpg has no alternative text/);
  assert.match(ALT_TEXT_MESSAGES.notPublished(['a.jpg', 'b.jpg']), /de afbeeldingen "a.jpg", "b.jpg" hebben geen/);
  assert.match(ALT_TEXT_MESSAGES.emptied('brug.jpg'), /"brug.jpg" kan niet leeg/);
});
