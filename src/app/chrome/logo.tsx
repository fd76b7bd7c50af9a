// The Join Us mark (two friends side by side, as in the favicon) with the word mark.
export function Logo({ href, label, inverted = false }: { href: string; label: string; inverted?: boolean }) {
  return (
    <a className={inverted ? 'site-logo site-logo-inverted' : 'site-logo'} href={href} aria-label={label}>
      <svg className="site-logo-mark" viewBox="0 0 64 64" width="40" height="40" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" className="site-logo-tile" />
        <circle cx="24" cy="26" r="8" fill="#fff" />
        <circle cx="40" cy="26" r="8" fill="#c9f2d4" />
        <path d="M12 50c2-9 8-13 12-13s10 4 12 13M28 50c2-9 8-13 12-13s10 4 12 13" stroke="#fff" strokeWidth="4" fill="none" strokeLinecap="round" />
      </svg>
      <span className="site-logo-text" aria-hidden="true">
        Join Us
      </span>
    </a>
  );
}
