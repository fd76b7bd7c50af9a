// The navigation plugin's new-item form starts on "Attach to menu: Yes". The plugin's default is
// No, and this site refuses an item that is not attached (src/navigation/item-rules.ts: the site
// shows every item of a menu), so an editor would otherwise meet a refusal on every new item.
// Applied to the plugin's admin code at the admin build (vite.config.ts). No Strapi import: the
// site's unit tests read it.

/** The form's starting values: `{ autoSync: !0, type: "INTERNAL", relatedType: "", menuAttached: !1, ... }`. */
const NEW_ITEM_DEFAULTS = /(autoSync: !0,\s*type: "INTERNAL",\s*relatedType: "",\s*menuAttached: )!1/g;

/** The plugin's admin code with new items attached to the menu; throws when the defaults are not found exactly once. */
export function withNewItemsAttached(code: string): string {
  const found = [...code.matchAll(NEW_ITEM_DEFAULTS)].length;
  if (found !== 1) throw new Error(`navigation admin: expected the new item's defaults once, found ${found}; check cms/src/admin/menu-item-defaults.ts against this plugin version`);
  return code.replace(NEW_ITEM_DEFAULTS, '$1!0');
}
