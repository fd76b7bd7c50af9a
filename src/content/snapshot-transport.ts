import { isObject } from './errors';
import type { NavigationItem } from './model/navigation';
import { flattenNavigation } from './navigation';
import { parseAge, searchLocations, type SearchDistrict, type SearchLocation } from './q42-search';
import { slugify } from './slugify';
import { methodNotAllowed, notFound, SnapshotQueryError, validationError } from './snapshot-errors';
import { filterRecords, paginate, selectFields, sortRecords } from './snapshot-query';
import { createSnapshotStore } from './snapshot-store';
import type { Transport, TransportRequest, TransportResponse } from './transport';

/**
 * Answers from the committed snapshot exactly as a Strapi v5 server would, so the content
 * client runs unchanged with no content service. Layout under `dir`:
 *
 * - `i18n/locales.json`: the `/i18n/locales` answer.
 * - `navigation/{locale}/{name}.json`: the navigation plugin's TREE answer (FLAT is derived).
 * - `{locale}/{collection}.json`: array of flat v5 records, fully populated.
 * - `{locale}/single/{name}.json`: a single type's record.
 *
 * The upload plugin's `/upload/files` (filters and sort, a bare array as Strapi answers it) lists
 * the media records the snapshot's records carry, once per address.
 *
 * Read-only: POST, PUT, PATCH and DELETE answer 405 (submissions are stored elsewhere).
 */
export const SNAPSHOT_COLLECTIONS = [
  'pages', 'blog-posts', 'courses', 'vacancies', 'locations', 'districts', 'team-members', 'partners', 'events',
] as const;
export const SNAPSHOT_SINGLES = ['global', 'loneliness-test'] as const;

export type SnapshotTransportOptions = {
  /** Usually `content/snapshot` at the project root. */
  dir: string;
  /** Stripped from request paths; the client adds it (`/api` for v5). */
  prefix?: string;
  defaultLocale?: string;
  collections?: readonly string[];
  singles?: readonly string[];
};

type Rec = Record<string, unknown>;

export function createSnapshotTransport(options: SnapshotTransportOptions): Transport {
  const store = createSnapshotStore(options.dir);
  const prefix = options.prefix ?? '/api';
  const defaultLocale = options.defaultLocale ?? 'nl';
  const collections = new Set<string>(options.collections ?? SNAPSHOT_COLLECTIONS);
  const singles = new Set<string>(options.singles ?? SNAPSHOT_SINGLES);

  const records = async (locale: string, collection: string): Promise<Rec[]> => {
    const data = await store.read(locale, collection);
    return Array.isArray(data) ? data.filter(isObject) : [];
  };

  let media: Promise<Rec[]> | undefined;
  /** Every media record (an uploaded file as a populated field shows it) in any record. */
  const mediaFiles = (): Promise<Rec[]> =>
    (media ??= (async () => {
      const known = await store.read('i18n', 'locales');
      const locales = Array.isArray(known) ? known.filter(isObject).map((l) => String(l.code)) : [defaultLocale];
      const byUrl = new Map<string, Rec>();
      for (const locale of locales) {
        for (const name of collections) collectMedia(await records(locale, name), byUrl);
        for (const name of singles) collectMedia(await store.read(locale, 'single', name), byUrl);
      }
      return [...byUrl.values()];
    })());

  const localeOf = async (query: Rec): Promise<string> => {
    const locale = typeof query.locale === 'string' && query.locale !== '' ? query.locale : defaultLocale;
    const known = await store.read('i18n', 'locales');
    const codes = Array.isArray(known) ? known.filter(isObject).map((l) => l.code) : [defaultLocale];
    if (!codes.includes(locale)) throw new SnapshotQueryError(`Invalid locale ${locale}`, 'locale');
    return locale;
  };

  const route = async (req: TransportRequest): Promise<TransportResponse> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return methodNotAllowed();
    const path = req.path.startsWith(prefix) ? req.path.slice(prefix.length) : req.path;
    const segments = path.split('/').filter(Boolean).map(decodeURIComponent);
    const query: Rec = req.query ?? {};
    const [first = '', second, third, ...extra] = segments;

    if (first === 'i18n' && second === 'locales' && third === undefined) {
      return ok((await store.read('i18n', 'locales')) ?? []);
    }
    if (first === 'navigation' && second === 'render' && third && extra.length === 0) {
      const tree = await store.read('navigation', await localeOf(query), third);
      if (!Array.isArray(tree)) return notFound(`Navigation ${third} not found`);
      return ok(query.type === 'TREE' ? tree : flattenNavigation(tree as NavigationItem[]));
    }
    if (first === 'upload' && second === 'files' && third === undefined) {
      return ok(sortRecords(filterRecords(await mediaFiles(), query.filters), query.sort));
    }
    if (first === 'q42' && third === undefined) {
      const locale = await localeOf(query);
      const districts = (await records(locale, 'districts')).map(withAreaCodes);
      if (second === 'districts') return districtsRoute(districts, await records(locale, 'locations'), query);
      if (second === 'search') return searchRoute(districts, await records(locale, 'locations'), query);
      return notFound();
    }
    if (singles.has(first) && second === undefined) {
      const record = await store.read(await localeOf(query), 'single', first);
      return isObject(record) ? ok({ data: selectFields(record, query.fields), meta: {} }) : notFound();
    }
    if (collections.has(first) && third === undefined) {
      const all = await records(await localeOf(query), first);
      if (second !== undefined) {
        const record = all.find((r) => r.documentId === second);
        return record ? ok({ data: selectFields(record, query.fields), meta: {} }) : notFound();
      }
      const found = sortRecords(filterRecords(all, query.filters), query.sort);
      const page = paginate(found, query.pagination);
      return ok({
        data: page.records.map((r) => selectFields(r, query.fields)),
        meta: { pagination: page.pagination },
      });
    }
    return notFound();
  };

  return async (req) => {
    try {
      const answer = await route(req);
      return req.method === 'HEAD' ? { status: answer.status, body: null } : answer;
    } catch (error) {
      if (error instanceof SnapshotQueryError) return validationError(error.message, error.param, error.key);
      throw error;
    }
  };
}

function ok(body: unknown): TransportResponse {
  // A deep copy per answer: callers may mutate what they get without changing the snapshot.
  return { status: 200, body: structuredClone(body) };
}

/** The media records in `value`, by address: an object with an id, an `/uploads/` address and a
 * media type (a format's entry inside `formats` has no id). */
function collectMedia(value: unknown, into: Map<string, Rec>): void {
  if (Array.isArray(value)) for (const item of value) collectMedia(item, into);
  if (!isObject(value)) return;
  if ('id' in value && typeof value.url === 'string' && value.url.startsWith('/uploads/') && typeof value.mime === 'string') {
    if (!into.has(value.url)) into.set(value.url, value);
    return;
  }
  for (const field of Object.values(value)) collectMedia(field, into);
}

function slugOf(record: Rec): string {
  return typeof record.slug === 'string' ? record.slug : slugify(String(record.name ?? ''));
}

/** A district whose municipalities' postcode areas are codes, as Strapi's q42 routes answer
 * them: the records hold them as rows an editor fills in (`[{ id, code: '4001' }]`). */
function withAreaCodes(district: Rec): Rec {
  if (!Array.isArray(district.municipalities)) return district;
  const codes = (areas: unknown) => (Array.isArray(areas) ? areas.map((a) => (isObject(a) ? a.code : a)) : areas);
  return { ...district, municipalities: district.municipalities.map((m) => (isObject(m) ? { ...m, postcodeAreas: codes(m.postcodeAreas) } : m)) };
}

function districtsRoute(districts: Rec[], locations: Rec[], query: Rec): TransportResponse {
  if (query.id === undefined || query.id === '') {
    return ok({ data: districts.map((d) => ({ id: d.id, name: d.name })) });
  }
  const id = String(query.id);
  const district = districts.find((d) => String(d.id) === id || d.documentId === id);
  if (!district) return notFound(`District ${id} not found`);
  const slug = slugOf(district);
  const municipalities = Array.isArray(district.municipalities) ? district.municipalities.filter(isObject) : [];
  return ok({
    data: {
      id: district.id,
      name: district.name,
      slug,
      description: district.description ?? null,
      municipalities: municipalities.map((m) => ({ name: m.name, postcodeAreas: m.postcodeAreas ?? [] })),
      locations: locations.filter((l) => isObject(l.district) && (l.district.slug === slug || l.district.id === district.id)),
    },
  });
}

function searchRoute(districts: Rec[], locations: Rec[], query: Rec): TransportResponse {
  const age = parseAge(query.age);
  if (age === null) return validationError('age must be a whole number from 0 to 120', 'age');
  return ok({
    data: searchLocations({
      zipcode: typeof query.zipcode === 'string' ? query.zipcode : '',
      age,
      districts: districts.map((d) => ({ ...d, slug: slugOf(d) }) as unknown as SearchDistrict),
      locations: locations.filter(isSearchLocation) as (Rec & SearchLocation)[],
    }),
  });
}

function isSearchLocation(value: Rec): boolean {
  return typeof value.minAge === 'number' && typeof value.maxAge === 'number' && typeof value.mode === 'string';
}
