// What the router, the sitemap and the language links ask of the path table.
import type { SitemapCollection } from '../content/site-content';
import { localePath, splitLocale } from '../i18n/locale';
import { localePattern, PATH_TABLE, type PathRow, type RouteName } from './path-table';
import { fillPattern, matchPattern } from './route-match';

const ROWS: readonly PathRow[] = PATH_TABLE;

/** The rows the router matches, in match order. */
export const ROUTED_ROWS = PATH_TABLE.filter((row): row is Extract<(typeof PATH_TABLE)[number], { routed: true }> => row.routed);

/** The content record a fixed path shows (a page's slug), if the row names one. */
export function contentSlug(name: RouteName): string | undefined {
  return ROWS.find((row) => row.name === name)?.content?.slug;
}

/** The collections whose records have their own page in the sitemap. */
export const SITEMAP_COLLECTIONS: readonly SitemapCollection[] = [
  ...new Set(ROWS.flatMap((row) => (row.content && row.sitemap === 'collection' ? [row.content.collection] : []))),
];

/** The row that serves a content record: the one that names the record, else the
 * collection's `:slug` row. */
function recordRow(collection: string, slug: string): PathRow | undefined {
  const rows = ROWS.filter((row) => row.routed && row.content?.collection === collection);
  return rows.find((r) => r.content?.slug === slug) ?? rows.find((r) => r.content?.slug === undefined);
}

function rowPath(row: PathRow, slug: string): string {
  return row.content?.slug === undefined ? fillPattern(row.path, { slug }) : row.path;
}

/** The locale-less path of a content record's page, whether or not the sitemap lists it (the
 * editor preview). Null when the collection has no pages of its own (events, partners). */
export function recordPath(collection: string, slug: string): string | null {
  const row = recordRow(collection, slug);
  return row ? rowPath(row, slug) : null;
}

/** The locale-less path of a content record's page: the row that names the record, else the
 * collection's `:slug` row. Null when that page is left out of the sitemap. */
export function sitemapPath(collection: SitemapCollection, slug: string): string | null {
  const row = recordRow(collection, slug);
  if (!row || row.sitemap !== 'collection') return null;
  return rowPath(row, slug);
}

/** The same page as full paths in both languages, when the table knows it exists in both. */
export function languagePair(fullPath: string): { nl: string; en: string } | undefined {
  const { locale, pathname } = splitLocale(fullPath);
  for (const row of ROWS) {
    if (row.en === undefined) continue;
    // Undecoded, so the other language's path keeps the segments exactly as requested.
    const params = matchPattern(localePattern(row, locale), pathname, false);
    if (params) return { nl: fillPattern(row.path, params), en: localePath('en', fillPattern(row.en, params)) };
  }
  return undefined;
}

/** A Dutch page's address under /en (`/en/over-ons`) when the page has an English counterpart
 * at another address: that counterpart (`/en/about`). For a path nothing else answers. */
export function englishCounterpartOfDutchPath(fullPath: string): string | undefined {
  const { locale, pathname } = splitLocale(fullPath);
  if (locale !== 'en') return undefined;
  for (const row of ROWS) {
    if (row.en === undefined || row.en === row.path) continue;
    const params = matchPattern(row.path, pathname, false);
    if (params) return localePath('en', fillPattern(row.en, params));
  }
  return undefined;
}

/** The pages the sitemap leaves out that anybody may open at a fixed address (log-in and
 * account forms, a donor's thank-you page), as full paths in both languages: rendered ahead
 * beside the sitemap's, so they too have their content at hand through an outage. Not the
 * pages of one signed-in visitor, and not the rows that are no page (redirects, form posts). */
export const LEFT_OUT_PAGES: readonly string[] = ROWS.filter(
  (row) => typeof row.sitemap === 'object' && !row.auth && !row.path.includes(':') && (row.routed || row.content !== undefined),
).flatMap((row) => [row.path, ...(row.en === undefined ? [] : [localePath('en', row.en)])]);
