import type { ReactNode } from 'react';
import type { LoadContext, PageRoute } from '../../routing/route-types';
import type { PageRecord } from '../../content/site-content';
import type { Services } from '../../routing/services';
import { Blocks, opensWithHeading, stateTitle } from '../content-blocks';
import { shareImage } from './seo/page-seo';
import { eventHasEnded } from '../../content/events';
import { withoutSignUpButtons } from './past-event';
import { eventLd } from './seo/json-ld';
import type { PageEvent } from '../../blocks/block-context';
import { FitWords } from '../../blocks/fit-words';

export type StructuredData = (ctx: LoadContext<Services>) => Promise<Record<string, unknown>[]>;
type Data = { page: PageRecord; jsonLd: Record<string, unknown>[]; event?: PageEvent };

/** A page made of content blocks, found by slug (fixed, or the catch-all's path).
 * `structuredData` adds JSON-LD that comes from elsewhere than the page (home). A page whose
 * slug is an event's (in the page's language) is that event's page: every edition has its
 * own, with the event's JSON-LD, and once the event is over its sign-up is closed. */
export function contentPageRoute(opts: { slug?: string; structuredData?: StructuredData }): PageRoute<Data, Services, ReactNode> {
  return {
    layout: 'default',
    async load(ctx) {
      const slug = opts.slug ?? ctx.params.slug ?? '';
      const [page, jsonLd, events] = await Promise.all([
        ctx.services.content.page(slug, ctx.locale),
        // Structured data is a bonus for search engines: its failure must not fail the page.
        opts.structuredData?.(ctx).catch((err: unknown) => {
          ctx.services.logger.warn({ err, slug }, 'structured data unavailable');
          return [];
        }) ?? [],
        // Events unknown (the content service down, nothing cached): the page stays as it is.
        ctx.services.content.events(ctx.locale).catch(() => []),
      ]);
      if (!page) return { kind: 'not-found' };
      const event = events.find((e) => e.slug === slug);
      const eventPast = event ? eventHasEnded(event) : false;
      const shown = eventPast ? { ...page, blocks: withoutSignUpButtons(page.blocks, event?.ticketUrl) } : page;
      const eventJsonLd = event ? [eventLd(event, ctx.services.publicConfig.publicOrigin, ctx.fullPath)] : [];
      const pageEvent = event ? { slug: event.slug, title: event.title, past: eventPast } : undefined;
      return { kind: 'ok', data: { page: shown, jsonLd: [...jsonLd, ...eventJsonLd], event: pageEvent } };
    },
    colorMode: ({ page }) => page.colorMode,
    title: ({ page }, ctx) => stateTitle(page.blocks, ctx) ?? (page.seo?.metaTitle || page.title),
    seo: ({ page, jsonLd, event }) => ({
      description: page.seo?.metaDescription,
      image: shareImage(page.seo?.shareImage),
      noIndex: page.seo?.noIndex ?? false,
      jsonLd,
      ...(event ? { card: 'event' as const } : {}),
    }),
    page: ({ page, event }, ctx) => (
      <article className="page">
        {/* An opening intro or hero carries the page's one h1. */}
        {opensWithHeading(page.blocks) ? null : <h1 className="page-title"><FitWords text={page.title} /></h1>}
        <Blocks blocks={page.blocks} ctx={{ locale: ctx.locale, pathname: ctx.pathname, query: ctx.query, services: ctx.services, formState: ctx.formState, donation: ctx.donation, event }} />
      </article>
    ),
  };
}
