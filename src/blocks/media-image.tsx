import type { Media } from '../content/model';

/**
 * An uploaded image with its width and height, so the browser reserves the space before it
 * loads (no layout shift). No alternative text from the editor means decorative: `alt=""`.
 */
export function MediaImage(props: { media: Media | null | undefined; className?: string; eager?: boolean; alt?: string }) {
  const { media } = props;
  if (!media) return null;
  return (
    <img
      src={media.url}
      alt={props.alt ?? media.alternativeText ?? ''}
      width={media.width ?? undefined}
      height={media.height ?? undefined}
      className={props.className}
      loading={props.eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}
