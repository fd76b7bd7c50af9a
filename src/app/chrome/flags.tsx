// Small inline flags for the language link: drawn here, so no image request and no
// third-party icon set. Decorative: the link carries the language name. The Union Jack is
// simplified (no clip path), so two copies on a page have no ids to collide.

export function FlagGb() {
  return (
    <svg className="flag" viewBox="0 0 60 30" width="28" height="14" aria-hidden="true" focusable="false">
      <path d="M0,0 v30 h60 v-30 z" fill="#012169" />
      <path d="M0,0 L60,30 M60,0 L0,30" stroke="#fff" strokeWidth="6" />
      <path d="M0,0 L60,30 M60,0 L0,30" stroke="#C8102E" strokeWidth="2" />
      <path d="M30,0 v30 M0,15 h60" stroke="#fff" strokeWidth="10" />
      <path d="M30,0 v30 M0,15 h60" stroke="#C8102E" strokeWidth="6" />
    </svg>
  );
}

export function FlagNl() {
  return (
    <svg className="flag" viewBox="0 0 9 6" width="21" height="14" aria-hidden="true" focusable="false">
      <rect width="9" height="6" fill="#21468B" />
      <rect width="9" height="4" fill="#fff" />
      <rect width="9" height="2" fill="#AE1C28" />
    </svg>
  );
}
