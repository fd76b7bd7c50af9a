import type { Core } from '@strapi/strapi';

/**
 * The navigation plugin, with the TREE answer this site's menus need:
 *
 * - `path`: an INTERNAL item's own path is the full site path (`/over-ons/ons-team`, `/en/about`),
 *   never prefixed with its parent's. The site's menus group pages that do not live under their
 *   group's page ("Doe mee" → `/locaties`, `/online`), which the plugin's segment paths cannot say.
 *   Editors enter the full path in the item's URL field.
 * - `slug`: `<uiRouterKey>-<id>` for a top item, `<parent slug>-<uiRouterKey>` below it: stable and
 *   unique per menu, where the plugin's own slug changes with every item added anywhere.
 * - `related`: the linked page in the locale the item links (an English menu may link a Dutch
 *   page), as `{id, documentId, title, slug, locale, __type}` of its published version.
 *
 * FLAT and RFR answers are the plugin's own.
 */
type Item = {
  id: number;
  type: string;
  uiRouterKey?: string;
  path?: string | null;
  slug?: string | null;
  related?: unknown;
  items?: Item[];
};
type StoredItem = { id: number; path: string | null; related?: Array<{ id: number; documentId: string; locale?: string | null; __type: string }> };
type Plugin = { services: Record<string, (ctx: { strapi: Core.Strapi }) => Record<string, unknown>> };

const ITEM = 'plugin::navigation.navigation-item';

export default (plugin: Plugin) => {
  const createClient = plugin.services.client;
  plugin.services.client = (ctx) => {
    const service = createClient(ctx);
    const renderType = service.renderType as (params: { type?: string }) => Promise<unknown>;
    service.renderType = async function (this: unknown, params: { type?: string }) {
      const result = await renderType.call(this, params);
      return params?.type === 'TREE' && Array.isArray(result) ? withSitePaths(ctx.strapi, result as Item[]) : result;
    };
    return service;
  };
  return plugin;
};

async function withSitePaths(strapi: Core.Strapi, tree: Item[]): Promise<Item[]> {
  const ids: number[] = [];
  const collect = (items: Item[]) => items.forEach((item) => (ids.push(item.id), collect(item.items ?? [])));
  collect(tree);
  if (ids.length === 0) return tree;
  const rows = (await strapi.db.query(ITEM).findMany({
    where: { id: { $in: ids } },
    select: ['id', 'path'],
    populate: { related: true },
  })) as StoredItem[];
  const stored = new Map(rows.map((row) => [row.id, row]));

  const visit = async (items: Item[], parentSlug: string | null): Promise<void> => {
    for (const item of items) {
      const row = stored.get(item.id);
      if (item.type === 'INTERNAL' && row?.path) item.path = `/${row.path.replace(/^\/+/, '')}`;
      item.slug = parentSlug ? `${parentSlug}-${item.uiRouterKey}` : `${item.uiRouterKey}-${item.id}`;
      const link = row?.related?.[0];
      if (item.type === 'INTERNAL' && link) item.related = await publishedPage(strapi, link);
      await visit(item.items ?? [], item.slug);
    }
  };
  await visit(tree, null);
  return tree;
}

async function publishedPage(strapi: Core.Strapi, link: NonNullable<StoredItem['related']>[number]) {
  const page = await strapi.documents(link.__type as 'api::page.page').findOne({
    documentId: link.documentId,
    locale: link.locale ?? undefined,
    status: 'published',
    fields: ['title', 'slug', 'locale'],
  });
  if (!page) return { documentId: link.documentId, __type: link.__type };
  const { id, documentId, title, slug, locale } = page as unknown as Record<string, unknown>;
  return { id, documentId, title, slug, locale, __type: link.__type };
}
