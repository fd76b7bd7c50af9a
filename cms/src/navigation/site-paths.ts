/**
 * Where the site shows a page: `/<slug>` for Dutch, `/en/<slug>` for English, the home page
 * (`home`) at `/` and `/en`. The same rule as the site's path table (src/routing/path-table.ts).
 */
export function sitePathOfPage(slug: string, locale: string | null | undefined): string {
  const own = slug === 'home' ? '' : `/${slug.replace(/^\/+|\/+$/g, '')}`;
  if (locale === 'en') return `/en${own}`;
  return own || '/';
}
