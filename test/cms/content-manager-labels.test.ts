// What an editor reads in Strapi's content manager (cms/src/content-manager/labels.ts, applied on
// start by cms/src/bootstrap/content-manager.ts): every field of the site's content types and
// components has a Dutch label, every block a Dutch name, a description and an icon of its own.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { CONTENT_TYPES } from '../../cms/src/bootstrap/content-types';
import { altTextsBesideImages, withLabels } from '../../cms/src/content-manager/with-labels';
import { labelOf, MAIN_FIELDS } from '../../cms/src/content-manager/labels';

const CMS = path.resolve(import.meta.dirname, '../../cms/src');
type Schema = { info: { displayName: string; description?: string; icon?: string }; attributes: Record<string, unknown> };
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Schema;

const types = CONTENT_TYPES.map((name) => ({ uid: `api::${name}.${name}`, schema: read(path.join(CMS, 'api', name, 'content-types', name, 'schema.json')) }));
const components = ['blocks', 'shared'].flatMap((category) =>
  readdirSync(path.join(CMS, 'components', category)).map((file) => ({ uid: `${category}.${file.replace(/\.json$/, '')}`, schema: read(path.join(CMS, 'components', category, file)) })),
);

test('every field of the content types and components an editor edits has a label that is not its API name', () => {
  const missing: string[] = [];
  for (const { uid, schema } of [...types, ...components]) {
    for (const field of Object.keys(schema.attributes)) {
      const label = labelOf(uid, field);
      if (!label || label.label === field || label.label.length < 2) missing.push(`${uid}.${field}`);
    }
  }
  assert.deepEqual(missing, []);
  assert.equal(labelOf('api::page.page', 'seo')?.label, 'Zoekmachines en delen');
  assert.match(labelOf('api::page.page', 'slug')?.description ?? '', /webadres/, 'help text where a field needs it');
});

test('every block has a Dutch name, a description naming the English one, and an icon no other block has', () => {
  const blocks = components.filter((c) => c.uid.startsWith('blocks.'));
  assert.equal(blocks.length, 23);
  const icons = new Set<string>();
  for (const { uid, schema } of blocks) {
    assert.ok(schema.info.description && /\([A-Z][^)]*\)\.$/.test(schema.info.description), `${uid}: ${schema.info.description}`);
    assert.ok(schema.info.icon && schema.info.icon !== 'layout' && !icons.has(schema.info.icon), `${uid}: icon ${schema.info.icon}`);
    icons.add(schema.info.icon);
  }
  assert.equal(components.find((c) => c.uid === 'blocks.text')!.schema.info.displayName, 'Tekst');
});

test("a collapsed block shows its title (or what names it), not its type; labels and help text go into Strapi's configuration", () => {
  for (const { uid, schema } of components) {
    const config = withLabels(uid, schema.attributes, { settings: { mainField: 'id' }, metadatas: {} }, true);
    const main = config.settings!.mainField as string;
    assert.ok(main in schema.attributes, `${uid}: mainField ${main}`);
    if ('title' in schema.attributes && !MAIN_FIELDS[uid]) assert.equal(main, 'title', uid);
  }
  const page = types.find((t) => t.uid === 'api::page.page')!;
  const config = withLabels(page.uid, page.schema.attributes, { settings: { mainField: 'title' }, metadatas: { title: { edit: { label: 'title', visible: true }, list: { label: 'title', sortable: true } } } }, false);
  assert.deepEqual(config.metadatas!.title, { edit: { label: 'Titel', description: 'De titel van de pagina: in de browser, in zoekmachines en in menu’s.', visible: true }, list: { label: 'Titel', sortable: true } });
  assert.equal(config.settings!.mainField, 'title', 'a content type keeps its own');
});

test("each image's alternative text field is labelled for the editor and sits beside its image in the form", () => {
  const cover = types.find((t) => t.uid === 'api::blog-post.blog-post')!;
  assert.equal(labelOf(cover.uid, 'coverAlt')?.label, 'Alternatieve tekst (voor wie het beeld niet ziet)');
  assert.match(labelOf('blocks.intro', 'imageAlt')?.description ?? '', /taal van deze pagina.*Leeg: de tekst bij het bestand/);
  for (const { uid, schema } of [...types, ...components]) {
    for (const [field, attribute] of Object.entries(schema.attributes as Record<string, { type: string; allowedTypes?: string[] }>)) {
      if (attribute.type === 'media' && attribute.allowedTypes?.includes('images')) assert.ok(`${field}Alt` in schema.attributes, `${uid}.${field} has a text beside it`);
    }
  }
  // As Strapi leaves an existing form when the field is added: at the end.
  const attributes = { title: {}, cover: {}, coverAlt: {}, excerpt: {} };
  const added = [[{ name: 'title', size: 6 }, { name: 'cover', size: 6 }], [{ name: 'excerpt', size: 12 }], [{ name: 'coverAlt', size: 6 }]];
  assert.deepEqual(altTextsBesideImages(attributes, added), [[{ name: 'title', size: 6 }, { name: 'cover', size: 6 }], [{ name: 'coverAlt', size: 6 }], [{ name: 'excerpt', size: 12 }]]);
  const roomy = [[{ name: 'cover', size: 6 }], [{ name: 'title', size: 6 }, { name: 'coverAlt', size: 6 }]];
  assert.deepEqual(altTextsBesideImages(attributes, roomy), [[{ name: 'cover', size: 6 }, { name: 'coverAlt', size: 6 }], [{ name: 'title', size: 6 }]]);
  assert.deepEqual(altTextsBesideImages(attributes, altTextsBesideImages(attributes, roomy)), altTextsBesideImages(attributes, roomy), 'the same on the next start');
  const config = withLabels(cover.uid, cover.schema.attributes, { layouts: { edit: added, list: ['title'] } }, false);
  assert.deepEqual(config.layouts!.edit![1], [{ name: 'coverAlt', size: 6 }]);
  assert.deepEqual(config.layouts!.list, ['title'], 'the list view as it was');
});
