// The search's schema is made once per locale and regions, not per search (rules/search.ts). The
// class: something kept across requests must follow what it was made from. Here: the regions'
// postcode areas (an editor moves a postcode area to another municipality) and the locale (the
// neighbour: the English message for the same mistake).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { District } from '../../../src/content/model';
import type { SiteContent } from '../../../src/content/site-content';
import { runSearch } from '../../../src/features/find-group/rules/search';

const regions = (tielAreas: string[]) =>
  [{ name: 'Rivierenland', municipalities: [{ name: 'Tiel', postcodeAreas: tielAreas.map((code) => ({ code })) }, { name: 'Culemborg', postcodeAreas: [{ code: '4101' }] }] }] as unknown as District[];
const content = { search: async () => ({ status: 'found', locations: [] }) } as unknown as SiteContent;
const query = { age: '17', postcode: '4001 AB', municipality: 'Tiel' };

test('the class, a schema kept across searches follows the regions it was made from and the locale', async () => {
  assert.equal((await runSearch(content, 'nl', query, regions(['4001', '4002']))).kind, 'answer', 'Tiel owns 4001');
  const moved = await runSearch(content, 'nl', query, regions(['4002']));
  assert.equal(moved.kind, 'invalid', 'after 4001 left Tiel, the same search is refused');
  assert.ok(moved.kind === 'invalid' && moved.errors.postcode);
  const english = await runSearch(content, 'en', query, regions(['4002']));
  assert.ok(english.kind === 'invalid' && english.errors.postcode && english.errors.postcode !== moved.errors.postcode, `${english.kind === 'invalid' && english.errors.postcode}`);
  assert.equal((await runSearch(content, 'nl', query, regions(['4001', '4002']))).kind, 'answer', 'and back');
  assert.equal((await runSearch(content, 'nl', { ...query, municipality: 'Culemborg' }, regions(['4001']))).kind, 'invalid', 'another municipality');
});
