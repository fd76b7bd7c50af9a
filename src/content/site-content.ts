// The typed content API the pages read, over the content client (Strapi or the embedded
// snapshot: only the transport differs). Every record is checked against the model; a
// malformed one is logged and skipped by the client.
import type { Locale } from '../framework/page-meta';
import type { ContentClient } from './client';
import { collectionPopulate, collectionSchemas, type CollectionName, type CollectionRecord } from './model';
import type { GlobalSettings, Locale as LocaleRecord, NavigationItem, Page } from './model';
import { globalSettingsSchema } from './model';

export type PageRecord = Page;
export type BlockRecord = Page['blocks'][number];
export type EntryCollection = 'blog-posts' | 'courses' | 'vacancies' | 'locations' | 'team-members';
export type EntryRecord = CollectionRecord<EntryCollection>;

export const MENU_NAMES = ['primary', 'secondary', 'footer-1', 'footer-2', 'footer-3', 'legal'] as const;
export type MenuName = (typeof MENU_NAMES)[number];

/** What the site chrome (header, footer) shows on every page. */
export type Chrome = {
  menus: Record<MenuName, NavigationItem[]>;
  global: GlobalSettings | null;
  locales: LocaleRecord[];
};

export interface SiteContent {
  /** Menus, global settings and locales. A menu that fails to load is empty, never an error page. */
  chrome(locale: Locale): Promise<Chrome>;
  page(slug: string, locale: Locale): Promise<PageRecord | null>;
  entry<C extends EntryCollection>(collection: C, slug: string, locale: Locale): Promise<CollectionRecord<C> | null>;
  /** True when the content source answers (readiness). */
  ping(): Promise<boolean>;
}

export function createSiteContent(client: ContentClient): SiteContent {
  async function bySlug<C extends CollectionName>(collection: C, slug: string, locale: Locale) {
    const { data } = await client.find<CollectionRecord<C>>(
      collection,
      { filters: { slug: { $eq: slug } }, locale, pagination: { pageSize: 1 }, ...(collectionPopulate[collection] as object) },
      { schema: collectionSchemas[collection] as never },
    );
    return data[0] ?? null;
  }

  const orEmpty = async <T>(load: Promise<T>, empty: T): Promise<T> => {
    try {
      return await load;
    } catch {
      return empty; // logged once by the client's error hook and cache
    }
  };

  return {
    async chrome(locale) {
      const [menus, global, locales] = await Promise.all([
        Promise.all(MENU_NAMES.map((name) => orEmpty(client.menu(name, { locale, type: 'TREE' }), []))),
        orEmpty(client.single('global', { locale, populate: '*' }, { schema: globalSettingsSchema }).then((r) => r.data), null),
        orEmpty(client.locales(), []),
      ]);
      return { menus: Object.fromEntries(MENU_NAMES.map((n, i) => [n, menus[i] ?? []])) as Chrome['menus'], global, locales };
    },
    page: (slug, locale) => bySlug('pages', slug, locale),
    entry: (collection, slug, locale) => bySlug(collection, slug, locale),
    async ping() {
      try {
        // Straight to the source, past the cache: stale content would hide an outage.
        await client.request('/i18n/locales', { log: false });
        return true;
      } catch {
        return false;
      }
    },
  };
}
