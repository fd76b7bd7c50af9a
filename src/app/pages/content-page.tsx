import type { RouteDef } from '../../framework/route-types';
import type { PageRecord } from '../../content/site-content';
import type { Services } from '../services';
import { Blocks } from '../../blocks/blocks';

/** A page made of content blocks, found by slug (fixed, or the catch-all's path). */
export function contentPageRoute(opts: { name: string; path: string; slug?: string }): RouteDef<PageRecord, Services> {
  return {
    name: opts.name,
    path: opts.path,
    layout: 'default',
    async load(ctx) {
      const slug = opts.slug ?? ctx.params.slug ?? '';
      const page = await ctx.services.content.page(slug, ctx.locale);
      if (!page) return { kind: 'not-found' };
      return { kind: 'ok', data: page };
    },
    title: (page) => page.seo?.metaTitle || page.title,
    description: (page) => page.seo?.metaDescription ?? undefined,
    page: (page, ctx) => (
      <article className="page">
        <h1 className="page-title">{page.title}</h1>
        <Blocks blocks={page.blocks} ctx={{ locale: ctx.locale, pathname: ctx.pathname, query: ctx.query, services: ctx.services }} />
      </article>
    ),
  };
}
