// The typed content API the pages read, over the content client (Strapi or the embedded
// snapshot: only the transport differs). Every record is checked against the model; a
// malformed one is logged and skipped by the client.
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Locale } from '../i18n/locale';
import type { ContentClient } from './client';
import { loadDistricts, type DistrictsState } from './districts';
import type { PromotedEvent } from './events';
import { isObject } from './errors';
import { parseRecords } from './parse-records';
import { searchLocations, type SearchAnswer, type SearchStatus } from './q42-search';
import { areaCodesOf, collectionPopulate, collectionSchemas, type CollectionName, type CollectionRecord } from './model';
import type { Event, GlobalSettings, Locale as LocaleRecord, Location, NavigationItem, Page } from './model';
import { globalSettingsSchema, lonelinessTestSchema, singleTypePopulate, type LonelinessTest } from './model';

export type PageRecord = Page;
export type BlockRecord = Page['blocks'][number];
export type EntryCollection = 'blog-posts' | 'courses' | 'vacancies' | 'locations' | 'team-members';
export type EntryRecord = CollectionRecord<EntryCollection>;

export const MENU_NAMES = ['primary', 'secondary', 'footer-1', 'footer-2', 'footer-3', 'legal'] as const;
export type MenuName = (typeof MENU_NAMES)[number];

/** Collections with a page per record, plus the content pages themselves. */
export type SitemapCollection = 'pages' | EntryCollection | 'districts';
const sitemapRecordSchema = z.looseObject({
  documentId: z.string().optional(),
  slug: z.string(),
  updatedAt: z.string().nullish(),
  seo: z.looseObject({ noIndex: z.boolean().nullish() }).nullish(),
});
export type SitemapRecord = z.infer<typeof sitemapRecordSchema>;
const WITH_SEO: ReadonlySet<SitemapCollection> = new Set(['pages', 'blog-posts', 'courses', 'vacancies']);

/** One page of a collection for lists on pages (collection list, updates, map, team). */
export type ListOptions = {
  locale: Locale;
  /** Strapi filters, e.g. `{ category: { $eq: 'news' } }`. */
  filters?: Record<string, unknown>;
  /** Strapi sort, e.g. `['publishedDate:desc']`. */
  sort?: string[];
  page?: number;
  pageSize?: number;
};
export type Pagination = { page: number; pageSize: number; pageCount: number; total: number };
export type ListPage<T> = { items: T[]; pagination: Pagination };

/** What the site chrome (header, footer) shows on every page. */
export type Chrome = {
  menus: Record<MenuName, NavigationItem[]>;
  global: GlobalSettings | null;
  locales: LocaleRecord[];
  /** The events marked promoted, in the page's language and (for English) in Dutch, whether
   * or not they are over: the header picks the one to show when it renders (`nextPromotedEvent`). */
  promotedEvents: PromotedEvent[];
};

export interface SiteContent {
  /** Menus, global settings and locales. A menu that fails to load is empty, never an error page. */
  chrome(locale: Locale): Promise<Chrome>;
  page(slug: string, locale: Locale): Promise<PageRecord | null>;
  /** Every event of a language, the latest first (a content page whose slug is an event's is
   * that event's page). One cached question for the header and the pages alike. */
  events(locale: Locale): Promise<Event[]>;
  /** The record of `slug`; through an outage, null when the collection's last known list has no such record. */
  entry<C extends EntryCollection | 'districts'>(collection: C, slug: string, locale: Locale): Promise<CollectionRecord<C> | null>;
  /** True when the content source answers (readiness). */
  ping(): Promise<boolean>;
  /** A page of a collection's records, populated as the model reads them. */
  list<C extends CollectionName>(collection: C, options: ListOptions): Promise<ListPage<CollectionRecord<C>>>;
  /** Every record of a collection that `options` asks for, all its pages (the content service
   * answers at most 100 a page): for a list that shows them all, never the first hundred alone. */
  all<C extends CollectionName>(collection: C, options: Omit<ListOptions, 'page' | 'pageSize'>): Promise<ListPage<CollectionRecord<C>>>;
  /** The loneliness test's texts (advice per band, help lines). */
  lonelinessTest(locale: Locale): Promise<LonelinessTest | null>;
  globalSettings(locale: Locale): Promise<GlobalSettings | null>;
  /** Every published record of a collection with what the sitemap needs, all pages of it. */
  sitemapRecords(collection: SitemapCollection, locale: Locale): Promise<SitemapRecord[]>;
  /**
   * The find-a-group answer of `GET /q42/search` (age already checked: 0 to 120), its
   * locations checked against the model. When the route fails, the same rule runs on the
   * (cached) districts and locations, so a search never turns into an error page.
   */
  search(zipcode: string, age: number, locale: Locale): Promise<SearchAnswer<Location>>;
  /** Loads what the search needs to answer on its own (the districts and locations of each
   * locale) into the content cache, so searches keep working through an outage that starts
   * before anybody searched. Never throws. */
  warmSearch(locales: readonly Locale[]): Promise<void>;
  /** The districts store's final state: the list, then the detail of `slug` merged into it, in
   * `locale` (without one: the content service's first language). */
  districts(slug?: string, locale?: Locale): Promise<DistrictsState>;
}

/** The most records the content service answers in one page (Strapi's default maxLimit). */
const ALL_PAGE_SIZE = 100;

const STATUSES: readonly SearchStatus[] = ['found', 'not-found', 'too-young', 'too-old', 'invalid-postcode'];

export function createSiteContent(client: ContentClient, logger: Logger): SiteContent {
  async function bySlug<C extends CollectionName>(collection: C, slug: string, locale: Locale) {
    try {
      const { data } = await client.find<CollectionRecord<C>>(
        collection,
        { filters: { slug: { $eq: slug } }, locale, pagination: { pageSize: 1 }, ...(collectionPopulate[collection] as object) },
        { schema: collectionSchemas[collection] as never },
      );
      return data[0] ?? null;
    } catch (error) {
      // The content service fails and this slug was never asked for (nothing cached to fall
      // back on): the collection's last known list (the sitemap's, read at startup) still
      // says whether such a record exists. Not in it: the page does not exist (404), rather
      // than an error page for every mistyped or made-up address through an outage.
      if (await knownToBeMissing(collection, slug, locale)) return null;
      throw error;
    }
  }

  /** True when the last known list of `collection` has no record `slug`; false when it has one
   * or there is no list either (then nobody can tell). The lists read ahead are the sitemap's;
   * another collection's was never read, is not cached, and fails here like the lookup did. */
  async function knownToBeMissing(collection: CollectionName, slug: string, locale: Locale): Promise<boolean> {
    try {
      return !(await site.sitemapRecords(collection as SitemapCollection, locale)).some((record) => record.slug === slug);
    } catch {
      return false;
    }
  }

  const orEmpty = async <T>(load: Promise<T>, empty: T): Promise<T> => {
    try {
      return await load;
    } catch {
      return empty; // logged once by the client's error hook and cache
    }
  };

  const site: SiteContent = {
    async chrome(locale) {
      // An English page without an English event still promotes the Dutch one.
      const eventLocales: Locale[] = locale === 'nl' ? ['nl'] : [locale, 'nl'];
      const [menus, global, locales, events] = await Promise.all([
        Promise.all(MENU_NAMES.map((name) => orEmpty(client.menu(name, { locale, type: 'TREE' }), []))),
        orEmpty(client.single('global', { locale, populate: '*' }, { schema: globalSettingsSchema }).then((r) => r.data), null),
        orEmpty(client.locales(), []),
        Promise.all(eventLocales.map((l) => orEmpty(promotedEventsOf(l), []))),
      ]);
      return { menus: Object.fromEntries(MENU_NAMES.map((n, i) => [n, menus[i] ?? []])) as Chrome['menus'], global, locales, promotedEvents: events.flat() };
    },
    page: (slug, locale) => bySlug('pages', slug, locale),
    async events(locale) {
      // All of them, not only those to come: which is to come changes with the clock, and a
      // question with the time in it would never be answered from the cache.
      return (await site.all('events', { locale, sort: ['startsAt:desc'] })).items;
    },
    entry: (collection, slug, locale) => bySlug(collection, slug, locale),
    async globalSettings(locale) {
      const { data } = await client.single('global', { locale, ...(singleTypePopulate.global as object) }, { schema: globalSettingsSchema });
      return data;
    },
    async sitemapRecords(collection, locale) {
      const all: SitemapRecord[] = [];
      // Strapi caps a page at 100 records; a large collection takes several requests.
      for (let page = 1; ; page++) {
        const { data, meta } = await client.find<SitemapRecord>(
          collection,
          // No `fields`: it would drop the SEO relation, which says whether a record is indexed.
          { ...(WITH_SEO.has(collection) ? { populate: { seo: true } } : {}), locale, pagination: { page, pageSize: 100 } },
          { schema: sitemapRecordSchema },
        );
        all.push(...data);
        const pageCount = Number((meta.pagination as { pageCount?: unknown } | undefined)?.pageCount ?? 1);
        if (page >= pageCount || data.length === 0) return all;
      }
    },
    async list(collection, { locale, filters, sort, page = 1, pageSize = 25 }) {
      const { data, meta } = await client.find<CollectionRecord<typeof collection>>(
        collection,
        { filters: filters as never, sort, locale, pagination: { page, pageSize }, ...(collectionPopulate[collection] as object) },
        { schema: collectionSchemas[collection] as never },
      );
      // Strapi v3 answers no pagination meta: the page then counts as the only one.
      const p = (meta.pagination ?? {}) as Partial<Pagination>;
      const total = typeof p.total === 'number' ? p.total : data.length;
      return { items: data, pagination: { page, pageSize, total, pageCount: typeof p.pageCount === 'number' ? p.pageCount : Math.max(1, Math.ceil(total / pageSize)) } };
    },
    async all(collection, options) {
      const first = await site.list(collection, { ...options, page: 1, pageSize: ALL_PAGE_SIZE });
      const rest = await Promise.all(Array.from({ length: first.pagination.pageCount - 1 }, (_, i) => site.list(collection, { ...options, page: i + 2, pageSize: ALL_PAGE_SIZE })));
      const items = [first, ...rest].flatMap((p) => p.items);
      return { items, pagination: { page: 1, pageSize: Math.max(items.length, 1), total: items.length, pageCount: 1 } };
    },
    async lonelinessTest(locale) {
      const { data } = await client.single('loneliness-test', { locale, ...(singleTypePopulate['loneliness-test'] as object) }, { schema: lonelinessTestSchema });
      return data;
    },
    async search(zipcode, age, locale) {
      try {
        const answer: unknown = await client.search(zipcode, age, locale);
        if (!isObject(answer) || !STATUSES.includes(answer.status as SearchStatus)) throw new Error('search answered no status');
        const locations = parseRecords(answer.locations ?? [], collectionSchemas.locations, logger, 'q42 search');
        return { ...(answer as unknown as SearchAnswer<Location>), locations };
      } catch (error) {
        logger.warn({ err: error }, 'q42 search unavailable; answering from the districts and locations');
        const { districts, locations } = await searchData(locale);
        return searchLocations({ zipcode, age, districts, locations });
      }
    },
    async warmSearch(locales) {
      await Promise.all(locales.map((locale) => searchData(locale).catch((err: unknown) => logger.warn({ err, locale }, 'search data not loaded ahead; loaded on the first search'))));
    },
    districts: (slug, locale) => loadDistricts(client, logger, slug, locale),
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
  async function promotedEventsOf(locale: Locale): Promise<PromotedEvent[]> {
    return (await site.events(locale))
      .filter((e) => e.promoted === true)
      .map((e) => ({ slug: e.slug, title: e.title, shortTitle: e.shortTitle, startsAt: e.startsAt, endsAt: e.endsAt, promoted: e.promoted, locale }));
  }

  /** The search's own data: read through the cache, always with the same queries, in the
   * order the content service's search route reads them (by id), so the groups are listed
   * in the same order as its answer. */
  async function searchData(locale: Locale) {
    const [districts, locations] = await Promise.all([
      site.all('districts', { locale, sort: ['id:asc'] }),
      site.all('locations', { locale, sort: ['id:asc'] }),
    ]);
    // The search reads a municipality's postcode areas as codes, as the q42 routes answer them.
    const withCodes = districts.items.map((d) => ({ ...d, municipalities: d.municipalities.map((m) => ({ ...m, postcodeAreas: areaCodesOf(m) })) }));
    return { districts: withCodes, locations: locations.items };
  }
  return site;
}
