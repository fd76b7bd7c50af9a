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

/** The same page in the other language (from the path table's language pairs), or that
 * language's home page. Used by the language switcher and the flag. */
export function counterpart(current: string, target: Locale): string {
  const pair = languagePair(normalise(current));
  if (pair) return pair[target];
  return localePath(target, '/');
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
