// The spec's navigation labels (section 2, "Navigation labels") are all in the Dutch menus,
// each leading to a page that exists; the vlog posts link to their vlog.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import request from 'supertest';
import { testApp } from '../../support/test-app';

/** Each menu label the foundation asked for, as the Dutch menus say it. */
const SPEC_LABELS: Record<string, string> = {
  about: 'Over ons', academy: 'Academy', 'blog archive': 'Blog', offer: 'Ons aanbod', contact: 'Contact',
  'support our mission': 'Support onze missie', 'do the test': 'Doe de test', FAQ: 'FAQ', home: 'Home',
  'how it works': 'Hoe werkt het', join: 'Doe mee', online: 'Online', community: 'Community', 'in real life': 'In real life',
  research: 'Onderzoek', loneliness: 'Eenzaamheid', 'adolescent behaviour': 'Puberteit', 'at school': 'Op school',
  child: 'Bij kinderen', signalling: 'Signaleren', consequences: 'Gevolgen', news: 'Nieuws', partners: 'Partners',
  'sign up': 'Aanmelden', 'municipal approach': 'Gemeentelijke aanpak', 'start a location': 'Start een locatie',
  team: 'Ons team', tips: 'Tips', vacancies: 'Vacatures', courses: 'Cursussen', 'privacy policy': 'Privacybeleid',
  'cookie policy': 'Cookiebeleid', 'general conditions': 'Algemene voorwaarden', 'annual report': 'Jaarverslag',
  disclaimer: 'Disclaimer', 'charity-status page': 'ANBI', donate: 'Doneren', shop: 'Shop', 'social boosters': 'Social boosters',
  'a Stronger Together learning event': 'Stronger Together',
};

type Item = { title: string; path: string | null; type: string; items?: Item[] };
const flatten = (items: Item[]): Item[] => items.flatMap((i) => [i, ...flatten(i.items ?? [])]);
const menu = (locale: string, name: string) => JSON.parse(readFileSync(`content/snapshot/navigation/${locale}/${name}.json`, 'utf8')) as Item[];
const MENUS = ['primary', 'secondary', 'footer-1', 'footer-2', 'footer-3', 'legal'];

test('the Dutch menus carry each, linking a page that exists', async () => {
  const { app } = testApp();
  const items = MENUS.flatMap((name) => flatten(menu('nl', name)));
  for (const [label, title] of Object.entries(SPEC_LABELS)) {
    const item = items.find((i) => i.title === title);
    assert.ok(item, `no menu item for "${label}" (${title})`);
    if (item.type === 'INTERNAL') await request(app).get(item.path!).expect(200);
  }
});

test('the home page shows the new labels in its header and footer', async () => {
  const { app } = testApp();
  const res = await request(app).get('/').expect(200);
  for (const [title, href] of <Array<[string, string]>>[['Home', '/'], ['Ons aanbod', '/aanbod'], ['Community', '/community'], ['Social boosters', '/social-boosters'], ['Nieuws', '/blog?categorie=news']]) {
    assert.match(res.text, new RegExp(`href="${href.replace(/[?]/g, '\\?')}"[^>]*>(<[^>]+>)*${title}<`), title);
  }
});

test('menus that carry a home item: both languages', () => {
  for (const locale of ['nl', 'en']) assert.equal(menu(locale, 'primary')[0]!.title, 'Home', locale);
});

test('every vlog post links to its vlog; none says where it is without a link', async () => {
  const { app } = testApp();
  const posts = JSON.parse(readFileSync('content/snapshot/nl/blog-posts.json', 'utf8')) as Array<{ slug: string; category: string }>;
  const vlogs = posts.filter((p) => p.category === 'vlog');
  assert.ok(vlogs.length > 0);
  for (const post of vlogs) {
    const res = await request(app).get(`/blog/${post.slug}`).expect(200);
    assert.match(res.text, /<a class="button button-primary" href="https:\/\/[^"]+"[^>]*>.*?Bekijk de vlog/, post.slug);
    assert.doesNotMatch(res.text, /staat op ons Instagram-account\./, `${post.slug}: a place named without a link`);
  }
});
