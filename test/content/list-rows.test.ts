// Lists an editor fills in row by row (repeatable components) read as their values, and the
// plain JSON lists a content service not yet migrated still sends read the same.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { areaCodesOf, blogCategoriesOf, courseSchema, municipalitySchema, placesOf, updatesBlockSchema } from '../../src/content/model';

const course = { id: 1, title: 'Signaleren', slug: 'signaleren', body: 'x' };

test("a course's places, a municipality's postcode areas and a block's categories: rows give their values", () => {
  assert.deepEqual(placesOf(courseSchema.parse({ ...course, locations: [{ id: 1, name: 'Tiel' }, { id: 2, name: 'Online' }] })), ['Tiel', 'Online']);
  assert.deepEqual(areaCodesOf(municipalitySchema.parse({ name: 'Tiel', postcodeAreas: [{ id: 7, code: '4001' }, { id: 8, code: '4002' }] })), ['4001', '4002']);
  const block = updatesBlockSchema.parse({ __component: 'blocks.updates', id: 1, categories: [{ id: 1, category: 'news' }, { id: 2, category: 'vlog' }] });
  assert.deepEqual(blogCategoriesOf(block.categories), ['news', 'vlog']);
});

test('the old JSON lists read the same; nothing chosen is an empty list', () => {
  assert.deepEqual(placesOf(courseSchema.parse({ ...course, locations: ['Tiel', 'Online'] })), ['Tiel', 'Online']);
  assert.deepEqual(areaCodesOf(municipalitySchema.parse({ name: 'Tiel', postcodeAreas: ['4001'] })), ['4001']);
  assert.deepEqual(placesOf(courseSchema.parse({ ...course, locations: null })), []);
  assert.deepEqual(blogCategoriesOf(undefined), []);
});

test('a row with a value the site cannot use is refused like a bad plain value', () => {
  assert.throws(() => municipalitySchema.parse({ name: 'Tiel', postcodeAreas: [{ id: 1, code: '0123' }] }));
  assert.throws(() => updatesBlockSchema.parse({ __component: 'blocks.updates', id: 1, categories: [{ id: 1, category: 'sport' }] }));
  assert.throws(() => municipalitySchema.parse({ name: 'Tiel', postcodeAreas: [] }), 'a municipality has at least one area');
});
