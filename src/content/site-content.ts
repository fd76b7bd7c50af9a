// The typed content API the pages read, over the content client (Strapi or the embedded
// snapshot: only the transport differs). Every record is checked against the model; a
// malformed one is logged and skipped by the client.
import type { Locale } from '../framework/page-meta';
import type { ContentClient } from './client';
import { collectionPopulate, collectionSchemas, type CollectionName, type CollectionRecord } from './model';
import type { Page } from './model';

export type PageRecord = Page;
export type BlockRecord = Page['blocks'][number];
export type EntryCollection = 'blog-posts' | 'courses' | 'vacancies' | 'locations' | 'team-members';
export type EntryRecord = CollectionRecord<EntryCollection>;

export interface SiteContent {
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

  return {
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
