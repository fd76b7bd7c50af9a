/**
 * Strict slug: lowercase a-z, 0-9 and single hyphens, accents dropped rather than the letter
 * ("Fryslân" → `fryslan`, "'s-Hertogenbosch" → `s-hertogenbosch`). District slugs are made
 * this way; it must agree with the content model's `toSlug`, which checks stored slugs (a
 * test holds the two together).
 */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
