import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderToStaticMarkup } from 'react-dom/server';
import { siFacebook, siInstagram, siTiktok } from 'simple-icons';
import { BrandIcon, brandNames } from '../../src/icons/brand-icon';
import { brandPaths } from '../../src/icons/brand-paths';
import { Icon, iconNames, resolveIconName } from '../../src/icons/icon';
import { lucideNodes } from '../../src/icons/lucide-nodes';

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

test('an icon is a decorative inline svg unless it gets a label', () => {
  const html = renderToStaticMarkup(<Icon name="heart" size={20} />);
  assert.match(html, /^<svg [^>]*aria-hidden="true"/);
  assert.match(html, /focusable="false"/);
  assert.match(html, /width="20" height="20"/);
  const labelled = renderToStaticMarkup(<Icon name="heart" label="Favoriet" />);
  assert.match(labelled, /role="img" aria-label="Favoriet"/);
  assert.doesNotMatch(labelled, /aria-hidden/);
});

test('a brand icon is an aria-hidden, unfocusable svg with its path', () => {
  const html = renderToStaticMarkup(<BrandIcon name="linkedin" />);
  assert.match(html, /aria-hidden="true"/);
  assert.match(html, /focusable="false"/);
  assert.match(html, /fill-rule="evenodd"/);
});
