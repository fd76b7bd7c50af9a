// The navigation plugin's menu screen shows the addresses the site links (cms/src/admin/menu-site-paths.ts):
// the plugin's admin code, rewritten at the admin build, draws an item's own path from the root.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { withNewItemsAttached } from '../../cms/src/admin/menu-item-defaults';
import { MENU_ADMIN_FILE, withSitePathsInMenuAdmin } from '../../cms/src/admin/menu-site-paths';

// The two places as strapi-plugin-navigation 3.3.7 ships them (dist/admin/index.mjs).
const LIST = 'Q = k ? void 0 : `${o === "/" ? "" : o}/${y.path === "/" ? "" : y.path}`.replace(\n    "//",\n    "/"\n  ), le = 1;';
const FORM = 'const p = e || "";\n    return `${a.levelPath !== "/" ? `${a.levelPath}` : ""}/${p}`.replace("//", "/");';

/** Evaluates the rewritten list expression for a parent's address and an item's stored path. */
function shownInList(levelPath: string, itemPath: string): string {
  const code = withSitePathsInMenuAdmin(`${LIST}\n${FORM}`).split('\n')[0]!.replace(/^Q = k \? void 0 : /, '').replace(/, le = 1;$/, '');
  return new Function('o', 'y', `return ${code};`)(levelPath, { path: itemPath }) as string;
}
function shownInForm(levelPath: string, path: string): string {
  const code = withSitePathsInMenuAdmin(`${LIST}\n${FORM}`);
  const body = code.slice(code.indexOf('return ('));
  return new Function('a', 'p', body)({ levelPath }, path) as string;
}

test('an item under a parent shows its own site path, not the two joined', () => {
  assert.equal(shownInList('/eenzaamheid', '/eenzaamheid/gevolgen'), '/eenzaamheid/gevolgen');
  assert.equal(shownInList('/hoe-werkt-het', '/locaties'), '/locaties');
  assert.equal(shownInList('', '/'), '/');
  assert.equal(shownInList('/en/about', '/over-ons/ons-team'), '/over-ons/ons-team');
});

test("the item form's preview shows the page's path from the root (the slug it fills in)", () => {
  assert.equal(shownInForm('/eenzaamheid', 'eenzaamheid/gevolgen'), '/eenzaamheid/gevolgen');
  assert.equal(shownInForm('/hoe-werkt-het', '/locaties'), '/locaties');
});

test("a plugin version that draws the paths otherwise fails the admin build instead of showing wrong ones", () => {
  assert.throws(() => withSitePathsInMenuAdmin(FORM), /found 0 and 1/);
  assert.throws(() => withSitePathsInMenuAdmin(`${LIST}\n${LIST}\n${FORM}`), /found 2 and 1/);
});

test("only the plugin's admin bundle is rewritten", () => {
  assert.ok(MENU_ADMIN_FILE.test('/app/cms/node_modules/strapi-plugin-navigation/dist/admin/index.mjs'));
  assert.ok(!MENU_ADMIN_FILE.test('/app/cms/node_modules/strapi-plugin-navigation/dist/server/index.mjs'));
  assert.ok(!MENU_ADMIN_FILE.test('/app/cms/node_modules/@strapi/admin/dist/admin/index.mjs'));
});

test("the new-item form starts on \"Attach to menu: Yes\" (the server refuses unattached items)", () => {
  const defaults = 'Xt = {\n  autoSync: !0,\n  type: "INTERNAL",\n  relatedType: "",\n  menuAttached: !1,\n  title: ""\n}';
  const Xt = new Function(`const ${withNewItemsAttached(defaults)}; return Xt;`)() as { menuAttached: boolean };
  assert.equal(Xt.menuAttached, true);
  assert.throws(() => withNewItemsAttached('menuAttached: !1'), /found 0/);
});
