import type { Media } from '../content/model';
import { copyFormats, slotCopyWidths } from '../routing/image-copies';
import { IMAGE_SLOTS, type ImageSlotName } from '../routing/image-slots';
import { variantPaths, type VariantFormat } from '../routing/image-variants';

type Props = {
  media: Media | null | undefined;
  /** Where the image is drawn: decides which copies the browser may choose from. */
  slot: ImageSlotName;
  className?: string;
  /** The page's main picture, likely its largest paint: loaded at once and before other images.
   * Every other image loads when it comes near the screen. */
  priority?: boolean;
  alt?: string;
};

/**
 * An uploaded image with its width and height, so the browser reserves the space before it
 * loads (no layout shift). A photograph comes as copies fitted to its slot, AVIF for the
 * browsers that take it and JPEG (or PNG) for the rest; a drawing (SVG) as it is. No
 * alternative text from the editor means decorative: `alt=""`.
 */
export function MediaImage(props: Props) {
  const { media } = props;
  if (!media) return null;
  const img = {
    alt: props.alt ?? media.alternativeText ?? '',
    // The file's own (Dutch) text on a page in another language: read out as Dutch.
    lang: props.alt === undefined && media.alternativeText ? (media.alternativeTextLocale ?? undefined) : undefined,
    width: media.width ?? undefined,
    height: media.height ?? undefined,
    className: props.className,
    loading: props.priority ? ('eager' as const) : ('lazy' as const),
    fetchPriority: props.priority ? ('high' as const) : undefined,
    decoding: 'async' as const,
  };
  // The copies linked here are those the server agrees to make (src/routing/image-copies.ts).
  const widths = slotCopyWidths(media, props.slot);
  if (widths.length === 0) return <img src={media.url} {...img} />;
  const { sizes } = IMAGE_SLOTS[props.slot];
  const path = variantPaths(media);
  const srcSet = (format: VariantFormat) => widths.map((w) => `${path(w, format)} ${w}w`).join(', ');
  const [best, fallback] = copyFormats(media);
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet(best)} sizes={sizes} />
      <img src={path(widths[Math.min(1, widths.length - 1)]!, fallback)} srcSet={srcSet(fallback)} sizes={sizes} {...img} />
    </picture>
  );
}
