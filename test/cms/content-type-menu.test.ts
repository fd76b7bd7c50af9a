// The content manager's side menu (cms/src/admin/content-type-menu.ts): it opens on the pages,
// names every type in Dutch (English in the English admin), and keeps the inboxes together.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { inMenuOrder, menuTranslations } from '../../cms/src/admin/content-type-menu';
import { CONTENT_TYPES, DONATION_TYPE, SUBMISSION_TYPES, uidOf } from '../../cms/src/bootstrap/content-types';

// As the content manager makes its links: the schema's displayName as title, in no particular order.
const link = (uid: string, title = uid) => ({ uid, title, to: `/content-manager/collection-types/${uid}` });
const every = [...SUBMISSION_TYPES, DONATION_TYPE, ...CONTENT_TYPES].map(uidOf).map((uid) => link(uid)).concat(link('plugin::users-permissions.user', 'User'), link('plugin::navigation.audience', 'Audience'));

test('the first entry, where the content manager opens, is the pages', () => {
  assert.equal(inMenuOrder(every)[0]!.uid, 'api::page.page');
  assert.equal(menuTranslations('nl')[inMenuOrder(every)[0]!.title], 'Pagina’s');
  assert.equal(menuTranslations('en')[inMenuOrder(every)[0]!.title], 'Pages');
});

test("every type of the site has a Dutch and an English name; the navigation plugin's Audience is left out", () => {
  const ordered = inMenuOrder(every);
  assert.equal(ordered.length, every.length - 1);
  assert.ok(!ordered.some((l) => l.uid === 'plugin::navigation.audience'));
  for (const { uid, title } of ordered) {
    assert.ok(menuTranslations('nl')[title], `${uid} named in Dutch`);
    assert.ok(menuTranslations('en')[title], `${uid} named in English`);
  }
});

test("the site's content comes first, then the inboxes, donations and visitors' accounts together", () => {
  const ordered = inMenuOrder(every);
  const inboxes = new Set<string>([...[...SUBMISSION_TYPES, DONATION_TYPE].map(uidOf), 'plugin::users-permissions.user']);
  const firstInbox = ordered.findIndex((l) => inboxes.has(l.uid));
  assert.equal(firstInbox, CONTENT_TYPES.length);
  assert.ok(ordered.slice(firstInbox).every((l) => inboxes.has(l.uid) && menuTranslations('nl')[l.title]!.startsWith('Inbox: ')));
});

test('the order holds however the admin sorts the titles (by the title id it shows a translation of)', () => {
  const ordered = inMenuOrder([...every].reverse()).map((l) => l.title);
  assert.deepEqual([...ordered].sort((a, b) => a.localeCompare(b)), ordered);
  assert.deepEqual([...ordered].sort(new Intl.Collator('nl', { sensitivity: 'base' }).compare), ordered);
});

test('a type this menu does not know keeps its own name, after the known ones', () => {
  const ordered = inMenuOrder([link('api::new.new', 'Nieuw'), link('api::page.page', 'Pagina')]);
  assert.deepEqual(ordered.map((l) => l.title.startsWith('01') ? 'page' : l.title), ['page', 'Nieuw']);
});
