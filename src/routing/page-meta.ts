import type { Locale } from '../i18n/locale';

export type ColorMode = 'light' | 'dark' | 'system';
export type LayoutName = 'default' | 'doe-de-test';

/** What the browser needs to know about the page beside its tree: travels in the Flight payload. */
export type PageMeta = {
  /** Route name from the route table; null for pages outside it (not found, error). */
  routeName: string | null;
  /** Name sent with the page-view event: the route's tag-manager name, else its route name. */
  trackName: string | null;
  path: string;
  status: number;
  locale: Locale;
  buildId: string;
  /** A colour mode forced by the route, else null (the visitor's preference applies). */
  forcedColorMode: 'light' | 'dark' | null;
  /** The kept layout the page is rendered in, by id (src/app/layout-frame.client.tsx); absent: the
   * layout is in the page's own payload. */
  layout?: string;
};
