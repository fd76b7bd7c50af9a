// Every Cache-Control value the server sends, named by what it is for. A route picks a policy
// here and never writes the header's text itself, so how long anything is kept is read and
// changed in this one file. `max-age` is the browser's, `s-maxage` a shared cache's (the CDN or
// reverse proxy in front); a page's browser age is 0, so a new deploy or content change reaches
// a visitor as soon as the shared cache lets it go.

/** Ages in seconds. */
export const AGE = {
  /** The browser asks again every time (a page, a redirect, the sitemap). */
  none: 0,
  minute: 60,
  fiveMinutes: 5 * 60,
  tenMinutes: 10 * 60,
  hour: 60 * 60,
  day: 24 * 60 * 60,
  week: 7 * 24 * 60 * 60,
  /** The longest age caches honour: for files whose name changes with their content. */
  year: 365 * 24 * 60 * 60,
} as const;

/** Public, kept by the browser for `maxAge` seconds, then served stale for `stale` more while it is fetched again. */
function browser(maxAge: number, stale?: number): string {
  return `public, max-age=${maxAge}${stale === undefined ? '' : `, stale-while-revalidate=${stale}`}`;
}

/** Public, never kept by the browser, kept by a shared cache for `sMaxAge` seconds (then served stale for `stale` more). */
function shared(sMaxAge: number, stale?: number): string {
  return `public, max-age=${AGE.none}, s-maxage=${sMaxAge}${stale === undefined ? '' : `, stale-while-revalidate=${stale}`}`;
}

export const CACHE = {
  /** One visitor's answer, an answer of a moment (form posts, health, errors, refusals, preview): kept by no cache. */
  noStore: 'no-store',
  /** The same, said to shared caches too in so many words (the locale choice's redirect, which a cookie decides). */
  privateNoStore: 'private, no-store',
  /** Kept, but asked again before every use (the latest build's id). */
  revalidate: 'no-cache',
  /** A file whose name holds a hash of its content (build assets, a build's manifest by id). */
  immutable: `public, max-age=${AGE.year}, immutable`,
  /** A rendered page: a minute in the shared cache, ten more minutes served stale while it renders again. */
  page: shared(AGE.minute, AGE.tenMinutes),
  /** A rendered 404 page: a minute in the shared cache, never stale, so a new page shows up soon. */
  pageNotFound: shared(AGE.minute),
  /** A redirect of a page path (trailing slash, route rules, a loader's redirect). */
  redirect: shared(AGE.fiveMinutes),
  /** sitemap.xml: an hour in the shared cache, a day more served stale. */
  sitemap: shared(AGE.hour, AGE.day),
  /** robots.txt: an hour, browsers included. */
  robots: browser(AGE.hour),
  /** An uploaded image through the media proxy: a day, a week more served stale (editors rarely replace a file under the same name). */
  media: browser(AGE.day, AGE.week),
  /** The media proxy's 404: a minute, so a newly uploaded file shows up soon. */
  mediaNotFound: browser(AGE.minute),
} as const;

/** The name of a policy (what an answer value carries; the writer turns it into the header). */
export type CachePolicy = keyof typeof CACHE;

/** Headers about one client (its rate-limit budget, when it may try again). A shared cache in
 * front would show them to every visitor it serves the answer to, so an answer it may keep
 * never carries them: the writers drop them (plain-answers.ts, render-cache.ts), and the
 * proxy's VCL drops them from what it stores as a second line. */
export const PER_CLIENT_HEADERS = ['RateLimit', 'RateLimit-Policy', 'Retry-After', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'] as const;

/** Whether a shared cache may keep an answer with this Cache-Control: anything it does not forbid. */
export function sharedCacheMayKeep(cacheControl: string): boolean {
  return !/\b(?:no-store|no-cache|private)\b/i.test(cacheControl);
}
