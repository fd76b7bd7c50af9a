import type { LoadContext, PageRoute } from '../../framework/route-types';
import type { PageRecord } from '../../content/site-content';
import type { Services } from '../../framework/services';
import { Blocks, opensWithHeading } from '../../blocks/blocks';
import { shareImage } from './seo/page-seo';

export type StructuredData = (ctx: LoadContext<Services>) => Promise<Record<string, unknown>[]>;
type Data = { page: PageRecord; jsonLd: Record<string, unknown>[] };

/** A page made of content blocks, found by slug (fixed, or the catch-all's path).
 * `structuredData` adds JSON-LD that comes from elsewhere than the page (home, event). */
export function contentPageRoute(opts: { slug?: string; structuredData?: StructuredData }): PageRoute<Data, Services> {
  return {
    layout: 'default',
    async load(ctx) {
      const slug = opts.slug ?? ctx.params.slug ?? '';
      const [page, jsonLd] = await Promise.all([
        ctx.services.content.page(slug, ctx.locale),
        // Structured data is a bonus for search engines: its failure must not fail the page.
        opts.structuredData?.(ctx).catch((err: unknown) => {
          ctx.services.logger.warn({ err, slug }, 'structured data unavailable');
          return [];
        }) ?? [],
      ]);
      if (!page) return { kind: 'not-found' };
      return { kind: 'ok', data: { page, jsonLd } };
    },
    colorMode: ({ page }) => page.colorMode,
    title: ({ page }) => page.seo?.metaTitle || page.title,
    seo: ({ page, jsonLd }) => ({
      description: page.seo?.metaDescription,
      image: shareImage(page.seo?.shareImage),
      noIndex: page.seo?.noIndex ?? false,
      jsonLd,
    }),
    page: ({ page }, ctx) => (
      <article className="page">
        {/* An opening intro or hero carries the page's one h1. */}
        {opensWithHeading(page.blocks) ? null : <h1 className="page-title">{page.title}</h1>}
        <Blocks blocks={page.blocks} ctx={{ locale: ctx.locale, pathname: ctx.pathname, query: ctx.query, services: ctx.services, formState: ctx.formState, donation: ctx.donation }} />
      </article>
    ),
  };
}
