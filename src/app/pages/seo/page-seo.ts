import type { GlobalSettings, Media } from '../../../content/model';
import { shareCopy } from '../../../routing/image-copies';
import { variantPath } from '../../../routing/image-variants';
import type { LoadContext, PageSeo, RouteDef } from '../../../routing/route-types';

/** The route's own SEO fields, then its description, then the site-wide defaults editors set
 * in global settings, so every page has a description and a share image. A share image the
 * large social networks do not show (an SVG) gives way to the page type's PNG share card. */
export function resolveSeo<D, S>(route: RouteDef<D, S, unknown>, data: D, ctx: LoadContext<S>, global: GlobalSettings | null): PageSeo {
  const own = route.seo?.(data, ctx) ?? {};
  const fallback = global?.defaultSeo;
  const image = own.image ?? shareImage(fallback?.shareImage);
  return {
    ...own,
    description: own.description || route.description?.(data, ctx) || fallback?.metaDescription || null,
    image: image && isRasterImage(image.url) ? image : shareCard(ctx.pathname, own.card),
  };
}

/** The share cards in public/ (made by scripts/render-icons.mjs): the mark, the word mark and
 * an illustration per page type, as PNG. */
export const SHARE_CARD_TYPES = ['default', 'blog', 'academy', 'vacancies', 'groups', 'test', 'event'] as const;
export type ShareCardType = (typeof SHARE_CARD_TYPES)[number];
const SHARE_CARD_SIZE = { width: 1200, height: 630 };

/** Which card a page gets, by the first segment of its path (without the locale); an event's
 * page says so itself (`PageSeo.card`), its path being any content page's. */
export function shareCardType(pathname: string): ShareCardType {
  const first = pathname.split('/')[1] ?? '';
  if (first === 'blog') return 'blog';
  if (first === 'academy') return 'academy';
  if (first === 'vacatures') return 'vacancies';
  if (['locaties', 'locatie', 'regio', 'aanmelden', 'in-real-life', 'online'].includes(first)) return 'groups';
  if (first === 'doe-de-test') return 'test';
  return 'default';
}

export function shareCard(pathname: string, type: ShareCardType = shareCardType(pathname)): NonNullable<PageSeo['image']> {
  return { url: `/share-${type}.png`, ...SHARE_CARD_SIZE, alt: 'Join Us' };
}

/** PNG, JPEG, WebP or GIF: what Facebook, LinkedIn, X and WhatsApp show. */
export const isRasterImage = (url: string) => /\.(png|jpe?g|webp|gif)(?:[?#]|$)/i.test(url);

/** A content media record as a share image: a photograph as its share copy (src/routing/image-copies.ts). */
export function shareImage(media: Media | null | undefined): PageSeo['image'] {
  if (!media) return null;
  return { ...shareFile(media), alt: media.alternativeText };
}

/** The address, width and height of the file that represents a picture outside the page. */
export function shareFile(media: Media): { url: string; width?: number | null; height?: number | null } {
  const copy = shareCopy(media);
  if (!copy) return { url: media.url, width: media.width, height: media.height };
  return { url: variantPath(media, copy.width, copy.format), width: copy.width, height: Math.round((media.height! * copy.width) / media.width!) };
}
