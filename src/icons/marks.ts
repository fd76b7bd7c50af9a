// The site's own small drawings, written into the sprite (src/app/sprite.ts) and used by id: the
// Join Us mark (two friends side by side, as in the favicon), the two flags of the language
// link (the Union Jack simplified, without a clip path) and the divider block's wave (in
// `currentColor`, stretched to the width by its <svg>). Fixed colours are drawn here; the
// mark's tile has no fill of its own and takes the `.site-logo-tile` colour through <use>.

export type Mark = { viewBox: string; body: string };

export const marks = {
  'logo-mark': {
    viewBox: '0 0 64 64',
    body:
      '<rect width="64" height="64" rx="14"/><circle cx="24" cy="26" r="8" fill="#fff"/><circle cx="40" cy="26" r="8" fill="#c9f2d4"/>' +
      '<path d="M12 50c2-9 8-13 12-13s10 4 12 13M28 50c2-9 8-13 12-13s10 4 12 13" stroke="#fff" stroke-width="4" fill="none" stroke-linecap="round"/>',
  },
  'flag-gb': {
    viewBox: '0 0 60 30',
    body:
      '<path d="M0,0 v30 h60 v-30 z" fill="#012169"/>' +
      '<path d="M0,0 L60,30 M60,0 L0,30" stroke="#fff" stroke-width="6"/><path d="M0,0 L60,30 M60,0 L0,30" stroke="#C8102E" stroke-width="2"/>' +
      '<path d="M30,0 v30 M0,15 h60" stroke="#fff" stroke-width="10"/><path d="M30,0 v30 M0,15 h60" stroke="#C8102E" stroke-width="6"/>',
  },
  'flag-nl': {
    viewBox: '0 0 9 6',
    body: '<rect width="9" height="6" fill="#21468B"/><rect width="9" height="4" fill="#fff"/><rect width="9" height="2" fill="#AE1C28"/>',
  },
  'divider-wave': {
    viewBox: '0 0 1200 40',
    body: '<path d="M0 20 C 150 0, 300 0, 450 20 S 750 40, 900 20 S 1125 0, 1200 16" fill="none" stroke="currentColor" stroke-width="3" stroke-linecap="round"/>',
  },
} as const satisfies Record<string, Mark>;

export type MarkName = keyof typeof marks;
