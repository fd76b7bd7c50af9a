// The find-a-group rules without a page: what a search address holds, which keep-me-posted
// form a page shows, which group a sign-up names.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { groupFromContext, groupSlug } from '../../../src/features/find-group/rules/groups';
import { askedVariant, keepMePostedStepsAside, variantFromContent } from '../../../src/features/find-group/rules/keep-posted-variant';
import { searchQuery } from '../../../src/features/find-group/rules/search';

test('a search address holds age and postcode; a municipality is cut at 120 characters', () => {
  assert.equal(searchQuery({}), null);
  assert.deepEqual(searchQuery({ age: '17' }), { age: '17', postcode: '', municipality: '' });
  assert.deepEqual(searchQuery({ postcode: '4001 AB', municipality: 'Tiel' }), { age: '', postcode: '4001 AB', municipality: 'Tiel' });
  assert.equal(searchQuery({ age: '17', municipality: 'x'.repeat(200) })?.municipality.length, 120);
  assert.equal(searchQuery({ age: ['17'] }), null, 'a repeated parameter is not a search');
});

test('keep-me-posted: a link asks for a variant, the content spells one its own way', () => {
  assert.equal(askedVariant({ bijhouden: 'prefers-real-life' }), 'prefers-real-life');
  assert.equal(askedVariant({ bijhouden: 'anything' }), null);
  assert.equal(variantFromContent('prefer-real-life'), 'prefers-real-life');
  assert.equal(variantFromContent('too-young'), 'too-young');
  assert.equal(variantFromContent(null), null);
});

test('keep-me-posted steps aside on a search, also when a link asked for a variant (the outcome carries it)', () => {
  assert.equal(keepMePostedStepsAside({ query: {} }), false);
  assert.equal(keepMePostedStepsAside({ query: { age: '30', postcode: '4001 AB' } }), true);
  assert.equal(keepMePostedStepsAside({ query: { age: '30', postcode: '4001 AB', bijhouden: 'prefers-real-life' } }), true);
});

test('a group slug is lower-case letters, digits and dashes; a sign-up names its group as group:{slug}', () => {
  assert.equal(groupSlug('tiel-12-16'), 'tiel-12-16');
  assert.equal(groupSlug('Tiel'), '');
  assert.equal(groupSlug(undefined), '');
  assert.equal(groupSlug('a'.repeat(121)), '');
  assert.equal(groupFromContext('group:online'), 'online');
  assert.equal(groupFromContext('group:../x'), '');
  assert.equal(groupFromContext('keep-me-posted:too-young'), '');
  assert.equal(groupFromContext(42), '');
});
