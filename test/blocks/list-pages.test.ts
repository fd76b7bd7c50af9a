// The class, a list that grows with the site: a page shows a page of records and page links that
// stay a handful however many pages there are.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pageLinks, pageOf, pageParam } from '../../src/blocks/list-pages';

test('page links: all up to seven; past that the first, the last and two either side, a gap for what is left out', () => {
  assert.deepEqual(pageLinks(1, 2), [1, 2]);
  assert.deepEqual(pageLinks(4, 7), [1, 2, 3, 4, 5, 6, 7]);
  assert.deepEqual(pageLinks(40, 84), [1, 'gap', 38, 39, 40, 41, 42, 'gap', 84]);
  assert.deepEqual(pageLinks(1, 84), [1, 2, 3, 'gap', 84]);
  assert.deepEqual(pageLinks(4, 84), [1, 2, 3, 4, 5, 6, 'gap', 84], 'one number left out is shown, not a gap of one');
  for (const count of [8, 84, 5000]) for (const page of [1, 2, count / 2, count - 1, count]) assert.ok(pageLinks(page, count).length <= 9, `${page} of ${count}`);
});

test('a page of records in hand: every record on exactly one page; a page past the last shows the last', () => {
  const items = Array.from({ length: 50 }, (_, i) => i);
  const pages = [1, 2, 3].map((n) => pageOf(items, n, 24));
  assert.deepEqual(pages.flatMap((p) => p.items), items);
  assert.equal(pages[0]!.pageCount, 3);
  assert.deepEqual(pageOf(items, 9, 24).items, [48, 49]);
});

test('each paged list of a page has a parameter of its own; lists with a limit or picked people do not page', () => {
  const blocks = [
    { __component: 'blocks.collection-list', collection: 'events', limit: 1 },
    { __component: 'blocks.team-member-items', group: 'board', members: [] },
    { __component: 'blocks.team-member-items', group: 'ambassadors', members: [{ id: 1 }] },
    { __component: 'blocks.team-member-items', group: 'youth-council', members: [] },
  ] as never[];
  assert.equal(pageParam(blocks, 1), 'pagina');
  assert.equal(pageParam(blocks, 3), 'pagina2');
});
