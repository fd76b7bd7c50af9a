/**
 * Strict slug: lowercase a-z, 0-9 and single hyphens, accents dropped rather than the letter
 * ("Fryslân" → `fryslan`, "'s-Hertogenbosch" → `s-hertogenbosch`). District slugs are made
 * this way, and the content model checks stored slugs with the same function.
 */
export { toSlug as slugify } from './model/common';
