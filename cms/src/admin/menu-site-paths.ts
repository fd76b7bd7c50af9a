// What the navigation plugin's menu screen shows as an item's address, brought to the address
// the site links. The plugin draws it as the parent's address + "/" + the item's own path,
// since its items hold a segment below their parent. This site's items hold the page's full site
// path (the server's save rules write it, the seed keeps it, the site's TREE answer serves it):
// "Doe mee" (/hoe-werkt-het) groups /locaties and /online, which no segment below it can say.
// So the screen showed /eenzaamheid/eenzaamheid/gevolgen for /eenzaamheid/gevolgen. This rewrites
// the two places in the plugin's admin code (the item list and the item form's preview) to show
// an item's own path, from the root. No Strapi import: the site's unit tests read it.

/** The plugin's admin bundle, by the file name Vite and esbuild see. */
export const MENU_ADMIN_FILE = /strapi-plugin-navigation[\\/]dist[\\/]admin[\\/]index\.mjs$/;

/** An item's address in the list: `${levelPath}/${item.path}` with "/" for the home page. */
const LIST_PATH = /`\$\{(\w+) === "\/" \? "" : \1\}\/\$\{(\w+)\.path === "\/" \? "" : \2\.path\}`\.replace\(\s*"\/\/",\s*"\/"\s*\)/g;
/** The item form's preview of the address: `${current.levelPath}/${path}`. */
const FORM_PATH = /`\$\{(\w+)\.levelPath !== "\/" \? `\$\{\1\.levelPath\}` : ""\}\/\$\{(\w+)\}`\.replace\("\/\/", "\/"\)/g;

const fromRoot = (expression: string) => `("/" + String(${expression} ?? "").replace(/^\\/+/, ""))`;

/**
 * The plugin's admin code with both addresses drawn from the item's own path. Throws when either
 * place is not found exactly once: a plugin version that draws them otherwise must fail the admin
 * build, not show wrong addresses again.
 */
export function withSitePathsInMenuAdmin(code: string): string {
  const list = [...code.matchAll(LIST_PATH)];
  const form = [...code.matchAll(FORM_PATH)];
  if (list.length !== 1 || form.length !== 1)
    throw new Error(`navigation admin: expected the item list's and the item form's path once each, found ${list.length} and ${form.length}; check cms/src/admin/menu-site-paths.ts against this plugin version`);
  return code.replace(LIST_PATH, (_all, _level: string, item: string) => fromRoot(`${item}.path`)).replace(FORM_PATH, (_all, _current: string, path: string) => fromRoot(path));
}
