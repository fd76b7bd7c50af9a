// Locale-aware formatting of values put into messages (dates, numbers, lists). Intl is there
// in Node and in every browser we support, so this stays framework-free.
import type { Locale } from '../i18n/locale';

const INTL_LOCALE: Record<Locale, string> = { nl: 'nl-NL', en: 'en-GB' };

export function formatDateMedium(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], {
    dateStyle: 'medium',
    timeZone: 'UTC',
  }).format(date);
}

export function formatNumber(value: number, locale: Locale): string {
  return new Intl.NumberFormat(INTL_LOCALE[locale]).format(value);
}

/** "a, b or c" in the visitor's language. */
export function formatAlternatives(items: readonly string[], locale: Locale): string {
  return new Intl.ListFormat(INTL_LOCALE[locale], { type: 'disjunction' }).format(items);
}
