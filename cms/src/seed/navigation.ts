import type { Core } from '@strapi/strapi';
import type { Json } from './snapshot';

export const MENUS = ['primary', 'secondary', 'footer-1', 'footer-2', 'footer-3', 'legal'] as const;
const NAVIGATION = 'plugin::navigation.navigation';
const ITEM = 'plugin::navigation.navigation-item';

/**
 * The six menus per locale from the snapshot's TREE answers. Each menu is a navigation whose
 * slug is the menu's name (so `/api/navigation/render/primary` finds it), the same document in
 * both locales. Items keep their documentId, their order and their full site path (see
 * src/extensions/navigation: this site's menus hold full paths, not segments), and link to the
 * page row of the locale the snapshot names (an English menu may link a Dutch page).
 * The plugin's own empty "Navigation" is removed.
 */
export async function importNavigation(strapi: Core.Strapi, menus: Array<{ locale: string; name: string; items: Json[] }>): Promise<number> {
  const navigations = strapi.documents(NAVIGATION);
  const leftovers = await strapi.db.query(NAVIGATION).findMany({ where: { slug: 'navigation' } });
  for (const nav of leftovers) await strapi.db.query(NAVIGATION).delete({ where: { id: nav.id } });

  const documentIds = new Map<string, string>();
  let count = 0;
  for (const { locale, name, items } of menus) {
    const data = { name, slug: name, visible: true };
    const known = documentIds.get(name);
    const nav = known
      ? await navigations.update({ documentId: known, locale, data } as never)
      : await navigations.create({ locale, data } as never);
    if (!nav) throw new Error(`seed: navigation ${name} (${locale}) not saved`);
    documentIds.set(name, nav.documentId);
    count += await createItems(strapi, Number(nav.id), null, items);
  }
  return count;
}

async function createItems(strapi: Core.Strapi, masterId: number, parentId: number | null, items: Json[]): Promise<number> {
  let count = 0;
  for (const item of items) {
    const related = await relatedRow(strapi, item.related as Json | null | undefined);
    const external = item.type === 'EXTERNAL';
    const row = await strapi.db.query(ITEM).create({
      data: {
        documentId: item.documentId,
        title: item.title,
        type: item.type,
        path: external ? null : item.path,
        externalPath: external ? (item.externalPath ?? item.path) : null,
        uiRouterKey: item.uiRouterKey,
        menuAttached: item.menuAttached ?? true,
        order: item.order ?? 0,
        collapsed: item.collapsed ?? false,
        autoSync: false,
        additionalFields: item.additionalFields ?? {},
        master: masterId,
        parent: parentId,
        related: related ? [{ id: related.id, __type: related.__type }] : [],
      },
    });
    count += 1 + (await createItems(strapi, masterId, row.id, (item.items as Json[] | null) ?? []));
  }
  return count;
}

/** The draft row of the linked page in the snapshot's locale (the plugin links drafts). */
async function relatedRow(strapi: Core.Strapi, related: Json | null | undefined): Promise<{ id: number; __type: string } | null> {
  if (!related || typeof related.__type !== 'string' || typeof related.documentId !== 'string') return null;
  const uid = related.__type as 'api::page.page';
  const row = await strapi.db.query(uid).findOne({
    where: { documentId: related.documentId, locale: related.locale ?? 'nl', publishedAt: { $null: true } },
    select: ['id'],
  });
  if (!row) throw new Error(`seed: menu item links ${uid} ${related.documentId} (${String(related.locale)}), which is missing`);
  return { id: row.id, __type: uid };
}
