import { pathTo } from '../../../routing/path-to';
import type { Locale } from '../../../i18n/locale';

/** A site path or media address as an absolute URL on the public origin; web addresses stay. */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  if (/^https?:\/\//.test(pathOrUrl)) return pathOrUrl;
  return origin.replace(/\/+$/, '') + (pathOrUrl.startsWith('/') ? pathOrUrl : `/${pathOrUrl}`);
}

/** The back link of a detail page. The lists (blog, academy, ...) exist only in Dutch, so an
 * English detail page leads back to the English home page instead of a missing list. */
export function backLink(locale: Locale, listPath: string, label: string, homeLabel: string): { href: string; label: string } {
  return locale === 'nl' ? { href: listPath, label } : { href: pathTo('home', 'en'), label: homeLabel };
}
