import type { LayoutName } from './page-meta';
import type { Locale } from '../i18n/locale';
import type { Params } from './route-match';
import type { FormState } from './request-state';
import type { DonationView } from './donation-view';
import type { AccountView } from './request-state';

export type Query = Record<string, unknown>;

/** What a loader decides before anything streams: the status comes from here. */
export type Outcome<D> =
  | { kind: 'ok'; data: D; status?: number }
  | { kind: 'not-found' }
  | { kind: 'redirect'; to: string; status: 301 | 302 | 307 | 308 };

export type LoadContext<S> = {
  params: Params;
  query: Query;
  locale: Locale;
  /** Path without the locale prefix, as matched against the table. */
  pathname: string;
  /** Path as requested, locale prefix included. */
  fullPath: string;
  services: S;
  /** A form's values and errors after a post without JavaScript. */
  formState?: FormState;
  /** The donation a status page is about, as the server found it. */
  donation?: DonationView;
  /** The signed-in visitor, loaded by the server's guard for a route with auth meta only. */
  account?: AccountView;
};

export type RouteMeta = {
  /** Name for the page-view event when it differs from the route name. */
  gtm?: string;
  colorMode?: 'light' | 'dark';
  auth?: boolean;
};

/** What a page tells search engines and link previews beside its title. */
export type PageSeo = {
  description?: string | null;
  /** Share image; the site-wide default applies when absent. */
  image?: { url: string; width?: number | null; height?: number | null; alt?: string | null } | null;
  type?: 'website' | 'article' | 'profile';
  /** Structured data objects, one `<script type="application/ld+json">` each. */
  jsonLd?: Record<string, unknown>[];
  noIndex?: boolean;
  /** The share card of a page whose type its content says, not its path (an event's page). */
  card?: 'event';
};

/** A page as its module defines it; the path table gives it its name and path. `V`: what its
 * view renders to (React's node in the app; routing itself knows no view library). */
export type PageRoute<D, S, V> = {
  layout: LayoutName;
  meta?: RouteMeta;
  load: (ctx: LoadContext<S>) => Promise<Outcome<D>>;
  page: (data: D, ctx: LoadContext<S>) => V;
  title: (data: D, ctx: LoadContext<S>) => string;
  /** A colour mode the content forces on this page (a page's `colorMode`), beside route meta. */
  colorMode?: (data: D) => 'light' | 'dark' | null | undefined;
  description?: (data: D, ctx: LoadContext<S>) => string | undefined;
  seo?: (data: D, ctx: LoadContext<S>) => PageSeo;
};

/** A page at its row of the path table: what the router matches. */
/** `enPath`: the English counterpart when the row names one (matched under /en instead of `path`). */
export type RouteDef<D, S, V> = PageRoute<D, S, V> & { name: string; path: string; enPath?: string };
