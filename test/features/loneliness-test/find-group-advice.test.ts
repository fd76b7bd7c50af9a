// The groups the test's result names: the find-a-group search for the postcode and age,
// projected to what the result shows (own municipality first, three at most), or not found
// with keep-me-posted and the region, or a link to the search when it fails.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Location } from '../../../src/content/model';
import type { SiteContent } from '../../../src/content/site-content';
import type { SearchAnswer } from '../../../src/content/q42-search';
import { findGroupAdvice } from '../../../src/features/loneliness-test/rules/find-group-advice';
import { groupAdviceSchema, readGroupAdvice } from '../../../src/features/loneliness-test/forms/group-advice';

const loc = (slug: string, city: string, over: Partial<Location> = {}) =>
  ({ slug, name: `Join Us ${city}`, city, address: 'Stationsplein 1', meetingDay: 'wednesday', meetingTime: '19.00 tot 21.00 uur', frequency: 'biweekly', minAge: 16, maxAge: 21, mode: 'in-real-life', ...over }) as Location;

function content(answer: SearchAnswer<Location> | Error, asked: unknown[] = []): SiteContent {
  return {
    search: async (zipcode: string, age: number, locale: string) => {
      asked.push({ zipcode, age, locale });
      if (answer instanceof Error) throw answer;
      return answer;
    },
  } as unknown as SiteContent;
}

const base = { zipcode: '4001 AA', age: 17, onlineEligible: false };

test('found: the groups of the own municipality first, three at most, with sign-up and read-more links', async () => {
  const asked: unknown[] = [];
  const locations = [loc('culemborg', 'Culemborg'), loc('tiel-16-21', 'Tiel'), loc('zaltbommel', 'Zaltbommel'), loc('tiel-12-18', 'Tiel', { minAge: 12, maxAge: 18, meetingDay: 'monday', frequency: 'weekly' })];
  const advice = await findGroupAdvice(content({ ...base, status: 'found', municipality: 'Tiel', district: { id: 1, name: 'Rivierenland', slug: 'rivierenland' }, locations }, asked), { band: 'moderately-lonely', age: 17, postcode: '4001 aa', locale: 'nl' });
  assert.deepEqual(asked, [{ zipcode: '4001AA', age: 17, locale: 'nl' }]);
  assert.equal(advice?.status, 'found');
  if (advice?.status !== 'found') return;
  assert.deepEqual(advice.groups.map((g) => g.slug), ['tiel-16-21', 'tiel-12-18', 'culemborg']);
  assert.equal(advice.more, 1);
  assert.deepEqual(advice.groups[0], {
    name: 'Join Us Tiel', slug: 'tiel-16-21', when: 'Om de week op woensdag, 19.00 tot 21.00 uur', where: 'Stationsplein 1, Tiel', ages: '16 tot 21 jaar',
    href: '/locatie/tiel-16-21', signUpHref: '/aanmelden?locatie=tiel-16-21',
  });
  assert.equal(advice.groups[1]!.when, 'Elke maandag, 19.00 tot 21.00 uur');
  assert.equal(advice.searchHref, '/locaties?postcode=4001AA&age=17');
  assert.ok(groupAdviceSchema.safeParse(advice).success, 'the browser reads it through the schema');
});

test('found in English: English texts and links under /en', async () => {
  const advice = await findGroupAdvice(content({ ...base, status: 'found', municipality: 'Tiel', locations: [loc('tiel-16-21', 'Tiel')] }), { band: 'severely-lonely', age: 17, postcode: '4001AA', locale: 'en' });
  assert.equal(advice?.status, 'found');
  if (advice?.status !== 'found') return;
  assert.deepEqual([advice.groups[0]!.when, advice.groups[0]!.ages, advice.groups[0]!.signUpHref], ['Every other Wednesday, 19.00 tot 21.00 uur', '16 to 21 years', '/en/aanmelden?locatie=tiel-16-21']);
  assert.equal(advice.more, 0);
});

test('not found for the age: the municipality, keep-me-posted on the search and the region page', async () => {
  const advice = await findGroupAdvice(content({ ...base, age: 26, status: 'not-found', reason: 'no-location-for-age', municipality: 'Tiel', district: { id: 1, name: 'Rivierenland', slug: 'rivierenland' }, locations: [loc('tiel-16-21', 'Tiel')] }), { band: 'very-severely-lonely', age: 26, postcode: '4001AA', locale: 'nl' });
  assert.deepEqual(advice, {
    status: 'not-found', municipality: 'Tiel', district: { name: 'Rivierenland', href: '/regio/rivierenland' },
    keepPostedHref: '/locaties?postcode=4001AA&age=26#zoekresultaat', searchHref: '/locaties?postcode=4001AA&age=26',
  });
});

test('no district for the postcode: not found without municipality or region', async () => {
  const advice = await findGroupAdvice(content({ ...base, zipcode: '1011 AB', status: 'not-found', reason: 'no-district', locations: [] }), { band: 'moderately-lonely', age: 17, postcode: '1011AB', locale: 'nl' });
  assert.deepEqual(advice && { status: advice.status, ...(advice.status === 'not-found' ? { m: advice.municipality, d: advice.district } : {}) }, { status: 'not-found', m: null, d: null });
});

test('the search fails: unavailable, with the link to the search page; logged', async () => {
  const warned: string[] = [];
  const advice = await findGroupAdvice(content(new Error('down')), { band: 'moderately-lonely', age: 17, postcode: '4001AA', locale: 'nl' }, { warn: (_o, msg) => void warned.push(msg) });
  assert.deepEqual(advice, { status: 'unavailable', searchHref: '/locaties?postcode=4001AA&age=17' });
  assert.equal(warned.length, 1);
});

test('no search when the advice names no group: the lowest band (tips), or an age outside 12 to 30', async () => {
  const asked: unknown[] = [];
  const c = content(new Error('not asked'), asked);
  assert.equal(await findGroupAdvice(c, { band: 'not-lonely', age: 17, postcode: '4001AA', locale: 'nl' }), null);
  assert.equal(await findGroupAdvice(c, { band: 'severely-lonely', age: 35, postcode: '4001AA', locale: 'nl' }), null);
  assert.equal(await findGroupAdvice(c, { band: 'severely-lonely', age: 11, postcode: '4001AA', locale: 'nl' }), null);
  assert.deepEqual(asked, []);
});

test('the browser reads only a well-formed advice', () => {
  assert.equal(readGroupAdvice(undefined), null);
  assert.equal(readGroupAdvice({ status: 'found', municipality: 'Tiel', groups: [], more: 0, searchHref: '/locaties' }), null, 'found needs a group');
  assert.equal(readGroupAdvice({ status: 'unavailable', searchHref: 'https://evil.example/' }), null, 'links stay on the site');
  assert.equal(readGroupAdvice({ status: 'unavailable', searchHref: '//evil.example/' }), null, 'no protocol-relative link');
  assert.deepEqual(readGroupAdvice({ status: 'unavailable', searchHref: '/locaties' }), { status: 'unavailable', searchHref: '/locaties' });
});
