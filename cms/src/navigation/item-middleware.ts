import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { checkMenuItem, MenuItemRefused } from './item-rules';

const ITEM = 'plugin::navigation.navigation-item';

/**
 * Every save of a menu item (the navigation plugin saves through the Document Service) passes
 * the site's rules (item-rules.ts): refused with a message the admin shows, or saved with the
 * linked page's site path. The seed writes rows directly and is not checked.
 */
export function checkMenuItemsOnSave(strapi: Core.Strapi): void {
  strapi.documents.use(async (context, next) => {
    if (context.uid !== ITEM || (context.action !== 'create' && context.action !== 'update')) return next();
    const params = context.params as { data?: Record<string, unknown> };
    try {
      if (params.data) params.data = await checkMenuItem(params.data, (related) => pageOf(strapi, related));
    } catch (err) {
      // The admin shows a ValidationError's message to the editor.
      if (err instanceof MenuItemRefused) throw new errors.ValidationError(err.message);
      throw err;
    }
    return next();
  });
}

async function pageOf(strapi: Core.Strapi, related: { __type?: string; documentId?: string; slug?: unknown; locale?: unknown }) {
  if (related.__type !== 'api::page.page' || !related.documentId) return null;
  if (typeof related.slug === 'string') return { slug: related.slug, locale: typeof related.locale === 'string' ? related.locale : null };
  const row = await strapi.db.query('api::page.page').findOne({ where: { documentId: related.documentId }, select: ['slug', 'locale'] });
  return row ? { slug: String(row.slug), locale: row.locale ?? null } : null;
}
