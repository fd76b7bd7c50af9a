// The addresses of an uploaded photograph's smaller copies: one per width of a fixed ladder and
// per format, made by the site (server/content/media-variants.ts) from the original, for the
// embedded content at build time and for the content service's uploads on first request.
//
//   /uploads/w640-3f2a1b9c/paardenbloemen_a5634d1ab5.jpg.avif
//            ^width ^version ^the original's file name ^format
//
// The version changes whenever the original does (its address, size, dimensions or update
// time), so an answer is kept by browsers and shared caches for a year: an editor who replaces
// a photo under the same name gets new addresses on the next render.
import { UPLOADS_PREFIX } from './endpoints';

/** The widths a copy can have (CSS pixels times density): a short ladder, so the copies of one
 * photo stay few, each slot's `sizes` picks among them, and an address with another width is
 * refused instead of making a new file. */
export const VARIANT_WIDTHS = [160, 320, 480, 640, 800, 1080, 1280] as const;
export type VariantWidth = (typeof VARIANT_WIDTHS)[number];

/** The formats a copy can have: AVIF where the browser takes it (every current browser), and
 * the original's own kind (JPEG, or PNG for a PNG) for the rest. No WebP: every picture would
 * carry a third srcset in the HTML for the few browsers that take WebP and not AVIF (Safari
 * before 16.4), which save about 13% on the JPEG (docs/decisions/007). */
export const VARIANT_FORMATS = ['avif', 'jpg', 'png'] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

export const VARIANT_MIME: Record<VariantFormat, string> = { avif: 'image/avif', jpg: 'image/jpeg', png: 'image/png' };

/** Originals the site can make copies of: photographs and screenshots. SVG drawings scale by
 * themselves, GIFs may move; both are sent as they are. */
const RESIZABLE_MIME = new Set(['image/jpeg', 'image/png', 'image/webp']);

/** One path segment as the content service names uploads (`name_hash.ext`). */
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;
const VARIANT_PATH = new RegExp(`^${UPLOADS_PREFIX}/w(\\d{2,4})-([0-9a-z]{8})/([A-Za-z0-9][A-Za-z0-9._-]{0,200})\\.(avif|jpg|png)$`);

export type ImageSource = { url: string; mime?: string | null; width?: number | null; height?: number | null; updatedAt?: unknown; size?: unknown };

/** The file name of an original the site answers itself (`/uploads/<name>`), or null (an
 * address on another origin, a CDN, cannot be copied). */
export function uploadFileName(url: string): string | null {
  if (!url.startsWith(`${UPLOADS_PREFIX}/`)) return null;
  const name = url.slice(UPLOADS_PREFIX.length + 1);
  return FILE_NAME.test(name) ? name : null;
}

/** Whether copies can be made of this original: a raster image under /uploads with its size known. */
export function isResizable(media: ImageSource): boolean {
  return Boolean(media.mime && RESIZABLE_MIME.has(media.mime) && media.width && media.height && uploadFileName(media.url));
}

/** The format every browser shows: PNG stays PNG (it may be transparent), everything else JPEG. */
export function fallbackFormat(media: ImageSource): VariantFormat {
  return media.mime === 'image/png' ? 'png' : 'jpg';
}

/** Eight characters that change whenever the original does. FNV-1a: small, the same in the
 * browser, the server and the build, and no need to be secret. */
export function variantVersion(media: ImageSource): string {
  const text = [media.url, media.width ?? '', media.height ?? '', typeof media.size === 'number' ? media.size : '', typeof media.updatedAt === 'string' ? media.updatedAt : ''].join('|');
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36).padStart(8, '0').slice(-8);
}

/** The addresses of one original's copies: its name and version worked out once, for all of
 * a picture's widths and formats. */
export function variantPaths(media: ImageSource): (width: VariantWidth, format: VariantFormat) => string {
  const file = uploadFileName(media.url);
  if (!file) throw new Error(`no copies of ${media.url}: not an upload of this site`);
  const prefix = `${UPLOADS_PREFIX}/w`;
  const rest = `-${variantVersion(media)}/${file}.`;
  return (width, format) => `${prefix}${width}${rest}${format}`;
}

export function variantPath(media: ImageSource, width: VariantWidth, format: VariantFormat): string {
  return variantPaths(media)(width, format);
}

/** The widths of a slot an original is wide enough for; an original narrower than all of them
 * gets the widest ladder width it still covers, so it is never scaled up. The view offers
 * exactly these, and the build makes exactly these for the embedded photos. */
export function copyWidths(slotWidths: readonly VariantWidth[], originalWidth: number): VariantWidth[] {
  const fitting = slotWidths.filter((w) => w <= originalWidth);
  if (fitting.length > 0) return fitting;
  const widest = VARIANT_WIDTHS.filter((w) => w <= originalWidth).at(-1);
  return widest ? [widest] : [];
}

export type VariantRequest = { width: VariantWidth; version: string; file: string; format: VariantFormat };

/** The parts of a copy's address, or null when it is none (or asks a width off the ladder). */
export function parseVariantPath(path: string): VariantRequest | null {
  const match = VARIANT_PATH.exec(path);
  if (!match) return null;
  const width = Number(match[1]);
  if (!(VARIANT_WIDTHS as readonly number[]).includes(width)) return null;
  return { width: width as VariantWidth, version: match[2]!, file: match[3]!, format: match[4] as VariantFormat };
}
