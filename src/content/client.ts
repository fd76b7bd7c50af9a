import { EventEmitter } from 'node:events';
import path from 'node:path';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { createContentCache, type ContentCache } from './cache';
import {
  districtDetailSchema,
  districtSummarySchema,
  type DistrictDetail,
  type DistrictSummary,
} from './content-types';
import { CONTENT_ERROR_EVENT, isObject, type ContentErrorListener } from './errors';
import { createBreaker, type BreakerState } from './breaker';
import { createContentFetch, type ContentFetch } from './fetch';
import { createHttpTransport } from './http-transport';
import { localeSchema, type Locale } from './model/locale';
import { mediaSchema, type Media } from './model/media';
import { navigationItemSchema, type NavigationItem } from './model/navigation';
import type { NavType } from './navigation';
import { normaliseResponse, normaliseValue, type ContentRecord, type Normalised } from './normalise';
import { parseRecord, parseRecords } from './parse-records';
import { noteRead } from './read-tags';
import type { SearchAnswer } from './q42-search';
import { stringifyQuery, type QueryParams } from './query-string';
import type { ContentSettings } from './settings';
import { createSnapshotTransport } from './snapshot-transport';
import { timedTransport, type ContentCallObserver, type Transport } from './transport';

export type ReadOptions<T> = {
  /** Each record is parsed with it; a malformed one is logged and left out. */
  schema?: z.ZodType<T>;
  /** The signed-in visitor's token. Such calls are never cached. */
  token?: string;
  /** False skips the cache for this call. */
  cache?: boolean;
};
export type ListResult<T> = { data: T[]; meta: Record<string, unknown> };
export type OneResult<T> = { data: T | null; meta: Record<string, unknown> };
type Id = string | number;

export type ContentClient = {
  find<T = ContentRecord>(collection: string, params?: QueryParams, opts?: ReadOptions<T>): Promise<ListResult<T>>;
  findOne<T = ContentRecord>(collection: string, id: Id, params?: QueryParams, opts?: ReadOptions<T>): Promise<OneResult<T>>;
  single<T = ContentRecord>(name: string, params?: QueryParams, opts?: ReadOptions<T>): Promise<OneResult<T>>;
  menu(name: string, options: { locale: string; type: NavType }): Promise<NavigationItem[]>;
  locales(): Promise<Locale[]>;
  /** `locale`: the districts in that language; without one, the content service's first. */
  districts(locale?: string): Promise<DistrictSummary[]>;
  district(id: Id, locale?: string): Promise<DistrictDetail | null>;
  search(zipcode: string, age: number | string, locale?: string): Promise<SearchAnswer<ContentRecord>>;
  /** The upload plugin's record of the file at `url` (`/uploads/<name>`), or null when the
   * content service holds none. Not kept in the content cache: the site asks it for addresses
   * anybody can make up, which would push content out (server/content/media-catalogue.ts keeps
   * the answers under a bound of their own). */
  mediaFile(url: string): Promise<Media | null>;
  onError(listener: ContentErrorListener): () => void;
  /** The raw fetch function (no cache, no normalising), for users-permissions' `/auth/...`. */
  request: ContentFetch;
  /** Whether a call made now would fail at once: the service kept failing (breaker.ts). */
  failingFast(): boolean;
  /** The breaker's state (breaker.ts), for the server's metrics. */
  breakerState(): BreakerState;
  cache: ContentCache | null;
  settings: ContentSettings;
};

export function createContentClient(options: {
  settings: ContentSettings;
  logger: Logger;
  /** Default: HTTP to `settings.url`, or the snapshot when no URL is set. */
  transport?: Transport;
  /** Default: a cache built from the settings; `null` for none. */
  cache?: ContentCache | null;
  /** Default: `content/snapshot` under the working directory. */
  snapshotDir?: string;
  /** 'draft': every collection and single-type read asks for the draft version (editor
   * preview). Default: what Strapi serves by default, the published version. */
  status?: 'draft' | 'published';
  /** Told each call's outcome and duration (the server's metrics); absent: not timed. */
  observe?: ContentCallObserver;
  /** The clock (ms) of the cache's TTL and of the breaker's pauses; default the real one. */
  now?: () => number;
}): ContentClient {
  const { logger } = options;
  // The snapshot speaks v5 whatever the configured version, which is meant for a real server.
  const settings: ContentSettings =
    options.transport || options.settings.url
      ? options.settings
      : { ...options.settings, version: 'v5', prefix: '/api' };
  const source =
    options.transport ??
    (settings.url
      ? createHttpTransport({ baseUrl: settings.url })
      : createSnapshotTransport({ dir: options.snapshotDir ?? path.resolve('content/snapshot'), prefix: settings.prefix }));
  const transport = options.observe ? timedTransport(source, options.observe) : source;
  // Drafts are one editor's view of unfinished work: never kept, never shared.
  const cache = options.status === 'draft' ? null : options.cache === undefined ? createContentCache({ settings, logger, now: options.now }) : options.cache;
  const events = new EventEmitter();
  const breaker = createBreaker({ logger, threshold: settings.failFast.after, openMs: settings.failFast.forMs, now: options.now });
  const request = createContentFetch({ settings, logger, transport, events, breaker });

  const read = async (
    route: string,
    query: QueryParams | undefined,
    opts: { token?: string; cache?: boolean; timeoutMs?: number },
  ): Promise<Normalised> => {
    const useCache = cache !== null && !opts.token && opts.cache !== false;
    // Cached loads stay quiet: the cache logs a failing key once per outage instead.
    const load = async () =>
      deepFreeze(normaliseResponse(await request(route, { query, token: opts.token, log: !useCache, timeoutMs: opts.timeoutMs }), settings.version, typeof query?.locale === 'string' ? query.locale : undefined));
    const queryString = stringifyQuery(query);
    const answer = useCache
      ? ((await cache.get({ method: 'GET', path: route, query: queryString, locale: typeof query?.locale === 'string' ? query.locale : '' }, load)) as Normalised)
      : await load();
    // The render asking gets the answer's cache tags (a visitor's own answers are on no shared page).
    if (!opts.token) noteRead(route, queryString, answer.data);
    return answer;
  };

  /** Custom and plugin routes answer `{ data }` or a bare value whatever the version. */
  const readRoute = async (route: string, query: QueryParams | undefined, opts: { cache?: boolean; timeoutMs?: number } = {}) => {
    const { data } = await read(route, query, opts);
    return isObject(data) && 'data' in data && settings.version === 'v3' ? normaliseValue(data.data) : data;
  };

  // A draft is asked for in each version's own words; the snapshot (v5) holds only the
  // published records and ignores the parameter, so a preview there shows those.
  const versioned = (params: QueryParams | undefined): QueryParams | undefined =>
    options.status === 'draft' ? { ...params, ...DRAFT_PARAMS[settings.version] } : params;

  const one = (collection: string, id?: Id) =>
    id === undefined ? `/${encodeURIComponent(collection)}` : `/${encodeURIComponent(collection)}/${encodeURIComponent(String(id))}`;

  return {
    async find(collection, params, opts = {}) {
      const { data, meta } = await read(one(collection), versioned(params), opts);
      return { data: parsedOnce(data, opts.schema, () => parseRecords(data, opts.schema, logger, collection)), meta };
    },
    async findOne(collection, id, params, opts = {}) {
      const { data, meta } = await read(one(collection, id), versioned(params), opts);
      return { data: parsedOnce(data, opts.schema, () => parseRecord(data, opts.schema, logger, collection)), meta };
    },
    async single(name, params, opts = {}) {
      const { data, meta } = await read(one(name), versioned(params), opts);
      return { data: parsedOnce(data, opts.schema, () => parseRecord(data, opts.schema, logger, name)), meta };
    },
    async menu(name, { locale, type }) {
      const items = await readRoute(`/navigation/render/${encodeURIComponent(name)}`, { locale, type }, { cache: settings.cacheMenus });
      return parsedOnce(items, navigationItemSchema, () => parseRecords(items, navigationItemSchema, logger, `navigation ${name}`));
    },
    async locales() {
      return parseRecords(await readRoute('/i18n/locales', undefined), localeSchema, logger, 'i18n locales');
    },
    async districts(locale) {
      return parseRecords(await readRoute('/q42/districts', locale ? { locale } : undefined), districtSummarySchema, logger, 'q42 districts');
    },
    async district(id, locale) {
      return parseRecord(await readRoute('/q42/districts', { id: String(id), ...(locale ? { locale } : {}) }), districtDetailSchema, logger, 'q42 district');
    },
    async search(zipcode, age, locale) {
      // Per-visitor input: caching it would only push content out of the cache. The site
      // answers a search on its own when this route fails (SiteContent.search), so a hanging
      // service is waited for only briefly, not the full content timeout.
      const query: QueryParams = { zipcode, age: String(age), ...(locale ? { locale } : {}) };
      return (await readRoute('/q42/search', query, { cache: false, timeoutMs: Math.min(settings.timeoutMs, SEARCH_TIMEOUT_MS) })) as SearchAnswer<ContentRecord>;
    },
    async mediaFile(url) {
      const query: QueryParams = settings.version === 'v3' ? { url } : { filters: { url: { $eq: url } } };
      // Not logged here: the caller says once what failed, however many names are asked.
      const { data: found } = normaliseResponse(await request('/upload/files', { query, log: false }), settings.version);
      const record = Array.isArray(found) ? found.find((f) => isObject(f) && f.url === url) : undefined;
      const parsed = mediaSchema.safeParse(record);
      return parsed.success ? parsed.data : null;
    },
    onError(listener) {
      events.on(CONTENT_ERROR_EVENT, listener);
      return () => events.off(CONTENT_ERROR_EVENT, listener);
    },
    request,
    failingFast: () => breaker.refusing,
    breakerState: () => breaker.state,
    cache,
    settings,
  };
}

/** How long a find-a-group search waits for the content service's search route. */
export const SEARCH_TIMEOUT_MS = 1500;

const DRAFT_PARAMS: Record<ContentSettings['version'], QueryParams> = {
  v5: { status: 'draft' },
  v4: { publicationState: 'preview' },
  v3: { _publicationState: 'preview' },
};

/** Parsed records per cached (frozen) answer and schema. A cached answer is the same object
 * until the cache lets it go, so checking it against its schema once is enough: a page render
 * otherwise spent about 6% of its time parsing the same records again. An answer that is not
 * cached (not frozen: a visitor's own, a draft) is parsed each time. */
const parsed = new WeakMap<object, Map<unknown, unknown>>();

function parsedOnce<T>(answer: unknown, schema: unknown, parse: () => T): T {
  if (!schema || typeof answer !== 'object' || answer === null || !Object.isFrozen(answer)) return parse();
  let bySchema = parsed.get(answer);
  if (!bySchema) parsed.set(answer, (bySchema = new Map()));
  if (bySchema.has(schema)) return bySchema.get(schema) as T;
  const value = deepFreeze(parse());
  bySchema.set(schema, value);
  return value;
}

/** Cached answers are shared by every caller; freezing makes an accidental edit fail loudly. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}
