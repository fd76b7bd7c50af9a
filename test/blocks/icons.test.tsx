import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderToStaticMarkup } from 'react-dom/server';
import { siFacebook, siInstagram, siTiktok } from 'simple-icons';
import { BrandIcon, brandNames } from '../../src/icons/brand-icon';
import { brandPaths } from '../../src/icons/brand-paths';
import { Icon, iconNames, resolveIconName } from '../../src/icons/icon';
import { lucideNodes } from '../../src/icons/lucide-nodes';
import { marks } from '../../src/icons/marks';
import { spriteDocument } from '../../src/app/sprite';
import { MAP_PIECES } from '../../src/icons/sprite-href';

type LucideModule = { __iconData: { node: Array<[string, Record<string, string>]> } };

test('every copied Lucide drawing matches the installed lucide-react', async () => {
  for (const name of iconNames) {
    const mod = (await import(`lucide-react/icons/${name}`)) as unknown as LucideModule;
    const expected = mod.__iconData.node.map(([tag, { key: _key, ...attrs }]) => [tag, attrs]);
    assert.deepEqual(lucideNodes[name], expected, name);
  }
});

test('the brand marks from Simple Icons match the installed package', () => {
  assert.equal(brandPaths.facebook, siFacebook.path);
  assert.equal(brandPaths.instagram, siInstagram.path);
  assert.equal(brandPaths.tiktok, siTiktok.path);
});

test('the names the header and footer use all exist', () => {
  for (const name of ['external-link', 'user', 'heart', 'menu', 'x', 'chevron-down', 'arrow-right', 'map-pin', 'calendar', 'clock', 'mail', 'phone', 'check']) {
    assert.equal(resolveIconName(name), name);
  }
  assert.deepEqual([...brandNames].sort(), ['facebook', 'instagram', 'linkedin', 'tiktok']);
});

test('editor words map to icons; unknown names render nothing', () => {
  assert.equal(resolveIconName('chat'), 'message-circle');
  assert.equal(resolveIconName('Home'), 'house');
  assert.equal(resolveIconName('location'), 'map-pin');
  assert.equal(renderToStaticMarkup(<Icon name="no-such-icon" />), '');
});

test('an icon is a decorative svg that uses its drawing from the sprite, unless it gets a label', () => {
  const html = renderToStaticMarkup(<Icon name="chat" size={20} />);
  assert.match(html, /^<svg [^>]*aria-hidden="true"/);
  assert.match(html, /focusable="false"/);
  assert.match(html, /width="20" height="20"/);
  assert.match(html, /<use href="\/assets\/sprite\.svg#message-circle"><\/use><\/svg>$/);
  assert.doesNotMatch(html, /<path/);
  const labelled = renderToStaticMarkup(<Icon name="heart" label="Favoriet" />);
  assert.match(labelled, /role="img" aria-label="Favoriet"/);
  assert.doesNotMatch(labelled, /aria-hidden/);
});

test('a brand icon is an aria-hidden, unfocusable svg that uses its mark from the sprite', () => {
  const html = renderToStaticMarkup(<BrandIcon name="linkedin" />);
  assert.match(html, /aria-hidden="true"/);
  assert.match(html, /focusable="false"/);
  assert.match(html, /<use href="\/assets\/sprite\.svg#brand-linkedin">/);
});

test('the sprite holds every icon, brand mark, site mark and map piece once, with its drawing', () => {
  const sprite = spriteDocument();
  const ids = [...sprite.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
  const expected = [...iconNames, ...brandNames.map((n) => `brand-${n}`), ...Object.keys(marks), ...MAP_PIECES];
  assert.deepEqual([...ids].sort(), [...expected].sort());
  assert.match(sprite, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg">/);
  for (const name of iconNames) assert.ok(sprite.includes(`<symbol id="${name}" viewBox="0 0 24 24"><`), name);
  assert.ok(sprite.includes(`<path d="${brandPaths.tiktok}"/>`));
  assert.match(sprite, /<symbol id="brand-linkedin" viewBox="0 0 24 24"><path d="[^"]+" fill-rule="evenodd"\/>/);
  for (const piece of MAP_PIECES) assert.match(sprite, new RegExp(`<g id="${piece}"><path d="M`), piece);
  // Colours come from the page through <use>: the icon drawings carry none of their own.
  assert.doesNotMatch(sprite.slice(0, sprite.indexOf('<symbol id="brand-')), /fill=|stroke=/);
  assert.equal(spriteDocument(), sprite, 'deterministic, so its hash names it');
});
