// The whole site from its parts: content, forms, the server-component graph and the Express
// app. One composition for the running server (server/index.ts) and for the tests, so the
// tests exercise the wiring that production runs.
import type { Logger } from 'pino';
import type { ContentClient } from '../src/content/client';
import type { PublicConfig } from '../src/framework/services';
import { createApp } from './app';
import { createContentServices, type ContentOptions } from './content-services';
import { createFormServices, type FormSettings } from './form-services';
import type { FormSink } from './forms/form-routes';
import type { Donations } from './donations/donation-setup';
import { createRenderCache } from './render-cache';
import type { LoadedBuild } from './rsc-build';
import { seoRoutes } from './seo-routes';

export type SiteOptions = {
  build: LoadedBuild;
  logger: Logger;
  content: ContentOptions;
  forms: Omit<FormSettings, 'stylesheets' | 'publicOrigin'>;
  publicConfig: PublicConfig;
  trustProxy: string;
  mediaOrigin?: string;
  /** How long a rendered page is kept (the content's freshness). */
  renderTtlMs: number;
  /** Where valid submissions go: the durable outbox, made once the content client exists. */
  makeSink(client: ContentClient): FormSink;
  /** Donations over the same sink; null or absent: a donation post answers "not possible now". */
  makeDonations?(sink: FormSink, publicOrigin: string): Donations | null;
  isShuttingDown(): boolean;
};

export function composeSite(o: SiteOptions) {
  const { build, logger } = o;
  const contentServices = createContentServices(o.content, logger);
  const { client, content, source } = contentServices;
  const publicOrigin = o.publicConfig.publicOrigin;
  const sink = o.makeSink(client);
  const forms = createFormServices({ ...o.forms, publicOrigin, stylesheets: build.stylesheets }, sink, logger);
  const donations = o.makeDonations?.(sink, publicOrigin) ?? null;
  const contentStats = () => client.cache?.stats();
  const rsc = build.createRscApp({
    content,
    logger,
    buildId: build.id,
    stylesheets: build.stylesheets,
    publicConfig: o.publicConfig,
    contentSource: source,
    contentStats,
    forms: forms.services,
  });
  const app = createApp({
    build,
    rsc,
    content,
    contentStats,
    logger,
    publicOrigin,
    mediaOrigin: o.mediaOrigin,
    renderCache: createRenderCache({ ttlMs: o.renderTtlMs }),
    contentVersion: () => client.cache?.version ?? 0,
    publicDir: 'public',
    trustProxy: o.trustProxy,
    isShuttingDown: o.isShuttingDown,
    extraRoutes: [contentServices.routes, seoRoutes({ content, publicOrigin })],
    forms: forms.routes,
    donations,
  });
  return { app, client, contentSource: source, donations };
}
