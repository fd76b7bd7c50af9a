import type { CollectionName, CollectionRecord } from '../../../content/model';
import type { Locale } from '../../../i18n/locale';
import type { Services } from '../../../routing/services';

/** One record of any collection by slug (events too, which have no detail route of their own). */
export async function recordBySlug<C extends CollectionName>(services: Services, collection: C, slug: string, locale: Locale) {
  const { items } = await services.content.list(collection, { locale, filters: { slug: { $eq: slug } }, pageSize: 1 });
  return items[0] ?? null;
}

export type { CollectionRecord };
