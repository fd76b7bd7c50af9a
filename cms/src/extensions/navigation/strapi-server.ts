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
 *
 * And saving a menu in the admin: a menu item the site cannot show is refused by
 * src/navigation/item-middleware.ts; the plugin answers any failure as a 500 "Unable to
 * update", so such a refusal is turned back into the 400 with its message.
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
type Factory = (ctx: { strapi: Core.Strapi }) => Record<string, unknown>;
type Plugin = { services: Record<string, Factory>; controllers: Record<string, Factory> };
type Koa = { status: number; body: unknown; badRequest(message: string, details?: unknown): unknown };

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
  const createAdmin = plugin.controllers.admin;
  plugin.controllers.admin = (ctx) => {
    const controller = createAdmin(ctx);
    for (const action of ['post', 'put'] as const) {
      const original = controller[action] as (koa: Koa) => Promise<unknown>;
      controller[action] = async function (this: unknown, koa: Koa) {
        const result = await original.call(this, koa);
        const refused = refusal(koa);
        return refused ? koa.badRequest(refused) : result;
      };
    }
    return controller;
  };
  return plugin;
};

/** The message of a ValidationError the plugin wrapped into its 500 answer, if that is what failed. */
function refusal(koa: Koa): string | null {
  if (koa.status !== 500) return null;
  const original = (koa.body as { error?: { details?: { originalError?: { name?: string; message?: string } } } } | null)?.error?.details?.originalError;
  return original?.name === 'ValidationError' && original.message ? original.message : null;
}

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
