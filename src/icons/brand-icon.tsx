import { brandPaths, type BrandName } from './brand-paths';

export { brandNames, brandTitles, type BrandName } from './brand-paths';

/**
 * A social network's mark as inline SVG: `facebook`, `instagram`, `linkedin`, `tiktok`.
 * Always decorative: the link around it carries the accessible name ("Join Us op Instagram").
 * Filled with `currentColor`, so the marks follow the text colour in light and dark mode.
 */
export function BrandIcon({ name, size = 24, className }: { name: BrandName; size?: number; className?: string }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="currentColor"
      className={className ? `brand-icon ${className}` : 'brand-icon'}
      aria-hidden="true"
      focusable="false"
    >
      <path d={brandPaths[name]} fillRule={name === 'linkedin' ? 'evenodd' : undefined} />
    </svg>
  );
}
