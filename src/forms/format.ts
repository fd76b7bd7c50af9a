// Locale-aware formatting of values put into messages (dates, numbers, lists). Intl is there
// in Node and in every browser we support, so this stays framework-free.
import type { Locale } from '../i18n/locale';

const INTL_LOCALE: Record<Locale, string> = { nl: 'nl-NL', en: 'en-GB' };

/** One formatter per locale, made on first use: making one costs far more than formatting with it. */
function perLocale<F>(make: (intlLocale: string) => F): (locale: Locale) => F {
  const made: Partial<Record<Locale, F>> = {};
  return (locale) => (made[locale] ??= make(INTL_LOCALE[locale]));
}

const mediumDate = perLocale((l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium', timeZone: 'UTC' }));
const number = perLocale((l) => new Intl.NumberFormat(l));
const alternatives = perLocale((l) => new Intl.ListFormat(l, { type: 'disjunction' }));

export function formatDateMedium(date: Date, locale: Locale): string {
  return mediumDate(locale).format(date);
}

export function formatNumber(value: number, locale: Locale): string {
  return number(locale).format(value);
}

/** "a, b or c" in the visitor's language. */
export function formatAlternatives(items: readonly string[], locale: Locale): string {
  return alternatives(locale).format(items);
}
