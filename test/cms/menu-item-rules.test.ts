// The menu items Strapi accepts (cms/src/navigation/item-rules.ts): only what the site can show,
// INTERNAL items saved with their page's site path.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkMenuItem } from '../../cms/src/navigation/item-rules';
import { sitePathOfPage } from '../../cms/src/navigation/site-paths';

const page = (slug: string, locale: string | null = 'nl') => async () => ({ slug, locale });
const none = async () => null;

test("a page's site path: /<slug>, /en/<slug> in English, the home page at / and /en", () => {
  assert.equal(sitePathOfPage('eenzaamheid/gevolgen', 'nl'), '/eenzaamheid/gevolgen');
  assert.equal(sitePathOfPage('about', 'en'), '/en/about');
  assert.equal(sitePathOfPage('home', 'nl'), '/');
  assert.equal(sitePathOfPage('home', 'en'), '/en');
});

test("an INTERNAL item gets its page's full site path, whatever the form held (the segment under its parent)", async () => {
  const saved = await checkMenuItem({ type: 'INTERNAL', path: 'gevolgen', related: { __type: 'api::page.page', documentId: 'p1' } }, page('eenzaamheid/gevolgen'));
  assert.equal(saved.path, '/eenzaamheid/gevolgen');
  assert.equal(saved.externalPath, null);
  const english = await checkMenuItem({ type: 'INTERNAL', path: 'about', related: [{ __type: 'api::page.page', documentId: 'p2' }] }, page('about', 'en'));
  assert.equal(english.path, '/en/about');
});

test('an INTERNAL item without a page is refused, saying to choose one', async () => {
  await assert.rejects(checkMenuItem({ type: 'INTERNAL', path: '/over-ons' }, none), { name: 'MenuItemRefused', message: /Kies de pagina/ });
  await assert.rejects(checkMenuItem({ type: 'INTERNAL', path: '/x', related: { __type: 'api::page.page', documentId: 'gone' } }, none), /Kies de pagina/);
});

test('an EXTERNAL item must be a full https:// address; a site path is refused with the way to link a page', async () => {
  for (const given of ['/over-ons/vacatures', 'over-ons', 'www.example.nl', 'javascript:alert(1)', '', 'https://', 'https://localhost']) {
    await assert.rejects(checkMenuItem({ type: 'EXTERNAL', externalPath: given }, none), { name: 'MenuItemRefused', message: /https:\/\/.*kies het type Internal/ }, given);
  }
  const saved = await checkMenuItem({ type: 'EXTERNAL', externalPath: ' https://shop.stichtingjoinus.nl ', path: 'x' }, none);
  assert.deepEqual([saved.externalPath, saved.path], ['https://shop.stichtingjoinus.nl', null]);
});

test('a WRAPPER (a heading without a link) is refused: the site shows no such item', async () => {
  await assert.rejects(checkMenuItem({ type: 'WRAPPER' }, none), /zonder link/);
});

test('a partial save without a type (the plugin updating one field) passes unchanged', async () => {
  const data = { additionalFields: {} } as Record<string, unknown>;
  assert.equal(await checkMenuItem(data, none), data);
});

test('an item not attached to the menu is refused, naming the item: the site would show it anyway', async () => {
  await assert.rejects(checkMenuItem({ type: 'INTERNAL', title: 'Werken bij', menuAttached: false, related: { __type: 'api::page.page', documentId: 'p1' } }, page('vacatures')), { name: 'MenuItemRefused', message: /"Werken bij".*Attach to menu: No.*zet het op Yes/ });
  await assert.rejects(checkMenuItem({ type: 'EXTERNAL', title: 'Shop', menuAttached: false, externalPath: 'https://shop.stichtingjoinus.nl' }, none), /Attach to menu/);
  assert.equal((await checkMenuItem({ type: 'INTERNAL', title: 'Werken bij', menuAttached: true, related: { __type: 'api::page.page', documentId: 'p1' } }, page('vacatures'))).path, '/vacatures');
});
