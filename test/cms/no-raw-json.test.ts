// No field an editor edits takes raw JSON: a list is a repeatable component (one row per value,
// an enumeration where the values are fixed), so the admin offers a form, not a text box of brackets.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { CONTENT_TYPES } from '../../cms/src/bootstrap/content-types';

const CMS = path.resolve(import.meta.dirname, '../../cms/src');
type Attribute = { type: string; component?: string; repeatable?: boolean; enum?: string[] };
type Schema = { attributes: Record<string, Attribute> };
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Schema;

const types = CONTENT_TYPES.map((name) => ({ uid: `api::${name}.${name}`, schema: read(path.join(CMS, 'api', name, 'content-types', name, 'schema.json')) }));
const components = ['blocks', 'shared'].flatMap((category) =>
  readdirSync(path.join(CMS, 'components', category)).map((file) => ({ uid: `${category}.${file.replace(/\.json$/, '')}`, schema: read(path.join(CMS, 'components', category, file)) })),
);
const component = (uid: string) => components.find((c) => c.uid === uid)!.schema;

test('no field of the content types and components an editor edits is a JSON field', () => {
  const json = [...types, ...components].flatMap(({ uid, schema }) => Object.entries(schema.attributes).filter(([, a]) => a.type === 'json').map(([field]) => `${uid}.${field}`));
  assert.deepEqual(json, []);
});

test('the blog categories of the news and filter blocks are chosen from the four categories, one row each', () => {
  for (const block of ['blocks.updates', 'blocks.blog-filter-bar']) {
    const categories = component(block).attributes.categories!;
    assert.deepEqual([categories.type, categories.repeatable], ['component', true], block);
    assert.deepEqual(component(categories.component!).attributes.category!.enum, ['media', 'stories', 'news', 'vlog']);
  }
});

test("a course's places and a municipality's postcode areas are lists of rows", () => {
  const course = types.find((t) => t.uid === 'api::course.course')!.schema.attributes.locations!;
  assert.deepEqual([course.type, course.repeatable, course.component], ['component', true, 'shared.place']);
  const areas = component('shared.municipality').attributes.postcodeAreas!;
  assert.deepEqual([areas.type, areas.repeatable, areas.component], ['component', true, 'shared.postcode-area']);
});
