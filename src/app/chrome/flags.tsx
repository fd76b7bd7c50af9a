// Small flags for the language link, used from the sprite (src/icons/marks.ts): no image from
// another server, and the drawing is not repeated in every page. Decorative: the link carries
// the language name.
import { spriteHref } from '../../icons/sprite-href';

export function FlagGb() {
  return (
    <svg className="flag" viewBox="0 0 60 30" width="28" height="14" aria-hidden="true" focusable="false">
      <use href={spriteHref('flag-gb')} />
    </svg>
  );
}

export function FlagNl() {
  return (
    <svg className="flag" viewBox="0 0 9 6" width="21" height="14" aria-hidden="true" focusable="false">
      <use href={spriteHref('flag-nl')} />
    </svg>
  );
}
