// The layout a page sits in, as the server keeps it: rendered once per key (which layout, the
// locale, the content it shows, the promoted event and the year it shows) and named by each page
// rendered in it (docs/decisions/012-layout-rendered-once.md). What follows the page is not in it:
// `pageLinks` gives the frame that (src/app/layout-frame.client.tsx).
import { createHash } from 'node:crypto';
import type { ReactNode } from 'react';
import type { Chrome } from '../../content/site-content';
import { nextPromotedEvent } from '../../content/events';
import { languageChoiceHref, localePath, type Locale } from '../../i18n/locale';
import { comparablePath } from '../../routing/layout-slots';
import { carriedSearch, counterpart, isExternal } from '../../routing/nav-paths';
import type { LayoutName } from '../../routing/page-meta';
import type { NavigationItem } from '../../content/model';
import { PageSlot, type PageLinks } from '../layout-frame.client';
import { DefaultLayout, followedMenus } from './default-layout';
import { TestLayout } from './test-layout';

export type LayoutSpec = {
  name: LayoutName;
  locale: Locale;
  chrome: Chrome;
  tagManagerId: string;
  /** A notice over the page (the editor preview's): such a layout is one page's, never kept. */
  banner?: ReactNode;
};

/** The layout with the page's place in it. */
export function layoutTree(spec: LayoutSpec): ReactNode {
  const Layout = spec.name === 'doe-de-test' ? TestLayout : DefaultLayout;
  return (
    <Layout locale={spec.locale} chrome={spec.chrome} tagManagerId={spec.tagManagerId} banner={spec.banner}>
      <PageSlot />
    </Layout>
  );
}

/** Hashes of the content cache's records, by the record (each read hands out the same frozen
 * answer): a page's chrome is a new object each time, made of them. */
const hashes = new WeakMap<object, string>();
function contentHash(value: unknown): string {
  if (value === null || typeof value !== 'object') return String(value);
  let hash = hashes.get(value);
  if (!hash) {
    hash = createHash('sha1').update(JSON.stringify(value)).digest('base64url').slice(0, 12);
    hashes.set(value, hash);
  }
  return hash;
}

/** What a kept layout is kept under (asked on every page render: the content's hashes are kept). */
export function layoutKey(spec: LayoutSpec, now: number = Date.now()): string {
  const { menus, global, locales, promotedEvents } = spec.chrome;
  const content = [...Object.values(menus), global, locales, ...promotedEvents].map(contentHash).join('.');
  const event = nextPromotedEvent(spec.chrome.promotedEvents, spec.locale, now);
  const dated = `${event ? `${event.locale}:${event.slug}` : '-'}|${new Date(now).getFullYear()}`;
  return `${spec.name}|${spec.locale}|${spec.tagManagerId}|${content}|${dated}`;
}

/** The comparable paths of a layout's menu links: a page whose path is one of them is marked in the
 * layout's HTML, so the server keeps its HTML per such path (and once for every other page). */
export function layoutPaths(spec: LayoutSpec, now: number = Date.now()): string[] {
  if (spec.name === 'doe-de-test') return [];
  return [...new Set(Object.values(followedMenus(spec.chrome, spec.locale, now)).flatMap(linkPaths))];
}

function linkPaths(items: readonly NavigationItem[]): string[] {
  return items.flatMap((item) => [...(!isExternal(item) && item.path !== null ? [comparablePath(item.path)] : []), ...linkPaths(item.items ?? [])]);
}

/** What in the layout follows this page: its path, and the language links with its own query. */
export function pageLinks(locale: Locale, pathname: string, query: Readonly<Record<string, unknown>> = {}): PageLinks {
  const current = localePath(locale, pathname);
  const search = carriedSearch(query);
  const other: Locale = locale === 'en' ? 'nl' : 'en';
  return { current, own: current + search, other: languageChoiceHref(counterpart(current, other, search), other) };
}
