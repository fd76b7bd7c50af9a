// Paths and active state for the site chrome. Menu paths from the content service are full
// site paths (English ones carry the `/en` prefix), so they are compared with the path as
// requested, not with the locale-less path the route table matches.
import type { Locale } from '../../framework/page-meta';
import type { NavigationItem } from '../../content/model';

export function homePath(locale: Locale): string {
  return locale === 'en' ? '/en' : '/';
}

/** The path as the visitor sees it, from the layout's locale and locale-less pathname. */
export function requestedPath(locale: Locale, pathname: string): string {
  if (locale === 'nl') return pathname;
  return pathname === '/' ? '/en' : `/en${pathname}`;
}

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

/** Pages that exist in both languages: Dutch path to English path. Used by the language
 * switcher and the flag (to stay on the same page) and by the hreflang links. */
const TRANSLATED: ReadonlyArray<readonly [nl: string, en: string]> = [
  ['/', '/en'],
  ['/over-ons', '/en/about'],
  ['/contact', '/en/contact'],
  ['/online', '/en/online'],
  ['/locaties', '/en/locaties'],
  ['/aanmelden', '/en/aanmelden'],
  ['/tips', '/en/tips'],
];

/** Detail pages whose records exist in both languages under the same slug (groups, regions). */
const TRANSLATED_PREFIXES = ['/locatie/', '/regio/'];

function pairOf(path: string): readonly [nl: string, en: string] | undefined {
  const pair = TRANSLATED.find(([nl, en]) => nl === path || en === path);
  if (pair) return pair;
  const nl = path.startsWith('/en/') ? path.slice(3) : path;
  return TRANSLATED_PREFIXES.some((prefix) => nl.startsWith(prefix) && nl.length > prefix.length) ? [nl, `/en${nl}`] : undefined;
}

/** The same page in the other language, or that language's home page. */
export function counterpart(current: string, target: Locale): string {
  const pair = pairOf(normalise(current));
  if (pair) return target === 'en' ? pair[1] : pair[0];
  return homePath(target);
}

/** hreflang alternates for a page that exists in both languages, else none. */
export function alternatesFor(current: string): Array<{ hrefLang: 'nl' | 'en'; path: string }> {
  const pair = pairOf(normalise(current));
  if (!pair) return [];
  return [
    { hrefLang: 'nl', path: pair[0] },
    { hrefLang: 'en', path: pair[1] },
  ];
}
