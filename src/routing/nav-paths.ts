// Paths and active state for the site chrome. Menu paths from the content service are full
// site paths (English ones carry the `/en` prefix), so they are compared with the path as
// requested, not with the locale-less path the route table matches.
import { localePath, type Locale } from '../i18n/locale';
import { languagePair } from './path-lookup';
import type { NavigationItem } from '../content/model';
import { nextPromotedEvent, type PromotedEvent } from '../content/events';
import { pathTo } from './path-to';
import { comparablePath } from './layout-slots';

const normalise = comparablePath;

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

/** The event's name across its editions: "Stronger Together" for Stronger Together 2025 and 2027. */
const seriesOf = (event: PromotedEvent) => (event.shortTitle || event.title.replace(/\s*\d{4}$/, '')).trim().toLowerCase();

/** A menu's links to "the event" follow the promoted event: an item that leads to an edition of a
 * promoted event (the menu says /stronger-together-2025) leads to the edition promoted now, in
 * that series, when it is another one (/stronger-together-2027). With none to come, as it is. */
export function followPromotedEvent(items: readonly NavigationItem[], events: readonly PromotedEvent[], locale: Locale, now: number = Date.now()): NavigationItem[] {
  const next = nextPromotedEvent(events, locale, now);
  if (!next) return [...items];
  const nextPath = pathTo('slug', next.locale, { slug: next.slug });
  const editions = new Set(events.filter((e) => seriesOf(e) === seriesOf(next)).map((e) => pathTo('slug', e.locale, { slug: e.slug })));
  const follow = (item: NavigationItem): NavigationItem => {
    const path = !isExternal(item) && item.path !== null && editions.has(normalise(item.path)) ? nextPath : item.path;
    return { ...item, path, items: item.items ? item.items.map(follow) : item.items };
  };
  return items.map(follow);
}
