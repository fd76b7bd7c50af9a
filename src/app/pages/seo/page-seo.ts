import type { GlobalSettings, Media } from '../../../content/model';
import type { LoadContext, PageSeo, RouteDef } from '../../../framework/route-types';

/** The route's own SEO fields, then its description, then the site-wide defaults editors set
 * in global settings, so every page has a description and a share image. */
export function resolveSeo<D, S>(route: RouteDef<D, S>, data: D, ctx: LoadContext<S>, global: GlobalSettings | null): PageSeo {
  const own = route.seo?.(data, ctx) ?? {};
  const fallback = global?.defaultSeo;
  return {
    ...own,
    description: own.description || route.description?.(data, ctx) || fallback?.metaDescription || null,
    image: own.image ?? shareImage(fallback?.shareImage),
  };
}

/** A content media record as a share image. */
export function shareImage(media: Media | null | undefined): PageSeo['image'] {
  return media ? { url: media.url, width: media.width, height: media.height, alt: media.alternativeText } : null;
}
