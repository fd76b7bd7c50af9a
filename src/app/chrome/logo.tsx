import { spriteHref } from '../../icons/sprite-href';

// The Join Us mark (two friends side by side, as in the favicon; drawn in src/icons/marks.ts
// and used from the sprite) with the word mark. The tile takes its colour from
// `.site-logo-tile` on the <use>.
export function Logo({ href, label, inverted = false }: { href: string; label: string; inverted?: boolean }) {
  return (
    <a className={inverted ? 'site-logo site-logo-inverted' : 'site-logo'} href={href} aria-label={label}>
      <svg className="site-logo-mark" viewBox="0 0 64 64" width="40" height="40" aria-hidden="true" focusable="false">
        <use href={spriteHref('logo-mark')} className="site-logo-tile" />
      </svg>
      <span className="site-logo-text" aria-hidden="true">
        Join Us
      </span>
    </a>
  );
}
