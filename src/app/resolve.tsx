// From a request path to a decided answer: redirect, or a page with its status and its
// element tree. Loaders run here, before anything streams, so a missing slug is a real 404.
import { pathTo } from '../routing/path-to';
import type { ReactNode } from 'react';
import type { LayoutName, PageMeta } from '../routing/page-meta';
import { splitLocale, type Locale } from '../i18n/locale';
import { matchPattern } from '../routing/route-match';
import { englishCounterpartOfDutchPath } from '../routing/path-lookup';
import type { LoadContext, Query } from '../routing/route-types';
import type { RequestState } from '../routing/request-state';
import { DebugPanel } from './components/debug-panel';
import { ErrorBoundary } from './components/error-boundary.client';
import { ErrorScreen, type ErrorScreenTexts } from './components/error-screen.client';
import { Document } from './document';
import { answerTitle } from './answer-title';
import { PreviewBanner } from './chrome/preview-banner';
import { layoutTree, pageLinks, type LayoutSpec } from './layouts/layout-tree';
import { LayoutFrame, type PageLinks } from './layout-frame.client';
import { NotFoundPage } from './pages/not-found-page';
import { t } from '../i18n/intl';
import { resolveSeo } from './pages/seo/page-seo';
import { routes } from './routes';
import type { Services } from '../routing/services';
import type { Chrome } from '../content/site-content';

/** The error page does not depend on content: it must render when content is what failed. */
const EMPTY_CHROME: Chrome = {
  menus: { primary: [], secondary: [], 'footer-1': [], 'footer-2': [], 'footer-3': [], legal: [] },
  global: null,
  locales: [],
  promotedEvents: [],
};

/** Where a page's layout comes from: kept by the server and named by its id (layout-tree.tsx), or
 * rendered with the page (a page rendered for one request: the editor preview). */
export type LayoutSlot = { id: string } | { inline: true };

export type Resolution =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      meta: PageMeta;
      /** The layout the page sits in; a layout with a banner is this page's alone. */
      layout: LayoutSpec;
      /** What in the layout follows the page. */
      links: PageLinks;
      /** The page's tree in its layout. */
      root: (slot: LayoutSlot) => ReactNode;
    };

/** The frame around a page's own part, its layout named or inline. */
function framed(spec: LayoutSpec, links: PageLinks, slot: LayoutSlot, page: ReactNode): ReactNode {
  const source = 'id' in slot ? { layoutId: slot.id } : { layout: layoutTree(spec) };
  return (
    <LayoutFrame {...source} links={links}>
      {page}
    </LayoutFrame>
  );
}

export async function resolvePage(fullPath: string, query: Query, services: Services, request: RequestState = {}): Promise<Resolution> {
  const { locale, pathname } = splitLocale(fullPath);
  for (const route of routes) {
    const params = matchPattern(locale === 'en' && route.enPath ? route.enPath : route.path, pathname);
    if (!params) continue;
    const ctx: LoadContext<Services> = { params, query, locale, pathname, fullPath, services, formState: request.formState, donation: request.donation, account: request.account };
    const [outcome, chrome] = await Promise.all([route.load(ctx), services.content.chrome(locale)]);
    if (outcome.kind === 'redirect') return { kind: 'redirect', status: outcome.status, location: outcome.to };
    if (outcome.kind === 'not-found') return englishAddress(fullPath, request.search) ?? notFound(fullPath, locale, services, chrome, request.search);
    const status = outcome.status ?? 200;
    // A preview is no visit to the page: no page-view event for it.
    const trackName = services.preview ? null : (route.meta?.gtm ?? route.name);
    const meta = pageMeta(services, { routeName: route.name, trackName, fullPath, status, locale });
    meta.forcedColorMode = route.meta?.colorMode ?? route.colorMode?.(outcome.data) ?? null;
    const seo = resolveSeo(route, outcome.data, ctx, chrome.global);
    const noIndex = seo.noIndex || Boolean(services.preview);
    const banner = services.preview ? <PreviewBanner locale={locale} preview={services.preview} livePath={fullPath} /> : undefined;
    const layout: LayoutSpec = { name: route.layout === 'doe-de-test' ? 'doe-de-test' : 'default', locale, chrome, tagManagerId: services.publicConfig.googleTagManagerID, ...(banner ? { banner } : {}) };
    const links = pageLinks(locale, pathname, query);
    const title = answerTitle(route.title(outcome.data, ctx), locale, request.formState, query);
    const page = <ErrorBoundary key={fullPath} texts={errorTexts(locale)}>{route.page(outcome.data, ctx)}</ErrorBoundary>;
    const root = (slot: LayoutSlot) => (
      <Document
        meta={meta}
        title={title}
        description={seo.description ?? undefined}
        stylesheets={services.stylesheets}
        noIndex={noIndex}
        seo={noIndex ? undefined : { origin: services.publicConfig.publicOrigin, fields: seo }}
        frame={framed(layout, links, slot, page)}
        after={services.debugView && 'debug' in query ? <DebugPanel meta={meta} services={services} /> : null}
      />
    );
    return { kind: 'page', status, meta, layout, links, root };
  }
  return englishAddress(fullPath, request.search) ?? notFound(fullPath, locale, services, await services.content.chrome(locale), request.search);
}

/** `/en/` and a Dutch address that would be a 404: the English page's own address instead. */
function englishAddress(fullPath: string, search = ''): Resolution | undefined {
  const to = englishCounterpartOfDutchPath(fullPath);
  return to && to !== fullPath ? { kind: 'redirect', status: 301, location: to + search } : undefined;
}

/** The site's 404 page for a path, whatever the route table would make of it (a refused
 * editor preview answers it). */
export async function notFoundPage(fullPath: string, services: Services): Promise<Resolution & { kind: 'page' }> {
  const { locale } = splitLocale(fullPath);
  return notFound(fullPath, locale, services, await services.content.chrome(locale));
}

function notFound(fullPath: string, locale: Locale, services: Services, chrome: Chrome, search = ''): Resolution & { kind: 'page' } {
  const meta = pageMeta(services, { routeName: null, trackName: null, fullPath, status: 404, locale });
  const layout: LayoutSpec = { name: 'default', locale, chrome, tagManagerId: services.publicConfig.googleTagManagerID };
  const links = pageLinks(locale, splitLocale(fullPath).pathname);
  const root = (slot: LayoutSlot) => (
    <Document meta={meta} title={t(locale, 'notFound.title')} stylesheets={services.stylesheets} noIndex frame={framed(layout, links, slot, <NotFoundPage key={fullPath} path={fullPath + search} locale={locale} />)} />
  );
  return { kind: 'page', status: 404, meta, layout, links, root };
}

/** The error screen as a whole page, for an unexpected failure before rendering. */
export function errorPage(fullPath: string, services: Services): Resolution & { kind: 'page' } {
  const { locale } = splitLocale(fullPath);
  const meta = pageMeta(services, { routeName: null, trackName: null, fullPath, status: 500, locale });
  const layout: LayoutSpec = { name: 'default', locale, chrome: EMPTY_CHROME, tagManagerId: services.publicConfig.googleTagManagerID };
  const links = pageLinks(locale, splitLocale(fullPath).pathname);
  const root = (slot: LayoutSlot) => (
    <Document meta={meta} title={t(locale, 'error.title')} stylesheets={services.stylesheets} noIndex frame={framed(layout, links, slot, <ErrorScreen key={fullPath} texts={errorTexts(locale)} />)} />
  );
  return { kind: 'page', status: 500, meta, layout, links, root };
}

function errorTexts(locale: Locale): ErrorScreenTexts {
  return { heading: t(locale, 'error.heading'), home: t(locale, 'error.home'), homePath: pathTo('home', locale) };
}

function pageMeta(
  services: Services,
  m: { routeName: string | null; trackName: string | null; fullPath: string; status: number; locale: Locale },
): PageMeta {
  return {
    routeName: m.routeName,
    trackName: m.trackName,
    path: m.fullPath,
    status: m.status,
    locale: m.locale,
    buildId: services.buildId,
    forcedColorMode: null,
  };
}

/** A layout as the pages of `locale` have it now (the browser's fetch of a kept layout by id). */
export async function layoutSpecFor(name: LayoutName, locale: Locale, services: Services): Promise<LayoutSpec> {
  return { name, locale, chrome: await services.content.chrome(locale), tagManagerId: services.publicConfig.googleTagManagerID };
}
