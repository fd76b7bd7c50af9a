// The site's two languages and where each lives in a path: Dutch pages have no prefix,
// English pages sit under /en (the English home page is /en itself, not /en/).

export const LOCALES = ['nl', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

/** The first language: pages without a prefix, and the language content exists in first (a
 * record that has no English version, a file's own description in the media library). */
export const FIRST_LOCALE: Locale = 'nl';

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

/** Query parameter of the language switch's links (`/?taal=nl`): the visitor chose this
 * language. The server remembers the choice in the locale cookie and sends the visitor on to
 * the same URL without it (server/pages/locale-preference.ts); no page is ever rendered with it. */
export const LANGUAGE_CHOICE_QUERY = 'taal';

/** A language-switch link: the page in the chosen language, marked as the visitor's choice. */
export function languageChoiceHref(href: string, locale: Locale): string {
  const hash = href.indexOf('#');
  const [base, fragment] = hash === -1 ? [href, ''] : [href.slice(0, hash), href.slice(hash)];
  return `${base}${base.includes('?') ? '&' : '?'}${LANGUAGE_CHOICE_QUERY}=${locale}${fragment}`;
}

export function isLocale(value: unknown): value is Locale {
  return (LOCALES as readonly unknown[]).includes(value);
}
