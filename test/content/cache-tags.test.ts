// Cache tags (src/content/cache-tags.ts, read-tags.ts): what a render read, named for a
// shared cache's purge, within a header a proxy and a CDN accept.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { capTags, MAX_TAGS, tagHeaders } from '../../src/content/cache-tags';
import { noteRead, readTags, withReadTags } from '../../src/content/read-tags';

const post = (documentId: string, extra: Record<string, unknown> = {}) => ({ id: 1, documentId, slug: documentId, ...extra });

describe('cache tags', () => {
  test('a lookup by slug that found a record names it and what is inside it; a list, a menu or a miss names the collection', async () => {
    const tags = await withReadTags(async () => {
      noteRead('/blog-posts', 'filters[slug][$eq]=a&locale=nl', [post('aaaaaaaa', { author: { documentId: 'bbbbbbbb' }, cover: { documentId: 'cccccccc', url: '/uploads/c.jpg' } })]);
      noteRead('/vacancies', 'locale=nl&sort[0]=title', [post('dddddddd')]);
      noteRead('/navigation/render/primary', 'locale=nl&type=TREE', [{ id: 3, title: 'Blog' }]);
      noteRead('/pages', 'filters[slug][$eq]=nope&locale=nl', []);
      return [...readTags()];
    });
    assert.deepEqual(capTags(tags), ['site', 'col_navigation', 'col_pages', 'col_vacancies', 'doc_aaaaaaaa', 'doc_bbbbbbbb', 'doc_cccccccc']);
  });

  test('renders at the same time keep their own tags; outside a render nothing is noted', async () => {
    const one = withReadTags(async () => {
      noteRead('/courses', '', []);
      await new Promise((r) => setTimeout(r, 5));
      return [...readTags()];
    });
    const two = withReadTags(async () => {
      await new Promise((r) => setTimeout(r, 1));
      noteRead('/partners', '', []);
      return [...readTags()];
    });
    noteRead('/events', '', []);
    assert.deepEqual(await Promise.all([one, two]), [['col_courses'], ['col_partners']]);
    assert.equal(readTags().size, 0);
  });

  test(`past ${MAX_TAGS} tags the records give way to the fall-back tag \`many\`; site and collections stay`, () => {
    const records = Array.from({ length: MAX_TAGS }, (_, i) => `doc_${String(i).padStart(8, '0')}`);
    const capped = capTags(['col_pages', ...records]);
    assert.deepEqual(capped, ['site', 'col_pages', 'many']);
    assert.equal(capTags(['col_pages', ...records.slice(0, MAX_TAGS - 2)]).length, MAX_TAGS);
  });

  test('Surrogate-Key is space-separated, Cache-Tag comma-separated; no tags, no headers', () => {
    assert.deepEqual(tagHeaders(['site', 'col_pages']), ['Surrogate-Key', 'site col_pages', 'Cache-Tag', 'site,col_pages']);
    assert.deepEqual(tagHeaders([]), []);
  });

  test('a name a proxy could not ban safely is no tag', () => {
    const tags = withReadTags(async () => {
      noteRead('/a b', '', []);
      noteRead('/blog-posts', 'filters[slug][$eq]=x', [post('x|y.*')]);
      return [...readTags()];
    });
    return tags.then((t) => assert.deepEqual(t, []));
  });
});
