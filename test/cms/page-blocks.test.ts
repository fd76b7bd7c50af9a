// A content block is one type in four places that must agree (docs/adding-a-content-block.md):
// the site's model (src/content/model/blocks), Strapi's page dynamic zone and its component
// file, and the views (src/app/content-blocks.tsx, typed by the model). The view and populate
// maps are typed records; this checks the two sides TypeScript cannot see.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { blockComponents } from '../../src/content/model';

const pageSchema = JSON.parse(readFileSync('cms/src/api/page/content-types/page/schema.json', 'utf8')) as { attributes: Record<string, { type: string; components?: string[] }> };

test("Strapi's page offers editors exactly the blocks the site can show", () => {
  const zone = Object.values(pageSchema.attributes).find((a) => a.type === 'dynamiczone');
  assert.ok(zone?.components, 'the page has a dynamic zone');
  assert.deepEqual([...zone.components].sort(), [...blockComponents].sort());
});

test('every block has its Strapi component file', () => {
  const missing = blockComponents.filter((c) => !existsSync(`cms/src/components/${c.replace('.', '/')}.json`));
  assert.deepEqual(missing, []);
});
