// The find-a-group search as a visitor meets it: `/locaties?age=..&postcode=..` rendered on
// the server from the real snapshot (districts and locations), for the edge cases of every
// outcome (found, not found, too old, too young) and of invalid input.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import request from 'supertest';
import { testApp } from '../../support/test-app';

const { app } = testApp();

async function search(age: string, postcode: string): Promise<string> {
  const res = await request(app).get('/locaties').query({ age, postcode }).expect(200);
  return res.text;
}

/** The outcome panel alone (the page's map and list show every group too). */
const panel = (html: string) => /<section class="find-outcome[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
const outcome = (html: string) => /find-outcome-([a-z-]+)/.exec(html)?.[1] ?? 'none';

// Tiel (4001): tiel-12-16, tiel-16-21, culemborg 12-18, geldermalsen 14-21, zaltbommel 16-25
// in district Rivierenland; nothing there for 26 to 30. 9999 AB is in no district.
const cases: Array<{ age: string; postcode: string; expect: string; shows?: RegExp[]; hides?: RegExp[] }> = [
  { age: '11', postcode: '4001 AB', expect: 'too-young', shows: [/href="\/tips"/, /formulier-keep-me-posted/] },
  { age: '12', postcode: '4001 AB', expect: 'found', shows: [/Join Us Tiel \(12-16 jaar\)/, /href="\/aanmelden\?locatie=tiel-12-16"/, /href="\/locatie\/tiel-12-16"/], hides: [/Join Us Tiel \(16-21 jaar\)/] },
  { age: '17', postcode: '4001ab', expect: 'found', shows: [/Join Us Tiel \(16-21 jaar\)/, /Join Us Culemborg/] },
  { age: '18', postcode: '4001 AB', expect: 'found', shows: [/Join Us Zaltbommel/] },
  { age: '30', postcode: '4001 AB', expect: 'not-found', shows: [/aanmelden\?locatie=online/, /Ontdek de regio/, /formulier-keep-me-posted/] },
  { age: '30', postcode: '3511 AB', expect: 'found', shows: [/Utrecht Leidsche Rijn/] },
  { age: '31', postcode: '4001 AB', expect: 'too-old', shows: [/Eén tegen eenzaamheid/], hides: [/formulier-keep-me-posted/] },
  { age: '120', postcode: '4001 AB', expect: 'too-old' },
  { age: '14', postcode: '9999 AB', expect: 'not-found', shows: [/formulier-keep-me-posted/], hides: [/aanmelden\?locatie=online/] },
  { age: '20', postcode: '9999 AB', expect: 'not-found', shows: [/aanmelden\?locatie=online/, /bijhouden=prefers-real-life/] },
];

describe('find a group: the outcome of a search, server-rendered', () => {
  for (const c of cases) {
    test(`age ${c.age}, postcode ${c.postcode}: ${c.expect}`, async () => {
      const html = await search(c.age, c.postcode);
      assert.equal(outcome(html), c.expect);
      for (const re of c.shows ?? []) assert.match(panel(html), re);
      for (const re of c.hides ?? []) assert.doesNotMatch(panel(html), re);
      // The searched values stay in the form.
      assert.match(html, new RegExp(`name="age"[^>]*value="${c.age}"`));
    });
  }

  for (const postcode of ['0123 AB', '1234 SA', '1234A', '12345 AB']) {
    test(`invalid postcode ${postcode}: the spec message next to the field, values kept, no outcome`, async () => {
      const html = await search('17', postcode);
      assert.equal(outcome(html), 'none');
      assert.match(html, /class="form-error" id="[^"]*-postcode-error"/);
      assert.match(html, /aria-invalid="true"/);
      assert.match(html, new RegExp(`name="postcode"[^>]*value="${postcode}"`));
    });
  }

  for (const age of ['0', '121', '-1', '12.5']) {
    test(`age ${age}: out of bounds or not whole`, async () => {
      const html = await search(age, '4001 AB');
      if (age === '0') {
        assert.equal(outcome(html), 'too-young', 'age 0 is within the form bounds: too young');
        return;
      }
      assert.equal(outcome(html), 'none');
      assert.match(html, /class="form-error" id="[^"]*-age-error"/);
    });
  }

  test('the page keeps its keep-me-posted block without a search, and steps it aside on a search', async () => {
    const plain = await request(app).get('/locaties').expect(200);
    assert.equal((plain.text.match(/id="formulier-keep-me-posted"/g) ?? []).length, 1);
    const found = await search('12', '4001 AB');
    assert.equal((found.match(/id="formulier-keep-me-posted"/g) ?? []).length, 0);
    const notFound = await search('14', '9999 AB');
    assert.equal((notFound.match(/id="formulier-keep-me-posted"/g) ?? []).length, 1, 'one form: unique ids');
  });

  test('the keep-me-posted form of an outcome has the searched postcode and age filled in', async () => {
    const searches: Array<[string, string]> = [['14', '9999 AB'], ['11', '4001 AB'], ['30', '4001 AB']];
    for (const [age, postcode] of searches) {
      const form = /<form[^>]*action="\/forms\/keep-me-posted(?:#[^"]*)?"[\s\S]*?<\/form>/.exec(panel(await search(age, postcode)))?.[0] ?? '';
      assert.match(form, /name="postcode"[^>]*value="[^"]+"/, `${age} ${postcode}`);
      assert.match(form, new RegExp(`name="age"[^>]*value="${age}"`), `${age} ${postcode}`);
    }
  });

  test('"Liever in het echt?" next to the online group keeps the search: its one keep-me-posted form asks in that variant, postcode and age filled in', async () => {
    const outcome = await search('20', '9999 AB');
    const href = /<a href="([^"]*bijhouden=prefers-real-life[^"]*)">Liever in het echt/.exec(outcome)?.[1]?.replaceAll('&amp;', '&');
    assert.ok(href, 'the link is there');
    const url = new URL(href, 'http://x');
    assert.equal(url.searchParams.get('age'), '20');
    assert.equal(url.searchParams.get('postcode'), '9999 AB');
    assert.equal(url.hash, '#formulier-keep-me-posted');
    const res = await request(app).get(url.pathname + url.search).expect(200);
    const forms = res.text.match(/action="\/forms\/keep-me-posted(?:#[^"]*)?"/g) ?? [];
    assert.equal(forms.length, 1, 'one keep-me-posted form on the page');
    const form = /<form[^>]*action="\/forms\/keep-me-posted(?:#[^"]*)?"[\s\S]*?<\/form>/.exec(panel(res.text))?.[0] ?? '';
    assert.match(form, /name="context" value="keep-me-posted:prefers-real-life"/);
    assert.match(form, /name="postcode"[^>]*value="9999 AB"/);
    assert.match(form, /name="age"[^>]*value="20"/);
    assert.match(panel(res.text), /Je wilt liever een groep in het echt/);
    assert.doesNotMatch(panel(res.text), /Liever in het echt\?/, 'the link is not offered again');
  });

  test('the "prefers real life" link opens the page block in that variant', async () => {
    const res = await request(app).get('/locaties').query({ bijhouden: 'prefers-real-life' }).expect(200);
    assert.match(res.text, /name="context" value="keep-me-posted:prefers-real-life"/);
  });
});

describe('district pages', () => {
  test('/regio/rivierenland lists its groups with sign-up and read-more links', async () => {
    const res = await request(app).get('/regio/rivierenland').expect(200);
    // The title's text (a long word's title carries the class that sizes it: fit-words.tsx).
    assert.equal(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(res.text)?.[1]?.replace(/<[^>]*>/g, ''), 'Rivierenland');
    assert.match(res.text, /href="\/aanmelden\?locatie=culemborg"/);
    assert.match(res.text, /href="\/locatie\/zaltbommel"/);
    assert.doesNotMatch(res.text, /href="\/aanmelden\?locatie=utrecht-overvecht"/);
  });

  test('an unknown region is not found', async () => {
    await request(app).get('/regio/nergens').expect(404);
  });

  test('not found in a district links to its region page', async () => {
    const html = await search('30', '4001 AB');
    assert.match(panel(html), /href="\/regio\/rivierenland"/);
  });
});

describe('in English', () => {
  test('/en/locaties answers the search in English, every link stays under /en', async () => {
    const res = await request(app).get('/en/locaties').query({ age: '20', postcode: '9999 AB' }).expect(200);
    const html = panel(res.text);
    assert.match(html, /We have not found a group for you \(yet\)/);
    assert.match(html, /href="\/en\/aanmelden\?locatie=online"/);
    const hrefs = [...html.matchAll(/href="(\/[^"]*)"/g)].map((m) => m[1]!);
    assert.ok(hrefs.length > 0);
    for (const href of hrefs) assert.match(href, /^\/en\//, `${href} leaves the English site`);
  });

  test('no outcome promises a group the search did not find: too young or not found, with a group in the municipality or none, Dutch and English', async () => {
    // 11 is too young (the search looks for no group then); 9999 AB has no group at all.
    for (const [prefix, promise] of [['', /\bde groep in je gemeente|\bde groep bij jou/i], ['/en', /\bthe group in your municipality|\bthe group near you/i]] as const) {
      for (const [age, postcode] of [['11', '9999 AB'], ['11', '4001 AB'], ['14', '9999 AB'], ['30', '4001 AB']]) {
        const res = await request(app).get(`${prefix}/locaties`).query({ age, postcode }).expect(200);
        assert.doesNotMatch(panel(res.text), promise, `${prefix}/locaties age ${age}, ${postcode}`);
      }
    }
  });

  test('too young under /en: the tips are the English tips page', async () => {
    const res = await request(app).get('/en/locaties').query({ age: '11', postcode: '4001 AB' }).expect(200);
    assert.match(panel(res.text), /href="\/en\/tips"/);
    const tips = await request(app).get('/en/tips').expect(200);
    assert.match(tips.text, /Tips for when you feel alone/);
    assert.match(tips.text, /hrefLang="nl"[^>]*href="[^"]*\/tips"|href="[^"]*\/tips"[^>]*hrefLang="nl"/i);
  });
});
