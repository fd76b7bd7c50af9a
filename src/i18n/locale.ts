// The site's two languages and where each lives in a path: Dutch pages have no prefix,
// English pages sit under /en (the English home page is /en itself, not /en/).

export const LOCALES = ['nl', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

const EN_PREFIX = '/en';

/** A locale-less path (as the route table matches it) in the given language. */
export function localePath(locale: Locale, path: string): string {
  if (locale === 'nl') return path;
  return path === '/' ? EN_PREFIX : `${EN_PREFIX}${path}`;
}

/** A requested path's language and the path without its prefix. */
export function splitLocale(fullPath: string): { locale: Locale; pathname: string } {
  if (fullPath === EN_PREFIX || fullPath.startsWith(`${EN_PREFIX}/`)) {
    return { locale: 'en', pathname: fullPath.slice(EN_PREFIX.length) || '/' };
  }
  return { locale: 'nl', pathname: fullPath };
}
