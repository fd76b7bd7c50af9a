import type { BrandName } from './brand-paths';
import { brandSymbolId, spriteHref } from './sprite-href';

export { brandNames, brandTitles, type BrandName } from './brand-paths';

/**
 * A social network's mark, used from the sprite file (src/app/sprite.ts): `facebook`, `instagram`,
 * `linkedin`, `tiktok`. Always decorative: the link around it carries the accessible name
 * ("Join Us op Instagram"). Filled with `currentColor` (the `.brand-icon` rule in base.css), so
 * the marks follow the text colour in light and dark mode.
 */
export function BrandIcon({ name, size = 24, className }: { name: BrandName; size?: number; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} className={className ? `brand-icon ${className}` : 'brand-icon'} aria-hidden="true" focusable="false">
      <use href={spriteHref(brandSymbolId(name))} />
    </svg>
  );
}
