import type { Locale } from '../../../framework/page-meta';

/** A site path or media address as an absolute URL on the public origin; web addresses stay. */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  if (/^https?:\/\//.test(pathOrUrl)) return pathOrUrl;
  return origin.replace(/\/+$/, '') + (pathOrUrl.startsWith('/') ? pathOrUrl : `/${pathOrUrl}`);
}

/** A path in the visitor's language: English pages live under /en. */
export function localePath(locale: Locale, path: string): string {
  if (locale === 'nl') return path;
  return path === '/' ? '/en' : `/en${path}`;
}

/** The back link of a detail page. The lists (blog, academy, ...) exist only in Dutch, so an
 * English detail page leads back to the English home page instead of a missing list. */
export function backLink(locale: Locale, listPath: string, label: string, homeLabel: string): { href: string; label: string } {
  return locale === 'nl' ? { href: listPath, label } : { href: '/en', label: homeLabel };
}
