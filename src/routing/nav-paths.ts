// Paths and active state for the site chrome. Menu paths from the content service are full
// site paths (English ones carry the `/en` prefix), so they are compared with the path as
// requested, not with the locale-less path the route table matches.
import { localePath, type Locale } from '../i18n/locale';
import { languagePair } from './path-lookup';
import type { NavigationItem } from '../content/model';

function normalise(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? path;
  return bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
}

export function isExternal(item: NavigationItem): boolean {
  return item.type === 'EXTERNAL';
}

export function itemHref(item: NavigationItem): string {
  if (isExternal(item)) return item.externalPath ?? item.path ?? '#';
  return item.path ?? '/';
}

export function isCurrent(item: NavigationItem, current: string): boolean {
  return !isExternal(item) && item.path !== null && normalise(item.path) === normalise(current);
}

/** True when the current page is somewhere below this item: its parent gets the active style. */
export function isInTrail(item: NavigationItem, current: string): boolean {
  return (item.items ?? []).some((child) => isCurrent(child, current) || isInTrail(child, current));
}

/** The same page in the other language (from the path table's language pairs) with the page's
 * own query (`search`: its search, filter, page number), or that language's home page, which
 * takes none. Used by the language switcher and the flag. */
export function counterpart(current: string, target: Locale, search = ''): string {
  const pair = languagePair(normalise(current));
  if (pair) return pair[target] + search;
  return localePath(target, '/');
}

/** What a switch to the other language does not carry: the answer to something done on this page
 * (a form sent, an email confirmed, logged out), the debug view, the router's own parameters. */
const NOT_CARRIED: ReadonlySet<string> = new Set(['verzonden', 'bevestigd', 'uitgelogd', 'debug']);

/** The page's own query as the language switch carries it (`?age=14&postcode=4001+LK`), or ''.
 * `query` is the page's query as the route sees it (only the parameters that shape a page). */
export function carriedSearch(query: Readonly<Record<string, unknown>>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (NOT_CARRIED.has(key) || key.startsWith('_')) continue;
    for (const v of Array.isArray(value) ? value : [value]) if (typeof v === 'string') params.append(key, v);
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** hreflang alternates for a page that exists in both languages, else none. */
export function alternatesFor(current: string): Array<{ hrefLang: Locale; path: string }> {
  const pair = languagePair(normalise(current));
  if (!pair) return [];
  return [
    { hrefLang: 'nl', path: pair.nl },
    { hrefLang: 'en', path: pair.en },
  ];
}
