// Which copies of a photograph the site links, in one place: the pictures on its pages
// (src/blocks/media-image.tsx: each slot's widths, AVIF and the original's own format), the
// share image in a page's head (src/app/pages/seo/page-seo.ts) and the build's copies of the
// embedded photos (build/embedded-photos.ts) all ask here, and the server makes a copy only
// when its address is one of these for the media record as the content service holds it now
// (server/content/media-variants.ts). An address the site never wrote (another width, another
// format, an invented version, a drawing) costs no encode.
import { IMAGE_SLOTS, type ImageSlotName } from './image-slots';
import { copyWidths, fallbackFormat, isResizable, type ImageSource, type VariantFormat, type VariantWidth } from './image-variants';

/** The width of a photograph's copy that is shared: what the large social networks ask for
 * (1200 px or more), not the camera's 5000 px original. */
export const SHARE_WIDTH = 1280 as const satisfies VariantWidth;

/** The widths a slot offers of this original; none when it is no photograph the site resizes. */
export function slotCopyWidths(media: ImageSource, slot: ImageSlotName): VariantWidth[] {
  return isResizable(media) ? copyWidths(IMAGE_SLOTS[slot].widths, media.width!) : [];
}

/** The formats each width is offered in: AVIF, and the original's own kind for the rest. */
export function copyFormats(media: ImageSource): readonly [VariantFormat, VariantFormat] {
  return ['avif', fallbackFormat(media)];
}

/** The copy a page's share image is (its width and format), or null when the original itself
 * is shared (not resizable, or not wider than SHARE_WIDTH). */
export function shareCopy(media: ImageSource): { width: VariantWidth; format: VariantFormat } | null {
  if (!isResizable(media) || media.width! <= SHARE_WIDTH) return null;
  return { width: SHARE_WIDTH, format: fallbackFormat(media) };
}

/** Every copy of this original some page may link: each slot's widths in both formats, and the
 * share copy. Empty for a drawing (SVG), a GIF, a file of another origin or of unknown size. */
export function linkedCopies(media: ImageSource): Array<{ width: VariantWidth; format: VariantFormat }> {
  const found = new Map<string, { width: VariantWidth; format: VariantFormat }>();
  const add = (width: VariantWidth, format: VariantFormat) => found.set(`${width}.${format}`, { width, format });
  for (const slot of Object.keys(IMAGE_SLOTS) as ImageSlotName[]) for (const width of slotCopyWidths(media, slot)) for (const format of copyFormats(media)) add(width, format);
  const share = shareCopy(media);
  if (share) add(share.width, share.format);
  return [...found.values()].sort((a, b) => a.width - b.width || a.format.localeCompare(b.format));
}

/** Whether a page may link this copy of this original. */
export function isLinkedCopy(media: ImageSource, width: VariantWidth, format: VariantFormat): boolean {
  return linkedCopies(media).some((c) => c.width === width && c.format === format);
}
