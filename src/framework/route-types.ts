import type { ReactNode } from 'react';
import type { LayoutName, Locale } from './page-meta';
import type { Params } from './route-match';

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
};

export type RouteMeta = {
  /** Name for the page-view event when it differs from the route name. */
  gtm?: string;
  colorMode?: 'light' | 'dark';
  auth?: boolean;
};

export type RouteDef<D, S> = {
  name: string;
  path: string;
  layout: LayoutName;
  meta?: RouteMeta;
  load: (ctx: LoadContext<S>) => Promise<Outcome<D>>;
  page: (data: D, ctx: LoadContext<S>) => ReactNode;
  title: (data: D, ctx: LoadContext<S>) => string;
  description?: (data: D, ctx: LoadContext<S>) => string | undefined;
};
